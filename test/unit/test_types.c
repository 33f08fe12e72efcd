/*
 * test_types.c: array rules over hand-built type graphs.
 */
#include "builder.h"

START_TEST(array_rank_counts_dimensions) {
  xl_facts *f = tb_facts();
  xl_id l = tb_lambda(f, 3, XL_SPACE_DEVICE, '=');
  xl_id intt = tb_type(f, XL_TYPE_BUILTIN, "int", 0, XL_NONE, 0);
  xl_id a8 = tb_type(f, XL_TYPE_ARRAY, "int[1][1][1][1][1][1][1][1]", 0, intt, 8);
  xl_id a7 = tb_type(f, XL_TYPE_ARRAY, "int[1][1][1][1][1][1][1]", 0, intt, 7);
  xl_capture *c;
  xl_diags *d;

  c = tb_capture(f, l, XL_CAPTURE_VAR, 0, "big", 4, 5);
  c->var_type = c->type = a8;
  c = tb_capture(f, l, XL_CAPTURE_VAR, 0, "ok", 5, 5);
  c->var_type = c->type = a7;
  d = tb_run(f, "extended_lambda_array_capture_rank");
  ck_assert_uint_eq(d->count, 1);
  ck_assert_uint_eq(d->items[0]->loc.line, 4);
  xl_diags_free(d);
  xl_facts_free(f);
}
END_TEST

START_TEST(element_type_is_found_through_nested_arrays) {
  xl_facts *f = tb_facts();
  xl_id l = tb_lambda(f, 3, XL_SPACE_DEVICE, '=');
  xl_id nd = tb_type(f, XL_TYPE_RECORD, "NoDef", XL_TYPE_NO_DEFAULT_CTOR,
                     XL_NONE, 0);
  xl_id na = tb_type(f, XL_TYPE_RECORD, "NoAssign", XL_TYPE_NO_COPY_ASSIGN,
                     XL_NONE, 0);
  xl_id inner = tb_type(f, XL_TYPE_ARRAY, "NoDef[2]", 0, nd, 1);
  xl_id outer = tb_type(f, XL_TYPE_ARRAY, "NoDef[2][2]", 0, inner, 2);
  xl_id arr = tb_type(f, XL_TYPE_ARRAY, "NoAssign[3]", 0, na, 1);
  xl_capture *c;
  xl_diags *d;

  c = tb_capture(f, l, XL_CAPTURE_VAR, 0, "grid", 4, 5);
  c->var_type = outer;
  c = tb_capture(f, l, XL_CAPTURE_VAR, 0, "list", 5, 5);
  c->var_type = arr;
  d = tb_run(f, "extended_lambda_array_capture_default_constructible");
  ck_assert_uint_eq(d->count, 1);
  ck_assert_str_eq(d->items[0]->message,
                   "extended __device__ lambda cannot capture the array 'grid': "
                   "its element type 'NoDef' is not default-constructible on "
                   "the host");
  xl_diags_free(d);
  d = tb_run(f, "extended_lambda_array_capture_assignable");
  ck_assert_uint_eq(d->count, 1);
  ck_assert_uint_eq(d->items[0]->loc.line, 5);
  xl_diags_free(d);
  xl_facts_free(f);
}
END_TEST

START_TEST(init_capture_array_needs_a_decayed_array) {
  xl_facts *f = tb_facts();
  xl_id l = tb_lambda(f, 3, XL_SPACE_DEVICE, 0);
  xl_id intt = tb_type(f, XL_TYPE_BUILTIN, "int", 0, XL_NONE, 0);
  xl_id arr = tb_type(f, XL_TYPE_ARRAY, "int[4]", 0, intt, 1);
  xl_id ptr = tb_type(f, XL_TYPE_POINTER, "int *", 0, intt, 0);
  xl_id il = tb_type(f, XL_TYPE_RECORD, "std::initializer_list<int>",
                     XL_TYPE_INITIALIZER_LIST, XL_NONE, 0);
  xl_capture *c;
  xl_diags *d;

  c = tb_capture(f, l, XL_CAPTURE_INIT, XL_CAPTURE_EXPLICIT, "t", 3, 12);
  c->var_type = arr;
  c->type = ptr;
  c = tb_capture(f, l, XL_CAPTURE_INIT, XL_CAPTURE_EXPLICIT, "v", 3, 20);
  c->var_type = arr; /* the backing array of {1, 2} */
  c->type = il;
  d = tb_run(f, "extended_lambda_init_capture_array");
  ck_assert_uint_eq(d->count, 1);
  ck_assert_uint_eq(d->items[0]->loc.col, 12);
  xl_diags_free(d);
  d = tb_run(f, "extended_lambda_init_capture_initlist");
  ck_assert_uint_eq(d->count, 1);
  ck_assert_uint_eq(d->items[0]->loc.col, 20);
  xl_diags_free(d);
  xl_facts_free(f);
}
END_TEST

Suite *types_suite(void) {
  Suite *s = suite_create("types");
  TCase *tc = tcase_create("arrays");

  tcase_add_test(tc, array_rank_counts_dimensions);
  tcase_add_test(tc, element_type_is_found_through_nested_arrays);
  tcase_add_test(tc, init_capture_array_needs_a_decayed_array);
  suite_add_tcase(s, tc);
  return s;
}
