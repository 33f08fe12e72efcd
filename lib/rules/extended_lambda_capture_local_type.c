/*
 * extended_lambda_capture_local_type: see docs/rules/extended_lambda_capture_local_type.md.
 * The walk is shared with the other type rules (type_checks.c).
 */
#include "type_checks.h"

void xl_check_extended_lambda_capture_local_type(xl_rule_ctx *ctx, const xl_facts *f) {
  xl_check_capture_types(ctx, f, XL_TYPE_LOCAL);
}
