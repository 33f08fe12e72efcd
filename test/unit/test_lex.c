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

/* The directives as archscan.c found them before xl_lex_next_directive:
 * xl_lex_next's '#' tokens first on their line, the scan started again
 * after each directive's (continued) line. */
static size_t directives_by_tokens(size_t *out, size_t max, const char *buf,
                                   size_t len) {
  xl_lexer lx;
  xl_tok t;
  size_t n = 0, off, eol;

  xl_lex_init(&lx, buf, len, 0);
  while (xl_lex_next(&lx, &t) != XL_TOK_EOF && n < max) {
    if (!(t.kind == XL_TOK_PUNCT && buf[t.begin] == '#'))
      continue;
    for (off = t.begin; off > 0 && (buf[off - 1] == ' ' || buf[off - 1] == '\t');)
      off--;
    if (off > 0 && buf[off - 1] != '\n')
      continue;
    for (eol = t.begin; eol < len; eol++)
      if (buf[eol] == '\n' && !(eol > 0 && buf[eol - 1] == '\\') &&
          !(eol > 1 && buf[eol - 1] == '\r' && buf[eol - 2] == '\\'))
        break;
    out[n++] = t.begin;
    xl_lex_init(&lx, buf, len, eol);
  }
  return n;
}

/* The same through xl_lex_next_directive, restarted at each line's end. */
static size_t directives_fast(size_t *out, size_t max, const char *buf,
                              size_t len) {
  size_t n = 0, pos = 0, hash;

  while (n < max) {
    hash = xl_lex_next_directive(buf, len, pos);
    if (hash >= len)
      break;
    out[n++] = hash;
    for (pos = hash; pos < len; pos++)
      if (buf[pos] == '\n' && !(pos > 0 && buf[pos - 1] == '\\') &&
          !(pos > 1 && buf[pos - 1] == '\r' && buf[pos - 2] == '\\'))
        break;
  }
  return n;
}

static void same_directives(const char *buf, size_t len) {
  size_t a[256], b[256], na, nb, i;

  na = directives_by_tokens(a, 256, buf, len);
  nb = directives_fast(b, 256, buf, len);
  ck_assert_msg(na == nb, "%zu directives against %zu in \"%.*s\"", nb, na,
                (int)len, buf);
  for (i = 0; i < na; i++)
    ck_assert_msg(a[i] == b[i], "directive %zu at %zu, not %zu, in \"%.*s\"",
                  i, b[i], a[i], (int)len, buf);
}

/* xl_lex_next_directive finds what xl_lex_next's tokens find: written
 * cases, then random texts over the characters that change the lexer's
 * state (a fixed seed: the same texts on every run). 20,000 texts: with
 * the written cases left out they still caught three of four mutations of
 * xl_lex_next_directive, the fourth being equivalent (2026-11-30). */
START_TEST(directives_as_tokens) {
  static const char *const cases[] = {
      "#if A\n#endif\n", "  #define X 1\n\t# if B\n#endif",
      "a # b\n#x", "/* #no */\n#yes\n/*\n#no\n*/ #no\n",
      "// #no \\\n#yes\n", "\"#no\n#yes\"\n", "R\"d(\n#no\n)d\"\n#yes",
      "u8'#'\n#yes", "1'000\n#yes", "#define A \\\n#no\n#yes",
      "x = '\\'';\n#yes", ".5'\n#yes'\n", "R\"(\n#no", "/*", "'", "#",
      "a\\\n#yes", "\r\n#yes\r\n", "\xc3\xa9'\n#yes",
      "/* a *//*\n#no\n*/\n#yes", "/***/\n#yes", "/**/#no\n"};
  static const char alphabet[] = "#/*\\\"'R8u.0a_ \t\n\r(d)x:";
  char buf[96];
  unsigned long long state = 0x9e3779b97f4a7c15ull;
  size_t i, k, len;

  for (i = 0; i < sizeof(cases) / sizeof(*cases); i++)
    same_directives(cases[i], strlen(cases[i]));
  for (i = 0; i < 20000; i++) {
    state ^= state << 13, state ^= state >> 7, state ^= state << 17;
    len = (size_t)(state % sizeof(buf));
    for (k = 0; k < len; k++) {
      state ^= state << 13, state ^= state >> 7, state ^= state << 17;
      buf[k] = alphabet[state % (sizeof(alphabet) - 1)];
    }
    same_directives(buf, len);
  }
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
  /* Its own case and time limit: under ASan on a loaded two-core CI
   * machine it ran past check's default 4 s (2026-11-30). */
  tc = tcase_create("directives");
  tcase_set_timeout(tc, 60);
  tcase_add_test(tc, directives_as_tokens);
  suite_add_tcase(s, tc);
  return s;
}
