/*
 * diag.c: the diagnostics list, its accessors and the rule-facing adders.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "diag_impl.h"

int xl_diags_new(xl_diags **out) {
  *out = calloc(1, sizeof(**out));
  return *out ? XL_OK : XL_ENOMEM;
}

void xl_diags_free(xl_diags *l) {
  size_t i, j;

  if (!l)
    return;
  for (i = 0; i < (l->total > l->count ? l->total : l->count); i++) {
    xl_diag *d = l->items[i];
    for (j = 0; j < d->nnotes; j++)
      free(d->notes[j]->fixits);
    free(d->notes);
    free(d->ranges);
    free(d->fixits);
  }
  free(l->items);
  free(l->files);
  free(l->hashes);
  xl_arena_free(&l->arena);
  free(l);
}

const char *xl_diags_intern(xl_diags *l, const char *file) {
  size_t i, cap;
  const char *copy;

  if (!file)
    file = "";
  for (i = l->nfiles; i-- > 0;)
    if (strcmp(l->files[i], file) == 0)
      return l->files[i];
  copy = xl_arena_strdup(&l->arena, file);
  cap = l->cap_files;
  if (!copy || XL_GROW(l->hashes, cap, l->nfiles + 1) < 0 ||
      XL_GROW(l->files, l->cap_files, l->nfiles + 1) < 0) {
    l->oom = 1;
    return NULL;
  }
  l->hashes[l->nfiles] = 0;
  l->files[l->nfiles++] = copy;
  return copy;
}

void xl_diags_set_hash(xl_diags *l, const char *file, uint64_t hash) {
  const char *name = xl_diags_intern(l, file);
  size_t i;

  for (i = 0; name && i < l->nfiles; i++)
    if (l->files[i] == name && hash)
      l->hashes[i] = hash;
}

uint64_t xl_diags_hash(const xl_diags *l, const char *file) {
  size_t i;

  for (i = 0; i < l->nfiles; i++)
    if (strcmp(l->files[i], file) == 0)
      return l->hashes[i];
  return 0;
}

void xl_diags_take_hashes(xl_diags *l, const xl_facts *f) {
  size_t i;
  uint32_t k;

  for (i = 0; i < l->nfiles; i++)
    for (k = 0; k < f->nfiles; k++)
      if (f->file_hashes && strcmp(f->files[k], l->files[i]) == 0)
        l->hashes[i] = f->file_hashes[k];
}

xl_diag *xl_diags_add(xl_diags *l, int rule, const char *rule_name,
                      xl_severity sev, xl_dloc loc, const char *message) {
  xl_diag *d = xl_arena_alloc(&l->arena, sizeof(*d));

  if (!d || XL_GROW(l->items, l->cap, (l->total > l->count ? l->total : l->count) + 1) < 0)
    goto oom;
  d->rule = rule;
  d->rule_name = rule_name;
  d->severity = sev;
  d->loc = loc;
  d->message = xl_arena_strdup(&l->arena, message);
  d->list = l;
  if (!d->message)
    goto oom;
  if (l->total > l->count) {
    /* keep dropped duplicates (behind count) owned: move one out of the way */
    l->items[l->total] = l->items[l->count];
    l->total++;
  }
  l->items[l->count++] = d;
  return d;
oom:
  l->oom = 1;
  return NULL;
}

xl_dloc xl_dloc_from(xl_diags *l, const xl_facts *f, xl_loc loc) {
  xl_dloc d;

  memset(&d, 0, sizeof(d));
  d.file = xl_diags_intern(l, xl_loc_file(f, loc));
  if (!d.file)
    d.file = "";
  if (!xl_loc_valid(loc))
    return d;
  d.line = loc.line;
  d.col = loc.col;
  d.offset = loc.offset;
  d.macro = (loc.flags & XL_LOC_MACRO) != 0;
  return d;
}

/* ---- the rule-facing adders (xlambda/sys/rule.h) ----------------------- */

const char *xl_loc_file(const xl_facts *f, xl_loc loc) {
  if (!f || loc.file == XL_NONE || loc.file >= f->nfiles)
    return "";
  return f->files[loc.file];
}

xl_range xl_range_make(xl_loc begin, xl_loc end) {
  xl_range r;

  r.begin = begin;
  r.end = end;
  return r;
}

xl_range xl_range_at(xl_loc loc) { return xl_range_make(loc, loc); }

const char *xl_space_spelling(xl_space space) {
  switch (space) {
  case XL_SPACE_HOST: return "__host__";
  case XL_SPACE_DEVICE: return "__device__";
  case XL_SPACE_HOST_DEVICE: return "__host__ __device__";
  case XL_SPACE_GLOBAL: return "__global__";
  default: return "";
  }
}

