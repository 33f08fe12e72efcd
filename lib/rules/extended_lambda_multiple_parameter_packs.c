/*
 * extended_lambda_multiple_parameter_packs: the function template enclosing
 * an extended lambda has more than one template parameter pack, or a pack
 * that is not its last template parameter. nvcc 13.0's front end accepts
 * it; when the template is instantiated the host compile fails at the
 * lambda (the address of the specialization cannot be named: "no matches
 * converting function", "template instantiation depth exceeds maximum").
 * Reported once per lambda, at the lambda, with the instantiations.
 *
 * Detector: lib/frontend/instances.c (add_spec(): XL_FUNC_SPECIALIZATION;
 *   link_patterns(): pattern), lib/frontend/scope.c (xl_fe_func_scope(),
 *   add_tparam(), tparam_token_flags(): XL_TPARAM_PACK)
 */
#include "inst.h"
#include "rule_util.h"

/* The 1-based position of the offending pack, or 0; *what describes it. */
static uint32_t bad_pack(const xl_facts *f, const xl_func *fn,
                         const char **what) {
  uint32_t i, first_pack = 0;

  for (i = 0; i < fn->ntparams; i++) {
    if (!(f->tparams[fn->first_tparam + i].flags & XL_TPARAM_PACK))
      continue;
    if (first_pack) {
      *what = "more than one template parameter pack";
      return i + 1;
    }
    first_pack = i + 1;
  }
  if (first_pack && first_pack != fn->ntparams) {
    *what = "a template parameter pack that is not its last parameter";
    return first_pack;
  }
  return 0;
}

void xl_check_extended_lambda_multiple_parameter_packs(xl_rule_ctx *ctx,
                                                       const xl_facts *f) {
  xl_causes seen = XL_CAUSES_INIT;

  XL_FOR_EACH_CONCRETE_EXTENDED_LAMBDA(f, l) {
    const xl_func *fn = xl_lambda_func(f, l), *pat;
    const char *what = "";
    uint32_t pos;
    uint64_t key;
    xl_diag *d;
    if (!fn || !(fn->flags & XL_FUNC_SPECIALIZATION) || !fn->ntparams ||
        fn->first_tparam == XL_NONE)
      continue;
    pos = bad_pack(f, fn, &what);
    key = xl_cause_key(xl_lambda_cause(f, xl_lambda_id(f, l)), 0, 0);
    if (!pos || !xl_cause_new(&seen, f, key, l->func))
      continue;
    pat = fn->pattern != XL_NONE ? &f->funcs[fn->pattern] : fn;
    d = xl_report_extended_lambda_multiple_parameter_packs(
        ctx, l->loc, xl_lambda_space(l), pat->name, what);
    xl_diag_add_note(d, f->tparams[fn->first_tparam + pos - 1].loc,
                     "template parameter %u is a pack", pos);
    xl_note_instantiations(d, f, l->func, 0);
    xl_cause_put(&seen, key, d);
  }
  xl_causes_free(&seen);
}
