/*
 * type_checks.c: local and private types in an extended lambda's interface.
 *
 * nvcc 13.0 checks these per instantiation, on concrete types: the type of
 * each captured variable, the parameter and return types of a
 * __host__ __device__ lambda's operator(), and the template arguments of the
 * enclosing function. It looks through pointers, references, arrays,
 * template arguments, member pointers and enclosing classes; into function
 * types only for operator(). When the closure is passed to a kernel, the
 * host compile also needs what the front end does not check (types inside
 * function types, the enclosing class template's arguments): those fail
 * there, and are reported too.
 */
#include "inst.h"
#include "type_checks.h"
#include "typewalk.h"

#define ACCESS (XL_TYPE_PRIVATE | XL_TYPE_PROTECTED)

/* The offending-type predicate for `which`. */
static int offends(const xl_facts *f, xl_id id, const void *ctx) {
  uint32_t which = *(const uint32_t *)ctx, fl = f->types[id].flags;

  if (which == XL_TYPE_TEMPLATE_NAME)
    return (fl & XL_TYPE_TEMPLATE_NAME) && (fl & ACCESS);
  if (which & ACCESS)
    return (fl & ACCESS) && !(fl & XL_TYPE_TEMPLATE_NAME);
  return (fl & XL_TYPE_LOCAL) != 0;
}

static xl_id find_in(const xl_facts *f, const xl_id *ids, uint32_t n,
                     uint32_t which, unsigned opts) {
  uint32_t i;
  xl_id hit = XL_NONE;

  for (i = 0; hit == XL_NONE && i < n; i++)
    hit = xl_type_find_if(f, ids[i], offends, &which, opts);
  return hit;
}

/*
 * Whether the private or protected member type `type` and every private or
 * protected class around it can be made public (issue 18): one fix, so that
 * no outer class is left to report. *outer counts those classes.
 */
static int can_widen(const xl_facts *f, xl_id type, unsigned *outer) {
  const xl_type *t = xl_facts_type(f, type);
  unsigned depth;

  *outer = 0;
  if (!t || t->parent == XL_NONE)
    return 0;
  for (depth = 0; t && depth < 32; depth++, t = xl_facts_type(f, t->parent)) {
    if ((t->flags & ACCESS) && !xl_widen_valid(t->widen))
      return 0;
    *outer += depth > 0 && (t->flags & ACCESS);
  }
  return depth < 32;
}

/* The edits can_widen allows, on note n. */
static void add_widen(xl_note *n, const xl_facts *f, xl_id type) {
  const xl_type *t = xl_facts_type(f, type);
  unsigned depth;

  for (depth = 0; t && depth < 32; depth++, t = xl_facts_type(f, t->parent))
    if (t->flags & ACCESS)
      xl_note_add_widen(n, t->widen, (t->flags & XL_TYPE_PRIVATE)
                                         ? "private"
                                         : "protected");
}

int xl_note_add_hoist(xl_note *n, const xl_facts *f, xl_id type) {
  const xl_type *t = xl_facts_type(f, type);

  if (!n || !t || !t->hoist_text || !xl_loc_valid(t->hoist_at) ||
      !xl_loc_valid(t->hoist_remove.begin))
    return 0;
  xl_note_add_fixit(n, t->hoist_remove, "");
  xl_note_add_fixit(n, xl_range_at(t->hoist_at), t->hoist_text);
  return 1;
}

void xl_note_type_decl(xl_diag *d, const xl_facts *f, xl_id type) {
  const xl_type *t = xl_facts_type(f, type);
  unsigned outer;
  xl_note *n;

  if (!t || !xl_loc_valid(t->decl))
    return;
  if ((t->flags & ACCESS) && can_widen(f, type, &outer))
    add_widen(xl_diag_add_note(d, t->decl, "'%s' declared %s here; make it "
                               "%spublic (widens the interface of '%s')",
                               t->spelling, xl_type_access_word(f, type),
                               outer ? "and the classes around it " : "",
                               xl_type_name(f, t->parent)),
              f, type);
  else if (t->flags & ACCESS)
    xl_diag_add_note(d, t->decl, "'%s' declared %s here", t->spelling,
                     xl_type_access_word(f, type));
  else if (!t->hoist_text)
    xl_diag_add_note(d, t->decl, "'%s' declared here", t->spelling);
  else {
    n = xl_diag_add_note(d, t->decl, "'%s' declared here; move it to "
                         "namespace scope", t->spelling);
    xl_note_add_hoist(n, f, type);
  }
}

