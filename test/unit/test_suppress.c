/*
 * test_suppress.c: the suppression parser (NOLINT comments, nv_diag
 * pragmas), a pure function of a buffer.
 */
#include <stdlib.h>
#include <string.h>

#include "builder.h"
#include "core/suppress.h"

#define R1 "extended_lambda_reference_capture"
#define R2 "this_addr_capture_ext_lambda"

static xl_suppressions *parse(const char *text) {
  xl_suppressions *s = NULL;

  ck_assert_int_eq(xl_suppress_parse(&s, text, strlen(text)), XL_OK);
  ck_assert_ptr_nonnull(s);
  return s;
}

/* The offset of the first occurrence of `marker` in text. */
static size_t at(const char *text, const char *marker) {
  const char *p = strstr(text, marker);

  ck_assert_ptr_nonnull(p);
  return (size_t)(p - text);
}

START_TEST(nolint_same_line) {
  const char *t = "int a; // NOLINT\nint b;\n";
  xl_suppressions *s = parse(t);

  ck_assert_int_eq(xl_suppress_match(s, R1, at(t, "a;")),
                   XL_SUPPRESSED_NOLINT);
  ck_assert_int_eq(xl_suppress_match(s, R1, at(t, "b;")), 0);
  xl_suppress_free(s);
}
END_TEST

START_TEST(nolint_globs) {
  const char *t = "a; // NOLINT(extended_lambda_*)\n"
                  "b; // NOLINT()\n"
                  "c; // NOLINT (" R2 ")\n"
                  "d; // NOLINT( -" R1 " ,  " R2 " ): reason\n"
                  "e; // NOLINT(" R1 "\n"
                  "f; // NOLINT(-*)\n";
  xl_suppressions *s = parse(t);

  ck_assert_int_eq(xl_suppress_match(s, R1, at(t, "a;")), 1);
  ck_assert_int_eq(xl_suppress_match(s, R2, at(t, "a;")), 0);
  ck_assert_int_eq(xl_suppress_match(s, R1, at(t, "b;")), 0); /* empty list */
  ck_assert_int_eq(xl_suppress_match(s, R1, at(t, "c;")), 1); /* bare NOLINT */
  ck_assert_int_eq(xl_suppress_match(s, R1, at(t, "d;")), 0); /* negative */
  ck_assert_int_eq(xl_suppress_match(s, R2, at(t, "d;")), 1); /* trimmed */
  ck_assert_int_eq(xl_suppress_match(s, R2, at(t, "e;")), 1); /* no ')' */
  ck_assert_int_eq(xl_suppress_match(s, R1, at(t, "f;")), 0);
  xl_suppress_free(s);
}
END_TEST

START_TEST(nolint_next_line) {
  const char *t = "// NOLINTNEXTLINE(" R1 ")\n"
                  "a;\n"
                  "b;\n"
                  "c; // NOLINTNEXTLINE\n";
  xl_suppressions *s = parse(t);

  ck_assert_int_eq(xl_suppress_match(s, R1, at(t, "a;")), 1);
  ck_assert_int_eq(xl_suppress_match(s, R2, at(t, "a;")), 0);
  ck_assert_int_eq(xl_suppress_match(s, R1, at(t, "b;")), 0);
  ck_assert_int_eq(xl_suppress_match(s, R1, at(t, "c;")), 0);
  xl_suppress_free(s);
}
END_TEST

START_TEST(nolint_not_a_directive) {
  const char *t = "a; // NOLINTFOO NOLINTNEXT\n";
  xl_suppressions *s = parse(t);

  ck_assert_int_eq(xl_suppress_match(s, R1, at(t, "a;")), 0);
  ck_assert_uint_eq(xl_suppress_count(s), 0);
  xl_suppress_free(s);
}
END_TEST

START_TEST(nolint_blocks) {
  const char *t = "// NOLINTBEGIN(" R1 ")\n"
                  "a;\n"
                  "// NOLINTBEGIN\n"
                  "b;\n"
                  "// NOLINTEND\n"
                  "c;\n"
                  "// NOLINTEND(" R1 ")\n"
                  "d;\n";
  xl_suppressions *s = parse(t);
  size_t n;

  ck_assert_int_eq(xl_suppress_match(s, R1, at(t, "a;")), 1);
  ck_assert_int_eq(xl_suppress_match(s, R2, at(t, "a;")), 0);
  ck_assert_int_eq(xl_suppress_match(s, R2, at(t, "b;")), 1);
  ck_assert_int_eq(xl_suppress_match(s, R1, at(t, "c;")), 1);
  ck_assert_int_eq(xl_suppress_match(s, R2, at(t, "c;")), 0);
  ck_assert_int_eq(xl_suppress_match(s, R1, at(t, "d;")), 0);
  xl_suppress_errors(s, &n);
  ck_assert_uint_eq(n, 0);
  xl_suppress_free(s);
}
END_TEST

