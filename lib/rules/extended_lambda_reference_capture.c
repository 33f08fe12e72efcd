/*
 * extended_lambda_reference_capture: an extended lambda captures by
 * reference. nvcc 13.0 reports the capture default '&' at the parameter list
 * (even when nothing is captured) and every by-reference capture where it is
 * named or first used.
 */
#include "rule_util.h"

static void report_default(xl_rule_ctx *ctx, const xl_lambda *l) {
  xl_diag *d = xl_report(ctx, l->params_loc, xl_lambda_space(l), "variables");
  xl_note *n = xl_diag_add_note(
      d, l->default_range.begin,
      "the capture default '&' captures by reference; capture by copy with "
      "'=' instead");

  xl_diag_add_range(d, l->default_range);
  xl_note_add_fixit(n, l->default_range, "=");
}

static void report_explicit(xl_rule_ctx *ctx, const xl_lambda *l,
                            const xl_capture *c) {
  char q[256];
  xl_diag *d = xl_report(ctx, c->loc, xl_lambda_space(l),
                         xl_quote(q, sizeof(q), c->name));
  xl_range amp = xl_range_make(c->range.begin, c->range.begin);

  amp.end.col++;
  amp.end.offset++;
  xl_diag_add_range(d, c->range);
  xl_note_declared(d, c);
  /* a copy keeps the meaning unless the body writes through it (mutable) */
  if (l->flags & XL_LAMBDA_MUTABLE)
    xl_note_add_fixit(xl_diag_add_note(d, c->loc, "capture '%s' by copy",
                                       c->name),
                      amp, "");
  else
    xl_diag_add_fixit(d, amp, "");
}

static void report_implicit(xl_rule_ctx *ctx, const xl_lambda *l,
                            const xl_capture *c) {
  char q[256];
  xl_diag *d = xl_report(ctx, c->loc, xl_lambda_space(l),
                         xl_quote(q, sizeof(q), c->name));
  xl_note *n = xl_diag_add_note(
      d, l->default_range.begin,
      "'%s' is captured by reference because of the capture default '&'",
      c->name);

  xl_note_add_fixit(n, l->default_range, "=");
}

void xl_check_extended_lambda_reference_capture(xl_rule_ctx *ctx,
                                                const xl_facts *f) {
  XL_FOR_EACH_EXTENDED_LAMBDA(f, l) {
    if (l->capture_default == '&')
      report_default(ctx, l);
    XL_FOR_EACH_CAPTURE(f, l, c) {
      if (!(c->flags & XL_CAPTURE_BYREF) || c->kind == XL_CAPTURE_THIS)
        continue;
      if (c->flags & XL_CAPTURE_EXPLICIT)
        report_explicit(ctx, l, c);
      else
        report_implicit(ctx, l, c);
    }
  }
}
