/*
 * registry.c: the rule table, rule selection by globs, and the runner.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "registry.h"

const xl_rule_info xl_rules[XL_R__COUNT] = {
#define XL_RULE(id, sev, oracle, msg, args, summary) \
  {#id, sev, oracle, summary, xl_check_##id},
#include "rules.def"
#undef XL_RULE
};

struct xl_rule_ctx {
  const xl_facts *facts;
  xl_diags *out;
  const xl_rule_config *cfg;
  int rule;
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

/* The finding itself; the rules' messages are formatted in report.h. */
static xl_diag *report_v(xl_rule_ctx *ctx, xl_severity sev, xl_loc loc,
                         const char *fmt, va_list ap) {
  const xl_rule_info *r = &xl_rules[ctx->rule];
  char msg[1024];
  xl_diag *d;

  vsnprintf(msg, sizeof(msg), fmt, ap);
  if (ctx->cfg->severity[ctx->rule] >= 0)
    sev = (xl_severity)ctx->cfg->severity[ctx->rule];
  d = xl_diags_add(ctx->out, ctx->rule, r->id, sev,
                   xl_dloc_from(ctx->out, ctx->facts, loc), msg);
  if (!d)
    return NULL;
  d->facts = ctx->facts;
  if (sev == XL_SEV_WARNING && ctx->cfg->as_error[ctx->rule]) {
    d->severity = XL_SEV_ERROR;
    d->flags |= XL_DIAG_AS_ERROR;
  }
  return d;
}

xl_diag *xl_report_format(xl_rule_ctx *ctx, const char *rule,
                          xl_severity severity, xl_loc loc, const char *fmt,
                          ...) {
  va_list ap;
  xl_diag *d;

  if (strcmp(rule, xl_rules[ctx->rule].id) != 0)
    return NULL; /* another rule's function: its message is not this one's */
  va_start(ap, fmt);
  d = report_v(ctx, severity, loc, fmt, ap);
  va_end(ap);
  return d;
}

int xl_rules_run(xl_diags *out, const xl_facts *facts,
                 const xl_rule_config *cfg) {
  xl_rule_ctx ctx;
  size_t i, first = out->count;

  ctx.facts = facts;
  ctx.out = out;
  ctx.cfg = cfg;
  for (i = 0; i < XL_R__COUNT; i++) {
    if (!cfg->enabled[i])
      continue;
    ctx.rule = (int)i;
    xl_rules[i].check(&ctx, facts);
  }
  for (i = first; i < out->count; i++)
    out->items[i]->facts = NULL; /* the facts may go before the findings */
  return out->oom ? XL_ENOMEM : XL_OK;
}
