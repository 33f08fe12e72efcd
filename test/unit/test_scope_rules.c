/*
 * test_scope_rules.c: the type, enclosing-function, nesting and specifier
 * rules on hand-built facts.
 */
#include "builder.h"

/* A specialization of `pattern` requested at line poi. */
static xl_id tb_spec(xl_facts *f, const char *name, xl_id targ, unsigned poi) {
  xl_id fn = tb_func(f, name, XL_FUNC_SPECIALIZATION, 2);

  f->funcs[fn].targs = xl_facts_ids(f, &targ, 1);
  f->funcs[fn].ntargs = 1;
  f->funcs[fn].poi = tb_loc(poi, 3);
  return fn;
}

static xl_id tb_param(xl_facts *f, const char *name, uint32_t flags) {
  xl_tparam *tp;
  xl_id id;

  ck_assert_int_eq(xl_facts_add_tparam(&tp, &id, f), XL_OK);
  tp->name = name ? xl_facts_strdup(f, name) : NULL;
  tp->flags = flags;
  tp->loc = tb_loc(1, 10 + id);
  return id;
}

START_TEST(parent_local_type_once_per_cause_with_instantiations) {
  xl_facts *f = tb_facts();
  xl_id l = tb_type(f, XL_TYPE_RECORD, "L", XL_TYPE_LOCAL, XL_NONE, 0);
  xl_id lp = tb_type(f, XL_TYPE_POINTER, "L *", 0, l, 0);
  xl_id intt = tb_type(f, XL_TYPE_BUILTIN, "int", 0, XL_NONE, 0);
  xl_id s1 = tb_spec(f, "bar<L>", l, 20);
  xl_id s2 = tb_spec(f, "bar<L *>", lp, 21);
  xl_id s3 = tb_spec(f, "bar<int>", intt, 22);
  xl_id pattern = tb_lambda(f, 3, XL_SPACE_DEVICE, 0);
  xl_id ids[3] = {s1, s2, s3};
  xl_diags *d;
  unsigned i;

  f->types[l].decl = tb_loc(19, 10);
  f->lambdas[pattern].flags |= XL_LAMBDA_DEPENDENT;
  for (i = 0; i < 3; i++) {
    xl_id inst = tb_lambda(f, 3, XL_SPACE_DEVICE, 0);
    f->lambdas[inst].flags |= XL_LAMBDA_INSTANCE;
    f->lambdas[inst].pattern = pattern;
    f->lambdas[inst].func = ids[i];
    f->lambdas[inst].params_loc = tb_loc(3, 25);
  }
  d = tb_run(f, "extended_lambda_parent_local_type");
  ck_assert_uint_eq(d->count, 1);
  ck_assert_uint_eq(d->items[0]->loc.col, 25);
  ck_assert_str_eq(d->items[0]->message,
                   "extended __device__ lambda cannot be defined in 'bar<L>': "
                   "its template arguments involve 'L', a type local to a "
                   "function");
  ck_assert_uint_eq(d->items[0]->nnotes, 3); /* decl + two instantiations */
  ck_assert_uint_eq(d->items[0]->notes[1]->loc.line, 20);
  ck_assert_uint_eq(d->items[0]->notes[2]->loc.line, 21);
  xl_diags_free(d);
  xl_facts_free(f);
}
END_TEST

START_TEST(capture_private_type_skips_template_patterns) {
  xl_facts *f = tb_facts();
  xl_id priv = tb_type(f, XL_TYPE_RECORD, "P::Priv", XL_TYPE_PRIVATE,
                       XL_NONE, 0);
  xl_id box = tb_type(f, XL_TYPE_RECORD, "Box<P::Priv>", 0, XL_NONE, 0);
  xl_id a = tb_lambda(f, 3, XL_SPACE_DEVICE, 0);
  xl_id b = tb_lambda(f, 5, XL_SPACE_DEVICE, 0);
  xl_capture *c;
  xl_diags *d;

  tb_args(f, box, &priv, 1);
  c = tb_capture(f, a, XL_CAPTURE_VAR, XL_CAPTURE_EXPLICIT, "w", 3, 12);
  c->type = c->var_type = box;
  c = tb_capture(f, b, XL_CAPTURE_VAR, XL_CAPTURE_EXPLICIT, "w", 5, 12);
  c->type = c->var_type = box;
  f->lambdas[b].flags |= XL_LAMBDA_DEPENDENT; /* checked per instance */
  d = tb_run(f, "extended_lambda_capture_private_type");
  ck_assert_uint_eq(d->count, 1);
  ck_assert_uint_eq(d->items[0]->loc.line, 3);
  ck_assert_str_eq(d->items[0]->message,
                   "extended __device__ lambda cannot capture 'w': its type "
                   "involves 'P::Priv', a private class member");
  xl_diags_free(d);
  xl_facts_free(f);
}
END_TEST

