/*
 * extended_lambda_enclosing_function_hd_lambda: an extended lambda is
 * defined inside an extended __host__ __device__ lambda (at any depth).
 * nvcc 13.0 reports it at the inner lambda's parameter list. (Inside a
 * __device__ lambda, lambdas are device code, not extended lambdas.)
 *
 * Fix-it (issue 18), on a note: remove the inner lambda's annotation. An
 * unannotated lambda in the body of a __host__ __device__ lambda is
 * compiled for both sides, as its enclosing lambda is, so it still runs on
 * the device; it gains a host side, so its body must compile for the host
 * (not offered when it names something that exists only on the device),
 * and the annotation must be written in the file.
 *
 * Detector: lib/frontend/lambda.c (xl_fe_lambda_begin(): parent, space;
 *   xl_fe_note_device_ref(): XL_LAMBDA_DEVICE_REFS), lib/frontend/scope.c
 *   (read_declarator(): host_annot, device_annot)
 */
#include "rule_util.h"

static void suggest(xl_diag *d, const xl_lambda *l) {
  xl_range r = l->device_annot;
  xl_note *n;

  /* '__host__ __device__': one edit (clang merges adjacent ones) */
  if (l->space == XL_SPACE_HOST_DEVICE)
    r.begin = l->host_annot.end.offset == r.begin.offset ? l->host_annot.begin
                                                         : xl_loc_none();
  if ((l->flags & (XL_LAMBDA_MACRO | XL_LAMBDA_DEVICE_REFS)) ||
      !xl_loc_valid(r.begin) || !xl_loc_valid(r.end))
    return;
  n = xl_diag_add_note(d, l->loc,
                       "remove '%s': a lambda in the body of a __host__ "
                       "__device__ lambda is compiled for both sides, as that "
                       "lambda is",
                       xl_lambda_space(l));
  xl_note_add_fixit(n, r, "");
}

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
    d = xl_report_extended_lambda_enclosing_function_hd_lambda(
        ctx, l->params_loc, xl_lambda_space(l));
    xl_diag_add_note(d, f->lambdas[p].loc,
                     "enclosing extended __host__ __device__ lambda defined "
                     "here");
    suggest(d, l);
  }
}
