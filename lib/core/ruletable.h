/*
 * ruletable.h: the table of rules (generated from rules.def) and the rule
 * configuration (which rules run, how severe). Data only: the floor holds
 * it so that configuration, caching and emitters name rules without the
 * rules layer; lib/rules holds their checks (registry.h).
 */
#ifndef XL_RULETABLE_H
#define XL_RULETABLE_H

#include "xlambda/common.h"
#include "xlambda/diag.h"
#include "xlambda/rules.h"

typedef enum xl_rule_id {
#define XL_RULE(id, sev, oracle, msg, args, summary) XL_R_##id,
#include "core/rules.def"
#undef XL_RULE
  XL_R__COUNT
} xl_rule_id;

typedef enum xl_oracle {
  XL_ORACLE_FRONTEND = 0,
  XL_ORACLE_HOST,
  XL_ORACLE_SILENT
} xl_oracle;

typedef struct xl_rule_info {
  const char *id;
  xl_severity severity;
  xl_oracle oracle;
  const char *summary;
} xl_rule_info;

extern const xl_rule_info xl_rules[XL_R__COUNT];

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

#endif /* XL_RULETABLE_H */
