/*
 * rule_util.h: small helpers shared by rules. Rules include only this,
 * xlambda/sys/rule.h and xlambda/sys/facts.h: never clang. It brings in
 * report.h, each rule's typed xl_report_<id>().
 */
#ifndef XL_RULE_UTIL_H
#define XL_RULE_UTIL_H

#include <stdio.h>
#include <string.h>

#include "report.h"
#include "xlambda/sys/facts.h"
#include "xlambda/sys/rule.h"

/* 1 when l is an extended lambda. */
static inline int xl_is_extended(const xl_lambda *l) {
  return (l->flags & XL_LAMBDA_EXTENDED) != 0;
}

/* The lambda's annotation as nvcc spells it in messages. */
static inline const char *xl_lambda_space(const xl_lambda *l) {
  return xl_space_spelling(l->space);
}

/* Quote a name into buf ("'x'"), for message arguments. */
static inline const char *xl_quote(char *buf, size_t n, const char *name) {
  snprintf(buf, n, "'%s'", name ? name : "?");
  return buf;
}

/* The type's spelling, or "?" for XL_NONE. */
static inline const char *xl_type_name(const xl_facts *f, xl_id id) {
  const xl_type *t = xl_facts_type(f, id);
  return t && t->spelling ? t->spelling : "?";
}

/* The innermost element type of an array type (the type itself otherwise). */
static inline const xl_type *xl_array_element(const xl_facts *f, xl_id id) {
  const xl_type *t = xl_facts_type(f, id);

  while (t && t->kind == XL_TYPE_ARRAY && xl_facts_type(f, t->inner))
    t = xl_facts_type(f, t->inner);
  return t;
}

/* A note at the captured variable's declaration, when it is known. */
static inline void xl_note_declared(xl_diag *d, const xl_capture *c) {
  if (xl_loc_valid(c->decl) && c->kind == XL_CAPTURE_VAR)
    xl_diag_add_note(d, c->decl, "'%s' declared here", c->name);
}

/*
 * Every extended lambda as written: a lambda in a template once, as its
 * pattern (instantiated copies, XL_LAMBDA_INSTANCE, are skipped).
 */
#define XL_FOR_EACH_EXTENDED_LAMBDA(f, l)                                   \
  for (const xl_lambda *l = (f)->lambdas; l < (f)->lambdas + (f)->nlambdas; \
       l++)                                                                 \
    if (xl_is_extended(l) && !(l->flags & XL_LAMBDA_INSTANCE))

/*
 * Every extended lambda with concrete types: those outside templates and
 * each instantiated copy of those inside (for the rules nvcc applies per
 * instantiation); template patterns (XL_LAMBDA_DEPENDENT) are skipped.
 */
#define XL_FOR_EACH_CONCRETE_EXTENDED_LAMBDA(f, l)                          \
  for (const xl_lambda *l = (f)->lambdas; l < (f)->lambdas + (f)->nlambdas; \
       l++)                                                                 \
    if (xl_is_extended(l) && !(l->flags & XL_LAMBDA_DEPENDENT))

/* The lambda's id. */
static inline xl_id xl_lambda_id(const xl_facts *f, const xl_lambda *l) {
  return (xl_id)(l - f->lambdas);
}

/* The function enclosing the lambda, or NULL. */
static inline const xl_func *xl_lambda_func(const xl_facts *f,
                                            const xl_lambda *l) {
  return l->func < f->nfuncs ? &f->funcs[l->func] : NULL;
}

/* The record with that id, or NULL. */
static inline const xl_record *xl_facts_record(const xl_facts *f, xl_id id) {
  return id < f->nrecords ? &f->records[id] : NULL;
}

/* Add to n the edit that writes l's return type `ret` ('-> ret') before
 * its body; '[] __device__ {' has no parameter list, so '() ' comes too. */
static inline void xl_fixit_return_type(xl_note *n, const xl_lambda *l,
                                        const char *ret) {
  char text[300];

  snprintf(text, sizeof(text), "%s-> %s ",
           l->params_loc.offset == l->body.offset ? "() " : "", ret);
  xl_note_add_fixit(n, xl_range_at(l->body), text);
}

