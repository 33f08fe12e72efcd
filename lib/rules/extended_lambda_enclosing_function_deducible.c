/*
 * extended_lambda_enclosing_function_deducible: the function enclosing an
 * extended lambda has a deduced return type ('auto', 'decltype(auto)').
 * nvcc 13.0 reports it at the lambda's parameter list (its body when it has
 * none), once per lambda, in templates at the definition. When clang has
 * deduced a type that can be written there, a note offers it.
 *
 * Detector: lib/frontend/scope.c (read_return(): XL_FUNC_DEDUCED_RETURN,
 *   ret_type, ret_spelling; read_decl_tokens(): ret_range; xl_fe_func_scope():
 *   XL_FUNC_HAS_DECL), lib/frontend/retdeduce.c (xl_fe_pattern_return(): what a
 *   template's 'auto' returns, XL_FUNC_RET_FROM_PATTERN)
 */
#include "rule_util.h"
#include "typewalk.h"

#define UNSPELLABLE                                                       \
  (XL_TYPE_LOCAL | XL_TYPE_PRIVATE | XL_TYPE_PROTECTED | XL_TYPE_CLOSURE | \
   XL_TYPE_TEMPLATE_NAME)

static int any_type(const xl_facts *f, xl_id id, const void *ctx) {
  (void)ctx;
  return (f->types[id].flags & UNSPELLABLE) != 0 ||
         f->types[id].kind == XL_TYPE_DEPENDENT;
}

/* The deduced type can replace 'auto' without changing the program. */
static int spellable(const xl_facts *f, const xl_func *fn) {
  if ((fn->flags & XL_FUNC_RET_FROM_PATTERN) && fn->ret_spelling &&
      !(fn->flags & XL_FUNC_HAS_DECL) && xl_loc_valid(fn->ret_range.begin))
    return 1; /* the frontend read it from the template's returns */
  if (!fn->ret_spelling || fn->ret_type == XL_NONE ||
      (fn->flags & XL_FUNC_HAS_DECL) || !xl_loc_valid(fn->ret_range.begin))
    return 0;
  return xl_type_find_if(f, fn->ret_type, any_type, NULL,
                         XL_WALK_FUNCTIONS) == XL_NONE;
}

void xl_check_extended_lambda_enclosing_function_deducible(xl_rule_ctx *ctx,
                                                           const xl_facts *f) {
  XL_FOR_EACH_EXTENDED_LAMBDA(f, l) {
    const xl_func *fn = xl_lambda_func(f, l);
    xl_diag *d;
    xl_note *n;
    if (!fn || !(fn->flags & XL_FUNC_DEDUCED_RETURN))
      continue;
    d = xl_report_extended_lambda_enclosing_function_deducible(
        ctx, l->params_loc, xl_lambda_space(l), fn->name);
    if (!spellable(f, fn)) {
      xl_diag_add_note(d, xl_loc_valid(fn->ret_range.begin)
                              ? fn->ret_range.begin : fn->loc,
                       "'%s' is declared with a deduced return type here; "
                       "write the return type", fn->name);
      continue;
    }
    n = xl_diag_add_note(d, fn->ret_range.begin,
                         "'%s' returns '%s'; write it instead", fn->name,
                         fn->ret_spelling);
    xl_note_add_fixit(n, fn->ret_range, fn->ret_spelling);
  }
}
