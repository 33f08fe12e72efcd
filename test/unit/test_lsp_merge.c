/*
 * test_lsp_merge.c: what `xlambda clangd` decides when it joins clangd's
 * answers with xlambda's (lib/lsp/lsp_merge.c).
 */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include "lsp/lsp_merge.h"
#include "lsp_tests.h"
#include "util/util.h"

static json_t *parse(const char *text) {
  json_error_t e;
  json_t *j = json_loads(text, 0, &e);

  ck_assert_msg(j != NULL, "bad test JSON: %s", e.text);
  return j;
}

/* "source:code" of each diagnostic, joined by ' '. */
static char *codes(const json_t *diags) {
  xl_buf b = XL_BUF_INIT;
  const json_t *d;
  size_t i;

  json_array_foreach(diags, i, d) {
    const char *c = json_string_value(json_object_get(d, "code"));
    xl_buf_printf(&b, "%s%s:%s", i ? " " : "",
                  json_string_value(json_object_get(d, "source")),
                  c ? c : "-");
  }
  return b.data ? xl_buf_detach(&b) : strdup("");
}

#define RANGE(l, a, b)                                                       \
  "\"range\":{\"start\":{\"line\":" #l ",\"character\":" #a "},"            \
  "\"end\":{\"line\":" #l ",\"character\":" #b "}}"

static const char *const clangd_diags =
    "[{\"source\":\"clang\",\"code\":\"capture_bad_target\"," RANGE(3, 13, 14)
    ",\"message\":\"Capture host variable 'a' by reference in device or host "
    "device lambda function\"},"
    "{\"source\":\"clang\",\"code\":\"-Wunused-variable\"," RANGE(2, 13, 23)
    ",\"message\":\"Unused variable 'unused_var'\"},"
    "{\"source\":\"clang\"," RANGE(0, 47, 48)
    ",\"message\":\"Called by 'kern'\\n\\nk.cu:4:14: error: capture host "
    "variable 'a' by reference in device or host device lambda function\"},"
    "{\"source\":\"clang\",\"code\":\"capture_bad_target\"," RANGE(7, 13, 14)
    ",\"message\":\"Capture host variable 'b' by reference in device or host "
    "device lambda function\"}]";

START_TEST(duplicates_dropped_with_their_notes) {
  json_t *c = parse(clangd_diags);
  json_t *x = parse("[{\"source\":\"xlambda\",\"code\":\"extended_lambda_"
                    "reference_capture\"," RANGE(3, 12, 13) "}]");
  json_t *m = xl_lsp_merge_diagnostics(c, x);
  char *s = codes(m);

  /* the one on line 7 has no xlambda finding there: it stays */
  ck_assert_str_eq(s, "clang:-Wunused-variable clang:capture_bad_target "
                      "xlambda:extended_lambda_reference_capture");
  free(s);
  json_decref(m);
  json_decref(x);
  json_decref(c);
}
END_TEST

START_TEST(other_codes_and_places_kept) {
  json_t *c = parse(clangd_diags);
  /* same line, but the ranges do not meet: not the same problem */
  json_t *x = parse("[{\"source\":\"xlambda\",\"code\":\"r\"," RANGE(3, 20, 25)
                    "},{\"source\":\"xlambda\",\"code\":\"s\"," RANGE(2, 13, 23)
                    "}]");
  json_t *m = xl_lsp_merge_diagnostics(c, x);
  char *s = codes(m);

  ck_assert_str_eq(s, "clang:capture_bad_target clang:-Wunused-variable "
                      "clang:- clang:capture_bad_target xlambda:r xlambda:s");
  free(s);
  json_decref(m);
  m = xl_lsp_merge_diagnostics(NULL, x);
  s = codes(m);
  ck_assert_str_eq(s, "xlambda:r xlambda:s");
  free(s);
  json_decref(m);
  json_decref(x);
  json_decref(c);
}
END_TEST

