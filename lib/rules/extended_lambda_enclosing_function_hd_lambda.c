/*
 * extended_lambda_enclosing_function_hd_lambda: an extended lambda is
 * defined inside an extended __host__ __device__ lambda (at any depth).
 * nvcc 13.0 reports it at the inner lambda's parameter list. (Inside a
 * __device__ lambda, lambdas are device code, not extended lambdas.)
 */
#include "rule_util.h"

void xl_check_extended_lambda_enclosing_function_hd_lambda(xl_rule_ctx *ctx,
                                                           const xl_facts *f) {
  XL_FOR_EACH_EXTENDED_LAMBDA(f, l) {
    xl_id p = l->parent;
    unsigned depth;
    xl_diag *d;
    for (depth = 0; p < f->nlambdas && depth < 64; depth++) {
      const xl_lambda *pl = &f->lambdas[p];
      if (xl_is_extended(pl) && pl->space == XL_SPACE_HOST_DEVICE)
        break;
      p = pl->parent;
    }
    if (p >= f->nlambdas)
      continue;
    d = xl_report(ctx, l->params_loc, xl_lambda_space(l));
    xl_diag_add_note(d, f->lambdas[p].loc,
                     "enclosing extended __host__ __device__ lambda defined "
                     "here");
  }
}
