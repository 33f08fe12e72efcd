/*
 * extended_lambda_capture_in_constexpr_if: a variable is first (implicitly)
 * captured inside an 'if constexpr' branch of an extended lambda.
 */
#include "rule_util.h"

void xl_check_extended_lambda_capture_in_constexpr_if(xl_rule_ctx *ctx,
                                                      const xl_facts *f) {
  XL_FOR_EACH_EXTENDED_LAMBDA(f, l) {
    XL_FOR_EACH_CAPTURE(f, l, c) {
      xl_diag *d;
      if (!(c->flags & XL_CAPTURE_IN_CONSTEXPR_IF) ||
          (c->flags & XL_CAPTURE_EXPLICIT))
        continue;
      d = xl_report(ctx, c->loc, xl_lambda_space(l), c->name);
      xl_diag_add_note(d, l->intro.begin,
                       "name '%s' in the capture list, or use it before the "
                       "'if constexpr'",
                       c->name);
    }
  }
}
