/*
 * extended_lambda_parent_private_template_arg: see docs/rules/extended_lambda_parent_private_template_arg.md.
 * The walk is shared with the other type rules (type_checks.c).
 *
 * Detector: lib/frontend/instances.c (fill_targs(), find_written(): the
 *   templates among the targs), lib/frontend/types.c
 *   (xl_fe_template_name_type(): XL_TYPE_TEMPLATE_NAME, XL_TYPE_PRIVATE,
 *   XL_TYPE_PROTECTED), lib/frontend/widen.c (xl_fe_widen(): the edit that
 *   makes it public)
 */
#include "type_checks.h"

void xl_check_extended_lambda_parent_private_template_arg(xl_rule_ctx *ctx, const xl_facts *f) {
  xl_check_parent_types(ctx, f, XL_TYPE_TEMPLATE_NAME);
}
