/*
 * extended_lambda_host_return_type: std::invoke_result / std::result_of of
 * an extended __device__ lambda whose return type is deduced.
 *
 * In the host compilation nvcc replaces the lambda with a placeholder whose
 * 'operator()' is a template returning 'int'. nvcc 13.0 compiles the query
 * without a word, and the host code then works with 'int' where the device
 * returns something else (measured: a lambda returning double gives
 * sizeof(std::invoke_result_t<L, int>) == 4 on the host). Nothing is wrong
 * when the deduced type is int itself, and a trailing return type ('-> T')
 * is kept by the placeholder. The query is found where the closure is
 * named, or (u->site) inside a function template the closure is passed to:
 * result_of, invoke_result, is_invocable_r, alias templates of them and
 * 'decltype(f(x))' over the template's parameter.
 *
 * Detector: lib/frontend/introspect.c (xl_fe_intro_template_ref(),
 *   result_trait(), xl_fe_intro_window(): XL_USE_INTRO_STD_RESULT),
 *   lib/frontend/introspect_tmpl.c (xl_fe_intro_pattern(): the query inside a
 *   template the closure is passed to), lib/frontend/uses.c (on_argument(): the
 *   uses xl_fe_intro_pattern() found; keep(): deduced return types only),
 *   lib/frontend/lambda.c (read_signature(): ret_type)
 */
#include "rule_util.h"

void xl_check_extended_lambda_host_return_type(xl_rule_ctx *ctx,
                                               const xl_facts *f) {
  for (uint32_t i = 0; i < f->nuses; i++) {
    const xl_use *u = &f->uses[i];
    const xl_lambda *l;
    const char *ret;
    xl_diag *d;
    xl_note *n;

    if (u->kind != XL_USE_INTROSPECTION || u->lambda >= f->nlambdas ||
        !(u->flags & XL_USE_INTRO_STD_RESULT))
      continue;
    l = &f->lambdas[u->lambda];
    ret = xl_type_name(f, l->ret_type);
    if ((l->flags & XL_LAMBDA_GENERIC) || strcmp(ret, "int") == 0 ||
        strcmp(ret, "?") == 0)
      continue;
    d = xl_report_extended_lambda_host_return_type(
        ctx, u->loc, u->callee ? u->callee : "?", ret);
    if (xl_loc_valid(u->site)) /* a query inside a template that receives it */
      xl_diag_add_note(d, u->site, "the lambda reaches the query through "
                                   "this argument");
    xl_diag_add_note(d, l->loc,
                     "the lambda's return type is deduced; in the host "
                     "compilation nvcc replaces it with a placeholder whose "
                     "'operator()' returns 'int'");
    n = xl_diag_add_note(d, l->body, "write the return type: '-> %s'", ret);
    xl_fixit_return_type(n, l, ret);
  }
}
