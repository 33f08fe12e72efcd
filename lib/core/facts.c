/*
 * facts.c: storage for the facts (see xlambda/sys/facts.h).
 */
#include <stdlib.h>
#include <string.h>

#include "xlambda/sys/facts.h"
#include "util/util.h"

/* Capacities of the growable tables, kept out of the public struct. */
typedef struct facts_impl {
  xl_arena arena;
  size_t cap_files, cap_types, cap_records, cap_tparams, cap_funcs;
  size_t cap_lambdas, cap_captures, cap_uses;
  size_t cap_conds, cap_fields;
  size_t cap_deps;
  uint32_t *dep_slots; /* open addressing over deps: index + 1, 0 empty */
  size_t nslots;       /* a power of two, at least twice ndeps */
} facts_impl;

int xl_facts_new(xl_facts **out, const char *main_file) {
  xl_facts *f = calloc(1, sizeof(*f));
  facts_impl *impl = calloc(1, sizeof(*impl));

  *out = NULL;
  if (!f || !impl)
    goto fail;
  f->impl = impl;
  f->main_file = xl_arena_strdup(&impl->arena, main_file ? main_file : "");
  if (!f->main_file)
    goto fail;
  f->cxx_std = 17;
  *out = f;
  return XL_OK;
fail:
  if (impl)
    xl_arena_free(&impl->arena);
  free(impl);
  free(f);
  return XL_ENOMEM;
}

void xl_facts_free(xl_facts *f) {
  facts_impl *impl;

  if (!f)
    return;
  xl_facts_free(f->device);
  impl = f->impl;
  free(f->files);
  free(f->file_flags);
  free(f->file_hashes);
  free(f->types);
  free(f->records);
  free(f->tparams);
  free(f->funcs);
  free(f->lambdas);
  free(f->captures);
  free(f->uses);
  free(f->conds);
  free(f->fields);
  free(f->deps);
  free(f->dep_hashes);
  if (impl) {
    free(impl->dep_slots);
    xl_arena_free(&impl->arena);
  }
  free(impl);
  free(f);
}

const char *xl_facts_strdup(xl_facts *f, const char *s) {
  facts_impl *impl = f->impl;

  return xl_arena_strdup(&impl->arena, s);
}

const char *xl_facts_strndup(xl_facts *f, const char *s, size_t n) {
  facts_impl *impl = f->impl;

  return xl_arena_strndup(&impl->arena, s, n);
}

/* A copy of size bytes of p in the facts' arena; NULL for 0 bytes or OOM. */
static void *arena_copy(xl_facts *f, const void *p, size_t size) {
  facts_impl *impl = f->impl;
  void *q;

  if (size == 0)
    return NULL;
  q = xl_arena_alloc(&impl->arena, size);
  if (q)
    memcpy(q, p, size);
  return q;
}

const xl_loc *xl_facts_locs(xl_facts *f, const xl_loc *locs, uint32_t n) {
  return arena_copy(f, locs, n * sizeof(*locs));
}

const xl_id *xl_facts_ids(xl_facts *f, const xl_id *ids, uint32_t n) {
  return arena_copy(f, ids, n * sizeof(*ids));
}

/* Make the n paths of v absolute against dir (copies in the arena). */
static int absolute(facts_impl *impl, const char **v, uint32_t n,
                    const char *dir) {
  uint32_t i;

  for (i = 0; i < n; i++) {
    char *abs;
    if (!v[i][0] || v[i][0] == '/')
      continue;
    abs = xl_path_absolute(v[i], dir);
    if (!abs)
      return XL_ENOMEM;
    v[i] = xl_arena_strdup(&impl->arena, abs);
    free(abs);
    if (!v[i])
      return XL_ENOMEM;
  }
  return XL_OK;
}

int xl_facts_absolute_paths(xl_facts *f, const char *dir) {
  facts_impl *impl = f->impl;

  free(impl->dep_slots); /* keyed by the old names: rebuilt on demand */
  impl->dep_slots = NULL;
  impl->nslots = 0;
  if (absolute(f->impl, f->files, f->nfiles, dir) < 0 ||
      absolute(f->impl, f->deps, f->ndeps, dir) < 0)
    return XL_ENOMEM;
  return XL_OK;
}

/* ---- dependencies ------------------------------------------------------- */

static size_t dep_slot(const facts_impl *impl, const xl_facts *f,
                       const char *path) {
  size_t mask = impl->nslots - 1;
  size_t s = (size_t)xl_hash_bytes(XL_FNV_INIT, path, strlen(path)) & mask;

  while (impl->dep_slots[s] &&
         strcmp(f->deps[impl->dep_slots[s] - 1], path) != 0)
    s = (s + 1) & mask;
  return s;
}

