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
 * device-side facts (facts->device).
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

static void report(xl_rule_ctx *ctx, const xl_facts *h, const xl_facts *d,
                   const xl_facts *lf, const xl_lambda *l, const char *side) {
  const xl_cond *c = xl_cond_at(h, l->spelling);
  const xl_func *fn = &lf->funcs[l->func];
  xl_diag *diag =
      xl_report(ctx, l->loc, xl_lambda_space(l), side, func_name(lf, l));

  xl_diag_add_range(diag, l->range);
  if (c)
    xl_diag_add_note(diag, c->loc,
                     "'%s' decides whether it is defined; define it in both "
                     "compilations, or use a named function object",
                     c->text);
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
 * the host can name it.
 */
static void one_sided(xl_rule_ctx *ctx, const xl_facts *h, const xl_facts *d,
                      const xl_facts *lf, const xl_facts *other,
                      const char *side) {
  int host = lf == h;

  for (uint32_t i = 0; i < lf->nlambdas; i++) {
    const xl_lambda *l = &lf->lambdas[i];
    if (!l->number || l->peer != XL_NONE || l->func >= lf->nfuncs ||
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
