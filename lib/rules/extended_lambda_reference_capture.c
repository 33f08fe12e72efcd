/*
 * extended_lambda_reference_capture: an extended lambda captures by
 * reference. nvcc 13.0 reports the capture default '&' at the parameter list
 * (even when nothing is captured) and every by-reference capture where it is
 * named or first used.
 *
 * Fix-its (issue 18): '[&]' on a lambda that captures nothing becomes '[]'
 * on the finding. An explicit '&x' becomes 'x' ('[=, &x]': the item goes,
 * '[=]'), on the finding only when the frontend found that the variable
 * keeps its value from the lambda's creation on (no write after it or in a
 * loop around it, no alias); otherwise on a note that says what the copy
 * changes. The capture default '&' becomes '=' on a note ('=, *this' when
 * the lambda uses members: capfix.c).
 *
 * Detector: lib/frontend/lambda.c (read_intro(): capture_default,
 *   default_range), lib/frontend/capture.c (fill_explicit(), fill_varref(),
 *   fill_implicit(): XL_CAPTURE_BYREF), lib/frontend/copysafe.c
 *   (xl_fe_copy_safety(): XL_CAPTURE_COPY_CHECKED, XL_CAPTURE_WRITTEN,
 *   XL_CAPTURE_ALIASED)
 */
#include "capfix.h"

static void report_default(xl_rule_ctx *ctx, const xl_facts *f,
                           const xl_lambda *l) {
  xl_diag *d = xl_report_extended_lambda_reference_capture(
      ctx, l->params_loc, xl_lambda_space(l), "variables");
  xl_note *n;

  xl_diag_add_range(d, l->default_range);
  if (l->ncaptures == 0 && !(l->flags & XL_LAMBDA_DEPENDENT)) {
    xl_diag_add_note(d, l->default_range.begin,
                     "the lambda captures nothing; remove the capture "
                     "default '&'");
    xl_diag_add_fixit(d, l->default_range, "");
    return;
  }
  if (xl_capfix_implicit_this(f, l) && !xl_capfix_star_this_ok(f, l)) {
    xl_diag_add_note(d, l->default_range.begin,
                     "the capture default '&' captures by reference; capture "
                     "by copy with '=' and copy the members the lambda uses "
                     "into local variables ('=' alone would capture 'this')");
    return;
  }
  n = xl_diag_add_note(
      d, l->default_range.begin,
      "the capture default '&' captures by reference; capture by copy with "
      "'%s' instead",
      xl_capfix_implicit_this(f, l) ? "=, *this" : "=");
  xl_capfix_default_to_copy(n, f, l);
}

/* The edit that makes explicit capture c a copy: drop '&x' after a default
 * '=' (it would repeat the default), else drop the '&'. */
static xl_range copy_edit(const xl_facts *f, const xl_lambda *l,
                          const xl_capture *c) {
  xl_range amp = xl_range_make(c->range.begin, c->range.begin);

  if (l->capture_default == '=' && c->kind == XL_CAPTURE_VAR)
    return xl_capfix_drop(f, l, c);
  amp.end.col++;
  amp.end.offset++;
  return amp;
}

static void report_explicit(xl_rule_ctx *ctx, const xl_facts *f,
                            const xl_lambda *l, const xl_capture *c) {
  char q[256];
  xl_diag *d = xl_report_extended_lambda_reference_capture(
      ctx, c->loc, xl_lambda_space(l), xl_quote(q, sizeof(q), c->name));
  xl_range edit = copy_edit(f, l, c);

  xl_diag_add_range(d, c->range);
  xl_note_declared(d, c);
  if (!xl_loc_valid(edit.begin))
    return;
  if (xl_capfix_copy_safe(l, c))
    xl_diag_add_fixit(d, edit, "");
  else
    xl_note_add_fixit(xl_diag_add_note(d, c->loc, "capture '%s' by copy; %s",
                                       c->name, xl_capfix_copy_risk(l, c)),
                      edit, "");
}

static void report_implicit(xl_rule_ctx *ctx, const xl_facts *f,
                            const xl_lambda *l, const xl_capture *c) {
  char q[256];
  xl_diag *d = xl_report_extended_lambda_reference_capture(
      ctx, c->loc, xl_lambda_space(l), xl_quote(q, sizeof(q), c->name));
  xl_note *n = xl_diag_add_note(
      d, l->default_range.begin,
      "'%s' is captured by reference because of the capture default '&'%s%s",
      c->name, xl_capfix_copy_safe(l, c) ? "" : "; ",
      xl_capfix_copy_safe(l, c) ? "" : xl_capfix_copy_risk(l, c));

  xl_capfix_default_to_copy(n, f, l);
}

void xl_check_extended_lambda_reference_capture(xl_rule_ctx *ctx,
                                                const xl_facts *f) {
  XL_FOR_EACH_EXTENDED_LAMBDA(f, l) {
    if (l->capture_default == '&')
      report_default(ctx, f, l);
    XL_FOR_EACH_CAPTURE(f, l, c) {
      if (!(c->flags & XL_CAPTURE_BYREF) || c->kind == XL_CAPTURE_THIS)
        continue;
      if (c->flags & XL_CAPTURE_EXPLICIT)
        report_explicit(ctx, f, l, c);
      else
        report_implicit(ctx, f, l, c);
    }
  }
}