/* Keep the table at most half full. */
static int dep_rehash(facts_impl *impl, const xl_facts *f) {
  size_t n = 64;
  uint32_t i;

  if (impl->nslots >= 2 * ((size_t)f->ndeps + 1))
    return XL_OK;
  while (n < 4 * ((size_t)f->ndeps + 1))
    n *= 2;
  free(impl->dep_slots);
  impl->dep_slots = calloc(n, sizeof(*impl->dep_slots));
  if (!impl->dep_slots) {
    impl->nslots = 0;
    return XL_ENOMEM;
  }
  impl->nslots = n;
  for (i = 0; i < f->ndeps; i++)
    impl->dep_slots[dep_slot(impl, f, f->deps[i])] = i + 1;
  return XL_OK;
}

int xl_facts_add_dep(xl_facts *f, const char *path, uint64_t hash) {
  facts_impl *impl = f->impl;
  size_t cap = impl->cap_deps, s;
  const char *copy;

  if (dep_rehash(impl, f) < 0)
    return XL_ENOMEM;
  s = dep_slot(impl, f, path);
  if (impl->dep_slots[s])
    return XL_OK;
  if (XL_GROW(f->dep_hashes, cap, f->ndeps + 1) < 0 ||
      XL_GROW(f->deps, impl->cap_deps, f->ndeps + 1) < 0)
    return XL_ENOMEM;
  copy = xl_arena_strdup(&impl->arena, path);
  if (!copy)
    return XL_ENOMEM;
  f->deps[f->ndeps] = copy;
  f->dep_hashes[f->ndeps++] = hash;
  impl->dep_slots[s] = f->ndeps;
  return XL_OK;
}

int xl_facts_add_file(xl_id *out, xl_facts *f, const char *path,
                      uint32_t file_flags) {
  facts_impl *impl = f->impl;
  size_t cap_flags, cap_hashes;
  uint32_t i;
  const char *copy;

  for (i = 0; i < f->nfiles; i++) {
    if (strcmp(f->files[i], path) == 0) {
      f->file_flags[i] |= file_flags;
      *out = i;
      return XL_OK;
    }
  }
  cap_flags = cap_hashes = impl->cap_files;
  if (XL_GROW(f->file_flags, cap_flags, f->nfiles + 1) < 0 ||
      XL_GROW(f->file_hashes, cap_hashes, f->nfiles + 1) < 0 ||
      XL_GROW(f->files, impl->cap_files, f->nfiles + 1) < 0)
    return XL_ENOMEM;
  copy = xl_arena_strdup(&impl->arena, path);
  if (!copy)
    return XL_ENOMEM;
  f->files[f->nfiles] = copy;
  f->file_flags[f->nfiles] = file_flags;
  f->file_hashes[f->nfiles] = 0;
  *out = f->nfiles++;
  return XL_OK;
}

xl_loc xl_loc_none(void) {
  xl_loc l;

  memset(&l, 0, sizeof(l));
  l.file = XL_NONE;
  return l;
}

int xl_loc_valid(xl_loc loc) { return loc.file != XL_NONE && loc.line > 0; }

/* Append one zeroed element to a table; shared by the typed adders below. */
static int table_add(void **items, uint32_t *count, size_t *cap, size_t elem,
                     void **out, xl_id *out_id) {
  char *p;

  if (xl_grow(items, cap, (size_t)*count + 1, elem) < 0)
    return XL_ENOMEM;
  p = (char *)*items + (size_t)*count * elem;
  memset(p, 0, elem);
  *out = p;
  if (out_id)
    *out_id = *count;
  (*count)++;
  return XL_OK;
}

#define ADD(table, count, capfield, out, out_id)                              \
  table_add((void **)&f->table, &f->count, &((facts_impl *)f->impl)->capfield, \
            sizeof(*f->table), (void **)(out), (out_id))

int xl_facts_add_type(xl_type **out, xl_id *out_id, xl_facts *f) {
  int rc = ADD(types, ntypes, cap_types, out, out_id);
  if (rc == XL_OK) {
    (*out)->inner = (*out)->parent = (*out)->lambda = XL_NONE;
    (*out)->decl = (*out)->access = xl_loc_none();
    (*out)->widen.open = (*out)->widen.close = xl_loc_none();
    (*out)->hoist_at = xl_loc_none();
    (*out)->hoist_remove.begin = (*out)->hoist_remove.end = xl_loc_none();
  }
  return rc;
}

