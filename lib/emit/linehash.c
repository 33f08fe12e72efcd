/*
 * linehash.c: GitHub code scanning's primaryLocationLineHash for every line
 * of a file, and UTF-16 columns (SARIF regions).
 *
 * The line hash is the rolling hash github/codeql-action computes when a
 * SARIF file has no partialFingerprints (src/fingerprints.ts): over the
 * file as UTF-16 code units, spaces and tabs skipped, line endings
 * normalised to '\n', each line's hash taken over the next 100 characters
 * (the end of the file marked by 65535, then zeros), written as lower-case
 * hex with ":n" numbering equal hashes in file order. Writing it ourselves
 * keeps the values identical whether or not the upload step recomputes.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emit.h"

#define BLOCK 100
#define MOD 37u
#define END_OF_FILE 65535u

/* Decode one UTF-8 sequence at s[0..n); *len gets its byte length. Invalid
 * bytes decode to U+FFFD one at a time, as a UTF-8 decoder does. */
static unsigned long decode(const unsigned char *s, size_t n, size_t *len) {
  unsigned long c = s[0];
  size_t need, i;

  *len = 1;
  if (c < 0x80)
    return c;
  need = c >= 0xf0 ? 3 : c >= 0xe0 ? 2 : c >= 0xc0 ? 1 : 0;
  if (!need || c >= 0xf8 || need >= n)
    return 0xfffd;
  c &= 0x3fu >> need;
  for (i = 1; i <= need; i++) {
    if ((s[i] & 0xc0) != 0x80)
      return 0xfffd;
    c = (c << 6) | (s[i] & 0x3f);
  }
  *len = need + 1;
  return c;
}

unsigned xl_utf16_column(const char *line, size_t len, unsigned byte_col) {
  size_t i = 0, n;
  unsigned units = 1;

  while (i + 1 < byte_col && i < len) {
    unsigned long c = decode((const unsigned char *)line + i, len - i, &n);
    units += c > 0xffff ? 2 : 1;
    i += n;
  }
  return units;
}

typedef struct hasher {
  uint64_t window[BLOCK];
  long lines[BLOCK];
  uint64_t hash, first_mod;
  unsigned index;
  long line;
  int line_start, prev_cr;
  uint64_t *seen;  /* open addressing: hash values */
  unsigned *counts;
  size_t seen_cap;
  char **out;      /* out[line - 1] */
  size_t nout;
  int oom;
} hasher;

/* How many times h was output so far, this one included. */
static unsigned bump(hasher *hs, uint64_t h) {
  size_t i = (size_t)(h ^ (h >> 29)) % hs->seen_cap;

  while (hs->counts[i] && hs->seen[i] != h)
    i = (i + 1) % hs->seen_cap;
  hs->seen[i] = h;
  return ++hs->counts[i];
}

static void output(hasher *hs) {
  long line = hs->lines[hs->index];
  char buf[40];

  snprintf(buf, sizeof(buf), "%llx:%u", (unsigned long long)hs->hash,
           bump(hs, hs->hash));
  if (line >= 1 && (size_t)line <= hs->nout && !hs->out[line - 1]) {
    hs->out[line - 1] = xl_strdup(buf);
    hs->oom |= hs->out[line - 1] == NULL;
  }
  hs->lines[hs->index] = -1;
}

static void update(hasher *hs, uint64_t c) {
  uint64_t begin = hs->window[hs->index];

  hs->window[hs->index] = c;
  hs->hash = MOD * hs->hash + c - hs->first_mod * begin;
  hs->index = (hs->index + 1) % BLOCK;
}

static void process(hasher *hs, unsigned long c) {
  if (c == ' ' || c == '\t' || (hs->prev_cr && c == '\n')) {
    hs->prev_cr = 0;
    return;
  }
  hs->prev_cr = c == '\r';
  if (c == '\r')
    c = '\n';
  if (hs->lines[hs->index] != -1)
    output(hs);
  if (hs->line_start) {
    hs->line_start = 0;
    hs->lines[hs->index] = ++hs->line;
  }
  if (c == '\n')
    hs->line_start = 1;
  update(hs, c);
}

/* Feed the file as UTF-16 code units. */
static void feed(hasher *hs, const char *text, size_t len) {
  size_t i = 0, n;

  while (i < len) {
    unsigned long c = decode((const unsigned char *)text + i, len - i, &n);
    if (c > 0xffff) {
      c -= 0x10000;
      process(hs, 0xd800 + (c >> 10));
      process(hs, 0xdc00 + (c & 0x3ff));
    } else {
      process(hs, c);
    }
    i += n;
  }
}

/* Lines as the hash counts them: "\r\n", "\r" and "\n" end a line. */
static size_t count_lines(const char *t, size_t len) {
  size_t i, n = 1;

  for (i = 0; i < len; i++)
    if (t[i] == '\n' || (t[i] == '\r' && !(i + 1 < len && t[i + 1] == '\n')))
      n++;
  return n;
}

int xl_line_hashes(char ***out, size_t *nlines, const char *text, size_t len) {
  hasher hs;
  unsigned i;

  memset(&hs, 0, sizeof(hs));
  hs.nout = count_lines(text, len);
  hs.seen_cap = 2 * hs.nout + 2 * BLOCK + 1;
  hs.seen = calloc(hs.seen_cap, sizeof(*hs.seen));
  hs.counts = calloc(hs.seen_cap, sizeof(*hs.counts));
  hs.out = calloc(hs.nout + 1, sizeof(char *));
  hs.first_mod = 1;
  for (i = 0; i < BLOCK; i++) {
    hs.first_mod *= MOD;
    hs.lines[i] = -1;
  }
  hs.line_start = 1;
  if (hs.seen && hs.counts && hs.out) {
    feed(&hs, text, len);
    process(&hs, END_OF_FILE);
    for (i = 0; i < BLOCK; i++) {
      if (hs.lines[hs.index] != -1)
        output(&hs);
      update(&hs, 0);
    }
  }
  free(hs.seen);
  free(hs.counts);
  if (!hs.seen || !hs.counts || !hs.out || hs.oom) {
    for (i = 0; hs.out && i < hs.nout; i++)
      free(hs.out[i]);
    free(hs.out);
    return XL_ENOMEM;
  }
  *out = hs.out;
  *nlines = hs.nout;
  return XL_OK;
}
