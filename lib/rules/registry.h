/*
 * registry.h: every rule's check function (named after its id in
 * core/rules.def) and the runner that applies every enabled rule to facts.
 * The table itself and the rule configuration are the floor's
 * (core/ruletable.h).
 */
#ifndef XL_REGISTRY_H
#define XL_REGISTRY_H

#include "xlambda/rules.h"
#include "xlambda/sys/rule.h"
#include "core/diag_impl.h"
#include "core/ruletable.h"

typedef void (*xl_rule_fn)(xl_rule_ctx *ctx, const xl_facts *facts);

/* Every rule's check function, named after its id. */
#define XL_RULE(id, sev, oracle, msg, args, summary) \
  void xl_check_##id(xl_rule_ctx *ctx, const xl_facts *facts);
#include "core/rules.def"
#undef XL_RULE

/*
 * Run every enabled rule on facts and append their findings to out.
 * Returns XL_OK, or XL_ENOMEM when a finding could not be stored.
 */
int xl_rules_run(xl_diags *out, const xl_facts *facts,
                 const xl_rule_config *cfg);

#endif /* XL_REGISTRY_H */
