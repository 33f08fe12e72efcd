/*
 * extended_lambda_capture_in_constexpr_if: a variable is first (implicitly)
 * captured inside an 'if constexpr' branch of an extended lambda.
 *
 * The fix-it replaces a '[=]' capture list by the explicit list of what the
 * lambda captures ('[x, y]'), on a note (as
 * extended_lambda_arch_dependent_capture does): in a template, the list
 * names the variables of every branch, so an instantiation may then copy a
 * variable its branch does not use.
 *
 * Detector: lib/frontend/walk.c (visit_if(): the depth of 'if constexpr'
 *   branches), lib/frontend/capture.c (add_ref(), fill_implicit():
 *   XL_CAPTURE_IN_CONSTEXPR_IF)
 */
#include "rule_util.h"

/* The explicit capture list of l into text ("[x, this]"); 0 when l has
 * captures the list cannot name plainly. */
static int explicit_list(char *text, size_t size, const xl_facts *f,
                         const xl_lambda *l) {
  size_t len = 1;

  if (l->capture_default != '=' || size < 3)
    return 0;
  text[0] = '[';
  XL_FOR_EACH_CAPTURE(f, l, c) {
    if ((c->kind != XL_CAPTURE_VAR && c->kind != XL_CAPTURE_THIS) ||
        (c->flags & (XL_CAPTURE_EXPLICIT | XL_CAPTURE_BYREF | XL_CAPTURE_PACK)) ||
        !c->name)
      return 0;
    len += (size_t)snprintf(text + len, size - len, "%s%s", len > 1 ? ", " : "",
                            c->name);
    if (len + 2 >= size)
      return 0;
  }
  text[len++] = ']';
  text[len] = '\0';
  return 1;
}

void xl_check_extended_lambda_capture_in_constexpr_if(xl_rule_ctx *ctx,
                                                      const xl_facts *f) {
  XL_FOR_EACH_EXTENDED_LAMBDA(f, l) {
    char text[512];
    int listed = -1;
    XL_FOR_EACH_CAPTURE(f, l, c) {
      xl_diag *d;
      xl_note *n;
      if (!(c->flags & XL_CAPTURE_IN_CONSTEXPR_IF) ||
          (c->flags & XL_CAPTURE_EXPLICIT))
        continue;
      d = xl_report_extended_lambda_capture_in_constexpr_if(
          ctx, c->loc, xl_lambda_space(l), c->name);
      n = xl_diag_add_note(d, l->intro.begin,
                           "name '%s' in the capture list, or use it before the "
                           "'if constexpr'",
                           c->name);
      if (listed < 0)
        listed = explicit_list(text, sizeof(text), f, l);
      if (listed && xl_loc_valid(l->intro.begin))
        xl_note_add_fixit(n, l->intro, text);
    }
  }
}
