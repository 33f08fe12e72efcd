/*
 * extended_lambda_inaccessible_ancestor: an extended lambda is defined in a
 * member function of a class that is a private or protected member of
 * another class (at any depth). nvcc 13.0 reports it at the lambda's
 * parameter list, naming the innermost such class.
 */
#include "rule_util.h"

void xl_check_extended_lambda_inaccessible_ancestor(xl_rule_ctx *ctx,
                                                    const xl_facts *f) {
  XL_FOR_EACH_EXTENDED_LAMBDA(f, l) {
    const xl_func *fn = xl_lambda_func(f, l);
    const xl_record *r = fn ? xl_facts_record(f, fn->record) : NULL;
    const char *word;
    xl_diag *d;
    unsigned depth;
    for (depth = 0; r && depth < 32; depth++) {
      if (r->flags & (XL_RECORD_PRIVATE | XL_RECORD_PROTECTED))
        break;
      r = xl_facts_record(f, r->parent);
    }
    if (!r || depth == 32)
      continue;
    word = (r->flags & XL_RECORD_PRIVATE) ? "private" : "protected";
    d = xl_report(ctx, l->params_loc, xl_lambda_space(l), r->name, word);
    xl_diag_add_note(d, xl_loc_valid(r->access) ? r->access : r->loc,
                     "'%s' is %s %s; nvcc needs every enclosing class to be "
                     "public", r->name, word,
                     xl_loc_valid(r->access) ? "because of this access "
                                               "specifier"
                                             : "by default");
  }
}
