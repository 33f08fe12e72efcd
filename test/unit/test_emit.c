/*
 * test_emit.c: helpers of the emitters: GitHub's line hashes (the test
 * vectors of github/codeql-action's fingerprints tests) and UTF-16 columns.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "builder.h"
#include "emit/emit.h"

static void check_hashes(const char *text, const char *const *want,
                         size_t nwant) {
  char **h = NULL;
  size_t n = 0, i;

  ck_assert_int_eq(xl_line_hashes(&h, &n, text, strlen(text)), XL_OK);
  ck_assert_uint_eq(n, nwant);
  for (i = 0; i < n; i++) {
    ck_assert_ptr_nonnull(h[i]);
    ck_assert_str_eq(h[i], want[i]);
    free(h[i]);
  }
  free(h);
}

START_TEST(line_hashes_match_codeql_action) {
  static const char *const empty[] = {"c129715d7a2bc9a3:1"};
  static const char *const abcd[] = {"271789c17abda88f:1", "54703d4cd895b18:1",
                                     "180aee12dab6264:1",
                                     "a23a3dc5e078b07b:1"};
  static const char *const hello[] = {
      "e9496ae3ebfced30:1", "fb7c023a8b9ccb3f:1", "ce8ba1a563dcdaca:1",
      "e20e36e16fcb0cc8:1", "b3edc88f2938467e:1", "c8e28b0b4002a3a0:1",
      "c129715d7a2bc9a3:1"};
  static const char *const lorem[] = {
      "a7f2ff13bc495cf2:1", "a7f2ff13bc495cf2:2", "a7f2ff13bc495cf2:3",
      "a7f2ff13bc495cf2:4", "a7f2ff13bc495cf2:5", "a7f2ff13bc495cf2:6",
      "a7f2ff1481e87703:1", "a9cf91f7bbf1862b:1", "55ec222b86bcae53:1",
      "cc97dc7b1d7d8f7b:1", "c129715d7a2bc9a3:1"};
  char rep[400];
  size_t used = 0;
  int i;

  check_hashes("", empty, 1);
  check_hashes(" a\nb\n  \t\tc\n d", abcd, 4);
  check_hashes(" hello; \t\nworld!!!\n\n\n  \t\tGreetings\n End\n", hello, 7);
  check_hashes(" hello; \t\nworld!!!\r\r\r  \t\tGreetings\r End\r", hello, 7);
  check_hashes(" hello; \t\r\nworld!!!\r\n\r\n\r\n  \t\tGreetings\r\n End\r\n",
               hello, 7);
  for (i = 0; i < 10; i++)
    used += (size_t)snprintf(rep + used, sizeof(rep) - used, "%s",
                             "Lorem ipsum dolor sit amet.\n");
  check_hashes(rep, lorem, 11);
}
END_TEST

START_TEST(utf16_columns) {
  const char *line = "\xc3\xa9\xc3\xa9 x \xf0\x9f\x98\x80 y";

  ck_assert_uint_eq(xl_utf16_column(line, strlen(line), 1), 1);
  ck_assert_uint_eq(xl_utf16_column(line, strlen(line), 6), 4); /* 'x' */
  ck_assert_uint_eq(xl_utf16_column(line, strlen(line), 13), 9); /* 'y' */
  ck_assert_uint_eq(xl_utf16_column("\xff" "a", 2, 2), 2);
}
END_TEST

Suite *emit_suite(void) {
  Suite *s = suite_create("emit");
  TCase *tc = tcase_create("emit");

  tcase_add_test(tc, line_hashes_match_codeql_action);
  tcase_add_test(tc, utf16_columns);
  suite_add_tcase(s, tc);
  return s;
}
