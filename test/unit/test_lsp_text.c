/*
 * test_lsp_text.c: byte columns <-> LSP code units, and file:// URIs.
 */
#include <stdlib.h>
#include <string.h>

#include "lsp/lsp_text.h"
#include "lsp_tests.h"

/* "a", "é" (2 bytes, 1 UTF-16 unit), "😀" (4 bytes, 2 units), "b" */
static const char wide[] = "a\xc3\xa9\xf0\x9f\x98\x80"
                           "b";

START_TEST(units_per_encoding) {
  ck_assert_uint_eq(xl_lsp_units(wide, 8, XL_LSP_UTF8), 8);
  ck_assert_uint_eq(xl_lsp_units(wide, 8, XL_LSP_UTF16), 5);
  ck_assert_uint_eq(xl_lsp_units(wide, 8, XL_LSP_UTF32), 4);
  ck_assert_uint_eq(xl_lsp_units(wide, 3, XL_LSP_UTF16), 2);
  /* a cut sequence and a stray continuation byte count one unit each */
  ck_assert_uint_eq(xl_lsp_units(wide, 5, XL_LSP_UTF16), 4);
  ck_assert_uint_eq(xl_lsp_units("\x80x", 2, XL_LSP_UTF16), 2);
}
END_TEST

START_TEST(offsets_from_positions) {
  const char text[] = "x\r\na\xc3\xa9\xf0\x9f\x98\x80"
                      "b\nlast";
  size_t len = strlen(text);
  lsp_pos p;

  p.line = 1, p.character = 2; /* after "aé" */
  ck_assert_uint_eq(xl_lsp_offset(text, len, p, XL_LSP_UTF16), 6);
  p.character = 3; /* inside the surrogate pair: stays before it */
  ck_assert_uint_eq(xl_lsp_offset(text, len, p, XL_LSP_UTF16), 6);
  p.character = 4;
  ck_assert_uint_eq(xl_lsp_offset(text, len, p, XL_LSP_UTF16), 10);
  p.character = 3; /* in UTF-8 the same numbers mean bytes */
  ck_assert_uint_eq(xl_lsp_offset(text, len, p, XL_LSP_UTF8), 6);
  p.character = 4; /* inside the 4-byte sequence: stays before it */
  ck_assert_uint_eq(xl_lsp_offset(text, len, p, XL_LSP_UTF8), 6);
  p.line = 0, p.character = 99; /* past the end of "x\r\n": before "\r" */
  ck_assert_uint_eq(xl_lsp_offset(text, len, p, XL_LSP_UTF16), 1);
  p.line = 7, p.character = 0; /* past the last line: the end */
  ck_assert_uint_eq(xl_lsp_offset(text, len, p, XL_LSP_UTF16), len);
  p.line = 2, p.character = 4;
  ck_assert_uint_eq(xl_lsp_offset(text, len, p, XL_LSP_UTF16), len);
}
END_TEST

START_TEST(positions_from_offsets) {
  const char text[] = "x\na\xc3\xa9\xf0\x9f\x98\x80"
                      "b\n";
  size_t len = strlen(text);
  lsp_pos p = xl_lsp_position(text, len, 9, XL_LSP_UTF16);

  ck_assert_uint_eq(p.line, 1);
  ck_assert_uint_eq(p.character, 4);
  p = xl_lsp_position(text, len, 9, XL_LSP_UTF8);
  ck_assert_uint_eq(p.character, 7);
  /* line 2, byte column 8 (the 'b') */
  p = xl_lsp_position_lc(text, len, 2, 8, XL_LSP_UTF16);
  ck_assert_uint_eq(p.line, 1);
  ck_assert_uint_eq(p.character, 4);
  p = xl_lsp_position_lc(text, len, 2, 99, XL_LSP_UTF16); /* clamped */
  ck_assert_uint_eq(p.character, 5);
  p = xl_lsp_position(text, len, 1000, XL_LSP_UTF16);
  ck_assert_uint_eq(p.line, 2);
  ck_assert_uint_eq(p.character, 0);
}
END_TEST

START_TEST(encoding_names) {
  lsp_encoding e = XL_LSP_UTF16;

  ck_assert_int_eq(xl_lsp_encoding_parse(&e, "utf-8"), XL_OK);
  ck_assert_int_eq(e, XL_LSP_UTF8);
  ck_assert_int_eq(xl_lsp_encoding_parse(&e, "utf-7"), XL_EINVAL);
  ck_assert_int_eq(e, XL_LSP_UTF8);
  ck_assert_str_eq(xl_lsp_encoding_name(XL_LSP_UTF16), "utf-16");
}
END_TEST

static void check_uri(const char *uri, const char *path) {
  char *p = xl_lsp_uri_to_path(uri);

  if (!path) {
    ck_assert_ptr_null(p);
    return;
  }
  ck_assert_ptr_nonnull(p);
  ck_assert_str_eq(p, path);
  free(p);
}

START_TEST(uris) {
  char *u;

  check_uri("file:///a/b%20c/d.cu", "/a/b c/d.cu");
  check_uri("file://localhost/x.cu", "/x.cu");
  check_uri("file:///caf%C3%A9.cu", "/caf\xc3\xa9.cu");
  check_uri("file:///bad%2", NULL);
  check_uri("file:///nul%00", NULL);
  check_uri("file://host/x.cu", NULL);
  check_uri("untitled:Untitled-1", NULL);
  u = xl_lsp_uri_from_path("/a b/caf\xc3\xa9+x:y.cu");
  ck_assert_str_eq(u, "file:///a%20b/caf%C3%A9%2Bx:y.cu");
  check_uri(u, "/a b/caf\xc3\xa9+x:y.cu");
  free(u);
}
END_TEST

Suite *lsp_text_suite(void) {
  Suite *s = suite_create("lsp_text");
  TCase *tc = tcase_create("lsp_text");

  tcase_add_test(tc, units_per_encoding);
  tcase_add_test(tc, offsets_from_positions);
  tcase_add_test(tc, positions_from_offsets);
  tcase_add_test(tc, encoding_names);
  tcase_add_test(tc, uris);
  suite_add_tcase(s, tc);
  return s;
}
