/*
 * extended_lambda_constexpr: an extended lambda is declared 'constexpr' or
 * (C++20) 'consteval'. nvcc 13.0 reports it at the lambda's body.
 *
 * The fix-it removes the specifier, on the finding: it keeps what the
 * program computes (a lambda is constexpr by itself wherever it can be, so
 * its calls stay usable in constant expressions; a consteval lambda's calls
 * then simply may also run at run time).
 *
 * Detector: lib/frontend/lambda.c (read_declarator(): XL_LAMBDA_CONSTEXPR,
 *   XL_LAMBDA_CONSTEVAL; read_spec(): spec_range)
 */
#include "rule_util.h"

void xl_check_extended_lambda_constexpr(xl_rule_ctx *ctx, const xl_facts *f) {
  XL_FOR_EACH_EXTENDED_LAMBDA(f, l) {
    const char *spec;
    xl_diag *d;
    if (!(l->flags & (XL_LAMBDA_CONSTEXPR | XL_LAMBDA_CONSTEVAL)))
      continue;
    spec = (l->flags & XL_LAMBDA_CONSTEVAL) ? "consteval" : "constexpr";
    d = xl_report_extended_lambda_constexpr(ctx, l->body, xl_lambda_space(l),
                                            spec);
    xl_diag_add_note(d, l->params_loc, "remove '%s' from the lambda", spec);
    if (xl_loc_valid(l->spec_range.begin))
      xl_diag_add_fixit(d, l->spec_range, "");
  }
}