void xl_diag_add_range(xl_diag *d, xl_range r) {
  if (!d || !xl_loc_valid(r.begin) || !xl_loc_valid(r.end))
    return;
  if (XL_GROW(d->ranges, d->cap_ranges, d->nranges + 2) < 0) {
    d->list->oom = 1;
    return;
  }
  d->ranges[d->nranges++] = xl_dloc_from(d->list, d->facts, r.begin);
  d->ranges[d->nranges++] = xl_dloc_from(d->list, d->facts, r.end);
}

xl_note *xl_diag_add_dnote(xl_diag *d, xl_dloc loc, const char *message) {
  xl_note *n;

  if (!d)
    return NULL;
  n = xl_arena_alloc(&d->list->arena, sizeof(*n));
  if (!n || XL_GROW(d->notes, d->cap_notes, d->nnotes + 1) < 0)
    goto oom;
  n->loc = loc;
  n->message = xl_arena_strdup(&d->list->arena, message);
  n->owner = d;
  if (!n->message)
    goto oom;
  d->notes[d->nnotes++] = n;
  return n;
oom:
  d->list->oom = 1;
  return NULL;
}

xl_note *xl_diag_add_note(xl_diag *d, xl_loc loc, const char *fmt, ...) {
  xl_buf msg = XL_BUF_INIT;
  va_list ap;
  xl_note *n;

  if (!d)
    return NULL;
  va_start(ap, fmt);
  xl_buf_vprintf(&msg, fmt, ap);
  va_end(ap);
  n = msg.oom ? NULL
              : xl_diag_add_dnote(d, xl_dloc_from(d->list, d->facts, loc),
                                  msg.data ? msg.data : "");
  if (msg.oom)
    d->list->oom = 1;
  xl_buf_free(&msg);
  return n;
}

/* Append a fix-it to an array, refusing macro or unknown places (and so
 * system headers: fix_dloc). */
static int push_fixit(xl_diags *l, xl_fixit **arr, size_t *n, size_t *cap,
                      xl_dloc b, xl_dloc e, const char *text) {
  xl_fixit *fx;

  if (b.macro || e.macro || !b.line || !e.line || b.file != e.file ||
      e.offset < b.offset)
    return -1;
  if (XL_GROW(*arr, *cap, *n + 1) < 0) {
    l->oom = 1;
    return -1;
  }
  fx = &(*arr)[(*n)++];
  fx->begin = b;
  fx->end = e;
  fx->text = xl_arena_strdup(&l->arena, text ? text : "");
  if (!fx->text) {
    l->oom = 1;
    (*n)--;
    return -1;
  }
  return 0;
}

/* A refused fix-it voids the others too: half a fix is worse than none. */
void xl_diag_add_edit(xl_diag *d, xl_dloc b, xl_dloc e, const char *text) {
  if (!d || (d->flags & XL_DIAG_FIX_DROPPED))
    return;
  if (push_fixit(d->list, &d->fixits, &d->nfixits, &d->cap_fixits, b, e,
                 text) < 0) {
    d->flags |= XL_DIAG_FIX_DROPPED;
    d->nfixits = 0;
  }
}

/* Where a rule's fix-it may edit: loc's place, or an unknown one (which
 * push_fixit refuses) in a system header, another project's file that
 * every project including it shares. */
static xl_dloc fix_dloc(xl_diags *l, const xl_facts *f, xl_loc loc) {
  xl_dloc d = xl_dloc_from(l, f, loc);

  if (f && f->file_flags && loc.file != XL_NONE && loc.file < f->nfiles &&
      (f->file_flags[loc.file] & XL_FILE_SYSTEM))
    d.line = 0;
  return d;
}

void xl_diag_add_fixit(xl_diag *d, xl_range r, const char *text) {
  if (!d)
    return;
  xl_diag_add_edit(d, fix_dloc(d->list, d->facts, r.begin),
                   fix_dloc(d->list, d->facts, r.end), text);
}

void xl_note_add_fixit(xl_note *n, xl_range r, const char *text) {
  xl_diag *d;

  if (!n || n->fix_dropped)
    return;
  d = n->owner;
  if (push_fixit(d->list, &n->fixits, &n->nfixits, &n->cap_fixits,
                 fix_dloc(d->list, d->facts, r.begin),
                 fix_dloc(d->list, d->facts, r.end), text) < 0) {
    n->fix_dropped = 1;
    n->nfixits = 0;
  }
}
