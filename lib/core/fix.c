/*
 * fix.c: applying fix-its.
 */
#include <stdlib.h>
#include <string.h>

#include "fix.h"

static int cmp_repl(const void *pa, const void *pb) {
  const xl_repl *a = pa, *b = pb;

  if (a->offset != b->offset)
    return a->offset < b->offset ? -1 : 1;
  if (a->length != b->length)
    return a->length < b->length ? -1 : 1;
  return a->order < b->order ? -1 : a->order > b->order;
}

static int same(const xl_repl *a, const xl_repl *b) {
  return a->offset == b->offset && a->length == b->length &&
         strcmp(a->text, b->text) == 0;
}

/*
 * 1 when r repeats one of e[0..n) (sorted) at its offset: identical edits
 * may sit apart among insertions at one offset, which keep their order
 * (several findings proposing one move of a type, between which another
 * type's move goes).
 */
static int repeated(const xl_repl *e, size_t n, const xl_repl *r) {
  size_t k;

  for (k = n; k > 0 && e[k - 1].offset == r->offset; k--)
    if (same(&e[k - 1], r))
      return 1;
  return 0;
}

/* Sort, drop duplicates, and refuse overlaps. Returns the kept count or -1. */
static long normalise(xl_repl *e, size_t n, size_t len, xl_error *err) {
  size_t i, out = 0;

  if (n) /* qsort's array may not be NULL, even when empty */
    qsort(e, n, sizeof(*e), cmp_repl);
  for (i = 0; i < n; i++) {
    if ((size_t)e[i].offset + e[i].length > len) {
      xl_error_set(err, XL_ECONFLICT, "a fix-it reaches past the end of the "
                   "file (offset %u)", e[i].offset);
      return -1;
    }
    if (repeated(e, out, &e[i]))
      continue;
    if (out > 0 && e[out - 1].offset + e[out - 1].length > e[i].offset) {
      xl_error_set(err, XL_ECONFLICT, "overlapping fix-its at offsets %u and "
                   "%u", e[out - 1].offset, e[i].offset);
      return -1;
    }
    if (out > 0 && e[i].length > 0 && e[out - 1].length > 0 &&
        e[out - 1].offset == e[i].offset) {
      xl_error_set(err, XL_ECONFLICT, "two fix-its replace offset %u",
                   e[i].offset);
      return -1;
    }
    e[out++] = e[i];
  }
  return (long)out;
}

int xl_fix_buffer(char **out, size_t *out_len, const char *buf, size_t len,
                  xl_repl *edits, size_t n, xl_error *err) {
  xl_buf res = XL_BUF_INIT;
  long kept;
  size_t i, pos = 0;

  *out = NULL;
  *out_len = 0;
  kept = normalise(edits, n, len, err);
  if (kept < 0)
    return XL_ECONFLICT;
  for (i = 0; i < (size_t)kept; i++) {
    xl_buf_put(&res, buf + pos, edits[i].offset - pos);
    xl_buf_puts(&res, edits[i].text);
    pos = (size_t)edits[i].offset + edits[i].length;
  }
  xl_buf_put(&res, buf + pos, len - pos);
  *out_len = res.len;
  *out = xl_buf_detach(&res);
  if (!*out)
    return xl_error_set(err, XL_ENOMEM, "out of memory");
  return XL_OK;
}

/* ---- files ------------------------------------------------------------- */

typedef struct edit_set {
  xl_repl *items;
  size_t n, cap;
} edit_set;

static int push(edit_set *s, const xl_fixit *fx) {
  if (XL_GROW(s->items, s->cap, s->n + 1) < 0)
    return XL_ENOMEM;
  s->items[s->n].offset = fx->begin.offset;
  s->items[s->n].length = fx->end.offset - fx->begin.offset;
  s->items[s->n].text = fx->text;
  s->items[s->n].order = s->n;
  s->n++;
  return XL_OK;
}

