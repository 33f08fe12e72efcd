/*
 * extended_lambda_arch_dependent_definition: an extended lambda exists in
 * only one of the host and device compilations of its function.
 *
 * nvcc names an extended lambda in the host code by its enclosing function
 * and its position among the function's extended lambdas; the device code
 * looks the lambda up by the same position in its own compilation. When a
 * '#if' on __CUDA_ARCH__ (or a macro defined under one) makes a lambda
 * exist on one side only, the positions after it disagree and a launch from
 * the host names a kernel the device code does not have (or another
 * lambda's). nvcc 13.0 says nothing (measured on an H100:
 * test/gpu/arch_count_host.cu fails with "invalid device function").
 *
 * Reported at each lambda defined on one side only, with notes at the
 * directive that decides it and at every lambda it renumbers. Needs the
 * device-side facts (facts->device). Where the lambda initialises a
 * variable declared on the first line of the only arm of an '#if', a note
 * offers to move the directive below that declaration (issue 18): both
 * compilations then define the lambda, and what else the arm holds stays
 * conditional; not when the function launches a kernel inside such an
 * arm (the other compilation would still not instantiate that kernel).
 *
 * Detector: lib/frontend/archscan.c (xl_fe_arch_scan(), record_arm(): the
 *   xl_cond arms and their removal), lib/frontend/device.c
 *   (xl_fe_device_pass(): facts->device), plugin/archpp.cpp
 *   (plan_device_skip(): XL_LAMBDA_DEVICE_SKIPPED under --parse=skip),
 *   lib/frontend/pair.c (list_func():
 *   number; pair_lists(): peer), lib/frontend/uses.c (xl_fe_uses_lambda():
 *   spelling; on_call(): kernel launches), lib/frontend/lambda.c (read_stmt():
 *   stmt, stmt_indent, stmt_end), lib/frontend/scope.c (read_var(): var)
 */
#include "rule_util.h"

static const char *func_name(const xl_facts *f, const xl_lambda *l) {
  return l->func < f->nfuncs && f->funcs[l->func].name ? f->funcs[l->func].name
                                                       : "?";
}

/* Notes at the lambdas of the same function that the two sides number
 * differently (host facts h, device facts d). */
static void note_renumbered(xl_diag *diag, const xl_facts *h,
                            const xl_facts *d, const xl_lambda *l,
                            const xl_facts *lf) {
  const xl_func *fn = &lf->funcs[l->func];

  for (uint32_t i = 0; i < h->nlambdas; i++) {
    const xl_lambda *a = &h->lambdas[i];
    const xl_lambda *b = a->peer < d->nlambdas ? &d->lambdas[a->peer] : NULL;
    const xl_func *af = a->func < h->nfuncs ? &h->funcs[a->func] : NULL;
    if (!b || !af || !a->number || a->number == b->number ||
        af->loc.offset != fn->loc.offset || af->loc.file != fn->loc.file)
      continue;
    xl_diag_add_note(diag, a->loc,
                     "so this extended lambda is number %u in the host "
                     "compilation but number %u in the device compilation: "
                     "a launch from the host finds no device code for it, "
                     "or another lambda's",
                     a->number, b->number);
  }
}

/* The start of loc's line. */
static xl_loc line_start(xl_loc loc) {
  loc.offset -= loc.col - 1;
  loc.col = 1;
  return loc;
}

/* A launch in l's function that itself exists on one side only (inside
 * an arm): moving the lambda would not make that kernel exist in the device
 * compilation (measured: test/gpu/variants, "invalid device function"). A
 * closure passed to a template whose body the parse skipped (the language
 * server's system headers: XL_USE_OPAQUE_ARG) may be such a launch. */
static int guarded_launch(const xl_facts *h, const xl_facts *lf,
                          const xl_lambda *l) {
  const xl_func *fn = &lf->funcs[l->func];

  for (uint32_t i = 0; i < h->nuses; i++) {
    const xl_use *u = &h->uses[i];
    const xl_lambda *ul = u->lambda < h->nlambdas ? &h->lambdas[u->lambda]
                                                  : NULL;
    const xl_func *uf = ul && ul->func < h->nfuncs ? &h->funcs[ul->func]
                                                   : NULL;
    if ((u->kind != XL_USE_KERNEL_ARG && u->kind != XL_USE_LAUNCHER_ARG &&
         u->kind != XL_USE_OPAQUE_ARG) ||
        !uf || uf->loc.file != fn->loc.file || uf->loc.offset != fn->loc.offset)
      continue;
    if (xl_cond_at(h, u->loc))
      return 1;
  }
  return 0;
}

