/*
 * test_typewalk.c: the type walk (lib/rules/typewalk.c) over hand-built type
 * graphs: local and private types found anywhere inside, function types
 * entered only on request, extended closures skipped, enclosing classes.
 */
#include "builder.h"
#include "rules/typewalk.h"

#define ACCESS (XL_TYPE_PRIVATE | XL_TYPE_PROTECTED)

START_TEST(local_type_inside_pointer_array_and_template_args) {
  xl_facts *f = tb_facts();
  xl_id l = tb_type(f, XL_TYPE_RECORD, "L", XL_TYPE_LOCAL, XL_NONE, 0);
  xl_id intt = tb_type(f, XL_TYPE_BUILTIN, "int", 0, XL_NONE, 0);
  xl_id ptr = tb_type(f, XL_TYPE_POINTER, "L *", 0, l, 0);
  xl_id arr = tb_type(f, XL_TYPE_ARRAY, "L *[2]", 0, ptr, 1);
  xl_id box = tb_type(f, XL_TYPE_RECORD, "Box<int, L *[2]>", 0, XL_NONE, 0);
  xl_id outer = tb_type(f, XL_TYPE_RECORD, "Box<Box<int, L *[2]>>", 0,
                        XL_NONE, 0);
  xl_id args[2] = {intt, arr};

  tb_args(f, box, args, 2);
  tb_args(f, outer, &box, 1);
  ck_assert_uint_eq(xl_type_find(f, l, XL_TYPE_LOCAL, 0), l);
  ck_assert_uint_eq(xl_type_find(f, ptr, XL_TYPE_LOCAL, 0), l);
  ck_assert_uint_eq(xl_type_find(f, arr, XL_TYPE_LOCAL, 0), l);
  ck_assert_uint_eq(xl_type_find(f, outer, XL_TYPE_LOCAL, 0), l);
  ck_assert_uint_eq(xl_type_find(f, outer, ACCESS, 0), XL_NONE);
  ck_assert_uint_eq(xl_type_find(f, intt, XL_TYPE_LOCAL, 0), XL_NONE);
  ck_assert_uint_eq(xl_type_find(f, XL_NONE, XL_TYPE_LOCAL, 0), XL_NONE);
  xl_facts_free(f);
}
END_TEST

START_TEST(function_types_are_entered_only_on_request) {
  xl_facts *f = tb_facts();
  xl_id priv = tb_type(f, XL_TYPE_RECORD, "P::Priv", XL_TYPE_PRIVATE,
                       XL_NONE, 0);
  xl_id voidt = tb_type(f, XL_TYPE_BUILTIN, "void", 0, XL_NONE, 0);
  xl_id fn = tb_type(f, XL_TYPE_FUNCTION, "void (P::Priv)", 0, voidt, 0);
  xl_id fp = tb_type(f, XL_TYPE_POINTER, "void (*)(P::Priv)", 0, fn, 0);
  xl_id ret = tb_type(f, XL_TYPE_FUNCTION, "P::Priv ()", 0, priv, 0);

  tb_args(f, fn, &priv, 1);
  ck_assert_uint_eq(xl_type_find(f, fp, ACCESS, 0), XL_NONE);
  ck_assert_uint_eq(xl_type_find(f, fp, ACCESS, XL_WALK_FUNCTIONS), priv);
  ck_assert_uint_eq(xl_type_find(f, ret, ACCESS, 0), XL_NONE);
  ck_assert_uint_eq(xl_type_find(f, ret, ACCESS, XL_WALK_FUNCTIONS), priv);
  xl_facts_free(f);
}
END_TEST

START_TEST(public_type_nested_in_a_private_one) {
  xl_facts *f = tb_facts();
  xl_id outer = tb_type(f, XL_TYPE_RECORD, "C", 0, XL_NONE, 0);
  xl_id priv = tb_type(f, XL_TYPE_RECORD, "C::Priv", XL_TYPE_PRIVATE,
                       XL_NONE, 0);
  xl_id pub = tb_type(f, XL_TYPE_RECORD, "C::Priv::Pub", 0, XL_NONE, 0);
  xl_id ref = tb_type(f, XL_TYPE_LVALUE_REF, "C::Priv::Pub &", 0, pub, 0);

  f->types[priv].parent = outer;
  f->types[pub].parent = priv;
  /* nvcc names the private class, not the public one inside it */
  ck_assert_uint_eq(xl_type_find(f, ref, ACCESS, 0), priv);
  ck_assert_str_eq(xl_type_access_word(f, priv), "private");
  f->types[priv].flags = XL_TYPE_PROTECTED;
  ck_assert_str_eq(xl_type_access_word(f, priv), "protected");
  xl_facts_free(f);
}
END_TEST

