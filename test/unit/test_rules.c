/*
 * test_rules.c: the capture rules on hand-built facts.
 */
#include "builder.h"

#define REF "extended_lambda_reference_capture"

START_TEST(explicit_byref_is_reported_at_the_capture) {
  xl_facts *f = tb_facts();
  xl_id l = tb_lambda(f, 3, XL_SPACE_DEVICE, 0);
  xl_diags *d;

  xl_capture *c;

  c = tb_capture(f, l, XL_CAPTURE_VAR,
                 XL_CAPTURE_BYREF | XL_CAPTURE_EXPLICIT |
                     XL_CAPTURE_COPY_CHECKED,
                 "a", 3, 12);
  c->range = xl_range_make(tb_loc(3, 11), tb_loc(3, 13));
  tb_capture(f, l, XL_CAPTURE_VAR, XL_CAPTURE_EXPLICIT, "b", 3, 15);
  d = tb_run(f, REF);
  ck_assert_uint_eq(d->count, 1);
  ck_assert_uint_eq(d->items[0]->loc.col, 12);
  ck_assert_str_eq(d->items[0]->message,
                   "extended __device__ lambda cannot capture 'a' by reference");
  /* the frontend checked that a copy keeps the meaning: on the diagnostic */
  ck_assert_uint_eq(d->items[0]->nfixits, 1);
  ck_assert_str_eq(d->items[0]->fixits[0].text, "");
  ck_assert_uint_eq(d->items[0]->fixits[0].begin.col, 11);
  ck_assert_uint_eq(d->items[0]->fixits[0].end.col, 12);
  xl_diags_free(d);
  xl_facts_free(f);
}
END_TEST

/* Issue 18: a copy that may change the value, or an unchecked one, goes on
 * a note that says what changes; after a default '=' the item goes. */
START_TEST(unsafe_copy_goes_on_a_note) {
  static const uint32_t risky[] = {
      XL_CAPTURE_COPY_CHECKED | XL_CAPTURE_WRITTEN,
      XL_CAPTURE_COPY_CHECKED | XL_CAPTURE_ALIASED, 0};
  unsigned i;

  for (i = 0; i < 3; i++) {
    xl_facts *f = tb_facts();
    xl_id l = tb_lambda(f, 3, XL_SPACE_DEVICE, '=');
    xl_capture *c = tb_capture(f, l, XL_CAPTURE_VAR,
                               XL_CAPTURE_BYREF | XL_CAPTURE_EXPLICIT |
                                   risky[i],
                               "b", 3, 15);
    xl_diags *d;

    c->range = xl_range_make(tb_loc(3, 14), tb_loc(3, 16));
    d = tb_run(f, REF);
    ck_assert_uint_eq(d->count, 1);
    const xl_note *n;
    ck_assert_uint_eq(d->items[0]->nfixits, 0);
    ck_assert_uint_ge(d->items[0]->nnotes, 1);
    n = d->items[0]->notes[d->items[0]->nnotes - 1];
    ck_assert_uint_eq(n->nfixits, 1);
    /* '[=, &b]': from the end of '=' (col 12) to the end of '&b' */
    ck_assert_uint_eq(n->fixits[0].begin.col, 12);
    ck_assert_uint_eq(n->fixits[0].end.col, 16);
    xl_diags_free(d);
    xl_facts_free(f);
  }
}
END_TEST

START_TEST(mutable_lambda_gets_the_fix_on_a_note) {
  xl_facts *f = tb_facts();
  xl_id l = tb_lambda(f, 3, XL_SPACE_DEVICE, 0);
  xl_diags *d;

  f->lambdas[l].flags |= XL_LAMBDA_MUTABLE;
  tb_capture(f, l, XL_CAPTURE_VAR, XL_CAPTURE_BYREF | XL_CAPTURE_EXPLICIT,
             "a", 3, 12);
  d = tb_run(f, REF);
  ck_assert_uint_eq(d->count, 1);
  ck_assert_uint_eq(d->items[0]->nfixits, 0);
  ck_assert_uint_eq(d->items[0]->nnotes, 1);
  ck_assert_uint_eq(d->items[0]->notes[0]->nfixits, 1);
  xl_diags_free(d);
  xl_facts_free(f);
}
END_TEST

