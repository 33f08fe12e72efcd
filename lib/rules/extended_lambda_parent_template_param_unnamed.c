/*
 * extended_lambda_parent_template_param_unnamed: the function template
 * enclosing an extended lambda has an unnamed template parameter. nvcc
 * 13.0's front end accepts it, but the code it generates names the
 * function's address with the parameters' names ('&bar<T, __T0>'), so the
 * host compile fails at the lambda ("'__T0' was not declared in this
 * scope"), whether or not the template is instantiated. Reported at the
 * lambda, where that compile fails.
 *
 * The fix-it names the unnamed parameters ('typename' -> 'typename
 * xl_unnamed_2'), on the finding: it keeps the meaning.
 *
 * Detector: lib/frontend/scope.c (xl_fe_func_scope(), add_tparam(): the
 *   function template's parameters, name; tparam_name_at(): name_at)
 */
#include "rule_util.h"

void xl_check_extended_lambda_parent_template_param_unnamed(
    xl_rule_ctx *ctx, const xl_facts *f) {
  XL_FOR_EACH_EXTENDED_LAMBDA(f, l) {
    const xl_func *fn = xl_lambda_func(f, l);
    uint32_t i;
    xl_diag *d;
    if (!fn || (fn->flags & XL_FUNC_SPECIALIZATION) || fn->ntparams == 0 ||
        fn->first_tparam == XL_NONE)
      continue;
    for (i = 0; i < fn->ntparams; i++)
      if (!f->tparams[fn->first_tparam + i].name)
        break;
    if (i == fn->ntparams)
      continue;
    d = xl_report_extended_lambda_parent_template_param_unnamed(
        ctx, l->loc, xl_lambda_space(l), fn->name, i + 1);
    xl_diag_add_note(d, f->tparams[fn->first_tparam + i].loc,
                     "template parameter %u is unnamed; give it a name", i + 1);
    xl_fix_name_tparams(d, f, fn->first_tparam, fn->ntparams);
  }
}