/* The fix-its to apply for d: its own, or (with notes) a single note's. */
static const xl_fixit *choose(const xl_diag *d, unsigned flags, size_t *n) {
  size_t i;
  const xl_note *only = NULL;

  *n = d->nfixits;
  if (d->nfixits || !(flags & XL_FIX_NOTES))
    return d->fixits;
  for (i = 0; i < d->nnotes; i++) {
    if (!d->notes[i]->nfixits)
      continue;
    if (only)
      return NULL; /* several candidate fixes: none is chosen */
    only = d->notes[i];
  }
  *n = only ? only->nfixits : 0;
  return only ? only->fixits : NULL;
}

static int collect(edit_set *s, const xl_diags *diags, const char *file,
                   unsigned flags) {
  size_t i, j, n;

  for (i = 0; i < diags->count; i++) {
    const xl_fixit *fx = choose(diags->items[i], flags, &n);
    for (j = 0; fx && j < n; j++)
      if (strcmp(fx[j].begin.file, file) == 0 && push(s, &fx[j]) < 0)
        return XL_ENOMEM;
  }
  return XL_OK;
}

/* Distinct edits in a set (identical ones count once). Sorts the set. */
static unsigned distinct(edit_set *s) {
  unsigned n = 0;
  size_t i;

  if (s->n)
    qsort(s->items, s->n, sizeof(*s->items), cmp_repl);
  for (i = 0; i < s->n; i++)
    n += !repeated(s->items, i, &s->items[i]);
  return n;
}

static int fix_file(xl_fix_stats *st, const xl_diags *diags, const char *file,
                    unsigned flags, FILE *log, xl_error *err) {
  edit_set s = {NULL, 0, 0};
  char *text = NULL, *fixed = NULL;
  size_t len, flen;
  int rc = collect(&s, diags, file, flags);
  unsigned nedits = distinct(&s);

  if (rc < 0 || s.n == 0)
    goto cleanup;
  rc = xl_read_file(&text, &len, file, err);
  if (rc < 0)
    goto cleanup;
  if (xl_diags_hash(diags, file) &&
      xl_hash_bytes(XL_FNV_INIT, text, len) != xl_diags_hash(diags, file)) {
    rc = xl_error_set(err, XL_ESTALE, "the file changed on disk since it was "
                      "analysed");
    goto cleanup;
  }
  rc = xl_fix_buffer(&fixed, &flen, text, len, s.items, s.n, err);
  if (rc == XL_OK && (flen != len || memcmp(fixed, text, len) != 0))
    rc = xl_write_file_atomic(file, fixed, flen, err);
  if (rc == XL_OK) {
    st->files_changed++;
    st->edits += nedits;
  }
cleanup:
  if (rc < 0) {
    st->files_refused++;
    if (log)
      fprintf(log, "xlambda: not fixing '%s': %s\n", file,
              xl_error_message(err));
  }
  free(s.items);
  free(text);
  free(fixed);
  return rc;
}

static int has_note_fix(const xl_diag *d) {
  size_t i;

  for (i = 0; i < d->nnotes; i++)
    if (d->notes[i]->nfixits)
      return 1;
  return 0;
}

/* Count the findings of file (fixed: its edits were written) in st. */
static void count_file(xl_fix_stats *st, const xl_diags *diags,
                       const char *file, int fixed, unsigned flags) {
  size_t i, n;

  for (i = 0; i < diags->count; i++) {
    const xl_diag *d = diags->items[i];
    const xl_fixit *fx = choose(d, flags, &n);
    if (fx && n && strcmp(fx[0].begin.file, file) == 0 && fixed) {
      st->fixed++;
      st->errors_fixed += d->severity == XL_SEV_ERROR;
    } else if ((!fx || !n) && d->loc.file &&
               strcmp(d->loc.file, file) == 0 && has_note_fix(d)) {
      st->notes_only++;
    }
  }
}

int xl_fix_apply(xl_fix_stats *st, const xl_diags *diags, unsigned flags,
                 FILE *log, xl_error *err) {
  size_t i;
  int rc = XL_OK;

  memset(st, 0, sizeof(*st));
  for (i = 0; i < diags->nfiles; i++) {
    int r = fix_file(st, diags, diags->files[i], flags, log, err);
    if (r < 0)
      rc = r;
    count_file(st, diags, diags->files[i], r == XL_OK, flags);
  }
  return rc;
}
