/*
 * test_fix.c: applying edits to buffers.
 */
#include <stdlib.h>
#include <string.h>

#include "builder.h"
#include "core/fix.h"

static char *apply(const char *buf, xl_repl *e, size_t n, int *rc) {
  char *out = NULL;
  size_t len;

  *rc = xl_fix_buffer(&out, &len, buf, strlen(buf), e, n, NULL);
  return out;
}

START_TEST(edits_apply_in_offset_order) {
  xl_repl e[] = {{8, 1, "=", 0}, {1, 1, "", 1}, {5, 0, "auto y;", 2}};
  int rc;
  char *out = apply("[&x] f [&]", e, 3, &rc);

  ck_assert_int_eq(rc, XL_OK);
  ck_assert_str_eq(out, "[x] auto y;f [=]");
  free(out);
}
END_TEST

START_TEST(identical_edits_apply_once) {
  xl_repl e[] = {{1, 1, "=", 0}, {1, 1, "=", 1}};
  int rc;
  char *out = apply("[&]", e, 2, &rc);

  ck_assert_int_eq(rc, XL_OK);
  ck_assert_str_eq(out, "[=]");
  free(out);
}
END_TEST

START_TEST(overlaps_and_out_of_range_are_refused) {
  xl_repl a[] = {{1, 3, "x", 0}, {2, 1, "y", 1}};
  xl_repl b[] = {{1, 1, "x", 0}, {1, 1, "y", 1}};
  xl_repl c[] = {{5, 10, "x", 0}};
  int rc;

  ck_assert_ptr_null(apply("abcdef", a, 2, &rc));
  ck_assert_int_eq(rc, XL_ECONFLICT);
  ck_assert_ptr_null(apply("abcdef", b, 2, &rc));
  ck_assert_int_eq(rc, XL_ECONFLICT);
  ck_assert_ptr_null(apply("abcdef", c, 1, &rc));
  ck_assert_int_eq(rc, XL_ECONFLICT);
}
END_TEST

START_TEST(insertions_at_one_offset_keep_their_order) {
  xl_repl e[] = {{0, 0, "b", 1}, {0, 0, "a", 0}};
  int rc;
  char *out = apply("c", e, 2, &rc);

  ck_assert_str_eq(out, "abc");
  free(out);
}
END_TEST

Suite *fix_suite(void) {
  Suite *s = suite_create("fix");
  TCase *tc = tcase_create("buffer");

  tcase_add_test(tc, edits_apply_in_offset_order);
  tcase_add_test(tc, identical_edits_apply_once);
  tcase_add_test(tc, overlaps_and_out_of_range_are_refused);
  tcase_add_test(tc, insertions_at_one_offset_keep_their_order);
  suite_add_tcase(s, tc);
  return s;
}
