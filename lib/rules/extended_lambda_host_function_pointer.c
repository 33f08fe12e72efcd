/*
 * extended_lambda_host_function_pointer: host code converts an extended
 * __device__ lambda to a function pointer ('fp = lam', '+lam',
 * 'static_cast<F *>(lam)', or passing it where a function pointer is
 * expected).
 *
 * In the host compilation nvcc replaces the lambda with a placeholder object
 * (__nv_dl_wrapper_t) that has no conversion to a function pointer, so the
 * host compiler fails there ("cannot convert '__nv_dl_wrapper_t<...>' to
 * ..."). clang rejects the same code while parsing ("reference to
 * __device__ function 'operator()'"); that error is replaced by this one.
 * __host__ __device__ lambdas keep the conversion: a note offers to write
 * '__host__' where the body can compile for the host (spacefix.h).
 *
 * Detector: lib/frontend/introspect.c (xl_fe_intro_conversion():
 *   XL_USE_FUNCTION_POINTER), lib/frontend/uses.c (resolve(), keep():
 *   __device__ lambdas only)
 */
#include "spacefix.h"

void xl_check_extended_lambda_host_function_pointer(xl_rule_ctx *ctx,
                                                    const xl_facts *f) {
  for (uint32_t i = 0; i < f->nuses; i++) {
    const xl_use *u = &f->uses[i];
    const xl_lambda *l;
    xl_diag *d;

    if (u->kind != XL_USE_FUNCTION_POINTER || u->lambda >= f->nlambdas)
      continue;
    l = &f->lambdas[u->lambda];
    d = xl_report_extended_lambda_host_function_pointer(ctx, u->loc);
    xl_diag_add_note(d, l->loc,
                     "in the host compilation nvcc replaces this lambda with "
                     "a placeholder object ('__nv_dl_wrapper_t') that has no "
                     "conversion to a function pointer, so the host compiler "
                     "fails where it is converted");
    if (!xl_spacefix_add_host(d, f, l, "its host 'operator()' keeps the "
                                       "conversion"))
      xl_diag_add_note(d, l->loc,
                       "a __host__ __device__ lambda keeps the conversion; or "
                       "pass the lambda object itself, as a template "
                       "parameter");
  }
}
