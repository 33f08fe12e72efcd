/*
 * test_linefilter.c: changed files and lines from unified diffs.
 */
#include <string.h>

#include "builder.h"
#include "core/linefilter.h"

static xl_linefilter *parse(const char *diff) {
  xl_linefilter *lf = NULL;

  ck_assert_int_eq(xl_linefilter_from_diff(&lf, diff, strlen(diff), "/repo"),
                   XL_OK);
  return lf;
}

START_TEST(git_diff_u0) {
  xl_linefilter *lf = parse(
      "diff --git a/src/k.cu b/src/k.cu\n"
      "index 1..2 100644\n"
      "--- a/src/k.cu\n"
      "+++ b/src/k.cu\n"
      "@@ -3 +3 @@ void f()\n"
      "-old\n"
      "+new\n"
      "@@ -10,0 +11,2 @@\n"
      "+a\n"
      "+b\n"
      "@@ -20,3 +22,0 @@\n"
      "diff --git a/gone.cu b/gone.cu\n"
      "--- a/gone.cu\n"
      "+++ /dev/null\n"
      "@@ -1,2 +0,0 @@\n"
      "diff --git a/inc/h.cuh b/inc/h.cuh\n"
      "--- a/inc/h.cuh\n"
      "+++ b/inc/h.cuh\n"
      "@@ -1 +1 @@\n");

  ck_assert_uint_eq(xl_linefilter_file_count(lf), 2);
  ck_assert_str_eq(xl_linefilter_file(lf, 0), "/repo/src/k.cu");
  ck_assert_str_eq(xl_linefilter_file(lf, 1), "/repo/inc/h.cuh");
  ck_assert_int_eq(xl_linefilter_has_file(lf, "/repo/src/k.cu"), 1);
  ck_assert_int_eq(xl_linefilter_has_file(lf, "/repo/gone.cu"), 0);
  ck_assert_int_eq(xl_linefilter_covers(lf, "/repo/src/k.cu", 3), 1);
  ck_assert_int_eq(xl_linefilter_covers(lf, "/repo/src/k.cu", 4), 0);
  ck_assert_int_eq(xl_linefilter_covers(lf, "/repo/src/k.cu", 11), 1);
  ck_assert_int_eq(xl_linefilter_covers(lf, "/repo/src/k.cu", 12), 1);
  ck_assert_int_eq(xl_linefilter_covers(lf, "/repo/src/k.cu", 13), 0);
  ck_assert_int_eq(xl_linefilter_covers(lf, "/repo/src/k.cu", 22), 0);
  ck_assert_int_eq(xl_linefilter_covers(lf, "/repo/inc/h.cuh", 1), 1);
  xl_linefilter_free(lf);
}
END_TEST

START_TEST(plain_diff_u_and_odd_input) {
  xl_linefilter *lf = parse("--- k.cu.orig\t2024-01-01 00:00:00\n"
                            "+++ k.cu\t2024-01-02 00:00:00\n"
                            "@@ -1,3 +1,4 @@\n"
                            " a\n+b\n c\n");

  ck_assert_int_eq(xl_linefilter_covers(lf, "/repo/k.cu", 4), 1);
  ck_assert_int_eq(xl_linefilter_covers(lf, "/repo/k.cu", 5), 0);
  xl_linefilter_free(lf);
  lf = parse("@@ -1 +1 @@\n+++ \n+++ \"b/with space.cu\"\n@@ garbage\n");
  ck_assert_uint_eq(xl_linefilter_file_count(lf), 0);
  xl_linefilter_free(lf);
  lf = parse("+++ \"b/with space.cu\"\n@@ -0,0 +1 @@\n");
  ck_assert_int_eq(xl_linefilter_covers(lf, "/repo/with space.cu", 1), 1);
  xl_linefilter_free(lf);
}
END_TEST

Suite *linefilter_suite(void) {
  Suite *s = suite_create("linefilter");
  TCase *tc = tcase_create("linefilter");

  tcase_add_test(tc, git_diff_u0);
  tcase_add_test(tc, plain_diff_u_and_odd_input);
  suite_add_tcase(s, tc);
  return s;
}
