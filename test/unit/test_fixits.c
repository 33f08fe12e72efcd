/*
 * test_fixits.c: the fix-its of the specifier, template-parameter, class
 * and capture rules (issue 18) on hand-built facts: where they sit, what
 * they write, and when they are not offered.
 */
#include "builder.h"

START_TEST(constexpr_is_removed_on_the_finding) {
  xl_facts *f = tb_facts();
  xl_id l = tb_lambda(f, 3, XL_SPACE_DEVICE, 0);
  xl_diags *d;

  f->lambdas[l].flags |= XL_LAMBDA_CONSTEXPR;
  d = tb_run(f, "extended_lambda_constexpr");
  ck_assert_uint_eq(d->count, 1);
  ck_assert_uint_eq(d->items[0]->nfixits, 0); /* no place known: no fix */
  xl_diags_free(d);
  f->lambdas[l].spec_range = xl_range_make(tb_loc(3, 20), tb_loc(3, 30));
  d = tb_run(f, "extended_lambda_constexpr");
  ck_assert_uint_eq(d->items[0]->nfixits, 1);
  ck_assert_str_eq(d->items[0]->fixits[0].text, "");
  ck_assert_uint_eq(d->items[0]->fixits[0].begin.col, 20);
  ck_assert_uint_eq(d->items[0]->fixits[0].end.col, 30);
  xl_diags_free(d);
  xl_facts_free(f);
}
END_TEST

/* No fix-it edits a system header (lib/core/diag.c, fix_dloc): the same
 * finding, its place in a file the facts flag XL_FILE_SYSTEM. */
START_TEST(no_fix_in_a_system_header) {
  xl_facts *f = tb_facts();
  xl_id l = tb_lambda(f, 3, XL_SPACE_DEVICE, 0), sys;
  xl_loc b = tb_loc(3, 20), e = tb_loc(3, 30);
  xl_diags *d;

  ck_assert_int_eq(xl_facts_add_file(&sys, f, "/usr/include/x.h",
                                     XL_FILE_SYSTEM), XL_OK);
  b.file = e.file = sys;
  f->lambdas[l].flags |= XL_LAMBDA_CONSTEXPR;
  f->lambdas[l].spec_range = xl_range_make(b, e);
  d = tb_run(f, "extended_lambda_constexpr");
  ck_assert_uint_eq(d->count, 1);
  ck_assert_uint_eq(d->items[0]->nfixits, 0);
  xl_diags_free(d);
  f->file_flags[sys] = 0; /* the same file, a user header: fixed */
  d = tb_run(f, "extended_lambda_constexpr");
  ck_assert_uint_eq(d->items[0]->nfixits, 1);
  xl_diags_free(d);
  xl_facts_free(f);
}
END_TEST

/* A lambda '[=] () __device__ {' not extended, its annotation known. */
static xl_id misplaced(xl_facts *f, unsigned to_col) {
  xl_id id = tb_lambda(f, 3, XL_SPACE_DEVICE, '=');
  xl_lambda *l = &f->lambdas[id];

  l->flags = XL_LAMBDA_OPERATOR_ANNOTATED;
  l->annot = tb_loc(3, 18);
  l->annot_text = xl_facts_strdup(f, "__device__");
  l->annot_range = xl_range_make(tb_loc(3, 17), tb_loc(3, 28));
  l->annot_to = tb_loc(3, to_col);
  return id;
}

START_TEST(operator_annotation_moves_after_the_capture_list) {
  xl_facts *f = tb_facts();
  xl_id l = misplaced(f, 14);
  xl_diags *d = tb_run(f, "lambda_operator_annotated");

  ck_assert_uint_eq(d->count, 1);
  ck_assert_uint_eq(d->items[0]->nfixits, 2);
  ck_assert_str_eq(d->items[0]->fixits[0].text, "__device__ ");
  ck_assert_uint_eq(d->items[0]->fixits[0].begin.col, 14);
  ck_assert_str_eq(d->items[0]->fixits[1].text, "");
  xl_diags_free(d);
  /* '[]<' with nothing between: blanks on both sides */
  f->lambdas[l].annot_to = f->lambdas[l].intro.end;
  d = tb_run(f, "lambda_operator_annotated");
  ck_assert_str_eq(d->items[0]->fixits[0].text, " __device__ ");
  xl_diags_free(d);
  /* by reference, it would become an extended lambda capturing by
     reference: no fix-it */
  f->lambdas[l].capture_default = '&';
  d = tb_run(f, "lambda_operator_annotated");
  ck_assert_uint_eq(d->items[0]->nfixits, 0);
  xl_diags_free(d);
  xl_facts_free(f);
}
END_TEST

