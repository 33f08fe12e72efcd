/*
 * extended_lambda_cant_take_function_address: nvcc names an extended lambda
 * by the address of its enclosing function, and a constructor's or
 * destructor's address cannot be taken. nvcc 13.0 reports it at the
 * lambda's parameter list.
 *
 * Detector: lib/frontend/walk.c (func_flags(): XL_FUNC_CTOR, XL_FUNC_DTOR),
 *   lib/frontend/lambda.c (xl_fe_lambda_begin(): func)
 */
#include "rule_util.h"

void xl_check_extended_lambda_cant_take_function_address(xl_rule_ctx *ctx,
                                                         const xl_facts *f) {
  XL_FOR_EACH_EXTENDED_LAMBDA(f, l) {
    const xl_func *fn = xl_lambda_func(f, l);
    const char *what;
    xl_diag *d;
    if (!fn || !(fn->flags & (XL_FUNC_CTOR | XL_FUNC_DTOR)))
      continue;
    what = (fn->flags & XL_FUNC_CTOR) ? "constructor" : "destructor";
    d = xl_report_extended_lambda_cant_take_function_address(
        ctx, l->params_loc, xl_lambda_space(l), fn->name, what);
    xl_diag_add_note(d, fn->loc,
                     "define the lambda in a member function that the %s "
                     "calls", what);
  }
}
