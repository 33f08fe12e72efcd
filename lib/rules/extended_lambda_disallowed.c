/*
 * extended_lambda_disallowed: a lambda is annotated __host__ or __device__
 * but the nvcc command lacks '--extended-lambda'. nvcc 13.0 rejects every
 * such lambda (in device code too) with an error at its parameter list, and
 * then treats none of them as an extended lambda. Only nvcc commands are
 * concerned: clang compiles annotated lambdas without a flag.
 *
 * Detector: lib/frontend/parse.c (describe_tu(): XL_FACTS_NVCC_COMMAND,
 *   XL_FACTS_EXTENDED_LAMBDA), lib/frontend/lambda.c (xl_fe_decl_space(): the
 *   written space), lib/frontend/scope.c (read_declarator():
 *   XL_LAMBDA_OPERATOR_ANNOTATED), lib/frontend/annot.c
 *   (xl_fe_annotation_blanked(): the same for an annotation recover.c blanked)
 */
#include "rule_util.h"

void xl_check_extended_lambda_disallowed(xl_rule_ctx *ctx, const xl_facts *f) {
  if (!(f->flags & XL_FACTS_NVCC_COMMAND) ||
      (f->flags & XL_FACTS_EXTENDED_LAMBDA))
    return;
  for (const xl_lambda *l = f->lambdas; l < f->lambdas + f->nlambdas; l++) {
    xl_diag *d;
    if (l->space == XL_SPACE_NONE || (l->flags & XL_LAMBDA_INSTANCE) ||
        (l->flags & XL_LAMBDA_OPERATOR_ANNOTATED))
      continue;
    d = xl_report_extended_lambda_disallowed(ctx, l->params_loc,
                                             xl_lambda_space(l));
    xl_diag_add_note(d, l->loc, "add '--extended-lambda' to the nvcc command "
                                "line");
  }
}
