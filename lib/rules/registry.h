/*
 * registry.h: the rule table (generated from rules.def), rule
 * configuration, and the runner that applies every enabled rule to facts.
 */
#ifndef XL_REGISTRY_H
#define XL_REGISTRY_H

#include "xlambda/rules.h"
#include "xlambda/sys/rule.h"
#include "core/diag_impl.h"

typedef enum xl_rule_id {
#define XL_RULE(id, sev, oracle, msg, args, summary) XL_R_##id,
#include "rules.def"
#undef XL_RULE
  XL_R__COUNT
} xl_rule_id;

typedef enum xl_oracle {
  XL_ORACLE_FRONTEND = 0,
  XL_ORACLE_HOST,
  XL_ORACLE_SILENT
} xl_oracle;

typedef void (*xl_rule_fn)(xl_rule_ctx *ctx, const xl_facts *facts);

typedef struct xl_rule_info {
  const char *id;
  xl_severity severity;
  xl_oracle oracle;
  const char *summary;
  xl_rule_fn check;
} xl_rule_info;

extern const xl_rule_info xl_rules[XL_R__COUNT];

/* Every rule's check function, named after its id. */
#define XL_RULE(id, sev, oracle, msg, args, summary) \
  void xl_check_##id(xl_rule_ctx *ctx, const xl_facts *facts);
#include "rules.def"
#undef XL_RULE

/* Which rules run, and how severe their findings are. */
typedef struct xl_rule_config {
  unsigned char enabled[XL_R__COUNT];
  signed char severity[XL_R__COUNT]; /* -1: the rule's default */
  unsigned char as_error[XL_R__COUNT]; /* warnings-as-errors */
} xl_rule_config;

/* Every rule enabled with its default severity. */
void xl_rule_config_init(xl_rule_config *cfg);

/*
 * Apply comma-separated globs to cfg->enabled, in order, as clang-tidy's
 * --checks does: "a*" enables, "-a*" disables. A glob that matches no rule
 * is an error (XL_EINVAL) naming it; so is an empty glob list entry.
 */
int xl_rule_config_select(xl_rule_config *cfg, const char *globs,
                          xl_error *err);

/* Like xl_rule_config_select, for cfg->as_error. */
int xl_rule_config_as_error(xl_rule_config *cfg, const char *globs,
                            xl_error *err);

/*
 * Run every enabled rule on facts and append their findings to out.
 * Returns XL_OK, or XL_ENOMEM when a finding could not be stored.
 */
int xl_rules_run(xl_diags *out, const xl_facts *facts,
                 const xl_rule_config *cfg);

#endif /* XL_REGISTRY_H */