START_TEST(ref_default_without_captures_is_reported_once) {
  xl_facts *f = tb_facts();
  xl_id l = tb_lambda(f, 5, XL_SPACE_HOST_DEVICE, '&');
  xl_diags *d;

  f->lambdas[l].params_loc = tb_loc(5, 20);
  d = tb_run(f, REF);
  ck_assert_uint_eq(d->count, 1);
  ck_assert_uint_eq(d->items[0]->loc.col, 20);
  /* it captures nothing: '[&]' -> '[]' keeps the meaning (issue 18) */
  ck_assert_uint_eq(d->items[0]->nfixits, 1);
  ck_assert_str_eq(d->items[0]->fixits[0].text, "");
  xl_diags_free(d);
  xl_facts_free(f);
}
END_TEST

START_TEST(implicit_byref_captures_each_get_a_finding) {
  xl_facts *f = tb_facts();
  xl_id l = tb_lambda(f, 5, XL_SPACE_DEVICE, '&');
  xl_diags *d;

  tb_capture(f, l, XL_CAPTURE_VAR, XL_CAPTURE_BYREF, "x", 6, 8);
  tb_capture(f, l, XL_CAPTURE_VAR, XL_CAPTURE_BYREF, "y", 7, 8);
  tb_capture(f, l, XL_CAPTURE_THIS, 0, "this", 8, 8);
  d = tb_run(f, REF);
  ck_assert_uint_eq(tb_count(d, REF, 0), 3); /* default + x + y, not this */
  ck_assert_uint_eq(tb_count(d, REF, 6), 1);
  ck_assert_uint_eq(tb_count(d, REF, 7), 1);
  xl_diags_free(d);
  xl_facts_free(f);
}
END_TEST

START_TEST(non_extended_lambdas_are_ignored) {
  xl_facts *f = tb_facts();
  xl_id l = tb_lambda(f, 3, XL_SPACE_DEVICE, '&');
  xl_diags *d;

  f->lambdas[l].flags = XL_LAMBDA_DEVICE_CONTEXT;
  tb_capture(f, l, XL_CAPTURE_VAR, XL_CAPTURE_BYREF, "x", 4, 8);
  d = tb_run(f, "*");
  ck_assert_uint_eq(d->count, 0);
  xl_diags_free(d);
  xl_facts_free(f);
}
END_TEST

START_TEST(hd_init_capture_hoists_on_a_note) {
  xl_facts *f = tb_facts();
  xl_id l = tb_lambda(f, 9, XL_SPACE_HOST_DEVICE, 0);
  xl_capture *c;
  xl_diags *d;

  f->lambdas[l].stmt = tb_loc(9, 3);
  f->lambdas[l].stmt_indent = "  ";
  c = tb_capture(f, l, XL_CAPTURE_INIT,
                 XL_CAPTURE_EXPLICIT | XL_CAPTURE_NAME_FRESH, "x", 9, 11);
  c->init = xl_range_make(tb_loc(9, 15), tb_loc(9, 16));
  c->init_text = "1";
  d = tb_run(f, "extended_lambda_hd_init_capture");
  ck_assert_uint_eq(d->count, 1);
  ck_assert_uint_eq(d->items[0]->nfixits, 0);
  ck_assert_uint_eq(d->items[0]->notes[0]->nfixits, 2);
  ck_assert_str_eq(d->items[0]->notes[0]->fixits[0].text, "auto x = 1;\n  ");
  ck_assert_str_eq(d->items[0]->notes[0]->fixits[1].text, "x");
  xl_diags_free(d);
  /* issue 18: a name used elsewhere, or a move, gets no edit */
  c->flags &= ~XL_CAPTURE_NAME_FRESH;
  d = tb_run(f, "extended_lambda_hd_init_capture");
  ck_assert_uint_eq(d->items[0]->notes[0]->nfixits, 0);
  xl_diags_free(d);
  c->flags |= XL_CAPTURE_NAME_FRESH;
  c->init_text = "std::move(w)";
  d = tb_run(f, "extended_lambda_hd_init_capture");
  ck_assert_uint_eq(d->items[0]->notes[0]->nfixits, 0);
  xl_diags_free(d);
  /* a __device__ lambda may have init-captures */
  f->lambdas[l].space = XL_SPACE_DEVICE;
  d = tb_run(f, "extended_lambda_hd_init_capture");
  ck_assert_uint_eq(d->count, 0);
  xl_diags_free(d);
  xl_facts_free(f);
}
END_TEST

