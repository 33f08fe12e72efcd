/*
 * extended_lambda_capture_local_type: see docs/rules/extended_lambda_capture_local_type.md.
 * The walk is shared with the other type rules (type_checks.c).
 *
 * Detector: lib/frontend/capture.c (from_fields(), from_uses(): type,
 *   var_type), lib/frontend/types.c (decl_flags(): XL_TYPE_LOCAL),
 *   lib/frontend/hoist.c (xl_fe_type_hoist(): the move to namespace scope),
 *   lib/frontend/instances.c (xl_fe_instances_run(): the instantiated lambdas)
 */
#include "type_checks.h"

void xl_check_extended_lambda_capture_local_type(xl_rule_ctx *ctx, const xl_facts *f) {
  xl_check_capture_types(ctx, f, XL_TYPE_LOCAL);
}
