/*
 * extended_lambda_host_introspection: host code inspects 'operator()' of an
 * extended __device__ lambda.
 *
 * In the host compilation nvcc replaces the lambda with a placeholder,
 * __nv_dl_wrapper_t, whose 'operator()' is a template returning 'int' (or
 * the trailing return type, when one is written). Measured with nvcc 13.0
 * (`nvcc --extended-lambda -c`):
 *   - '&L::operator()' and an unevaluated call 'decltype(lam(x))': rejected by
 *     nvcc's front end when the return type is deduced; with a trailing
 *     return type '&L::operator()' fails in the host compiler;
 *   - cuda::std::invoke_result / result_of: a static assertion in nvcc's
 *     front end when the return type is deduced;
 *   - a class template that takes '&F::operator()' (function traits): fails
 *     in the host compiler ("'decltype' cannot resolve address of overloaded
 *     function").
 * std::invoke_result and std::result_of compile, with the wrong type:
 * extended_lambda_host_return_type. __host__ __device__ lambdas keep their
 * real call operator and are not affected.
 *
 * Detector: lib/frontend/introspect.c (xl_fe_intro_conversion(),
 *   xl_fe_intro_operator_ref(), xl_fe_intro_template_ref(),
 *   xl_fe_intro_window(): XL_USE_INTROSPECTION), lib/frontend/introspect_tmpl.c
 *   (xl_fe_intro_pattern(): queries in a template the closure is passed to),
 *   lib/frontend/cccl_queries.c (xl_fe_cccl_query(): CCCL algorithms that
 *   ask for their function object's result type, such as thrust::reduce),
 *   lib/frontend/uses.c (on_argument(): the uses xl_fe_intro_pattern() found;
 *   keep(): what nvcc rejects; xl_fe_uses_lambda(): XL_LAMBDA_TRAILING_RETURN)
 */
#include "spacefix.h"

static const char *how(char *buf, size_t n, const xl_use *u) {
  if (u->flags & XL_USE_INTRO_OPERATOR)
    return "by taking its address";
  if (u->flags & XL_USE_INTRO_CALL)
    return "by calling it in an unevaluated operand";
  snprintf(buf, n, "through '%s'", u->callee ? u->callee : "?");
  return buf;
}

static void explain(xl_diag *d, const xl_use *u, const xl_lambda *l) {
  int trailing = (l->flags & XL_LAMBDA_TRAILING_RETURN) != 0;

  if (u->flags & XL_USE_INTRO_TRAITS)
    xl_diag_add_note(d, xl_loc_valid(u->site) ? u->site : u->loc,
                     "in the host compilation '%s' gets nvcc's placeholder "
                     "'__nv_dl_wrapper_t', whose 'operator()' is a template: "
                     "'&F::operator()' does not resolve and the host compiler "
                     "fails",
                     u->callee ? u->callee : "?");
  else if (u->flags & XL_USE_INTRO_CCCL_RESULT)
    xl_diag_add_note(d, l->loc,
                     "the lambda's return type is deduced, and host code sees "
                     "only nvcc's placeholder: %s rejects the query with a "
                     "static assertion",
                     xl_loc_valid(u->site) ? "the host compile" /* template */
                                           : "nvcc's front end");
  else if (trailing)
    xl_diag_add_note(d, l->loc,
                     "in the host compilation the lambda is nvcc's placeholder "
                     "'__nv_dl_wrapper_t', whose 'operator()' is a template: "
                     "its address does not resolve and the host compiler "
                     "fails");
  else
    xl_diag_add_note(d, l->loc,
                     "the lambda's return type is deduced, so nvcc's front end "
                     "rejects any reference to its 'operator()' outside device "
                     "code");
}

/* The return type, when the note can write it: a deduced, spellable type. */
static const char *writable_return(const xl_facts *f, const xl_lambda *l) {
  const char *ret = xl_type_name(f, l->ret_type);

  if ((l->flags & (XL_LAMBDA_GENERIC | XL_LAMBDA_TRAILING_RETURN |
                   XL_LAMBDA_MACRO)) ||
      strcmp(ret, "?") == 0 || strchr(ret, '(') || strchr(ret, '<'))
    return NULL;
  return ret;
}

static void suggest(xl_diag *d, const xl_facts *f, const xl_use *u,
                    const xl_lambda *l) {
  const char *ret = writable_return(f, l);
  xl_note *n;

  if (u->flags & (XL_USE_INTRO_CALL | XL_USE_INTRO_CCCL_RESULT)) {
    n = xl_diag_add_note(d, l->params_loc,
                         "write the return type ('-> T') so that host code "
                         "can know it");
    if (ret)
      xl_fixit_return_type(n, l, ret);
  } else if (!xl_spacefix_add_host(d, f, l, "host code sees its real "
                                            "'operator()'"))
    xl_diag_add_note(d, l->loc,
                     "inspect a __host__ __device__ lambda or a named function "
                     "object instead");
}

void xl_check_extended_lambda_host_introspection(xl_rule_ctx *ctx,
                                                 const xl_facts *f) {
  for (uint32_t i = 0; i < f->nuses; i++) {
    const xl_use *u = &f->uses[i];
    const xl_lambda *l;
    char buf[256];
    xl_diag *d;

    if (u->kind != XL_USE_INTROSPECTION || u->lambda >= f->nlambdas ||
        !(u->flags & ~XL_USE_INTRO_STD_RESULT))
      continue;
    l = &f->lambdas[u->lambda];
    d = xl_report_extended_lambda_host_introspection(ctx, u->loc,
                                                     how(buf, sizeof(buf), u));
    explain(d, u, l);
    suggest(d, f, u, l);
  }
}
