/*
 * test_lex.c: the token scanner and the capture-list parser.
 */
#include <string.h>

#include "builder.h"
#include "util/lex.h"

static xl_caplist parse(const char *text) {
  xl_caplist c;

  ck_assert_int_eq(xl_lex_caplist(&c, text, strlen(text), 0), 0);
  return c;
}

START_TEST(defaults_and_items) {
  const char *t = "[&, x, &y, this, *this] ()";
  xl_caplist c = parse(t);

  ck_assert_int_eq(c.def, '&');
  ck_assert_uint_eq(c.nitems, 4);
  ck_assert_int_eq(c.items[1].byref, 1);
  ck_assert_int_eq(c.items[2].is_this, 1);
  ck_assert_int_eq(c.items[3].is_star_this, 1);
  ck_assert_uint_eq(c.end, strlen("[&, x, &y, this, *this]"));
  ck_assert_uint_eq(c.items[1].begin, 7);
  ck_assert_uint_eq(c.items[1].end, 9);
}
END_TEST

START_TEST(init_captures) {
  const char *t = "[x = f(a, b[1]), &r = y, s{1, 2}, p(q), v = {1, 2}]";
  xl_caplist c = parse(t);

  ck_assert_int_eq(c.def, 0);
  ck_assert_uint_eq(c.nitems, 5);
  ck_assert_int_eq(c.items[0].is_init, 1);
  ck_assert_int_eq(strncmp(t + c.items[0].init_begin, "f(a, b[1])",
                           c.items[0].init_end - c.items[0].init_begin), 0);
  ck_assert_int_eq(c.items[1].byref && c.items[1].is_init, 1);
  ck_assert_int_eq(c.items[2].init_braced, 1);
  ck_assert_int_eq(c.items[3].is_init, 1);
  ck_assert_int_eq(c.items[4].init_braced, 1);
}
END_TEST

START_TEST(packs_comments_and_strings) {
  const char *t = "[args..., /* ] */ s = \"]\", ...xs = ys] {}";
  xl_caplist c = parse(t);

  ck_assert_uint_eq(c.nitems, 3);
  ck_assert_int_eq(c.items[0].pack, 1);
  ck_assert_int_eq(c.items[1].is_init, 1);
  ck_assert_int_eq(c.items[2].pack && c.items[2].is_init, 1);
}
END_TEST

START_TEST(equals_default_then_items) {
  xl_caplist c = parse("[=, &x]");

  ck_assert_int_eq(c.def, '=');
  ck_assert_uint_eq(c.def_begin, 1);
  ck_assert_uint_eq(c.nitems, 1);
  ck_assert_int_eq(c.items[0].byref, 1);
}
END_TEST

START_TEST(malformed_lists_fail) {
  xl_caplist c;

  ck_assert_int_eq(xl_lex_caplist(&c, "[x", 2, 0), -1);
  ck_assert_int_eq(xl_lex_caplist(&c, "(x)", 3, 0), -1);
  ck_assert_int_eq(xl_lex_caplist(&c, "[+]", 3, 0), -1);
  ck_assert_int_eq(xl_lex_caplist(&c, "", 0, 0), -1);
}
END_TEST

START_TEST(tokens) {
  const char *t = "if /*c*/ constexpr (a->b && R\"x(])x\" ...)";
  xl_lexer lx;
  xl_tok tok;
  int n = 0;

  xl_lex_init(&lx, t, strlen(t), 0);
  while (xl_lex_next(&lx, &tok) != XL_TOK_EOF) {
    if (n == 1)
      ck_assert(xl_tok_is(&lx, &tok, "constexpr"));
    if (n == 4)
      ck_assert(xl_tok_is(&lx, &tok, "->"));
    if (n == 7)
      ck_assert_int_eq(tok.kind, XL_TOK_STRING);
    n++;
  }
  ck_assert_int_eq(n, 10);
}
END_TEST

Suite *lex_suite(void) {
  Suite *s = suite_create("lex");
  TCase *tc = tcase_create("caplist");

  tcase_add_test(tc, defaults_and_items);
  tcase_add_test(tc, init_captures);
  tcase_add_test(tc, packs_comments_and_strings);
  tcase_add_test(tc, equals_default_then_items);
  tcase_add_test(tc, malformed_lists_fail);
  tcase_add_test(tc, tokens);
  suite_add_tcase(s, tc);
  return s;
}
