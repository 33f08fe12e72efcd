/*
 * extended_lambda_parent_class_unnamed: the function enclosing an extended
 * lambda is a member of an unnamed class (a class nested in an unnamed one
 * is fine). nvcc 13.0 reports it at the lambda's parameter list.
 *
 * The fix-it gives the class a tag name ('struct {' -> 'struct
 * xl_unnamed_class_5 {', after its line), on the note: a name is a new
 * declaration in the enclosing scope, which the author should choose.
 *
 * Detector: lib/frontend/walk.c (xl_fe_add_func(): record),
 *   lib/frontend/scope.c (record_flags(): XL_RECORD_UNNAMED; record_name_at():
 *   name_at)
 */
#include "rule_util.h"

void xl_check_extended_lambda_parent_class_unnamed(xl_rule_ctx *ctx,
                                                   const xl_facts *f) {
  XL_FOR_EACH_EXTENDED_LAMBDA(f, l) {
    const xl_func *fn = xl_lambda_func(f, l);
    const xl_record *r = fn ? xl_facts_record(f, fn->record) : NULL;
    char name[48];
    xl_diag *d;
    xl_note *n;
    if (!r || !(r->flags & XL_RECORD_UNNAMED))
      continue;
    d = xl_report_extended_lambda_parent_class_unnamed(
        ctx, l->params_loc, xl_lambda_space(l), fn->name);
    n = xl_diag_add_note(d, r->loc, "the class is unnamed here; give it a name");
    if (!xl_loc_valid(r->name_at))
      continue;
    snprintf(name, sizeof(name), " xl_unnamed_class_%u", r->loc.line);
    xl_note_add_fixit(n, xl_range_at(r->name_at), name);
  }
}
