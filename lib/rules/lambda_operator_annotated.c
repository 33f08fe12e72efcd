/*
 * lambda_operator_annotated: an execution-space annotation is written where
 * nvcc reads it as annotating the lambda's operator() itself: after the
 * parameter list ('[] () __device__ {}'), or after a C++20 template
 * parameter list ('[]<typename T> __device__ (T x) {}'; clang 22 cannot
 * parse that one: xlambda parses it again without the annotation). nvcc
 * 13.0 reports it at the lambda's body and ignores the annotation.
 */
#include "rule_util.h"

void xl_check_lambda_operator_annotated(xl_rule_ctx *ctx, const xl_facts *f) {
  for (const xl_lambda *l = f->lambdas; l < f->lambdas + f->nlambdas; l++) {
    xl_diag *d;
    if (!(l->flags & XL_LAMBDA_OPERATOR_ANNOTATED) ||
        (l->flags & XL_LAMBDA_INSTANCE))
      continue;
    d = xl_report(ctx, l->body);
    xl_diag_add_note(d, xl_loc_valid(l->annot) ? l->annot : l->loc,
                     "annotation written here; write it right after the "
                     "capture list: '[...] __device__ <...> (...)'");
  }
}
