/*
 * extended_lambda_enclosing_function_not_found: an extended lambda is
 * nested in lambdas of which the outermost is not in the body of a
 * function: in a default argument, a default member initializer or a
 * namespace-scope variable. nvcc 13.0 reports it (under this tag) at the
 * inner lambda's parameter list. An extended lambda written directly in
 * such a place, without an enclosing lambda, is accepted.
 *
 * Detector: lib/frontend/lambda.c (xl_fe_lambda_begin(): parent, func),
 *   lib/frontend/scope.c (xl_fe_func_scope(): body)
 */
#include "rule_util.h"

static int in_body(const xl_facts *f, const xl_lambda *o) {
  const xl_func *fn = xl_lambda_func(f, o);

  if (!fn || !xl_loc_valid(fn->body.begin) || fn->body.begin.file != o->loc.file)
    return 0;
  return o->loc.offset >= fn->body.begin.offset &&
         o->loc.offset < fn->body.end.offset;
}

void xl_check_extended_lambda_enclosing_function_not_found(xl_rule_ctx *ctx,
                                                           const xl_facts *f) {
  XL_FOR_EACH_EXTENDED_LAMBDA(f, l) {
    const xl_lambda *o = l;
    unsigned depth;
    xl_diag *d;
    if (l->parent >= f->nlambdas)
      continue;
    for (depth = 0; o->parent < f->nlambdas && depth < 64; depth++)
      o = &f->lambdas[o->parent];
    if (in_body(f, o))
      continue;
    d = xl_report_extended_lambda_enclosing_function_not_found(
        ctx, l->params_loc, xl_lambda_space(l));
    xl_diag_add_note(d, o->loc, "the outermost enclosing lambda is not in the "
                                "body of a function");
  }
}
