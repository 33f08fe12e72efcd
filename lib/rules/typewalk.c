/*
 * typewalk.c: searching the xl_type graph (see typewalk.h).
 */
#include <stdio.h>
#include <string.h>

#include "typewalk.h"

#define MAX_DEPTH 24 /* type graphs are acyclic; this bounds a broken one */

static int is_extended_closure(const xl_type *t) {
  return (t->flags & XL_TYPE_EXTENDED_CLOSURE) != 0;
}

static xl_id find(const xl_facts *f, xl_id id, xl_type_pred pred,
                  const void *ctx, unsigned opts, unsigned depth) {
  const xl_type *t = xl_facts_type(f, id);
  xl_id hit = XL_NONE;
  uint32_t i;

  if (!t || depth > MAX_DEPTH || is_extended_closure(t))
    return XL_NONE;
  if (pred(f, id, ctx))
    return id;
  if (t->parent != XL_NONE)
    hit = find(f, t->parent, pred, ctx, opts, depth + 1);
  if (hit != XL_NONE)
    return hit;
  if (t->kind == XL_TYPE_FUNCTION && !(opts & XL_WALK_FUNCTIONS))
    return XL_NONE;
  if (t->inner != XL_NONE)
    hit = find(f, t->inner, pred, ctx, opts, depth + 1);
  for (i = 0; hit == XL_NONE && i < t->nargs; i++)
    hit = find(f, t->args[i], pred, ctx, opts, depth + 1);
  return hit;
}

xl_id xl_type_find_if(const xl_facts *f, xl_id id, xl_type_pred pred,
                      const void *ctx, unsigned opts) {
  return find(f, id, pred, ctx, opts, 0);
}

static int has_flags(const xl_facts *f, xl_id id, const void *ctx) {
  return (f->types[id].flags & *(const uint32_t *)ctx) != 0;
}

xl_id xl_type_find(const xl_facts *f, xl_id id, uint32_t flags,
                   unsigned opts) {
  return find(f, id, has_flags, &flags, opts, 0);
}

xl_id xl_types_find(const xl_facts *f, const xl_id *ids, uint32_t n,
                    uint32_t flags, unsigned opts) {
  uint32_t i;
  xl_id hit = XL_NONE;

  for (i = 0; hit == XL_NONE && i < n; i++)
    hit = xl_type_find(f, ids[i], flags, opts);
  return hit;
}

const char *xl_type_access_word(const xl_facts *f, xl_id id) {
  const xl_type *t = xl_facts_type(f, id);

  return t && (t->flags & XL_TYPE_PROTECTED) ? "protected" : "private";
}

static int is_closure_of(const xl_facts *f, xl_id id, const void *ctx) {
  return f->types[id].lambda == *(const xl_id *)ctx &&
         (f->types[id].flags & XL_TYPE_CLOSURE);
}

/* Like find, but extended closures are what we look for: no skipping. */
static int closure_in(const xl_facts *f, xl_id id, xl_id lambda,
                      unsigned depth) {
  const xl_type *t = xl_facts_type(f, id);
  uint32_t i;

  if (!t || depth > MAX_DEPTH)
    return 0;
  if (is_closure_of(f, id, &lambda))
    return 1;
  if (t->inner != XL_NONE && closure_in(f, t->inner, lambda, depth + 1))
    return 1;
  for (i = 0; i < t->nargs; i++)
    if (closure_in(f, t->args[i], lambda, depth + 1))
      return 1;
  return 0;
}

xl_id xl_lambda_kernel(const xl_facts *f, xl_id lambda) {
  uint32_t i, j;

  for (i = 0; i < f->nfuncs; i++) {
    const xl_func *fn = &f->funcs[i];
    if (fn->space != XL_SPACE_GLOBAL || !(fn->flags & XL_FUNC_SPECIALIZATION))
      continue;
    for (j = 0; j < fn->ntargs; j++)
      if (closure_in(f, fn->targs[j], lambda, 0))
        return i;
  }
  return XL_NONE;
}

xl_id xl_kernel_targ_find(const xl_facts *f, const xl_func *fn,
                          xl_type_pred pred, char *name, size_t cap) {
  xl_id hit = XL_NONE;
  uint32_t j;

  if (fn->space != XL_SPACE_GLOBAL || !(fn->flags & XL_FUNC_SPECIALIZATION))
    return XL_NONE;
  for (j = 0; hit == XL_NONE && j < fn->ntargs; j++)
    hit = xl_type_find_if(f, fn->targs[j], pred, NULL, XL_WALK_FUNCTIONS);
  if (hit != XL_NONE)
    snprintf(name, cap, "%.*s", (int)strcspn(fn->name, "<"), fn->name);
  return hit;
}