START_TEST(fixits_in_macros_are_dropped) {
  xl_facts *f = tb_facts();
  xl_id l = tb_lambda(f, 3, XL_SPACE_DEVICE, 0);
  xl_capture *c;
  xl_diags *d;

  c = tb_capture(f, l, XL_CAPTURE_VAR,
                 XL_CAPTURE_BYREF | XL_CAPTURE_EXPLICIT |
                     XL_CAPTURE_COPY_CHECKED,
                 "a", 3, 12);
  c->range.begin.flags |= XL_LOC_MACRO;
  d = tb_run(f, REF);
  ck_assert_uint_eq(d->count, 1);
  ck_assert_uint_eq(d->items[0]->nfixits, 0);
  ck_assert(d->items[0]->flags & XL_DIAG_FIX_DROPPED);
  xl_diags_free(d);
  xl_facts_free(f);
}
END_TEST

START_TEST(pack_and_constexpr_if_and_too_many) {
  xl_facts *f = tb_facts();
  xl_id l = tb_lambda(f, 3, XL_SPACE_DEVICE, '=');
  xl_diags *d;
  unsigned i;

  tb_capture(f, l, XL_CAPTURE_VAR, XL_CAPTURE_PACK, "args", 4, 5);
  tb_capture(f, l, XL_CAPTURE_VAR, XL_CAPTURE_IN_CONSTEXPR_IF, "x", 5, 5);
  tb_capture(f, l, XL_CAPTURE_VAR,
             XL_CAPTURE_IN_CONSTEXPR_IF | XL_CAPTURE_EXPLICIT, "y", 3, 12);
  d = tb_run(f, "extended_lambda_pack_capture");
  ck_assert_uint_eq(tb_count(d, "extended_lambda_pack_capture", 4), 1);
  xl_diags_free(d);
  d = tb_run(f, "extended_lambda_capture_in_constexpr_if");
  ck_assert_uint_eq(d->count, 1); /* not the explicit y */
  ck_assert_uint_eq(d->items[0]->loc.line, 5);
  xl_diags_free(d);
  for (i = 3; i < 1023; i++)
    tb_capture(f, l, XL_CAPTURE_VAR, 0, "v", 6, 5);
  d = tb_run(f, "extended_lambda_too_many_captures");
  ck_assert_uint_eq(d->count, 1);
  ck_assert_str_eq(d->items[0]->message, "extended __device__ lambda captures "
                   "1023 variables; nvcc accepts at most 1022");
  xl_diags_free(d);
  xl_facts_free(f);
}
END_TEST

START_TEST(this_capture_suggests_star_this_only_where_valid) {
  xl_facts *f = tb_facts();
  xl_id l = tb_lambda(f, 3, XL_SPACE_DEVICE, '=');
  xl_diags *d;

  xl_id cls = tb_type(f, XL_TYPE_RECORD, "Fancy", 0, XL_NONE, 0);
  xl_capture *c = tb_capture(f, l, XL_CAPTURE_THIS, 0, "this", 3, 30);

  c->type = tb_type(f, XL_TYPE_POINTER, "Fancy *", 0, cls, 0);
  f->cxx_std = 17;
  d = tb_run(f, "this_addr_capture_ext_lambda");
  ck_assert_uint_eq(d->count, 1);
  ck_assert_int_eq(d->items[0]->severity, XL_SEV_WARNING);
  ck_assert_str_eq(d->items[0]->notes[0]->fixits[0].text, ", *this");
  xl_diags_free(d);
  f->cxx_std = 14; /* [*this] needs C++17 */
  d = tb_run(f, "this_addr_capture_ext_lambda");
  ck_assert_uint_eq(d->items[0]->notes[0]->nfixits, 0);
  xl_diags_free(d);
  xl_facts_free(f);
}
END_TEST