int xl_facts_add_record(xl_record **out, xl_id *out_id, xl_facts *f) {
  int rc = ADD(records, nrecords, cap_records, out, out_id);
  if (rc == XL_OK) {
    (*out)->parent = (*out)->first_tparam = XL_NONE;
    (*out)->type = (*out)->pattern = XL_NONE;
    (*out)->loc = (*out)->access = (*out)->name_at = xl_loc_none();
    (*out)->widen.open = (*out)->widen.close = xl_loc_none();
  }
  return rc;
}

int xl_facts_add_tparam(xl_tparam **out, xl_id *out_id, xl_facts *f) {
  int rc = ADD(tparams, ntparams, cap_tparams, out, out_id);
  if (rc == XL_OK)
    (*out)->loc = (*out)->name_at = xl_loc_none();
  return rc;
}

int xl_facts_add_func(xl_func **out, xl_id *out_id, xl_facts *f) {
  int rc = ADD(funcs, nfuncs, cap_funcs, out, out_id);
  if (rc == XL_OK) {
    xl_func *fn = *out;
    fn->record = fn->first_tparam = XL_NONE;
    fn->ret_type = fn->pattern = fn->poi_func = XL_NONE;
    fn->loc = fn->access = fn->ret_loc = fn->poi = xl_loc_none();
    fn->range.begin = fn->range.end = xl_loc_none();
    fn->ret_range = fn->body = fn->range;
    fn->widen.open = fn->widen.close = xl_loc_none();
    fn->constexpr_range = fn->range;
  }
  return rc;
}

int xl_facts_add_lambda(xl_lambda **out, xl_id *out_id, xl_facts *f) {
  int rc = ADD(lambdas, nlambdas, cap_lambdas, out, out_id);
  if (rc == XL_OK) {
    xl_lambda *l = *out;
    l->func = l->parent = l->first_capture = l->ret_type = XL_NONE;
    l->closure = l->pattern = XL_NONE;
    l->loc = l->body = l->params_loc = l->annot = l->stmt = xl_loc_none();
    l->var = xl_loc_none();
    l->range.begin = l->range.end = xl_loc_none();
    l->intro = l->default_range = l->host_annot = l->range;
    l->spec_range = l->annot_range = l->macro_range = l->range;
    l->spelling = l->annot_to = xl_loc_none();
    l->device_annot = l->range;
    l->stmt_end = xl_loc_none();
    l->peer = XL_NONE;
  }
  return rc;
}

int xl_facts_add_capture(xl_capture **out, xl_id *out_id, xl_facts *f) {
  int rc = ADD(captures, ncaptures, cap_captures, out, out_id);
  if (rc == XL_OK) {
    xl_capture *c = *out;
    c->type = c->var_type = c->lambda = XL_NONE;
    c->loc = c->decl = xl_loc_none();
    c->range.begin = c->range.end = xl_loc_none();
    c->init = c->range;
  }
  return rc;
}

int xl_facts_add_use(xl_use **out, xl_id *out_id, xl_facts *f) {
  int rc = ADD(uses, nuses, cap_uses, out, out_id);
  if (rc == XL_OK) {
    (*out)->lambda = XL_NONE;
    (*out)->loc = (*out)->callee_decl = (*out)->site = xl_loc_none();
  }
  return rc;
}

int xl_facts_add_cond(xl_cond **out, xl_id *out_id, xl_facts *f) {
  int rc = ADD(conds, nconds, cap_conds, out, out_id);
  if (rc == XL_OK) {
    (*out)->loc = xl_loc_none();
    (*out)->range.begin = (*out)->range.end = xl_loc_none();
    (*out)->removal = (*out)->range;
    (*out)->group = XL_NONE;
  }
  return rc;
}

int xl_facts_add_field(xl_field **out, xl_id *out_id, xl_facts *f) {
  int rc = ADD(fields, nfields, cap_fields, out, out_id);
  if (rc == XL_OK) {
    (*out)->type = (*out)->owner = XL_NONE;
    (*out)->loc = (*out)->why = xl_loc_none();
  }
  return rc;
}

const xl_type *xl_facts_type(const xl_facts *f, xl_id id) {
  if (id == XL_NONE || id >= f->ntypes)
    return NULL;
  return &f->types[id];
}

const xl_capture *xl_lambda_capture(const xl_facts *f, const xl_lambda *l,
                                    uint32_t i) {
  if (i >= l->ncaptures || l->first_capture == XL_NONE)
    return NULL;
  if (l->first_capture + i >= f->ncaptures)
    return NULL;
  return &f->captures[l->first_capture + i];
}
