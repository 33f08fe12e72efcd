/*
 * extended_lambda_array_capture_rank: an extended lambda captures an array
 * of more than 7 dimensions.
 *
 * Detector: lib/frontend/types.c (describe_parts(): array_rank),
 *   lib/frontend/capture.c (set_decl(): var_type)
 */
#include "rule_util.h"

#define XL_MAX_ARRAY_RANK 7

void xl_check_extended_lambda_array_capture_rank(xl_rule_ctx *ctx,
                                                 const xl_facts *f) {
  XL_FOR_EACH_EXTENDED_LAMBDA(f, l) {
    XL_FOR_EACH_CAPTURE(f, l, c) {
      const xl_type *t = xl_facts_type(f, c->var_type);
      xl_diag *d;
      if (c->kind != XL_CAPTURE_VAR || !t || t->kind != XL_TYPE_ARRAY ||
          t->array_rank <= XL_MAX_ARRAY_RANK)
        continue;
      d = xl_report_extended_lambda_array_capture_rank(
          ctx, c->loc, xl_lambda_space(l), c->name, t->spelling,
          t->array_rank);
      xl_note_declared(d, c);
    }
  }
}
