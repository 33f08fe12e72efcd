/*
 * lsp_merge.c: joining clangd's answers with xlambda's (see lsp_merge.h).
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "lsp_merge.h"
#include "util/util.h"

/*
 * clang's CUDA diagnostics about a lambda's or a call's target: clangd's
 * codes (the diagnostic names without their err_/warn_ prefix) and the
 * warning flag some clangd versions give instead.
 */
static const char *const cuda_codes[] = {
    "capture_bad_target",
    "maybe_capture_bad_target_this_ptr",
    "capture_bad_target_this_ptr",
    "ref_bad_target",
    "ref_bad_target_global_initializer",
    "-Wgpu-maybe-wrong-side",
};

int xl_lsp_merge_is_cuda_diag(const json_t *diag) {
  const char *code = json_string_value(json_object_get(diag, "code"));
  size_t i;

  if (!code)
    return 0;
  for (i = 0; i < sizeof(cuda_codes) / sizeof(*cuda_codes); i++)
    if (strcmp(code, cuda_codes[i]) == 0)
      return 1;
  return 0;
}

static json_int_t pos_field(const json_t *range, const char *end,
                            const char *field) {
  return json_integer_value(
      json_object_get(json_object_get(range, end), field));
}

/* a <= b for Positions named by (range, end) pairs. */
static int pos_le(const json_t *ra, const char *ea, const json_t *rb,
                  const char *eb) {
  json_int_t la = pos_field(ra, ea, "line"), lb = pos_field(rb, eb, "line");

  return la < lb || (la == lb && pos_field(ra, ea, "character") <=
                                     pos_field(rb, eb, "character"));
}

/* Same start line, and the ranges overlap or touch. */
static int same_place(const json_t *c, const json_t *x) {
  const json_t *rc = json_object_get(c, "range");
  const json_t *rx = json_object_get(x, "range");

  return rc && rx &&
         pos_field(rc, "start", "line") == pos_field(rx, "start", "line") &&
         pos_le(rc, "start", rx, "end") && pos_le(rx, "start", rc, "end");
}

static int duplicate(const json_t *c, const json_t *x) {
  size_t i;
  const json_t *d;

  if (!xl_lsp_merge_is_cuda_diag(c))
    return 0;
  json_array_foreach(x, i, d) {
    if (same_place(c, d))
      return 1;
  }
  return 0;
}

/*
 * Is n (a code-less clangd note) about the dropped diagnostic d? clangd
 * writes the main diagnostic into its notes' messages after a blank line,
 * as clang prints it: "FILE:L:C: error: <first line, lower-cased first>".
 */
static int note_of(const json_t *n, const json_t *d) {
  const char *nm = json_string_value(json_object_get(n, "message"));
  const char *dm = json_string_value(json_object_get(d, "message"));
  const char *tail;
  size_t len;

  if (json_object_get(n, "code") || !nm || !dm || !*dm)
    return 0;
  tail = strstr(nm, "\n\n");
  len = strcspn(dm, "\n");
  while (tail) {
    const char *colon = strstr(tail, ": error: ");
    const char *w = strstr(tail, ": warning: ");
    const char *at = colon ? colon + 9 : w ? w + 11 : NULL;
    if (at && tolower((unsigned char)*at) == tolower((unsigned char)*dm) &&
        strncmp(at + 1, dm + 1, len - 1) == 0)
      return 1;
    tail = strstr(tail + 2, "\n\n");
  }
  return 0;
}

static int dropped_note(const json_t *n, const json_t *dropped) {
  size_t i;
  const json_t *d;

  json_array_foreach(dropped, i, d) {
    if (note_of(n, d))
      return 1;
  }
  return 0;
}

json_t *xl_lsp_merge_diagnostics(const json_t *c, const json_t *x) {
  json_t *out = json_array(), *dropped = json_array();
  const json_t *d;
  size_t i;

  if (!out || !dropped)
    goto oom;
  json_array_foreach(c, i, d) {
    if (duplicate(d, x) && json_array_append((json_t *)dropped,
                                             (json_t *)d) < 0)
      goto oom;
  }
  json_array_foreach(c, i, d) {
    if (duplicate(d, x) || dropped_note(d, dropped))
      continue;
    if (json_array_append(out, (json_t *)d) < 0)
      goto oom;
  }
  json_array_foreach(x, i, d) {
    if (json_array_append(out, (json_t *)d) < 0)
      goto oom;
  }
  json_decref(dropped);
  return out;
oom:
  json_decref(out);
  json_decref(dropped);
  return NULL;
}

json_t *xl_lsp_merge_actions(const json_t *c, const json_t *x) {
  json_t *out = json_array();

  if (!out)
    return NULL;
  if ((json_is_array(c) && json_array_extend(out, (json_t *)c) < 0) ||
      (json_is_array(x) && json_array_extend(out, (json_t *)x) < 0)) {
    json_decref(out);
    return NULL;
  }
  return out;
}

/* Add xlambda's code action kinds to clangd's codeActionProvider. */
static int merge_kinds(json_t *caps, const json_t *xcaps) {
  json_t *cp = json_object_get(caps, "codeActionProvider");
  const json_t *xp = json_object_get(xcaps, "codeActionProvider");
  json_t *kinds = json_object_get(cp, "codeActionKinds");
  const json_t *k, *have;
  size_t i, j;
  int found;

  if (!cp || json_is_false(cp))
    return json_object_set(caps, "codeActionProvider",
                           xp ? (json_t *)xp : json_true());
  if (!json_is_array(kinds))
    return 0; /* true, or an object without kinds: every kind */
  json_array_foreach(json_object_get(xp, "codeActionKinds"), i, k) {
    found = 0;
    json_array_foreach(kinds, j, have) {
      found |= json_equal((json_t *)have, (json_t *)k);
    }
    if (!found && json_array_append(kinds, (json_t *)k) < 0)
      return -1;
  }
  return 0;
}

json_t *xl_lsp_merge_initialize(const json_t *c, const json_t *x) {
  json_t *out, *caps;

  if (!json_is_object(c))
    return NULL;
  out = json_deep_copy(c);
  caps = json_object_get(out, "capabilities");
  if (!out || !json_is_object(caps))
    return out;
  if (merge_kinds(caps, json_object_get(x, "capabilities")) < 0) {
    json_decref(out);
    return NULL;
  }
  return out;
}

const char *xl_lsp_merge_encoding(const json_t *c) {
  const char *e = json_string_value(json_object_get(
      json_object_get(c, "capabilities"), "positionEncoding"));

  if (!e)
    e = json_string_value(json_object_get(c, "offsetEncoding"));
  return e ? e : "utf-16";
}

json_t *xl_lsp_merge_init_params(const json_t *params, const char *encoding) {
  json_t *out = json_is_object(params) ? json_deep_copy(params) : json_object();
  json_t *caps, *general;

  if (!out)
    return NULL;
  caps = json_object_get(out, "capabilities");
  if (!json_is_object(caps)) {
    caps = json_object();
    if (json_object_set_new(out, "capabilities", caps) < 0)
      goto oom;
  }
  general = json_object_get(caps, "general");
  if (!json_is_object(general)) {
    general = json_object();
    if (json_object_set_new(caps, "general", general) < 0)
      goto oom;
  }
  json_object_del(caps, "offsetEncoding");
  if (json_object_set_new(general, "positionEncodings",
                          json_pack("[s]", encoding)) < 0)
    goto oom;
  return out;
oom:
  json_decref(out);
  return NULL;
}
