/*
 * extended_lambda_enclosing_function_generic_lambda: an extended lambda is
 * defined inside a generic lambda ('auto' parameters or a template
 * parameter list), annotated or not, at any depth. nvcc 13.0 reports it at
 * the inner lambda's parameter list, at the definition.
 *
 * Detector: lib/frontend/lambda.c (xl_fe_lambda_begin(): parent,
 *   XL_LAMBDA_GENERIC)
 */
#include "rule_util.h"

void xl_check_extended_lambda_enclosing_function_generic_lambda(
    xl_rule_ctx *ctx, const xl_facts *f) {
  XL_FOR_EACH_EXTENDED_LAMBDA(f, l) {
    xl_id p = l->parent;
    unsigned depth;
    xl_diag *d;
    for (depth = 0; p < f->nlambdas && depth < 64; depth++) {
      if (f->lambdas[p].flags & XL_LAMBDA_GENERIC)
        break;
      p = f->lambdas[p].parent;
    }
    if (p >= f->nlambdas)
      continue;
    d = xl_report_extended_lambda_enclosing_function_generic_lambda(
        ctx, l->params_loc, xl_lambda_space(l));
    xl_diag_add_note(d, f->lambdas[p].loc, "enclosing generic lambda defined "
                                           "here");
  }
}
