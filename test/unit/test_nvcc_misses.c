/*
 * test_nvcc_misses.c: the rules for what nvcc misses (issue 4) on hand-built
 * host and device facts.
 */
#include <string.h>

#include "builder.h"

#define DEF "extended_lambda_arch_dependent_definition"
#define CAP "extended_lambda_arch_dependent_capture"

/* A numbered extended lambda of function fn. */
static xl_id tb_numbered(xl_facts *f, xl_id fn, unsigned line, uint32_t number) {
  xl_id l = tb_lambda(f, line, XL_SPACE_DEVICE, '=');

  f->lambdas[l].func = fn;
  f->lambdas[l].number = number;
  f->lambdas[l].spelling = f->lambdas[l].loc;
  return l;
}

static void pair(xl_facts *h, xl_id a, xl_facts *d, xl_id b) {
  h->lambdas[a].peer = b;
  d->lambdas[b].peer = a;
}

static const xl_diag *first_of(const xl_diags *d, const char *rule) {
  for (size_t i = 0; i < d->count; i++)
    if (strcmp(d->items[i]->rule_name, rule) == 0)
      return d->items[i];
  return NULL;
}

START_TEST(device_only_lambda_renumbers_the_next_one) {
  xl_facts *h = tb_facts(), *d = tb_facts();
  xl_id hf = tb_func(h, "f", 0, 1), df = tb_func(d, "f", 0, 1);
  xl_id a = tb_numbered(h, hf, 12, 1);
  xl_id only = tb_numbered(d, df, 9, 1);
  xl_id b = tb_numbered(d, df, 12, 2);
  xl_cond *c;
  xl_diags *out;
  const xl_diag *x;

  (void)only;
  pair(h, a, d, b);
  ck_assert_int_eq(xl_facts_add_cond(&c, NULL, h), XL_OK);
  c->loc = tb_loc(8, 1);
  c->range = xl_range_make(tb_loc(9, 1), tb_loc(11, 1));
  c->text = "#if defined(__CUDA_ARCH__)";
  h->device = d;
  out = tb_run(h, DEF);
  ck_assert_uint_eq(tb_count(out, DEF, 0), 1);
  x = first_of(out, DEF);
  ck_assert_uint_eq(x->loc.line, 9);
  ck_assert_int_eq(x->severity, XL_SEV_ERROR);
  ck_assert_str_eq(x->message, "extended __device__ lambda is defined only in "
                               "the device compilation of 'f'");
  ck_assert_uint_eq(x->nnotes, 3); /* the #if, the renumbered lambda, why */
  ck_assert_uint_eq(x->notes[0]->loc.line, 8);
  ck_assert_uint_eq(x->notes[1]->loc.line, 12);
  xl_diags_free(out);
  /* device facts that did not parse cleanly: nothing to compare */
  d->flags |= XL_FACTS_INCOMPLETE;
  out = tb_run(h, DEF);
  ck_assert_uint_eq(out->count, 0);
  xl_diags_free(out);
  xl_facts_free(h);
}
END_TEST

START_TEST(same_lambdas_on_both_sides_are_fine) {
  xl_facts *h = tb_facts(), *d = tb_facts();
  xl_id a = tb_numbered(h, tb_func(h, "f", 0, 1), 5, 1);
  xl_id b = tb_numbered(d, tb_func(d, "f", 0, 1), 5, 1);
  xl_diags *out;

  pair(h, a, d, b);
  h->device = d;
  out = tb_run(h, DEF);
  ck_assert_uint_eq(out->count, 0);
  xl_diags_free(out);
  xl_facts_free(h);
  /* and without a device side there is nothing to say */
  h = tb_facts();
  tb_numbered(h, tb_func(h, "f", 0, 1), 5, 1);
  out = tb_run(h, DEF);
  ck_assert_uint_eq(out->count, 0);
  xl_diags_free(out);
  xl_facts_free(h);
}
END_TEST

/* Host facts whose lambda 'a' (line 9 of 'f') captures x1 (line 13), its
 * device peer x2 (line 11); h owns the device side. */
static xl_facts *x1_on_host_x2_on_device(xl_id *a) {
  xl_facts *h = tb_facts(), *d = tb_facts();
  xl_id b = tb_numbered(d, tb_func(d, "f", 0, 1), 9, 1);

  *a = tb_numbered(h, tb_func(h, "f", 0, 1), 9, 1);
  tb_capture(h, *a, XL_CAPTURE_VAR, 0, "x1", 13, 12);
  tb_capture(d, b, XL_CAPTURE_VAR, 0, "x2", 11, 12);
  pair(h, *a, d, b);
  h->device = d;
  return h;
}

