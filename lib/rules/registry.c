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
#define XL_RULE(id, sev, oracle, msg, summary) xl_check_##id,
#include "core/rules.def"
#undef XL_RULE
};

struct xl_rule_ctx {
  const xl_facts *facts;
  xl_diags *out;
  const xl_rule_config *cfg;
  int rule;
};

static xl_diag *report_v(xl_rule_ctx *ctx, xl_severity sev, xl_loc loc,
                         va_list ap) {
  const xl_rule_info *r = &xl_rules[ctx->rule];
  char msg[1024];
  xl_diag *d;

  vsnprintf(msg, sizeof(msg), r->message, ap);
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

xl_diag *xl_report(xl_rule_ctx *ctx, xl_loc loc, ...) {
  va_list ap;
  xl_diag *d;

  va_start(ap, loc);
  d = report_v(ctx, xl_rules[ctx->rule].severity, loc, ap);
  va_end(ap);
  return d;
}

xl_diag *xl_report_as(xl_rule_ctx *ctx, xl_severity severity, xl_loc loc,
                      ...) {
  va_list ap;
  xl_diag *d;

  va_start(ap, loc);
  d = report_v(ctx, severity, loc, ap);
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