START_TEST(generic_host_device_annotation_is_not_moved) {
  xl_facts *f = tb_facts();
  xl_id l = misplaced(f, 14);
  xl_diags *d;

  f->lambdas[l].annot_text = xl_facts_strdup(f, "__host__ __device__");
  f->lambdas[l].flags |= XL_LAMBDA_GENERIC;
  d = tb_run(f, "lambda_operator_annotated");
  ck_assert_uint_eq(d->items[0]->nfixits, 0);
  xl_diags_free(d);
  f->lambdas[l].annot_text = xl_facts_strdup(f, "__device__");
  d = tb_run(f, "lambda_operator_annotated"); /* a generic __device__ is fine */
  ck_assert_uint_eq(d->items[0]->nfixits, 2);
  xl_diags_free(d);
  xl_facts_free(f);
}
END_TEST

/* A function template with n parameters, those in `unnamed` unnamed. */
static xl_id templ(xl_facts *f, uint32_t n, uint32_t unnamed) {
  xl_id fn = tb_func(f, "bar", XL_FUNC_TEMPLATE, 1), id;
  uint32_t i;

  for (i = 0; i < n; i++) {
    xl_tparam *tp;
    ck_assert_int_eq(xl_facts_add_tparam(&tp, &id, f), XL_OK);
    if (i == 0)
      f->funcs[fn].first_tparam = id;
    tp->loc = tb_loc(1, 20 + 10 * i);
    tp->flags = XL_TPARAM_TYPE;
    if (unnamed & (1u << i))
      tp->name_at = tb_loc(1, 19 + 10 * i);
    else
      tp->name = xl_facts_strdup(f, i ? "U" : "T");
  }
  f->funcs[fn].ntparams = n;
  return fn;
}

START_TEST(unnamed_template_parameters_are_named_on_the_finding) {
  xl_facts *f = tb_facts();
  xl_id fn = templ(f, 3, 0x6), l = tb_lambda(f, 3, XL_SPACE_DEVICE, 0);
  xl_diags *d;

  f->lambdas[l].func = fn;
  d = tb_run(f, "extended_lambda_parent_template_param_unnamed");
  ck_assert_uint_eq(d->count, 1);
  ck_assert_uint_eq(d->items[0]->nfixits, 2);
  ck_assert_str_eq(d->items[0]->fixits[0].text, " xl_unnamed_2");
  ck_assert_uint_eq(d->items[0]->fixits[0].begin.col, 29);
  ck_assert_str_eq(d->items[0]->fixits[1].text, " xl_unnamed_3");
  xl_diags_free(d);
  /* one place unknown (a macro): no fix-it at all */
  f->tparams[f->funcs[fn].first_tparam + 2].name_at = xl_loc_none();
  d = tb_run(f, "extended_lambda_parent_template_param_unnamed");
  ck_assert_uint_eq(d->items[0]->nfixits, 0);
  xl_diags_free(d);
  xl_facts_free(f);
}
END_TEST

START_TEST(unnamed_class_gets_a_name_on_the_note) {
  xl_facts *f = tb_facts();
  xl_id fn = tb_func(f, "(anonymous)::run", XL_FUNC_MEMBER, 2), rid;
  xl_id l = tb_lambda(f, 3, XL_SPACE_DEVICE, 0);
  xl_record *r;
  xl_diags *d;

  ck_assert_int_eq(xl_facts_add_record(&r, &rid, f), XL_OK);
  r->flags = XL_RECORD_UNNAMED;
  r->loc = tb_loc(1, 1);
  r->name_at = tb_loc(1, 7);
  f->funcs[fn].record = rid;
  f->lambdas[l].func = fn;
  d = tb_run(f, "extended_lambda_parent_class_unnamed");
  ck_assert_uint_eq(d->count, 1);
  ck_assert_uint_eq(d->items[0]->nfixits, 0);
  ck_assert_uint_eq(d->items[0]->notes[0]->nfixits, 1);
  ck_assert_str_eq(d->items[0]->notes[0]->fixits[0].text,
                   " xl_unnamed_class_1");
  xl_diags_free(d);
  xl_facts_free(f);
}
END_TEST

START_TEST(constexpr_if_capture_lists_the_captures_on_the_note) {
  xl_facts *f = tb_facts();
  xl_id l = tb_lambda(f, 3, XL_SPACE_DEVICE, '=');
  xl_diags *d;

  tb_capture(f, l, XL_CAPTURE_VAR, XL_CAPTURE_IN_CONSTEXPR_IF, "x", 5, 5);
  tb_capture(f, l, XL_CAPTURE_VAR, 0, "y", 4, 5);
  tb_capture(f, l, XL_CAPTURE_THIS, 0, "this", 4, 9);
  d = tb_run(f, "extended_lambda_capture_in_constexpr_if");
  ck_assert_uint_eq(d->count, 1);
  ck_assert_uint_eq(d->items[0]->nfixits, 0);
  ck_assert_str_eq(d->items[0]->notes[0]->fixits[0].text, "[x, y, this]");
  xl_diags_free(d);
  /* an explicit capture in the list: no fix-it */
  tb_capture(f, l, XL_CAPTURE_VAR, XL_CAPTURE_EXPLICIT, "z", 3, 12);
  d = tb_run(f, "extended_lambda_capture_in_constexpr_if");
  ck_assert_uint_eq(d->items[0]->notes[0]->nfixits, 0);
  xl_diags_free(d);
  xl_facts_free(f);
}
END_TEST

