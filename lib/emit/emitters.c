/*
 * emitters.c: the one table of output formats. A new format is one line
 * here (and its emitter); `xlambda check --format` and its error message
 * pick it up.
 */
#include <stdio.h>
#include <string.h>

#include "emit/emit.h"

static const xl_emitter emitters[] = {
    {"text", xl_emit_text, 0},
    {"json", xl_emit_json, 0},
    {"sarif", xl_emit_sarif, XL_EMITTER_SOURCE_ROOT},
};

#define NEMITTERS (sizeof(emitters) / sizeof(emitters[0]))

const xl_emitter *xl_emitter_find(const char *name) {
  size_t i;

  if (!name)
    return &emitters[0];
  for (i = 0; i < NEMITTERS; i++)
    if (strcmp(emitters[i].name, name) == 0)
      return &emitters[i];
  return NULL;
}

const char *xl_emitter_names(char *buf, size_t n) {
  size_t i, at = 0;

  if (!n)
    return buf;
  buf[0] = '\0';
  for (i = 0; i < NEMITTERS && at < n; i++) {
    const char *sep = i == 0 ? "" : i + 1 == NEMITTERS ? " or " : ", ";
    int w = snprintf(buf + at, n - at, "%s%s", sep, emitters[i].name);
    if (w < 0)
      break;
    at += (size_t)w;
  }
  return buf;
}