START_TEST(other_captures_error_when_sent_to_a_kernel) {
  xl_id a;
  xl_facts *h = x1_on_host_x2_on_device(&a);
  xl_diags *out;
  const xl_diag *x;

  out = tb_run(h, CAP);
  x = first_of(out, CAP);
  ck_assert_ptr_nonnull(x);
  ck_assert_int_eq(x->severity, XL_SEV_WARNING); /* not sent anywhere */
  ck_assert_str_eq(x->message, "extended __device__ lambda captures 'x1' in "
                               "the host compilation but 'x2' in the device "
                               "compilation");
  /* notes in source order: x2 (line 11) then x1 (line 13), then the fix */
  ck_assert_uint_eq(x->notes[0]->loc.line, 11);
  ck_assert_uint_eq(x->notes[1]->loc.line, 13);
  ck_assert_uint_eq(x->notes[2]->nfixits, 1);
  ck_assert_str_eq(x->notes[2]->fixits[0].text, "[x1, x2]");
  xl_diags_free(out);
  h->lambdas[a].flags |= XL_LAMBDA_TO_KERNEL;
  out = tb_run(h, CAP);
  ck_assert_int_eq(first_of(out, CAP)->severity, XL_SEV_ERROR);
  xl_diags_free(out);
  xl_facts_free(h);
}
END_TEST

/* A closure passed to a template whose body the parse skipped (the
 * language server's system headers): whether it reaches a kernel is not
 * known, so the warning stays and a note says why; a launch found wins. */
START_TEST(other_captures_through_a_skipped_body) {
  xl_id a;
  xl_facts *h = x1_on_host_x2_on_device(&a);
  xl_use *u;
  xl_diags *out;
  const xl_diag *x;

  u = tb_use(h, XL_USE_OPAQUE_ARG, a, 15, 0);
  u->callee = "lib_launch";
  u->detail = "lib_launch";
  out = tb_run(h, CAP);
  x = first_of(out, CAP);
  ck_assert_int_eq(x->severity, XL_SEV_WARNING);
  ck_assert_uint_eq(x->nnotes, 4); /* x2, x1, the skipped body, the fix */
  ck_assert_uint_eq(x->notes[2]->loc.line, 15);
  ck_assert_str_eq(x->notes[2]->message,
                   "the body of 'lib_launch' was not parsed here, so whether "
                   "the host copies the closure to the device through it is "
                   "not known");
  xl_diags_free(out);
  u->detail = "detail::dispatch"; /* skipped further down */
  out = tb_run(h, CAP);
  ck_assert_str_eq(first_of(out, CAP)->notes[2]->message,
                   "the body of 'detail::dispatch' was not parsed here, so "
                   "whether the host copies the closure to the device "
                   "through 'lib_launch' is not known");
  xl_diags_free(out);
  u = tb_use(h, XL_USE_LAUNCHER_ARG, a, 16, 0);
  u->callee = "launch";
  h->lambdas[a].flags |= XL_LAMBDA_TO_KERNEL;
  out = tb_run(h, CAP);
  x = first_of(out, CAP);
  ck_assert_int_eq(x->severity, XL_SEV_ERROR);
  ck_assert_uint_eq(x->nnotes, 4);
  ck_assert_uint_eq(x->notes[2]->loc.line, 16);
  xl_diags_free(out);
  xl_facts_free(h);
}
END_TEST

START_TEST(same_captures_in_another_order) {
  xl_facts *h = tb_facts(), *d = tb_facts();
  xl_id a = tb_numbered(h, tb_func(h, "f", 0, 1), 9, 1);
  xl_id b = tb_numbered(d, tb_func(d, "f", 0, 1), 9, 1);
  xl_diags *out;

  tb_capture(h, a, XL_CAPTURE_VAR, 0, "a", 10, 12);
  tb_capture(h, a, XL_CAPTURE_VAR, 0, "b", 10, 16);
  tb_capture(d, b, XL_CAPTURE_VAR, 0, "b", 11, 12);
  tb_capture(d, b, XL_CAPTURE_VAR, 0, "a", 11, 16);
  pair(h, a, d, b);
  h->device = d;
  out = tb_run(h, CAP);
  ck_assert_uint_eq(tb_count(out, CAP, 9), 1);
  ck_assert_str_eq(first_of(out, CAP)->notes[0]->message,
                   "'a' is capture 1 in the host compilation but capture 2 in "
                   "the device compilation");
  xl_diags_free(out);
  /* the same order on both sides: compliant */
  d->captures[d->lambdas[b].first_capture].name = "a";
  d->captures[d->lambdas[b].first_capture + 1].name = "b";
  out = tb_run(h, CAP);
  ck_assert_uint_eq(out->count, 0);
  xl_diags_free(out);
  xl_facts_free(h);
}
END_TEST

