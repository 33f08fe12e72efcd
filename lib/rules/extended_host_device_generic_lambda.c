/*
 * extended_host_device_generic_lambda: an extended __host__ __device__
 * lambda is generic ('auto' or 'auto...' parameters, a C++20 template
 * parameter list). nvcc 13.0 reports it at the lambda's '[', at the
 * definition. A generic __device__ lambda is allowed: when the '__host__'
 * is written directly (not by a macro) and host code never calls the
 * lambda, a note offers to remove it.
 *
 * Detector: lib/frontend/lambda.c (xl_fe_lambda_begin(): the space,
 *   XL_LAMBDA_GENERIC), lib/frontend/scope.c (read_declarator(): host_annot),
 *   lib/frontend/instances.c (note_host_call(), apply_host_calls():
 *   XL_LAMBDA_HOST_CALLED)
 */
#include "rule_util.h"

void xl_check_extended_host_device_generic_lambda(xl_rule_ctx *ctx,
                                                  const xl_facts *f) {
  XL_FOR_EACH_EXTENDED_LAMBDA(f, l) {
    xl_diag *d;
    xl_note *n;
    if (l->space != XL_SPACE_HOST_DEVICE || !(l->flags & XL_LAMBDA_GENERIC))
      continue;
    d = xl_report_extended_host_device_generic_lambda(ctx, l->loc);
    if (!xl_loc_valid(l->host_annot.begin) ||
        (l->flags & XL_LAMBDA_HOST_CALLED)) {
      xl_diag_add_note(d, l->loc, "a __device__ lambda can be generic; or "
                                  "give the parameters explicit types");
      continue;
    }
    n = xl_diag_add_note(d, l->host_annot.begin,
                         "host code does not call this lambda; remove "
                         "'__host__' to make it a generic __device__ lambda");
    xl_note_add_fixit(n, l->host_annot, "");
  }
}
