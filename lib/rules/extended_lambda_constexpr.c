/*
 * extended_lambda_constexpr: an extended lambda is declared 'constexpr' or
 * (C++20) 'consteval'. nvcc 13.0 reports it at the lambda's body.
 */
#include "rule_util.h"

void xl_check_extended_lambda_constexpr(xl_rule_ctx *ctx, const xl_facts *f) {
  XL_FOR_EACH_EXTENDED_LAMBDA(f, l) {
    const char *spec;
    xl_diag *d;
    if (!(l->flags & (XL_LAMBDA_CONSTEXPR | XL_LAMBDA_CONSTEVAL)))
      continue;
    spec = (l->flags & XL_LAMBDA_CONSTEVAL) ? "consteval" : "constexpr";
    d = xl_report(ctx, l->body, xl_lambda_space(l), spec);
    xl_diag_add_note(d, l->params_loc, "remove '%s' from the lambda", spec);
  }
}