START_TEST(member_pointer_class_and_extended_closures) {
  xl_facts *f = tb_facts();
  xl_id l = tb_type(f, XL_TYPE_RECORD, "L", XL_TYPE_LOCAL, XL_NONE, 0);
  xl_id intt = tb_type(f, XL_TYPE_BUILTIN, "int", 0, XL_NONE, 0);
  xl_id mp = tb_type(f, XL_TYPE_MEMBER_POINTER, "int L::*", 0, intt, 0);
  xl_id ext = tb_type(f, XL_TYPE_RECORD, "(lambda)",
                      XL_TYPE_LOCAL | XL_TYPE_CLOSURE |
                          XL_TYPE_EXTENDED_CLOSURE,
                      XL_NONE, 0);
  xl_id plain = tb_type(f, XL_TYPE_RECORD, "(lambda)",
                        XL_TYPE_LOCAL | XL_TYPE_CLOSURE, XL_NONE, 0);
  xl_id box = tb_type(f, XL_TYPE_RECORD, "Box<(lambda)>", 0, XL_NONE, 0);

  tb_args(f, mp, &l, 1);
  tb_args(f, box, &ext, 1);
  ck_assert_uint_eq(xl_type_find(f, mp, XL_TYPE_LOCAL, 0), l);
  /* the closure of an extended lambda is neither matched nor entered */
  ck_assert_uint_eq(xl_type_find(f, ext, XL_TYPE_LOCAL, 0), XL_NONE);
  ck_assert_uint_eq(xl_type_find(f, box, XL_TYPE_LOCAL, 0), XL_NONE);
  ck_assert_uint_eq(xl_type_find(f, plain, XL_TYPE_LOCAL, 0), plain);
  xl_facts_free(f);
}
END_TEST

START_TEST(closure_reaching_a_kernel) {
  xl_facts *f = tb_facts();
  xl_id lam = tb_lambda(f, 3, XL_SPACE_DEVICE, 0);
  xl_id other = tb_lambda(f, 4, XL_SPACE_DEVICE, 0);
  xl_id closure = tb_type(f, XL_TYPE_RECORD, "(lambda)",
                          XL_TYPE_CLOSURE | XL_TYPE_EXTENDED_CLOSURE,
                          XL_NONE, 0);
  xl_id box = tb_type(f, XL_TYPE_RECORD, "Box<(lambda)>", 0, XL_NONE, 0);
  xl_id kern = tb_func(f, "kern<Box<(lambda)>>", XL_FUNC_SPECIALIZATION, 9);
  xl_id ids[1];

  f->types[closure].lambda = lam;
  tb_args(f, box, &closure, 1);
  ck_assert_uint_eq(xl_lambda_kernel(f, lam), XL_NONE);
  ids[0] = box;
  f->funcs[kern].targs = xl_facts_ids(f, ids, 1);
  f->funcs[kern].ntargs = 1;
  ck_assert_uint_eq(xl_lambda_kernel(f, lam), XL_NONE); /* not __global__ */
  f->funcs[kern].space = XL_SPACE_GLOBAL;
  ck_assert_uint_eq(xl_lambda_kernel(f, lam), kern);
  ck_assert_uint_eq(xl_lambda_kernel(f, other), XL_NONE);
  xl_facts_free(f);
}
END_TEST

/* A kernel that a library (a system header) launches with a host lambda's
 * closure, or a local class: reported once, at the first request outside
 * system headers, with a note at the library's launch. */