/* Iterate a lambda's captures (one loop: `continue` and `break` work). */
#define XL_FOR_EACH_CAPTURE(f, l, c)                                        \
  for (const xl_capture *c = (l)->ncaptures                                 \
                                 ? &(f)->captures[(l)->first_capture]       \
                                 : NULL,                                    \
                        *c##_end = c ? c + (l)->ncaptures : NULL;           \
       c && c < c##_end; c++)

/* The position of capture c (from XL_FOR_EACH_CAPTURE) in lambda l. */
#define XL_CAPTURE_INDEX(f, l, c) \
  ((uint32_t)((c) - &(f)->captures[(l)->first_capture]))

/* ---- the host and device compilations, host-side uses (issue 4) -------- */

/* The innermost __CUDA_ARCH__-dependent arm holding loc, or NULL. */
static inline const xl_cond *xl_cond_at(const xl_facts *f, xl_loc loc) {
  const xl_cond *best = NULL;

  for (uint32_t i = 0; i < f->nconds; i++) {
    const xl_cond *c = &f->conds[i];
    if (c->range.begin.file != loc.file || loc.offset < c->range.begin.offset ||
        loc.offset >= c->range.end.offset)
      continue;
    if (!best || c->range.begin.offset > best->range.begin.offset)
      best = c;
  }
  return best;
}

/* The function of `other` that is function `fn` of f (same name and place). */
static inline const xl_func *xl_same_func(const xl_facts *other,
                                          const xl_facts *f, xl_id fn) {
  const xl_func *a = &f->funcs[fn];

  for (uint32_t i = 0; i < other->nfuncs; i++) {
    const xl_func *b = &other->funcs[i];
    if (a->loc.file == b->loc.file && a->loc.offset == b->loc.offset &&
        a->name && b->name && strcmp(a->name, b->name) == 0)
      return b;
  }
  return NULL;
}

/* The first use of one of `kinds` (a mask of 1u << xl_use_kind) of the
 * lambda written where l is (its pattern and instantiations alike). */
static inline const xl_use *xl_use_of(const xl_facts *f, const xl_lambda *l,
                                      uint32_t kinds) {
  for (uint32_t i = 0; i < f->nuses; i++) {
    const xl_use *u = &f->uses[i];
    const xl_lambda *ul =
        u->lambda < f->nlambdas ? &f->lambdas[u->lambda] : NULL;
    if (ul && (kinds & (1u << u->kind)) && ul->loc.file == l->loc.file &&
        ul->loc.offset == l->loc.offset)
      return u;
  }
  return NULL;
}

/* ---- fix-its (issue 18) ------------------------------------------------ */

/*
 * Name every unnamed template parameter of the list [first, first + n) on
 * d, where the frontend knows the place ('typename' -> 'typename
 * xl_unnamed_2'): the name is the parameter's position after a prefix no
 * program uses, different from the list's names. Naming a parameter keeps
 * the meaning. Adds nothing unless every unnamed one can be named.
 */
static inline void xl_fix_name_tparams(xl_diag *d, const xl_facts *f,
                                       xl_id first, uint32_t n) {
  char name[40];
  uint32_t i, j;

  if (first == XL_NONE)
    return;
  for (i = 0; i < n; i++) {
    const xl_tparam *tp = &f->tparams[first + i];
    if (!tp->name && !xl_loc_valid(tp->name_at))
      return;
  }
  for (i = 0; i < n; i++) {
    const xl_tparam *tp = &f->tparams[first + i];
    if (tp->name)
      continue;
    snprintf(name, sizeof(name), "xl_unnamed_%u", i + 1);
    for (j = 0; j < n; j++)
      if (f->tparams[first + j].name &&
          strcmp(f->tparams[first + j].name, name) == 0)
        return;
    snprintf(name, sizeof(name), " xl_unnamed_%u", i + 1);
    xl_diag_add_fixit(d, xl_range_at(tp->name_at), name);
  }
}

/* 1 when the frontend found how to make a member public (xl_widen). */
static inline int xl_widen_valid(xl_widen w) {
  return xl_loc_valid(w.open) && xl_loc_valid(w.close);
}

/*
 * Attach the edit that makes a private or protected member public (issue
 * 18) to n: "public:" on its own line before the member's declaration, its
 * former access `word` ("private" / "protected") on its own line after it.
 * It widens the class's interface, so it belongs on a note that says so.
 * Nothing when !xl_widen_valid(w).
 */
static inline void xl_note_add_widen(xl_note *n, xl_widen w,
                                     const char *word) {
  char restore[16];

  if (!n || !xl_widen_valid(w))
    return;
  snprintf(restore, sizeof(restore), "\n%s:", word);
  xl_note_add_fixit(n, xl_range_at(w.open), "public:\n");
  xl_note_add_fixit(n, xl_range_at(w.close), restore);
}

#endif /* XL_RULE_UTIL_H */
