/*
 * extended_lambda_in_constexpr_function: a variable of an extended lambda's
 * closure type is declared in a constexpr (or consteval) function. nvcc 13.0
 * rejects it ("variable type ... in constexpr function is not a literal
 * type", an error without a diagnostic tag): its closure type is not a
 * literal type. Reported at the variable, in non-template functions.
 *
 * The fix-it removes 'constexpr' from the function's definition (when it
 * has no earlier declaration and no macro writes it), on the note: the
 * function can then no longer be called in constant expressions. None for
 * 'consteval': such a function exists to be evaluated at compile time.
 */
#include "rule_util.h"

static void note_fix(xl_diag *d, const xl_lambda *l, const xl_func *fn) {
  xl_note *n;

  if (!(fn->flags & XL_FUNC_CONSTEVAL) &&
      xl_loc_valid(fn->constexpr_range.begin)) {
    n = xl_diag_add_note(d, l->loc,
                         "the closure type of an extended lambda is not a "
                         "literal type; pass the lambda on without storing "
                         "it, or drop 'constexpr' from '%s' (it can then no "
                         "longer be called in constant expressions)",
                         fn->name);
    xl_note_add_fixit(n, fn->constexpr_range, "");
    return;
  }
  xl_diag_add_note(d, l->loc,
                   "the closure type of an extended lambda is not a literal "
                   "type; pass the lambda on without storing it, or drop "
                   "'%s' from '%s'",
                   (fn->flags & XL_FUNC_CONSTEVAL) ? "consteval" : "constexpr",
                   fn->name);
}

void xl_check_extended_lambda_in_constexpr_function(xl_rule_ctx *ctx,
                                                    const xl_facts *f) {
  XL_FOR_EACH_EXTENDED_LAMBDA(f, l) {
    const xl_func *fn = xl_lambda_func(f, l);
    xl_diag *d;
    if (!fn || !(fn->flags & (XL_FUNC_CONSTEXPR | XL_FUNC_CONSTEVAL)) ||
        (l->flags & XL_LAMBDA_DEPENDENT) || !xl_loc_valid(l->var) ||
        l->parent != XL_NONE)
      continue;
    d = xl_report(ctx, l->var, l->var_name ? l->var_name : "?",
                  xl_lambda_space(l),
                  (fn->flags & XL_FUNC_CONSTEVAL) ? "consteval" : "constexpr",
                  fn->name);
    note_fix(d, l, fn);
  }
}
