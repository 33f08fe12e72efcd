/*
 * global_func_local_template_arg: a type defined inside a host function is a
 * template argument (anywhere inside, function types included) of a
 * __global__ function template specialization. nvcc 13.0 reports it where
 * the specialization is first requested (the kernel launch or call), once
 * per specialization. Closure types are left to global_lambda_template_arg
 * (and extended lambdas' closures are allowed).
 *
 * Detector: lib/frontend/instances.c (xl_fe_note_specialization(), add_spec():
 *   __global__ specializations, poi; fill_targs(): targs), lib/frontend/types.c
 *   (decl_flags(): XL_TYPE_LOCAL; xl_fe_type(): XL_TYPE_CLOSURE),
 *   lib/frontend/hoist.c (xl_fe_type_hoist(): the move to namespace scope)
 */

#include "inst.h"
#include "type_checks.h"
#include "typewalk.h"

static int local_type(const xl_facts *f, xl_id id, const void *ctx) {
  uint32_t fl = f->types[id].flags;
  (void)ctx;

  return (fl & XL_TYPE_LOCAL) && !(fl & XL_TYPE_CLOSURE);
}

static xl_diag *report(xl_rule_ctx *ctx, const xl_facts *f, xl_loc at,
                       xl_id hit, const char *kernel) {
  xl_diag *d = xl_report_global_func_local_template_arg(
      ctx, at, xl_type_name(f, hit), kernel);

  xl_note_type_decl(d, f, hit);
  return d;
}

/* A kernel a library launches (thrust::for_each with a local functor) is
 * reported where user code calls the library, once per type and place. */
void xl_check_global_func_local_template_arg(xl_rule_ctx *ctx,
                                             const xl_facts *f) {
  static const xl_kernel_targ_rule rule = {local_type, xl_type_cause, report};

  xl_kernel_targs_report(ctx, f, &rule);
}