START_TEST(actions_clangd_first) {
  json_t *c = parse("[{\"title\":\"c1\"}]");
  json_t *x = parse("[{\"title\":\"x1\"},{\"title\":\"x2\"}]");
  json_t *m = xl_lsp_merge_actions(c, x);

  ck_assert_uint_eq(json_array_size(m), 3);
  ck_assert_str_eq(json_string_value(json_object_get(
                       json_array_get(m, 0), "title")), "c1");
  json_decref(m);
  m = xl_lsp_merge_actions(json_null(), x);
  ck_assert_uint_eq(json_array_size(m), 2);
  json_decref(m);
  json_decref(x);
  json_decref(c);
}
END_TEST

START_TEST(initialize_union) {
  json_t *c = parse("{\"capabilities\":{\"codeActionProvider\":"
                    "{\"codeActionKinds\":[\"refactor\"]},\"hoverProvider\":"
                    "true},\"serverInfo\":{\"name\":\"clangd\"},"
                    "\"offsetEncoding\":\"utf-8\"}");
  json_t *x = parse("{\"capabilities\":{\"codeActionProvider\":"
                    "{\"codeActionKinds\":[\"quickfix\"]}}}");
  json_t *m = xl_lsp_merge_initialize(c, x);
  char *s = json_dumps(m, JSON_SORT_KEYS | JSON_COMPACT);

  ck_assert_str_eq(s, "{\"capabilities\":{\"codeActionProvider\":"
                      "{\"codeActionKinds\":[\"refactor\",\"quickfix\"]},"
                      "\"hoverProvider\":true},\"offsetEncoding\":\"utf-8\","
                      "\"serverInfo\":{\"name\":\"clangd\"}}");
  ck_assert_str_eq(xl_lsp_merge_encoding(c), "utf-8");
  free(s);
  json_decref(m);
  json_decref(c);
  /* clangd offers no code actions: xlambda's */
  c = parse("{\"capabilities\":{}}");
  m = xl_lsp_merge_initialize(c, x);
  ck_assert(json_equal(json_object_get(json_object_get(m, "capabilities"),
                                       "codeActionProvider"),
                       json_object_get(json_object_get(x, "capabilities"),
                                       "codeActionProvider")));
  ck_assert_str_eq(xl_lsp_merge_encoding(c), "utf-16");
  json_decref(m);
  json_decref(c);
  json_decref(x);
}
END_TEST

START_TEST(init_params_pinned) {
  json_t *p = parse("{\"rootUri\":\"file:///r\",\"capabilities\":{"
                    "\"offsetEncoding\":[\"utf-8\",\"utf-16\"],\"general\":"
                    "{\"positionEncodings\":[\"utf-32\",\"utf-8\"]}}}");
  json_t *m = xl_lsp_merge_init_params(p, "utf-8");
  char *s = json_dumps(m, JSON_SORT_KEYS | JSON_COMPACT);

  ck_assert_str_eq(s, "{\"capabilities\":{\"general\":{\"positionEncodings\":"
                      "[\"utf-8\"]}},\"rootUri\":\"file:///r\"}");
  free(s);
  json_decref(m);
  m = xl_lsp_merge_init_params(NULL, "utf-16");
  s = json_dumps(m, JSON_SORT_KEYS | JSON_COMPACT);
  ck_assert_str_eq(s, "{\"capabilities\":{\"general\":{\"positionEncodings\":"
                      "[\"utf-16\"]}}}");
  free(s);
  json_decref(m);
  json_decref(p);
}
END_TEST

Suite *lsp_merge_suite(void) {
  Suite *s = suite_create("lsp_merge");
  TCase *tc = tcase_create("merge");

  tcase_add_test(tc, duplicates_dropped_with_their_notes);
  tcase_add_test(tc, other_codes_and_places_kept);
  tcase_add_test(tc, actions_clangd_first);
  tcase_add_test(tc, initialize_union);
  tcase_add_test(tc, init_params_pinned);
  suite_add_tcase(s, tc);
  return s;
}