START_TEST(library_kernel_reported_at_the_user_call) {
  xl_facts *f = tb_facts();
  xl_id sys, lam = tb_lambda(f, 5, XL_SPACE_NONE, 0);
  xl_id closure = tb_type(f, XL_TYPE_RECORD, "(lambda)", XL_TYPE_CLOSURE,
                          XL_NONE, 0);
  xl_id wrap = tb_type(f, XL_TYPE_RECORD, "op<(lambda)>", 0, XL_NONE, 0);
  xl_id entry = tb_func(f, "lib::run", XL_FUNC_SPECIALIZATION, 2);
  xl_id inner = tb_func(f, "lib::detail::run", XL_FUNC_SPECIALIZATION, 3);
  xl_id k1 = tb_func(f, "lib::kern", XL_FUNC_SPECIALIZATION, 4);
  xl_id k2 = tb_func(f, "lib::kern2", XL_FUNC_SPECIALIZATION, 4);
  xl_diags *d;

  ck_assert_int_eq(xl_facts_add_file(&sys, f, "lib.h", XL_FILE_SYSTEM), XL_OK);
  f->lambdas[lam].flags = 0; /* an unannotated lambda */
  f->types[closure].lambda = lam;
  tb_args(f, wrap, &closure, 1);
  f->funcs[entry].poi = tb_loc(5, 3); /* the user's call */
  f->funcs[inner].poi = tb_loc(20, 5);
  f->funcs[inner].poi.file = sys;
  f->funcs[inner].poi_func = entry;
  f->funcs[k1].space = f->funcs[k2].space = XL_SPACE_GLOBAL;
  f->funcs[k1].targs = f->funcs[k2].targs = xl_facts_ids(f, &wrap, 1);
  f->funcs[k1].ntargs = f->funcs[k2].ntargs = 1;
  f->funcs[k1].poi = tb_loc(30, 7);
  f->funcs[k2].poi = tb_loc(31, 7);
  f->funcs[k1].poi.file = f->funcs[k2].poi.file = sys;
  f->funcs[k1].poi_func = f->funcs[k2].poi_func = inner;
  d = tb_run(f, "global_lambda_template_arg");
  ck_assert_uint_eq(tb_count(d, "global_lambda_template_arg", 0), 1);
  ck_assert_uint_eq(tb_count(d, "global_lambda_template_arg", 5), 1);
  ck_assert_uint_eq(d->items[0]->nnotes, 2); /* the lambda, the launch */
  xl_diags_free(d);
  /* a local functor instead: global_func_local_template_arg, the same */
  f->types[closure].flags = XL_TYPE_LOCAL;
  d = tb_run(f, "global_func_local_template_arg");
  ck_assert_uint_eq(tb_count(d, "global_func_local_template_arg", 0), 1);
  ck_assert_uint_eq(tb_count(d, "global_func_local_template_arg", 5), 1);
  xl_diags_free(d);
  f->types[closure].flags = XL_TYPE_CLOSURE;
  /* the library's entry dispatches on nvcc's lambda traits: not reported,
   * for a lambda or a local functor (nvcc may run it on the host there) */
  f->funcs[entry].flags |= XL_FUNC_NVCC_LAMBDA_TRAITS;
  d = tb_run(f, "global_lambda_template_arg");
  ck_assert_uint_eq(tb_count(d, "global_lambda_template_arg", 0), 0);
  xl_diags_free(d);
  f->types[closure].flags = XL_TYPE_LOCAL;
  d = tb_run(f, "global_func_local_template_arg");
  ck_assert_uint_eq(tb_count(d, "global_func_local_template_arg", 0), 0);
  xl_diags_free(d);
  f->types[closure].flags = XL_TYPE_CLOSURE;
  f->funcs[entry].flags &= ~XL_FUNC_NVCC_LAMBDA_TRAITS;
  /* a kernel launched from the user's own code: reported where it is */
  f->funcs[k1].poi = tb_loc(8, 3);
  d = tb_run(f, "global_lambda_template_arg");
  ck_assert_uint_eq(tb_count(d, "global_lambda_template_arg", 8), 1);
  ck_assert_uint_eq(tb_count(d, "global_lambda_template_arg", 5), 1);
  xl_diags_free(d);
  xl_facts_free(f);
}
END_TEST

Suite *typewalk_suite(void) {
  Suite *s = suite_create("typewalk");
  TCase *tc = tcase_create("find");

  tcase_add_test(tc, local_type_inside_pointer_array_and_template_args);
  tcase_add_test(tc, function_types_are_entered_only_on_request);
  tcase_add_test(tc, public_type_nested_in_a_private_one);
  tcase_add_test(tc, member_pointer_class_and_extended_closures);
  tcase_add_test(tc, closure_reaching_a_kernel);
  tcase_add_test(tc, library_kernel_reported_at_the_user_call);
  suite_add_tcase(s, tc);
  return s;
}