/* A function-pointer use of a '[] __device__ ()' lambda: the note writes
 * '__host__ ' before '__device__', unless the body must stay device code. */
START_TEST(host_is_written_before_device_on_the_note) {
  xl_facts *f = tb_facts();
  xl_id l = tb_lambda(f, 3, XL_SPACE_DEVICE, 0);
  xl_diags *d;

  tb_use(f, XL_USE_FUNCTION_POINTER, l, 5, 0);
  f->lambdas[l].device_annot = xl_range_make(tb_loc(3, 17), tb_loc(3, 28));
  d = tb_run(f, "extended_lambda_host_function_pointer");
  ck_assert_uint_eq(d->count, 1);
  ck_assert_uint_eq(d->items[0]->nfixits, 0);
  ck_assert_uint_eq(d->items[0]->notes[1]->nfixits, 1);
  ck_assert_str_eq(d->items[0]->notes[1]->fixits[0].text, "__host__ ");
  ck_assert_uint_eq(d->items[0]->notes[1]->fixits[0].begin.col, 17);
  ck_assert_uint_eq(d->items[0]->notes[1]->fixits[0].end.col, 17);
  xl_diags_free(d);
  f->lambdas[l].flags |= XL_LAMBDA_DEVICE_REFS; /* calls a __device__ fn */
  d = tb_run(f, "extended_lambda_host_function_pointer");
  ck_assert_uint_eq(d->items[0]->notes[1]->nfixits, 0);
  xl_diags_free(d);
  f->lambdas[l].flags &= ~XL_LAMBDA_DEVICE_REFS;
  f->lambdas[l].flags |= XL_LAMBDA_GENERIC; /* would be a generic hd lambda */
  d = tb_run(f, "extended_lambda_host_function_pointer");
  ck_assert_uint_eq(d->items[0]->notes[1]->nfixits, 0);
  xl_diags_free(d);
  xl_facts_free(f);
}
END_TEST

/* '[] __host__ __device__ ()' inside a __host__ __device__ lambda: one edit
 * removes both words; none when they are not next to each other. */
START_TEST(inner_annotation_is_removed_as_one_edit) {
  xl_facts *f = tb_facts();
  xl_id outer = tb_lambda(f, 3, XL_SPACE_HOST_DEVICE, 0);
  xl_id inner = tb_lambda(f, 4, XL_SPACE_HOST_DEVICE, 0);
  xl_lambda *l = &f->lambdas[inner];
  xl_diags *d;

  l->parent = outer;
  l->host_annot = xl_range_make(tb_loc(4, 17), tb_loc(4, 26));
  l->device_annot = xl_range_make(tb_loc(4, 26), tb_loc(4, 37));
  d = tb_run(f, "extended_lambda_enclosing_function_hd_lambda");
  ck_assert_uint_eq(d->count, 1);
  ck_assert_uint_eq(d->items[0]->notes[1]->nfixits, 1);
  ck_assert_str_eq(d->items[0]->notes[1]->fixits[0].text, "");
  ck_assert_uint_eq(d->items[0]->notes[1]->fixits[0].begin.col, 17);
  ck_assert_uint_eq(d->items[0]->notes[1]->fixits[0].end.col, 37);
  xl_diags_free(d);
  l->host_annot.end = tb_loc(4, 25); /* something between the two words */
  d = tb_run(f, "extended_lambda_enclosing_function_hd_lambda");
  ck_assert_uint_eq(d->items[0]->nnotes, 1);
  xl_diags_free(d);
  xl_facts_free(f);
}
END_TEST

Suite *fixits_suite(void) {
  Suite *s = suite_create("fixits");
  TCase *tc = tcase_create("fixits");

  tcase_add_test(tc, constexpr_is_removed_on_the_finding);
  tcase_add_test(tc, no_fix_in_a_system_header);
  tcase_add_test(tc, host_is_written_before_device_on_the_note);
  tcase_add_test(tc, inner_annotation_is_removed_as_one_edit);
  tcase_add_test(tc, operator_annotation_moves_after_the_capture_list);
  tcase_add_test(tc, generic_host_device_annotation_is_not_moved);
  tcase_add_test(tc, unnamed_template_parameters_are_named_on_the_finding);
  tcase_add_test(tc, unnamed_class_gets_a_name_on_the_note);
  tcase_add_test(tc, constexpr_if_capture_lists_the_captures_on_the_note);
  suite_add_tcase(s, tc);
  return s;
}
