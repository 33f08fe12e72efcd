/*
 * inst.c: instantiation notes and per-cause reporting (see inst.h).
 */
#include <stdlib.h>

#include "inst.h"

#define MAX_CHAIN 8
#define MAX_EXTRA 3

void xl_note_instantiations(xl_diag *d, const xl_facts *f, xl_id func,
                            int first_only) {
  unsigned depth;

  for (depth = 0; func < f->nfuncs && depth < MAX_CHAIN; depth++) {
    const xl_func *fn = &f->funcs[func];
    if (!(fn->flags & XL_FUNC_SPECIALIZATION) || !xl_loc_valid(fn->poi))
      return;
    xl_diag_add_note(d, fn->poi, "in instantiation of '%s' requested here",
                     fn->name ? fn->name : "?");
    if (first_only)
      return;
    func = fn->poi_func;
  }
}

static int in_system(const xl_facts *f, xl_loc loc) {
  return loc.file < f->nfiles && f->file_flags &&
         (f->file_flags[loc.file] & XL_FILE_SYSTEM);
}

xl_loc xl_shown_poi(const xl_facts *f, xl_id func, xl_id *from) {
  xl_id at = func;
  uint32_t steps;

  *from = func;
  for (steps = 0; at < f->nfuncs && steps < f->nfuncs; steps++) {
    const xl_func *fn = &f->funcs[at];
    if (!(fn->flags & XL_FUNC_SPECIALIZATION) || !xl_loc_valid(fn->poi))
      break;
    if (!in_system(f, fn->poi)) {
      *from = at;
      return fn->poi;
    }
    at = fn->poi_func;
  }
  return f->funcs[func].poi;
}

void xl_note_library_launch(xl_diag *d, const xl_facts *f, xl_id kernel,
                            xl_id from, const char *name) {
  if (from != kernel && kernel < f->nfuncs)
    xl_diag_add_note(d, f->funcs[kernel].poi, "the library launches '%s' here",
                     name);
}

/* Whether a link of func's chain of requests dispatches on nvcc's lambda
 * traits (XL_FUNC_NVCC_LAMBDA_TRAITS): what nvcc instantiates there for a
 * lambda that is not extended is not what clang's parse did. */
static int nvcc_dispatches(const xl_facts *f, xl_id func) {
  uint32_t steps;

  for (steps = 0; func < f->nfuncs && steps < f->nfuncs; steps++) {
    const xl_func *fn = &f->funcs[func];
    if (fn->flags & XL_FUNC_NVCC_LAMBDA_TRAITS)
      return 1;
    if (!(fn->flags & XL_FUNC_SPECIALIZATION) || !xl_loc_valid(fn->poi))
      return 0;
    func = fn->poi_func;
  }
  return 0;
}

void xl_kernel_targs_report(xl_rule_ctx *ctx, const xl_facts *f,
                            const xl_kernel_targ_rule *r) {
  xl_causes seen = XL_CAUSES_INIT;
  char name[256];
  uint32_t i;

  for (i = 0; i < f->nfuncs; i++) {
    xl_id hit = xl_kernel_targ_find(f, &f->funcs[i], r->match, name,
                                    sizeof(name));
    xl_id from;
    xl_loc at;
    uint64_t key;
    xl_diag *d;
    if (hit == XL_NONE || nvcc_dispatches(f, i))
      continue;
    at = xl_shown_poi(f, i, &from);
    key = xl_cause_key(r->cause(f, hit), at.file, at.offset);
    if (!xl_cause_new(&seen, f, key, XL_NONE))
      continue;
    d = r->report(ctx, f, at, hit, name);
    xl_note_library_launch(d, f, i, from, name);
    xl_note_instantiations(d, f, f->funcs[from].poi_func, 0);
    xl_cause_put(&seen, key, d);
  }
  xl_causes_free(&seen);
}

uint64_t xl_cause_key(xl_id a, xl_id b, xl_id c) {
  return ((uint64_t)a * 0x9E3779B97F4A7C15ull) ^
         ((uint64_t)b * 0xC2B2AE3D27D4EB4Full) ^ (uint64_t)c;
}

int xl_cause_new(xl_causes *c, const xl_facts *f, uint64_t key, xl_id func) {
  size_t i;

  for (i = 0; i < c->n; i++) {
    if (c->items[i].key != key)
      continue;
    if (c->items[i].extra < MAX_EXTRA) {
      c->items[i].extra++;
      xl_note_instantiations(c->items[i].diag, f, func, 1);
    }
    return 0;
  }
  return 1;
}

void xl_cause_put(xl_causes *c, uint64_t key, xl_diag *d) {
  if (c->n == c->cap) {
    size_t ncap = c->cap ? c->cap * 2 : 16;
    struct xl_cause *items = realloc(c->items, ncap * sizeof(*items));
    if (!items)
      return;
    c->items = items;
    c->cap = ncap;
  }
  c->items[c->n].key = key;
  c->items[c->n].diag = d;
  c->items[c->n].extra = 0;
  c->n++;
}

void xl_causes_free(xl_causes *c) {
  free(c->items);
  c->items = NULL;
  c->n = c->cap = 0;
}

xl_id xl_lambda_cause(const xl_facts *f, xl_id lambda) {
  if (lambda < f->nlambdas && f->lambdas[lambda].pattern != XL_NONE)
    return f->lambdas[lambda].pattern;
  return lambda;
}

xl_id xl_type_cause(const xl_facts *f, xl_id type) {
  const xl_type *t = xl_facts_type(f, type);

  if (!t || !xl_loc_valid(t->decl))
    return type;
  return (t->decl.file << 24) ^ t->decl.offset ^ 0x80000000u;
}