START_TEST(call_operator_types_only_for_host_device) {
  xl_facts *f = tb_facts();
  xl_id l = tb_type(f, XL_TYPE_RECORD, "L", XL_TYPE_LOCAL, XL_NONE, 0);
  xl_id voidt = tb_type(f, XL_TYPE_BUILTIN, "void", 0, XL_NONE, 0);
  xl_id fn = tb_type(f, XL_TYPE_FUNCTION, "void (L)", 0, voidt, 0);
  xl_id fp = tb_type(f, XL_TYPE_POINTER, "void (*)(L)", 0, fn, 0);
  xl_id hd = tb_lambda(f, 3, XL_SPACE_HOST_DEVICE, 0);
  xl_id dev = tb_lambda(f, 4, XL_SPACE_DEVICE, 0);
  xl_diags *d;

  tb_args(f, fn, &l, 1);
  f->lambdas[hd].params = xl_facts_ids(f, &fp, 1);
  f->lambdas[hd].nparams = 1;
  f->lambdas[dev].params = xl_facts_ids(f, &fp, 1);
  f->lambdas[dev].nparams = 1;
  d = tb_run(f, "extended_lambda_call_operator_local_type");
  ck_assert_uint_eq(d->count, 1); /* function types are entered here */
  ck_assert_uint_eq(d->items[0]->loc.line, 3);
  xl_diags_free(d);
  xl_facts_free(f);
}
END_TEST

START_TEST(deduced_return_fix_only_when_spellable) {
  xl_facts *f = tb_facts();
  xl_id intt = tb_type(f, XL_TYPE_BUILTIN, "int", 0, XL_NONE, 0);
  xl_id fn = tb_func(f, "f", XL_FUNC_DEDUCED_RETURN, 2);
  xl_id l = tb_lambda(f, 3, XL_SPACE_DEVICE, 0);
  xl_diags *d;

  f->lambdas[l].func = fn;
  f->funcs[fn].ret_type = intt;
  f->funcs[fn].ret_spelling = "int";
  f->funcs[fn].ret_range = xl_range_make(tb_loc(2, 1), tb_loc(2, 5));
  d = tb_run(f, "extended_lambda_enclosing_function_deducible");
  ck_assert_uint_eq(d->count, 1);
  ck_assert_uint_eq(d->items[0]->nfixits, 0); /* changes the declaration */
  ck_assert_uint_eq(d->items[0]->notes[0]->nfixits, 1);
  ck_assert_str_eq(d->items[0]->notes[0]->fixits[0].text, "int");
  xl_diags_free(d);
  f->funcs[fn].flags |= XL_FUNC_HAS_DECL; /* another declaration: no fix */
  d = tb_run(f, "extended_lambda_enclosing_function_deducible");
  ck_assert_uint_eq(d->items[0]->notes[0]->nfixits, 0);
  xl_diags_free(d);
  xl_facts_free(f);
}
END_TEST