/* Explicit '[this]': reported in a __device__ lambda only, '*' inserted
 * before 'this' on the note (C++17). */
START_TEST(explicit_this_in_device_lambda_is_reported) {
  xl_facts *f = tb_facts();
  xl_id dl = tb_lambda(f, 3, XL_SPACE_DEVICE, 0);
  xl_id hd = tb_lambda(f, 4, XL_SPACE_HOST_DEVICE, 0);
  xl_diags *d;
  const xl_note *n;

  tb_capture(f, dl, XL_CAPTURE_THIS, XL_CAPTURE_EXPLICIT, "this", 3, 12);
  tb_capture(f, hd, XL_CAPTURE_THIS, XL_CAPTURE_EXPLICIT, "this", 4, 12);
  f->cxx_std = 17;
  d = tb_run(f, "this_addr_capture_ext_lambda");
  ck_assert_uint_eq(d->count, 1);
  ck_assert_uint_eq(d->items[0]->loc.line, 3);
  ck_assert_str_eq(d->items[0]->message,
                   "extended __device__ lambda captures 'this', a host "
                   "pointer the device cannot dereference");
  ck_assert_uint_eq(d->items[0]->nnotes, 2);
  n = d->items[0]->notes[1];
  ck_assert_uint_eq(n->nfixits, 1);
  ck_assert_str_eq(n->fixits[0].text, "*");
  ck_assert_uint_eq(n->fixits[0].begin.col, 12);
  ck_assert_uint_eq(d->items[0]->nfixits, 0);
  xl_diags_free(d);
  f->cxx_std = 14;
  d = tb_run(f, "this_addr_capture_ext_lambda");
  ck_assert_uint_eq(d->count, 1);
  ck_assert_uint_eq(d->items[0]->notes[1]->nfixits, 0);
  xl_diags_free(d);
  xl_facts_free(f);
}
END_TEST

START_TEST(severity_and_warnings_as_errors) {
  xl_facts *f = tb_facts();
  xl_id l = tb_lambda(f, 3, XL_SPACE_DEVICE, '=');
  xl_rule_config cfg;
  xl_diags *d = NULL;

  tb_capture(f, l, XL_CAPTURE_THIS, 0, "this", 3, 30);
  xl_rule_config_init(&cfg);
  ck_assert_int_eq(xl_rule_config_as_error(&cfg, "this_addr*", NULL), XL_OK);
  ck_assert_int_eq(xl_diags_new(&d), XL_OK);
  ck_assert_int_eq(xl_rules_run(d, f, &cfg), XL_OK);
  ck_assert_uint_eq(d->count, 1);
  ck_assert_int_eq(d->items[0]->severity, XL_SEV_ERROR);
  ck_assert(d->items[0]->flags & XL_DIAG_AS_ERROR);
  xl_diags_free(d);
  ck_assert_int_eq(xl_rule_config_select(&cfg, "nonexistent_rule", NULL),
                   XL_EINVAL);
  xl_facts_free(f);
}
END_TEST

Suite *rules_suite(void) {
  Suite *s = suite_create("rules");
  TCase *tc = tcase_create("captures");

  tcase_add_test(tc, explicit_byref_is_reported_at_the_capture);
  tcase_add_test(tc, explicit_this_in_device_lambda_is_reported);
  tcase_add_test(tc, mutable_lambda_gets_the_fix_on_a_note);
  tcase_add_test(tc, unsafe_copy_goes_on_a_note);
  tcase_add_test(tc, ref_default_without_captures_is_reported_once);
  tcase_add_test(tc, implicit_byref_captures_each_get_a_finding);
  tcase_add_test(tc, non_extended_lambdas_are_ignored);
  tcase_add_test(tc, hd_init_capture_hoists_on_a_note);
  tcase_add_test(tc, fixits_in_macros_are_dropped);
  tcase_add_test(tc, pack_and_constexpr_if_and_too_many);
  tcase_add_test(tc, this_capture_suggests_star_this_only_where_valid);
  tcase_add_test(tc, severity_and_warnings_as_errors);
  suite_add_tcase(s, tc);
  return s;
}