/* When the closure reaches a kernel: say so (the host compile fails). */
static void note_kernel(xl_diag *d, const xl_facts *f, xl_id kernel) {
  if (kernel >= f->nfuncs)
    return;
  xl_diag_add_note(d, f->funcs[kernel].poi,
                   "the closure is passed to '%s' here; nvcc's host "
                   "compilation then fails to name the type",
                   f->funcs[kernel].name);
}

/* The kernel a lambda's closure reaches, computed once per lambda. */
typedef struct lazy_kernel {
  xl_id lambda;
  xl_id kernel;
  int known;
} lazy_kernel;

static xl_id kernel_of(lazy_kernel *k, const xl_facts *f) {
  if (!k->known) {
    k->kernel = xl_lambda_kernel(f, k->lambda);
    k->known = 1;
  }
  return k->kernel;
}

/*
 * The offending type among ids as nvcc's front end sees it; failing that,
 * when the closure reaches a kernel, among ids and host_ids looking into
 * function types too (*kernel is then set).
 */
static xl_id find_hit(const xl_facts *f, lazy_kernel *lk, uint32_t which,
                      const xl_id *ids, uint32_t n, const xl_id *host_ids,
                      uint32_t host_n, xl_id *kernel) {
  xl_id hit = find_in(f, ids, n, which, 0);

  *kernel = XL_NONE;
  if (hit != XL_NONE || kernel_of(lk, f) == XL_NONE)
    return hit;
  hit = find_in(f, ids, n, which, XL_WALK_FUNCTIONS);
  if (hit == XL_NONE)
    hit = find_in(f, host_ids, host_n, which, XL_WALK_FUNCTIONS);
  if (hit != XL_NONE)
    *kernel = lk->kernel;
  return hit;
}

/* ---- captured variables ------------------------------------------------- */

/* Report capture c under the rule `which` is about (see type_checks.h). */
static xl_diag *report_capture(xl_rule_ctx *ctx, uint32_t which,
                               const xl_facts *f, const xl_lambda *l,
                               const xl_capture *c, xl_id hit, xl_id kernel) {
  const char *space = xl_lambda_space(l), *type = xl_type_name(f, hit);
  xl_diag *d =
      (which & ACCESS)
          ? xl_report_extended_lambda_capture_private_type(
                ctx, c->loc, space, c->name, type,
                xl_type_access_word(f, hit))
          : xl_report_extended_lambda_capture_local_type(ctx, c->loc, space,
                                                         c->name, type);
  xl_id ty = c->var_type != XL_NONE ? c->var_type : c->type;

  xl_diag_add_range(d, c->range);
  if (xl_loc_valid(c->decl) && ty != hit)
    xl_diag_add_note(d, c->decl, "'%s' declared here with type '%s'",
                     c->name, xl_type_name(f, ty));
  xl_note_type_decl(d, f, hit);
  note_kernel(d, f, kernel);
  xl_note_instantiations(d, f, l->func, 0);
  return d;
}

void xl_check_capture_types(xl_rule_ctx *ctx, const xl_facts *f,
                            uint32_t which) {
  xl_causes seen = XL_CAUSES_INIT;

  XL_FOR_EACH_CONCRETE_EXTENDED_LAMBDA(f, l) {
    lazy_kernel lk = {xl_lambda_id(f, l), XL_NONE, 0};
    XL_FOR_EACH_CAPTURE(f, l, c) {
      xl_id ty = c->type != XL_NONE ? c->type : c->var_type, hit, kernel;
      uint64_t key;
      if (c->kind == XL_CAPTURE_THIS || c->kind == XL_CAPTURE_STAR_THIS)
        continue;
      hit = find_hit(f, &lk, which, &ty, 1, NULL, 0, &kernel);
      if (hit == XL_NONE)
        continue;
      key = xl_cause_key(xl_lambda_cause(f, lk.lambda), XL_CAPTURE_INDEX(f, l, c),
                         xl_type_cause(f, hit));
      if (xl_cause_new(&seen, f, key, l->func))
        xl_cause_put(&seen, key,
                     report_capture(ctx, which, f, l, c, hit, kernel));
    }
  }
  xl_causes_free(&seen);
}

/* ---- operator() of a __host__ __device__ lambda ------------------------- */

