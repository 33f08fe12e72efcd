/*
 * extended_lambda_inaccessible_parent: the function enclosing an extended
 * lambda is a private or protected member function. nvcc 13.0 reports it at
 * the lambda's parameter list; the note points at the access specifier
 * (nvcc needs the function to be public; no automatic edit: that changes
 * the class's interface).
 */
#include "rule_util.h"

void xl_check_extended_lambda_inaccessible_parent(xl_rule_ctx *ctx,
                                                  const xl_facts *f) {
  XL_FOR_EACH_EXTENDED_LAMBDA(f, l) {
    const xl_func *fn = xl_lambda_func(f, l);
    const xl_record *r;
    const char *word;
    xl_diag *d;
    if (!fn || !(fn->flags & (XL_FUNC_PRIVATE | XL_FUNC_PROTECTED)))
      continue;
    word = (fn->flags & XL_FUNC_PRIVATE) ? "private" : "protected";
    d = xl_report(ctx, l->params_loc, xl_lambda_space(l), fn->name, word);
    r = xl_facts_record(f, fn->record);
    if (xl_loc_valid(fn->access))
      xl_diag_add_note(d, fn->access,
                       "'%s' is %s because of this access specifier; nvcc "
                       "needs the enclosing function to be public",
                       fn->name, word);
    else if (r)
      xl_diag_add_note(d, r->loc,
                       "members of '%s' are private by default; nvcc needs "
                       "the enclosing function to be public", r->name);
  }
}