START_TEST(nolint_unmatched) {
  const char *t = "// NOLINTBEGIN(a)\n"
                  "x;\n"
                  "  // NOLINTEND(b)\n"
                  "// NOLINTEND\n";
  xl_suppressions *s = parse(t);
  const xl_suppress_error *e;
  size_t n;

  e = xl_suppress_errors(s, &n);
  ck_assert_uint_eq(n, 3);
  ck_assert_uint_eq(e[0].line, 1);
  ck_assert_uint_eq(e[0].col, 4);
  ck_assert_str_eq(e[0].message, "unmatched 'NOLINTBEGIN' comment without a "
                                 "subsequent 'NOLINTEND' comment");
  ck_assert_uint_eq(e[1].line, 3);
  ck_assert_uint_eq(e[1].col, 6);
  ck_assert_str_eq(e[1].message, "unmatched 'NOLINTEND' comment without a "
                                 "previous 'NOLINTBEGIN' comment");
  ck_assert_uint_eq(e[2].line, 4);
  /* an unmatched BEGIN suppresses nothing */
  ck_assert_int_eq(xl_suppress_match(s, "a", at(t, "x;")), 0);
  xl_suppress_free(s);
}
END_TEST

START_TEST(pragma_regions) {
  const char *t = "a;\n"
                  "#pragma nv_diag_suppress " R1 ", other // why\n"
                  "b;\n"
                  "  #  pragma nv_diagnostic push\n"
                  "#pragma diag_suppress " R2 "\n"
                  "c;\n"
                  "#pragma nv_diagnostic pop\n"
                  "d;\n"
                  "#pragma nv_diag_default " R1 "\n"
                  "e;\n"
                  "_Pragma(\"nv_diag_suppress " R2 "\") f;\n"
                  "g;";
  xl_suppressions *s = parse(t);

  ck_assert_int_eq(xl_suppress_match(s, R1, at(t, "a;")), 0);
  ck_assert_int_eq(xl_suppress_match(s, R1, at(t, "b;")),
                   XL_SUPPRESSED_PRAGMA);
  ck_assert_int_eq(xl_suppress_match(s, "other", at(t, "b;")), 2);
  ck_assert_int_eq(xl_suppress_match(s, "oth", at(t, "b;")), 0);
  ck_assert_int_eq(xl_suppress_match(s, R2, at(t, "b;")), 0);
  ck_assert_int_eq(xl_suppress_match(s, R2, at(t, "c;")), 2);
  ck_assert_int_eq(xl_suppress_match(s, R1, at(t, "c;")), 2);
  ck_assert_int_eq(xl_suppress_match(s, R2, at(t, "d;")), 0); /* popped */
  ck_assert_int_eq(xl_suppress_match(s, R1, at(t, "d;")), 2);
  ck_assert_int_eq(xl_suppress_match(s, R1, at(t, "e;")), 0); /* default */
  ck_assert_int_eq(xl_suppress_match(s, R2, at(t, "g;")), 2);
  ck_assert_uint_eq(xl_suppress_count(s), 6);
  xl_suppress_free(s);
}
END_TEST

START_TEST(odd_buffers) {
  static const char *const texts[] = {"", "NOLINT", "NOLINT(", "#pragma",
                                      "#pragma nv_diagnostic pop\n",
                                      "_Pragma(\"", "// NOLINTEND(x"};
  size_t i;

  for (i = 0; i < sizeof(texts) / sizeof(*texts); i++) {
    xl_suppressions *s = parse(texts[i]);
    xl_suppress_match(s, R1, 0);
    xl_suppress_free(s);
  }
  xl_suppress_free(NULL);
}
END_TEST

Suite *suppress_suite(void) {
  Suite *s = suite_create("suppress");
  TCase *tc = tcase_create("suppress");

  tcase_add_test(tc, nolint_same_line);
  tcase_add_test(tc, nolint_globs);
  tcase_add_test(tc, nolint_next_line);
  tcase_add_test(tc, nolint_not_a_directive);
  tcase_add_test(tc, nolint_blocks);
  tcase_add_test(tc, nolint_unmatched);
  tcase_add_test(tc, pragma_regions);
  tcase_add_test(tc, odd_buffers);
  suite_add_tcase(s, tc);
  return s;
}