START_TEST(introspection_and_return_type_split_by_form) {
  xl_facts *f = tb_facts();
  xl_id l = tb_lambda(f, 3, XL_SPACE_DEVICE, 0);
  xl_diags *out;

  f->lambdas[l].ret_type = tb_type(f, XL_TYPE_BUILTIN, "double", 0, XL_NONE, 0);
  tb_use(f, XL_USE_INTROSPECTION, l, 5, XL_USE_INTRO_OPERATOR);
  tb_use(f, XL_USE_INTROSPECTION, l, 6, XL_USE_INTRO_STD_RESULT)->callee =
      "std::invoke_result_t";
  out = tb_run(f, "extended_lambda_host_introspection");
  ck_assert_uint_eq(out->count, 1);
  ck_assert_uint_eq(out->items[0]->loc.line, 5);
  xl_diags_free(out);
  out = tb_run(f, "extended_lambda_host_return_type");
  ck_assert_uint_eq(out->count, 1);
  ck_assert_str_eq(out->items[0]->message,
                   "'std::invoke_result_t' of an extended __device__ lambda is "
                   "'int' in the host compilation, not 'double'");
  /* no parameter list in the builder's lambda (params_loc == body) */
  ck_assert_str_eq(out->items[0]->notes[1]->fixits[0].text, "() -> double ");
  xl_diags_free(out);
  /* int is what the host sees anyway */
  f->types[f->lambdas[l].ret_type].spelling = "int";
  out = tb_run(f, "extended_lambda_host_return_type");
  ck_assert_uint_eq(out->count, 0);
  xl_diags_free(out);
  xl_facts_free(f);
}
END_TEST

START_TEST(function_pointer_and_adl_uses) {
  xl_facts *f = tb_facts();
  xl_id l = tb_lambda(f, 3, XL_SPACE_DEVICE, 0);
  xl_use *u;
  xl_diags *out;

  tb_use(f, XL_USE_FUNCTION_POINTER, l, 5, 0);
  u = tb_use(f, XL_USE_UNQUALIFIED_CALL, l, 7, 0);
  u->callee = "N2::foo";
  u->detail = "N1";
  u->site = tb_loc(2, 40);
  u->callee_decl = tb_loc(1, 20);
  out = tb_run(f, "extended_lambda_host_function_pointer");
  ck_assert_uint_eq(tb_count(out, "extended_lambda_host_function_pointer", 5), 1);
  ck_assert_int_eq(out->items[0]->severity, XL_SEV_ERROR);
  xl_diags_free(out);
  out = tb_run(f, "extended_lambda_adl_hazard");
  ck_assert_uint_eq(out->count, 1);
  ck_assert_int_eq(out->items[0]->severity, XL_SEV_WARNING);
  ck_assert_str_eq(out->items[0]->message,
                   "unqualified call to 'foo' with an extended lambda argument: "
                   "nvcc's placeholder type adds namespace 'N1' to "
                   "argument-dependent lookup");
  /* the qualification is inserted at the unqualified call, on a note */
  ck_assert_uint_eq(out->items[0]->nfixits, 0);
  ck_assert_str_eq(out->items[0]->notes[3]->fixits[0].text, "N2::");
  xl_diags_free(out);
  xl_facts_free(f);
}
END_TEST

START_TEST(star_this_with_a_host_only_member) {
  xl_facts *f = tb_facts();
  xl_id l = tb_lambda(f, 3, XL_SPACE_DEVICE, '=');
  xl_id cls = tb_type(f, XL_TYPE_RECORD, "Fancy", 0, XL_NONE, 0);
  xl_id vec = tb_type(f, XL_TYPE_RECORD, "std::vector<int>", 0, XL_NONE, 0);
  xl_capture *c = tb_capture(f, l, XL_CAPTURE_STAR_THIS, XL_CAPTURE_EXPLICIT,
                             "*this", 3, 14);
  xl_field *m;
  xl_diags *out;

  c->type = cls;
  ck_assert_int_eq(xl_facts_add_field(&m, NULL, f), XL_OK);
  m->owner = cls;
  m->type = vec;
  m->name = "host_data";
  m->loc = tb_loc(2, 20);
  out = tb_run(f, "extended_lambda_star_this_copy");
  ck_assert_uint_eq(out->count, 0); /* the member is fine */
  xl_diags_free(out);
  f->fields[0].flags |= XL_FIELD_HOST_ONLY;
  out = tb_run(f, "extended_lambda_star_this_copy");
  ck_assert_uint_eq(out->count, 1);
  ck_assert_uint_eq(out->items[0]->loc.col, 14);
  ck_assert_str_eq(out->items[0]->message,
                   "extended __device__ lambda copies '*this' with the member "
                   "'host_data' of type 'std::vector<int>', which cannot be "
                   "copied or destroyed on the device");
  xl_diags_free(out);
  xl_facts_free(f);
}
END_TEST

Suite *nvcc_misses_suite(void) {
  Suite *s = suite_create("nvcc_misses");
  TCase *tc = tcase_create("rules");

  tcase_add_test(tc, device_only_lambda_renumbers_the_next_one);
  tcase_add_test(tc, same_lambdas_on_both_sides_are_fine);
  tcase_add_test(tc, other_captures_error_when_sent_to_a_kernel);
  tcase_add_test(tc, other_captures_through_a_skipped_body);
  tcase_add_test(tc, same_captures_in_another_order);
  tcase_add_test(tc, introspection_and_return_type_split_by_form);
  tcase_add_test(tc, function_pointer_and_adl_uses);
  tcase_add_test(tc, star_this_with_a_host_only_member);
  suite_add_tcase(s, tc);
  return s;
}
