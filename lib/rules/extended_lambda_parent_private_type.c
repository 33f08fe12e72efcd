/*
 * extended_lambda_parent_private_type: see docs/rules/extended_lambda_parent_private_type.md.
 * The walk is shared with the other type rules (type_checks.c).
 *
 * Detector: lib/frontend/instances.c (fill_targs(): the specialization's
 *   targs), lib/frontend/scope.c (record_targs(): its class's targs),
 *   lib/frontend/types.c (decl_flags(): XL_TYPE_PRIVATE, XL_TYPE_PROTECTED),
 *   lib/frontend/widen.c (xl_fe_widen(): the edit that makes it public)
 */
#include "type_checks.h"

void xl_check_extended_lambda_parent_private_type(xl_rule_ctx *ctx, const xl_facts *f) {
  xl_check_parent_types(ctx, f, XL_TYPE_PRIVATE | XL_TYPE_PROTECTED);
}
