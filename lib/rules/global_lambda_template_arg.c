/*
 * global_lambda_template_arg: the closure type of a lambda that is not an
 * extended lambda (an unannotated lambda in host code) is a template
 * argument of a __global__ function template specialization. nvcc 13.0
 * reports it where the specialization is first requested. Closures of
 * lambdas defined in device code are allowed. A kernel that a library
 * template launches (thrust::for_each, CUB) is found by following the
 * closure through the library (instances.c, FE_WALK_KERNELS) and is
 * reported where user code calls the library.
 *
 * Detector: lib/frontend/instances.c (xl_fe_note_specialization(), add_spec():
 *   __global__ specializations, poi; fill_targs(): targs), lib/frontend/types.c
 *   (xl_fe_type(): XL_TYPE_CLOSURE, XL_TYPE_EXTENDED_CLOSURE),
 *   lib/frontend/scope.c (xl_fe_lambda_scope(): the closure's lambda),
 *   lib/frontend/lambda.c (context_flags(): XL_LAMBDA_DEVICE_CONTEXT)
 */

#include "inst.h"
#include "type_checks.h"
#include "typewalk.h"

static int host_closure(const xl_facts *f, xl_id id, const void *ctx) {
  const xl_type *t = &f->types[id];
  (void)ctx;

  if (!(t->flags & XL_TYPE_CLOSURE) || (t->flags & XL_TYPE_EXTENDED_CLOSURE))
    return 0;
  return t->lambda >= f->nlambdas ||
         !(f->lambdas[t->lambda].flags & XL_LAMBDA_DEVICE_CONTEXT);
}

/* Where the lambda is, and how to make it an extended lambda. */
static void note_lambda(xl_diag *d, const xl_facts *f, xl_id lambda) {
  const xl_lambda *l = lambda < f->nlambdas ? &f->lambdas[lambda] : NULL;
  xl_note *n;

  if (!l)
    return;
  n = xl_diag_add_note(d, l->loc,
                       "lambda defined here; annotate it '__device__' to make "
                       "it an extended lambda");
  /* keep the file's spacing: '[](int v)' becomes '[] __device__ (int v)' */
  if (xl_loc_valid(l->intro.end) && l->space == XL_SPACE_NONE)
    xl_note_add_fixit(n, xl_range_at(l->intro.end),
                      l->params_loc.offset == l->intro.end.offset
                          ? " __device__ "
                          : " __device__");
}

static xl_id lambda_of(const xl_facts *f, xl_id hit) {
  return f->types[hit].lambda;
}

static xl_diag *report(xl_rule_ctx *ctx, const xl_facts *f, xl_loc at,
                       xl_id hit, const char *kernel) {
  xl_diag *d = xl_report_global_lambda_template_arg(ctx, at, kernel);

  note_lambda(d, f, f->types[hit].lambda);
  return d;
}

/*
 * A kernel a library launches (thrust::for_each's, CUB's) is reported where
 * user code requests the library template, once per lambda and place: nvcc
 * reports it there too, at the end of its instantiation trace.
 */
void xl_check_global_lambda_template_arg(xl_rule_ctx *ctx,
                                         const xl_facts *f) {
  static const xl_kernel_targ_rule rule = {host_closure, lambda_of, report};

  xl_kernel_targs_report(ctx, f, &rule);
}
