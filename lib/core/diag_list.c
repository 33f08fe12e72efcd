/*
 * diag_list.c: public accessors, copying, sorting and de-duplication of
 * diagnostics.
 */
#include <stdlib.h>
#include <string.h>

#include "diag_impl.h"

size_t xl_diags_count(const xl_diags *l) { return l ? l->count : 0; }

const xl_diag *xl_diags_at(const xl_diags *l, size_t i) {
  return l && i < l->count ? l->items[i] : NULL;
}

const char *xl_diag_rule(const xl_diag *d) { return d->rule_name; }
xl_severity xl_diag_severity(const xl_diag *d) { return d->severity; }
const char *xl_diag_message(const xl_diag *d) { return d->message; }

static xl_position position(xl_dloc l) {
  xl_position p;

  p.file = l.file ? l.file : "";
  p.line = l.line;
  p.column = l.col;
  p.offset = l.offset;
  return p;
}

static xl_edit edit(const xl_fixit *f) {
  xl_edit e;

  e.file = f->begin.file;
  e.offset = f->begin.offset;
  e.length = f->end.offset - f->begin.offset;
  e.text = f->text;
  e.line = f->begin.line;
  e.column = f->begin.col;
  e.end_line = f->end.line;
  e.end_column = f->end.col;
  return e;
}

xl_position xl_diag_position(const xl_diag *d) { return position(d->loc); }
size_t xl_diag_note_count(const xl_diag *d) { return d->nnotes; }
const xl_note *xl_diag_note(const xl_diag *d, size_t i) {
  return i < d->nnotes ? d->notes[i] : NULL;
}
const char *xl_note_message(const xl_note *n) { return n->message; }
xl_position xl_note_position(const xl_note *n) { return position(n->loc); }
size_t xl_diag_fixit_count(const xl_diag *d) { return d->nfixits; }
xl_edit xl_diag_fixit(const xl_diag *d, size_t i) { return edit(&d->fixits[i]); }
size_t xl_note_fixit_count(const xl_note *n) { return n->nfixits; }
xl_edit xl_note_fixit(const xl_note *n, size_t i) { return edit(&n->fixits[i]); }

/* ---- copying ----------------------------------------------------------- */

static xl_dloc copy_loc(xl_diags *dst, xl_dloc l) {
  l.file = xl_diags_intern(dst, l.file);
  if (!l.file)
    l.file = "";
  return l;
}

/* Carry the content hashes of the files a diagnostic mentions. */
static void copy_hashes(xl_diags *dst, const xl_diags *src) {
  size_t i;

  for (i = 0; i < src->nfiles; i++)
    if (src->hashes[i])
      xl_diags_set_hash(dst, src->files[i], src->hashes[i]);
}

xl_diag *xl_diags_copy(xl_diags *dst, const xl_diag *d) {
  xl_diag *c = xl_diags_add(dst, d->rule, d->rule_name, d->severity,
                            copy_loc(dst, d->loc), d->message);
  size_t i, j;

  if (!c)
    return NULL;
  copy_hashes(dst, d->list);
  c->flags = d->flags;
  for (i = 0; i + 1 < d->nranges; i += 2) {
    if (XL_GROW(c->ranges, c->cap_ranges, c->nranges + 2) < 0)
      break;
    c->ranges[c->nranges++] = copy_loc(dst, d->ranges[i]);
    c->ranges[c->nranges++] = copy_loc(dst, d->ranges[i + 1]);
  }
  for (i = 0; i < d->nfixits; i++)
    xl_diag_add_edit(c, copy_loc(dst, d->fixits[i].begin),
                     copy_loc(dst, d->fixits[i].end), d->fixits[i].text);
  for (i = 0; i < d->nnotes; i++) {
    const xl_note *n = d->notes[i];
    xl_note *cn = xl_diag_add_dnote(c, copy_loc(dst, n->loc), n->message);
    for (j = 0; cn && j < n->nfixits; j++) {
      if (XL_GROW(cn->fixits, cn->cap_fixits, cn->nfixits + 1) < 0)
        break;
      cn->fixits[cn->nfixits].begin = copy_loc(dst, n->fixits[j].begin);
      cn->fixits[cn->nfixits].end = copy_loc(dst, n->fixits[j].end);
      cn->fixits[cn->nfixits++].text =
          xl_arena_strdup(&dst->arena, n->fixits[j].text);
    }
  }
  return dst->oom ? NULL : c;
}