/*
 * The directive c may go below l's statement, so that both compilations
 * define the lambda: the statement declares the variable the lambda
 * initialises and is the arm's first line, the arm is the only one of an
 * '#if'/'#ifdef'/'#ifndef' group (no other arm can declare that name), the
 * frontend found how to remove the directive's line, and nothing is from a
 * macro.
 */
static int movable(const xl_facts *h, const xl_facts *lf, const xl_cond *c,
                   const xl_lambda *l) {
  if ((l->flags & XL_LAMBDA_MACRO) || !l->stmt_indent ||
      !xl_loc_valid(l->stmt_end) || !xl_loc_valid(l->var) ||
      l->var.offset < l->stmt.offset || l->var.offset >= l->stmt_end.offset ||
      strncmp(c->text, "#if", 3) != 0 || l->stmt.file != c->loc.file ||
      !xl_loc_valid(c->removal.begin) ||
      line_start(l->stmt).offset != c->range.begin.offset)
    return 0;
  for (uint32_t i = 0; i < h->nconds; i++)
    if (&h->conds[i] != c && h->conds[i].group == c->group)
      return 0;
  return !guarded_launch(h, lf, l);
}

/* The note's fix-it: the directive line goes below the statement. */
static void suggest_move(xl_diag *diag, const xl_facts *h,
                         const xl_facts *lf, const xl_cond *c,
                         const xl_lambda *l) {
  char text[512];
  xl_note *n;

  if (!movable(h, lf, c, l) || strlen(c->text) + 2 > sizeof(text))
    return;
  n = xl_diag_add_note(diag, l->stmt,
                       "move '%s' below this declaration so that both "
                       "compilations define the lambda",
                       c->text);
  xl_note_add_fixit(n, c->removal, "");
  snprintf(text, sizeof(text), "%s\n", c->text);
  xl_note_add_fixit(n, xl_range_at(l->stmt_end), text);
}

static void report(xl_rule_ctx *ctx, const xl_facts *h, const xl_facts *d,
                   const xl_facts *lf, const xl_lambda *l, const char *side) {
  const xl_cond *c = xl_cond_at(h, l->spelling);
  const xl_func *fn = &lf->funcs[l->func];
  xl_diag *diag = xl_report_extended_lambda_arch_dependent_definition(
      ctx, l->loc, xl_lambda_space(l), side, func_name(lf, l));

  xl_diag_add_range(diag, l->range);
  if (c)
    xl_diag_add_note(diag, c->loc,
                     "'%s' decides whether it is defined; define it in both "
                     "compilations, or use a named function object",
                     c->text);
  if (c)
    suggest_move(diag, h, lf, c, l);
  note_renumbered(diag, h, d, l, lf);
  xl_diag_add_note(diag, fn->loc,
                   "nvcc identifies an extended lambda by its enclosing "
                   "function and its position among the function's extended "
                   "lambdas; both compilations must define the same ones in "
                   "the same order");
}

/*
 * Lambdas of lf numbered by nvcc that have no counterpart in `other`. A
 * host-only lambda is always reported: a launch of it finds no device code,
 * or another lambda's. A device-only one only when its function exists in
 * the host compilation too (and holds a lambda there): otherwise nothing on
 * the host can name it. A host lambda whose function the device side of
 * --parse=skip did not parse (XL_LAMBDA_DEVICE_SKIPPED: nothing in it
 * depends on __CUDA_ARCH__) exists in both compilations.
 */
static void one_sided(xl_rule_ctx *ctx, const xl_facts *h, const xl_facts *d,
                      const xl_facts *lf, const xl_facts *other,
                      const char *side) {
  int host = lf == h;

  for (uint32_t i = 0; i < lf->nlambdas; i++) {
    const xl_lambda *l = &lf->lambdas[i];
    if (!l->number || l->peer != XL_NONE || l->func >= lf->nfuncs ||
        (l->flags & XL_LAMBDA_DEVICE_SKIPPED) ||
        (!host && !xl_same_func(other, lf, l->func)))
      continue;
    report(ctx, h, d, lf, l, side);
  }
}

void xl_check_extended_lambda_arch_dependent_definition(xl_rule_ctx *ctx,
                                                        const xl_facts *f) {
  const xl_facts *d = f->device;

  if (!d || (d->flags & XL_FACTS_INCOMPLETE))
    return;
  one_sided(ctx, f, d, f, d, "host");
  one_sided(ctx, f, d, d, f, "device");
}
