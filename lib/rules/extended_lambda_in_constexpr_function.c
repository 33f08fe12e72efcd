/*
 * extended_lambda_in_constexpr_function: an extended lambda in a constexpr
 * (or consteval) function. Its closure type is not a literal type. A
 * variable holding it is rejected by nvcc 13.0's front end ("variable type
 * ... in constexpr function is not a literal type", an error without a
 * diagnostic tag), at the variable. A temporary (the lambda passed on
 * without a variable) passes the front end, and the host compiler rejects
 * the stub nvcc hands it ("temporary of non-literal type
 * '__nv_dl_wrapper_t<...>' in a constant expression", g++ 12, C++17 and
 * C++20), at the lambda. Reported in non-template functions.
 *
 * The fix-it removes 'constexpr' from the function's definition (when it
 * has no earlier declaration and no macro writes it), on the note: the
 * function can then no longer be called in constant expressions. None for
 * 'consteval': such a function exists to be evaluated at compile time.
 *
 * Detector: lib/frontend/scope.c (scan_decl(): XL_FUNC_CONSTEXPR,
 *   XL_FUNC_CONSTEVAL; read_decl_tokens(): constexpr_range; read_var(): var;
 *   xl_fe_lambda_scope(): XL_LAMBDA_DEPENDENT)
 */
#include "rule_util.h"

static void note_fix(xl_diag *d, const xl_lambda *l, const xl_func *fn) {
  xl_note *n;

  if (!(fn->flags & XL_FUNC_CONSTEVAL) &&
      xl_loc_valid(fn->constexpr_range.begin)) {
    n = xl_diag_add_note(d, l->loc,
                         "the closure type of an extended lambda is not a "
                         "literal type; drop 'constexpr' from '%s' (it can "
                         "then no longer be called in constant expressions)",
                         fn->name);
    xl_note_add_fixit(n, fn->constexpr_range, "");
    return;
  }
  xl_diag_add_note(d, l->loc,
                   "the closure type of an extended lambda is not a literal "
                   "type; drop '%s' from '%s', or define the lambda outside it",
                   (fn->flags & XL_FUNC_CONSTEVAL) ? "consteval" : "constexpr",
                   fn->name);
}

void xl_check_extended_lambda_in_constexpr_function(xl_rule_ctx *ctx,
                                                    const xl_facts *f) {
  XL_FOR_EACH_EXTENDED_LAMBDA(f, l) {
    const xl_func *fn = xl_lambda_func(f, l);
    const char *kw;
    char what[160];
    xl_diag *d;
    if (!fn || !(fn->flags & (XL_FUNC_CONSTEXPR | XL_FUNC_CONSTEVAL)) ||
        (l->flags & XL_LAMBDA_DEPENDENT) || l->parent != XL_NONE)
      continue;
    kw = (fn->flags & XL_FUNC_CONSTEVAL) ? "consteval" : "constexpr";
    if (xl_loc_valid(l->var)) {
      snprintf(what, sizeof(what), "variable '%s'",
               l->var_name ? l->var_name : "?");
      d = xl_report_extended_lambda_in_constexpr_function(
          ctx, l->var, what, xl_lambda_space(l), "declared", kw, fn->name);
    } else {
      d = xl_report_extended_lambda_in_constexpr_function(
          ctx, l->loc, "a temporary", xl_lambda_space(l), "created", kw,
          fn->name);
    }
    note_fix(d, l, fn);
  }
}