void xl_check_call_operator_types(xl_rule_ctx *ctx, const xl_facts *f,
                                  uint32_t which) {
  xl_causes seen = XL_CAUSES_INIT;

  XL_FOR_EACH_CONCRETE_EXTENDED_LAMBDA(f, l) {
    xl_id id = xl_lambda_id(f, l), hit;
    uint64_t key;
    xl_diag *d;
    if (l->space != XL_SPACE_HOST_DEVICE || (l->flags & XL_LAMBDA_GENERIC))
      continue;
    hit = find_in(f, &l->ret_type, 1, which, XL_WALK_FUNCTIONS);
    if (hit == XL_NONE)
      hit = find_in(f, l->params, l->nparams, which, XL_WALK_FUNCTIONS);
    if (hit == XL_NONE)
      continue;
    key = xl_cause_key(xl_lambda_cause(f, id), 0, xl_type_cause(f, hit));
    if (!xl_cause_new(&seen, f, key, l->func))
      continue;
    d = (which & ACCESS)
            ? xl_report_extended_lambda_call_operator_private_type(
                  ctx, l->loc, xl_type_name(f, hit),
                  xl_type_access_word(f, hit))
            : xl_report_extended_lambda_call_operator_local_type(
                  ctx, l->loc, xl_type_name(f, hit));
    xl_note_type_decl(d, f, hit);
    xl_note_instantiations(d, f, l->func, 0);
    xl_cause_put(&seen, key, d);
  }
  xl_causes_free(&seen);
}

/* ---- template arguments of the enclosing function ----------------------- */

/* The template arguments of the classes around fn (for the host compile). */
static uint32_t record_targs(const xl_facts *f, const xl_func *fn,
                             xl_id *out, uint32_t cap) {
  const xl_record *r = xl_facts_record(f, fn->record);
  uint32_t n = 0, i, depth;

  for (depth = 0; r && depth < 16; depth++) {
    for (i = 0; i < r->ntargs && n < cap; i++)
      out[n++] = r->targs[i];
    r = xl_facts_record(f, r->parent);
  }
  return n;
}

/* The finding itself, under the rule `which` is about (see type_checks.h). */
static xl_diag *parent_finding(xl_rule_ctx *ctx, uint32_t which,
                               const xl_facts *f, const xl_lambda *l,
                               const xl_func *fn, xl_id hit) {
  const char *space = xl_lambda_space(l), *type = xl_type_name(f, hit);
  const char *access = xl_type_access_word(f, hit);

  if (which == XL_TYPE_TEMPLATE_NAME)
    return xl_report_extended_lambda_parent_private_template_arg(
        ctx, l->params_loc, space, fn->name, type, access);
  if (which & ACCESS)
    return xl_report_extended_lambda_parent_private_type(
        ctx, l->params_loc, space, fn->name, type, access);
  return xl_report_extended_lambda_parent_local_type(ctx, l->params_loc, space,
                                                     fn->name, type);
}

static xl_diag *report_parent(xl_rule_ctx *ctx, uint32_t which,
                              const xl_facts *f, const xl_lambda *l,
                              const xl_func *fn, xl_id hit, xl_id kernel) {
  xl_diag *d = parent_finding(ctx, which, f, l, fn, hit);

  xl_note_type_decl(d, f, hit);
  note_kernel(d, f, kernel);
  xl_note_instantiations(d, f, l->func, 0);
  return d;
}

void xl_check_parent_types(xl_rule_ctx *ctx, const xl_facts *f,
                           uint32_t which) {
  xl_causes seen = XL_CAUSES_INIT;
  xl_id rargs[64];

  XL_FOR_EACH_CONCRETE_EXTENDED_LAMBDA(f, l) {
    const xl_func *fn = xl_lambda_func(f, l);
    lazy_kernel lk = {xl_lambda_id(f, l), XL_NONE, 0};
    xl_id hit, kernel;
    uint32_t nr;
    uint64_t key;
    if (!fn || !(fn->flags & XL_FUNC_SPECIALIZATION))
      continue;
    nr = record_targs(f, fn, rargs, 64);
    hit = find_hit(f, &lk, which, fn->targs, fn->ntargs, rargs, nr, &kernel);
    if (hit == XL_NONE)
      continue;
    key = xl_cause_key(xl_lambda_cause(f, lk.lambda), 0,
                       xl_type_cause(f, hit));
    if (xl_cause_new(&seen, f, key, l->func))
      xl_cause_put(&seen, key,
                   report_parent(ctx, which, f, l, fn, hit, kernel));
  }
  xl_causes_free(&seen);
}
