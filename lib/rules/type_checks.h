/*
 * type_checks.h: the shared bodies of the rules about local and private
 * types in an extended lambda's interface (captures, operator(), the
 * enclosing function's template arguments). Each rule file calls one with
 * the type flags it is about. Reads facts only.
 */
#ifndef XL_TYPE_CHECKS_H
#define XL_TYPE_CHECKS_H

#include "rule_util.h"

/* which: XL_TYPE_LOCAL, or XL_TYPE_PRIVATE | XL_TYPE_PROTECTED. */
void xl_check_capture_types(xl_rule_ctx *ctx, const xl_facts *f,
                            uint32_t which);
void xl_check_call_operator_types(xl_rule_ctx *ctx, const xl_facts *f,
                                  uint32_t which);

/* which as above, or XL_TYPE_TEMPLATE_NAME for private member templates. */
void xl_check_parent_types(xl_rule_ctx *ctx, const xl_facts *f,
                           uint32_t which);

/*
 * Notes shared by the type rules: where the offending type is declared
 * ("'L' declared here" / "'P::Priv' declared private here"); a local type
 * the frontend can move to namespace scope gets "; move it to namespace
 * scope" and that move's fix-its (a note's: a new name at namespace scope).
 */
void xl_note_type_decl(xl_diag *d, const xl_facts *f, xl_id type);

/*
 * Add to note n the fix-its that move local type `type` to namespace scope
 * (xl_type.hoist_*): remove its definition, insert it before the outermost
 * declaration around its function. Returns 1 when added, 0 when the type
 * has no such move (n is then unchanged).
 */
int xl_note_add_hoist(xl_note *n, const xl_facts *f, xl_id type);

#endif
