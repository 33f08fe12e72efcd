/*
 * registry.c: the runner and the report calls of the rules (the table and
 * rule selection are core/ruletable.c).
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "registry.h"

/* Each rule's check, in the order of the table. */
static const xl_rule_fn checks[XL_R__COUNT] = {
#define XL_RULE(id, sev, oracle, msg, args, summary) xl_check_##id,
#include "core/rules.def"
#undef XL_RULE
};

struct xl_rule_ctx {
  const xl_facts *facts;
  xl_diags *out;
  const xl_rule_config *cfg;
  int rule;
};

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
    checks[i](&ctx, facts);
  }
  for (i = first; i < out->count; i++)
    out->items[i]->facts = NULL; /* the facts may go before the findings */
  return out->oom ? XL_ENOMEM : XL_OK;
}