/* ---- ordering ---------------------------------------------------------- */

static int cmp_loc(xl_dloc a, xl_dloc b) {
  int c = strcmp(a.file, b.file);

  if (c)
    return c;
  if (a.line != b.line)
    return a.line < b.line ? -1 : 1;
  if (a.col != b.col)
    return a.col < b.col ? -1 : 1;
  return 0;
}

static int cmp_diag(const void *pa, const void *pb) {
  const xl_diag *a = *(const xl_diag *const *)pa;
  const xl_diag *b = *(const xl_diag *const *)pb;
  int c = cmp_loc(a->loc, b->loc);

  if (c)
    return c;
  c = strcmp(a->rule_name, b->rule_name);
  if (c)
    return c;
  return strcmp(a->message, b->message);
}

int xl_diag_same(const xl_diag *a, const xl_diag *b) {
  return cmp_diag(&a, &b) == 0;
}

void xl_diags_sort_unique(xl_diags *l) {
  size_t i, out = 0, dup;
  xl_diag **tmp;

  if (!l || l->count < 2)
    return;
  qsort(l->items, l->count, sizeof(*l->items), cmp_diag);
  tmp = malloc(l->count * sizeof(*tmp));
  if (!tmp)
    return; /* sorted, duplicates kept */
  dup = l->count;
  /* unique findings first; duplicates move behind `count` and are freed
   * with the list */
  for (i = 0; i < l->count; i++) {
    if (out == 0 || !xl_diag_same(tmp[out - 1], l->items[i]))
      tmp[out++] = l->items[i];
    else
      tmp[--dup] = l->items[i];
  }
  memcpy(l->items, tmp, l->count * sizeof(*tmp));
  free(tmp);
  l->total = l->count;
  l->count = out;
}

/* ---- paths --------------------------------------------------------------- */

typedef struct rename_map {
  const char **from, **to;
  size_t n;
} rename_map;

static void rename_loc(const rename_map *m, xl_dloc *l) {
  size_t i;

  for (i = 0; i < m->n; i++)
    if (l->file == m->from[i])
      l->file = m->to[i];
}

static void rename_fixits(const rename_map *m, xl_fixit *fx, size_t n) {
  size_t i;

  for (i = 0; i < n; i++) {
    rename_loc(m, &fx[i].begin);
    rename_loc(m, &fx[i].end);
  }
}

static void rename_diag(const rename_map *m, xl_diag *d) {
  size_t i;

  rename_loc(m, &d->loc);
  for (i = 0; i < d->nranges; i++)
    rename_loc(m, &d->ranges[i]);
  rename_fixits(m, d->fixits, d->nfixits);
  for (i = 0; i < d->nnotes; i++) {
    rename_loc(m, &d->notes[i]->loc);
    rename_fixits(m, d->notes[i]->fixits, d->notes[i]->nfixits);
  }
}

int xl_diags_absolute_paths(xl_diags *l, const char *dir) {
  size_t i, n = l->nfiles, total = l->total > l->count ? l->total : l->count;
  rename_map m;
  int rc = XL_OK;

  m.from = calloc(n + 1, sizeof(char *));
  m.to = calloc(n + 1, sizeof(char *));
  m.n = 0;
  for (i = 0; m.from && m.to && i < n; i++) {
    const char *f = l->files[i];
    char *abs;
    if (!f[0] || f[0] == '/')
      continue;
    abs = xl_path_absolute(f, dir);
    m.from[m.n] = f;
    m.to[m.n] = abs ? xl_diags_intern(l, abs) : NULL;
    free(abs);
    if (!m.to[m.n])
      break;
    m.n++;
  }
  if (!m.from || !m.to || i < n)
    rc = XL_ENOMEM;
  for (i = 0; rc == XL_OK && i < total; i++)
    rename_diag(&m, l->items[i]);
  free(m.from);
  free(m.to);
  return rc;
}
