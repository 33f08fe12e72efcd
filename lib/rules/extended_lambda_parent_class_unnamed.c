/*
 * extended_lambda_parent_class_unnamed: the function enclosing an extended
 * lambda is a member of an unnamed class (a class nested in an unnamed one
 * is fine). nvcc 13.0 reports it at the lambda's parameter list.
 */
#include "rule_util.h"

void xl_check_extended_lambda_parent_class_unnamed(xl_rule_ctx *ctx,
                                                   const xl_facts *f) {
  XL_FOR_EACH_EXTENDED_LAMBDA(f, l) {
    const xl_func *fn = xl_lambda_func(f, l);
    const xl_record *r = fn ? xl_facts_record(f, fn->record) : NULL;
    xl_diag *d;
    if (!r || !(r->flags & XL_RECORD_UNNAMED))
      continue;
    d = xl_report(ctx, l->params_loc, xl_lambda_space(l), fn->name);
    xl_diag_add_note(d, r->loc, "the class is unnamed here; give it a name");
  }
}
