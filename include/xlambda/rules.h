/*
 * xlambda/rules.h: the rule catalog, read-only.
 *
 * Rules are listed in one table (lib/core/rules.def); these calls expose it
 * for --list-rules, SARIF rule metadata and the language server.
 */
#ifndef XLAMBDA_RULES_H
#define XLAMBDA_RULES_H

#include "xlambda/diag.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Number of rules. */
XL_API size_t xl_rule_count(void);

/* The i-th rule's id ("extended_lambda_reference_capture"); NULL past the end. */
XL_API const char *xl_rule_name(size_t i);

/* The i-th rule's one-sentence summary; NULL past the end. */
XL_API const char *xl_rule_summary(size_t i);

/* The i-th rule's default severity. */
XL_API xl_severity xl_rule_default_severity(size_t i);

/*
 * What nvcc 13.0 does with a violation of the i-th rule: "frontend" (nvcc
 * -cuda reports it), "host" (only the host compile fails) or "silent".
 */
XL_API const char *xl_rule_oracle(size_t i);

/* The index of the rule with this id, or -1. */
XL_API int xl_rule_find(const char *id);

#ifdef __cplusplus
}
#endif

#endif /* XLAMBDA_RULES_H */