START_TEST(nesting_rules_follow_the_parent_chain) {
  xl_facts *f = tb_facts();
  xl_id fn = tb_func(f, "f", 0, 1);
  xl_id hd = tb_lambda(f, 3, XL_SPACE_HOST_DEVICE, 0);
  xl_id mid = tb_lambda(f, 4, XL_SPACE_NONE, 0);
  xl_id inner = tb_lambda(f, 5, XL_SPACE_DEVICE, 0);
  xl_diags *d;

  f->funcs[fn].body = xl_range_make(tb_loc(2, 1), tb_loc(9, 1));
  f->lambdas[hd].func = f->lambdas[mid].func = f->lambdas[inner].func = fn;
  f->lambdas[mid].flags = 0; /* a plain lambda in between */
  f->lambdas[mid].parent = hd;
  f->lambdas[inner].parent = mid;
  d = tb_run(f, "extended_lambda_enclosing_function_hd_lambda");
  ck_assert_uint_eq(d->count, 1);
  ck_assert_uint_eq(d->items[0]->loc.line, 5);
  xl_diags_free(d);
  d = tb_run(f, "extended_lambda_enclosing_function_not_found");
  ck_assert_uint_eq(d->count, 0); /* the outermost is in the body */
  xl_diags_free(d);
  f->lambdas[hd].loc = tb_loc(1, 30); /* in a default argument */
  d = tb_run(f, "extended_lambda_enclosing_function_not_found");
  ck_assert_uint_eq(d->count, 1);
  xl_diags_free(d);
  f->lambdas[mid].flags |= XL_LAMBDA_GENERIC;
  d = tb_run(f, "extended_lambda_enclosing_function_generic_lambda");
  ck_assert_uint_eq(d->count, 1);
  xl_diags_free(d);
  xl_facts_free(f);
}
END_TEST

START_TEST(disallowed_only_for_nvcc_without_the_flag) {
  xl_facts *f = tb_facts();
  xl_id l = tb_lambda(f, 3, XL_SPACE_HOST, 0);
  xl_diags *d;

  f->lambdas[l].flags = 0; /* not extended: nvcc rejects it outright */
  d = tb_run(f, "extended_lambda_disallowed");
  ck_assert_uint_eq(d->count, 0); /* not an nvcc command */
  xl_diags_free(d);
  f->flags |= XL_FACTS_NVCC_COMMAND;
  d = tb_run(f, "extended_lambda_disallowed");
  ck_assert_uint_eq(d->count, 1);
  ck_assert_str_eq(d->items[0]->message,
                   "__host__ lambda requires nvcc's '--extended-lambda' flag");
  xl_diags_free(d);
  f->flags |= XL_FACTS_EXTENDED_LAMBDA;
  d = tb_run(f, "extended_lambda_disallowed");
  ck_assert_uint_eq(d->count, 0);
  xl_diags_free(d);
  xl_facts_free(f);
}
END_TEST

