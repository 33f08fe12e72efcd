/*
 * extended_lambda_nest_parent_template_param_unnamed: the class template
 * whose member function encloses an extended lambda has an unnamed template
 * parameter after a named one. nvcc 13.0's front end accepts it, but the
 * code it generates spells the class with the named parameters only
 * ('S<T>' for 'template <class T, int> struct S'), so the host compile fails
 * at the lambda ("wrong number of template arguments"), instantiated or not.
 * When the first parameter is unnamed nvcc writes the bare class name, which
 * compiles; an unnamed trailing pack compiles unless the pack is non-empty,
 * and is not reported. Only the class directly enclosing the function
 * matters.
 *
 * The fix-it names the unnamed parameters of the class template, on the
 * finding: it keeps the meaning.
 */
#include "rule_util.h"

/* The 1-based position of the offending parameter, or 0. */
static uint32_t unnamed_after_named(const xl_facts *f, const xl_record *r) {
  uint32_t i;

  if (r->ntparams < 2 || r->first_tparam == XL_NONE ||
      !f->tparams[r->first_tparam].name)
    return 0;
  for (i = 1; i < r->ntparams; i++) {
    const xl_tparam *tp = &f->tparams[r->first_tparam + i];
    if (!tp->name && !(tp->flags & XL_TPARAM_PACK))
      return i + 1;
  }
  return 0;
}

void xl_check_extended_lambda_nest_parent_template_param_unnamed(
    xl_rule_ctx *ctx, const xl_facts *f) {
  XL_FOR_EACH_EXTENDED_LAMBDA(f, l) {
    const xl_func *fn = xl_lambda_func(f, l);
    const xl_record *r = fn ? xl_facts_record(f, fn->record) : NULL;
    uint32_t pos;
    xl_diag *d;
    if (!r || !(r->flags & XL_RECORD_TEMPLATE))
      continue;
    pos = unnamed_after_named(f, r);
    if (!pos)
      continue;
    d = xl_report(ctx, l->loc, xl_lambda_space(l), r->name, pos);
    xl_diag_add_note(d, f->tparams[r->first_tparam + pos - 1].loc,
                     "template parameter %u is unnamed; give it a name", pos);
    xl_fix_name_tparams(d, f, r->first_tparam, r->ntparams);
  }
}
