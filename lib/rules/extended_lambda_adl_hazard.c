/*
 * extended_lambda_adl_hazard: an extended lambda reaches an unqualified call
 * whose argument-dependent lookup nvcc's placeholder type widens.
 *
 * In the host compilation nvcc replaces the lambda with
 * __nv_dl_wrapper_t<__nv_dl_tag<F *, &f, N>, Captures...>: the type of the
 * enclosing function f (a member function's class with its template
 * arguments), the captured variables' types and the global namespace
 * become part of the argument's associated namespaces. Lambdas in
 * templates are seen in each instantiation (uses.c, on_instance_call). A function
 * of the call's name declared in one of them joins overload resolution in
 * the host compilation only: an ambiguity error far from the cause, or
 * (measured with nvcc 13.0, test/gpu/adl_hazard.cu) silently another
 * overload. The frontend records the call only when such a function exists.
 *
 * Detector: lib/frontend/uses.c (on_argument(), on_instance_call(): unqualified
 *   calls that receive a closure), lib/frontend/adl.c (xl_fe_adl_resolve(),
 *   add_hazard(): the XL_USE_UNQUALIFIED_CALL use, when a namespace of the
 *   placeholder declares a function of the call's name)
 */
#include "rule_util.h"

/* "foo" of "N2::foo" */
static const char *last_name(const char *q) {
  const char *p = q ? strrchr(q, ':') : NULL;

  return p ? p + 1 : (q ? q : "?");
}

static void suggest(xl_diag *d, const xl_use *u) {
  char prefix[256];
  const char *name = last_name(u->callee);
  size_t n = (size_t)(name - u->callee);
  xl_loc at = xl_loc_valid(u->site) ? u->site : u->loc;
  xl_note *note;

  if (!u->callee || n < 2 || n >= sizeof(prefix))
    snprintf(prefix, sizeof(prefix), "::");
  else
    snprintf(prefix, sizeof(prefix), "%.*s", (int)n, u->callee);
  note = xl_diag_add_note(d, at,
                          "qualify the call ('%s%s') to keep the other "
                          "namespace out of the lookup",
                          prefix, name);
  if (xl_loc_valid(u->site))
    xl_note_add_fixit(note, xl_range_at(u->site), prefix);
}

void xl_check_extended_lambda_adl_hazard(xl_rule_ctx *ctx, const xl_facts *f) {
  for (uint32_t i = 0; i < f->nuses; i++) {
    const xl_use *u = &f->uses[i];
    char where[300];
    const xl_lambda *l;
    xl_diag *d;

    if (u->kind != XL_USE_UNQUALIFIED_CALL || u->lambda >= f->nlambdas)
      continue;
    l = &f->lambdas[u->lambda];
    if (u->detail && *u->detail)
      snprintf(where, sizeof(where), "namespace '%s'", u->detail);
    else
      snprintf(where, sizeof(where), "the global namespace");
    d = xl_report_extended_lambda_adl_hazard(ctx, u->loc, last_name(u->callee),
                                             where);
    if (xl_loc_valid(u->site))
      xl_diag_add_note(d, u->site, "the unqualified call is here");
    xl_diag_add_note(d, u->callee_decl,
                     "in the host compilation lookup also finds this '%s'",
                     last_name(u->callee));
    xl_diag_add_note(d, l->loc,
                     "nvcc's placeholder for this lambda names its enclosing "
                     "function, whose signature, class or captured variables "
                     "bring in %s",
                     where);
    suggest(d, u);
  }
}