START_TEST(template_parameter_lists) {
  xl_facts *f = tb_facts();
  xl_id fn = tb_func(f, "g<int, char>", XL_FUNC_SPECIALIZATION, 2);
  xl_id tmpl = tb_func(f, "g", XL_FUNC_TEMPLATE, 2);
  xl_id inst = tb_lambda(f, 3, XL_SPACE_DEVICE, 0);
  xl_id pat = tb_lambda(f, 3, XL_SPACE_DEVICE, 0);
  static const struct {
    const char *name;
    size_t count;
  } specs[] = {{"S<int, float>", 1}, {"S<int>", 0}, {"S<int, (1 > 2)>", 1},
               {"ns::S<Outer<int, char> >", 0}, {"T<int>::S<A<B>, C>", 1}};
  xl_id p0, rec, spec;
  xl_record *r;
  xl_diags *d;
  size_t i;

  f->lambdas[inst].func = fn;
  f->lambdas[inst].flags |= XL_LAMBDA_INSTANCE;
  f->lambdas[inst].pattern = pat;
  f->lambdas[pat].func = tmpl;
  f->lambdas[pat].flags |= XL_LAMBDA_DEPENDENT;
  f->funcs[fn].pattern = tmpl;
  p0 = tb_param(f, "A", XL_TPARAM_TYPE | XL_TPARAM_PACK);
  tb_param(f, "B", XL_TPARAM_TYPE);
  f->funcs[fn].first_tparam = f->funcs[tmpl].first_tparam = p0;
  f->funcs[fn].ntparams = f->funcs[tmpl].ntparams = 2;
  d = tb_run(f, "extended_lambda_multiple_parameter_packs");
  ck_assert_uint_eq(d->count, 1); /* a pack that is not last */
  ck_assert_str_eq(d->items[0]->message,
                   "extended __device__ lambda cannot be defined in the "
                   "function template 'g': it has a template parameter pack "
                   "that is not its last parameter");
  xl_diags_free(d);
  d = tb_run(f, "extended_lambda_parent_template_param_unnamed");
  ck_assert_uint_eq(d->count, 0);
  xl_diags_free(d);
  f->tparams[p0 + 1].name = NULL;
  d = tb_run(f, "extended_lambda_parent_template_param_unnamed");
  ck_assert_uint_eq(d->count, 1); /* the pattern, at the definition */
  xl_diags_free(d);
  ck_assert_int_eq(xl_facts_add_record(&r, &rec, f), XL_OK);
  r->name = "S";
  r->flags = XL_RECORD_TEMPLATE;
  r->first_tparam = p0;
  r->ntparams = 2;
  f->funcs[tmpl].record = rec;
  f->tparams[p0].flags = XL_TPARAM_TYPE;
  d = tb_run(f, "extended_lambda_nest_parent_template_param_unnamed");
  ck_assert_uint_eq(d->count, 1); /* 'template <class A, class>' */
  ck_assert_str_eq(d->items[0]->notes[0]->message,
                   "template parameter 2 is unnamed; give it a name");
  xl_diags_free(d);
  f->tparams[p0 + 1].flags |= XL_TPARAM_DEFAULT; /* 'class = void' */
  d = tb_run(f, "extended_lambda_nest_parent_template_param_unnamed");
  ck_assert_uint_eq(d->count, 0);
  xl_diags_free(d);
  f->tparams[p0 + 1].flags = XL_TPARAM_TYPE | XL_TPARAM_PACK; /* 'class...' */
  d = tb_run(f, "extended_lambda_nest_parent_template_param_unnamed");
  ck_assert_uint_eq(d->count, 0); /* only a non-empty instantiation fails */
  xl_diags_free(d);
  f->tparams[p0 + 1].flags = XL_TPARAM_TYPE;
  f->tparams[p0].name = NULL;
  d = tb_run(f, "extended_lambda_nest_parent_template_param_unnamed");
  ck_assert_uint_eq(d->count, 0); /* the first is unnamed: it compiles */
  xl_diags_free(d);
  /* 'template <class A, class = void>': the instantiations whose name
     writes the second argument (clang leaves out trailing defaults) */
  f->tparams[p0].name = "A";
  f->tparams[p0 + 1].flags = XL_TPARAM_TYPE | XL_TPARAM_DEFAULT;
  ck_assert_int_eq(xl_facts_add_record(&r, &spec, f), XL_OK);
  r->flags = XL_RECORD_SPECIALIZATION;
  r->first_tparam = p0;
  r->ntparams = 2;
  r->pattern = rec;
  f->funcs[fn].record = spec;
  for (i = 0; i < sizeof(specs) / sizeof(*specs); i++) {
    f->records[spec].name = specs[i].name;
    d = tb_run(f, "extended_lambda_nest_parent_template_param_unnamed");
    ck_assert_msg(d->count == specs[i].count, "%s", specs[i].name);
    xl_diags_free(d);
  }
  xl_facts_free(f);
}
END_TEST

Suite *scope_rules_suite(void) {
  Suite *s = suite_create("scope_rules");
  TCase *tc = tcase_create("rules");

  tcase_add_test(tc, parent_local_type_once_per_cause_with_instantiations);
  tcase_add_test(tc, capture_private_type_skips_template_patterns);
  tcase_add_test(tc, call_operator_types_only_for_host_device);
  tcase_add_test(tc, deduced_return_fix_only_when_spellable);
  tcase_add_test(tc, nesting_rules_follow_the_parent_chain);
  tcase_add_test(tc, disallowed_only_for_nvcc_without_the_flag);
  tcase_add_test(tc, template_parameter_lists);
  suite_add_tcase(s, tc);
  return s;
}
