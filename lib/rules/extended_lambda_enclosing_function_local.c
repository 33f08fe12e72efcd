/*
 * extended_lambda_enclosing_function_local: the function enclosing an
 * extended lambda is a member of a class defined inside a function (at any
 * depth of nesting). nvcc 13.0 reports it at the lambda's parameter list.
 *
 * The note moves the outermost local class to namespace scope when the
 * frontend proved it can (xl_type.hoist_*): on the note, since it adds a
 * name there.
 *
 * Detector: lib/frontend/walk.c (xl_fe_add_func(): record),
 *   lib/frontend/scope.c (xl_fe_record(), record_flags(): XL_RECORD_LOCAL,
 *   parent), lib/frontend/hoist.c (xl_fe_type_hoist(): the move to namespace
 *   scope)
 */
#include "rule_util.h"
#include "type_checks.h"

void xl_check_extended_lambda_enclosing_function_local(xl_rule_ctx *ctx,
                                                       const xl_facts *f) {
  XL_FOR_EACH_EXTENDED_LAMBDA(f, l) {
    const xl_func *fn = xl_lambda_func(f, l);
    const xl_record *r = fn ? xl_facts_record(f, fn->record) : NULL, *local;
    xl_diag *d;
    xl_note *n;
    unsigned depth;
    for (local = NULL, depth = 0; r && depth < 32; depth++) {
      if (r->flags & XL_RECORD_LOCAL)
        local = r;
      r = xl_facts_record(f, r->parent);
    }
    if (!local)
      continue;
    d = xl_report_extended_lambda_enclosing_function_local(
        ctx, l->params_loc, xl_lambda_space(l), fn->name);
    n = xl_diag_add_note(d, local->loc,
                         "'%s' is defined inside a function; move it to "
                         "namespace scope", local->name);
    xl_note_add_hoist(n, f, local->type);
  }
}
