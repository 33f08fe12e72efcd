/*
 * extended_lambda_parent_private_type: see docs/rules/extended_lambda_parent_private_type.md.
 * The walk is shared with the other type rules (type_checks.c).
 */
#include "type_checks.h"

void xl_check_extended_lambda_parent_private_type(xl_rule_ctx *ctx, const xl_facts *f) {
  xl_check_parent_types(ctx, f, XL_TYPE_PRIVATE | XL_TYPE_PROTECTED);
}
