/*
 * ruletable.c: the rule table, its public queries (xlambda/rules.h) and
 * rule selection by globs (see ruletable.h).
 */
#include <string.h>

#include "core/ruletable.h"
#include "util/util.h"

const xl_rule_info xl_rules[XL_R__COUNT] = {
#define XL_RULE(id, sev, oracle, msg, args, summary) \
  {#id, sev, oracle, summary},
#include "core/rules.def"
#undef XL_RULE
};

size_t xl_rule_count(void) { return XL_R__COUNT; }

const char *xl_rule_name(size_t i) {
  return i < XL_R__COUNT ? xl_rules[i].id : NULL;
}

const char *xl_rule_summary(size_t i) {
  return i < XL_R__COUNT ? xl_rules[i].summary : NULL;
}

xl_severity xl_rule_default_severity(size_t i) {
  return i < XL_R__COUNT ? xl_rules[i].severity : XL_SEV_WARNING;
}

const char *xl_rule_oracle(size_t i) {
  static const char *const names[] = {"frontend", "host", "silent"};

  return i < XL_R__COUNT ? names[xl_rules[i].oracle] : NULL;
}

int xl_rule_find(const char *id) {
  size_t i;

  for (i = 0; i < XL_R__COUNT; i++)
    if (strcmp(xl_rules[i].id, id) == 0)
      return (int)i;
  return -1;
}

void xl_rule_config_init(xl_rule_config *cfg) {
  memset(cfg->enabled, 1, sizeof(cfg->enabled));
  memset(cfg->severity, -1, sizeof(cfg->severity));
  memset(cfg->as_error, 0, sizeof(cfg->as_error));
}

/* Apply one glob list to a flag array. */
static int apply_globs(unsigned char *flags, const char *globs,
                       const char *what, xl_error *err) {
  char glob[256];
  const char *p = globs;

  while (*p) {
    size_t n = strcspn(p, ",");
    const char *g = glob;
    int on = 1, matched = 0;
    size_t i;
    if (n >= sizeof(glob))
      return xl_error_set(err, XL_EINVAL, "%s glob too long", what);
    memcpy(glob, p, n);
    glob[n] = '\0';
    while (*g == ' ')
      g++;
    if (*g == '-') {
      on = 0;
      g++;
    }
    if (*g == '\0')
      return xl_error_set(err, XL_EINVAL, "empty glob in %s '%s'", what, globs);
    for (i = 0; i < XL_R__COUNT; i++) {
      if (xl_glob_match(g, xl_rules[i].id)) {
        flags[i] = (unsigned char)on;
        matched = 1;
      }
    }
    if (!matched)
      return xl_error_set(err, XL_EINVAL,
                          "%s glob '%s' matches no rule (see --list-rules)",
                          what, g);
    p += n;
    if (*p == ',')
      p++;
  }
  return XL_OK;
}

int xl_rule_config_select(xl_rule_config *cfg, const char *globs,
                          xl_error *err) {
  return apply_globs(cfg->enabled, globs, "--rules", err);
}

int xl_rule_config_as_error(xl_rule_config *cfg, const char *globs,
                            xl_error *err) {
  return apply_globs(cfg->as_error, globs, "--warnings-as-errors", err);
}

