/*
 * test_lsp_publish.c: hand-built findings -> Diagnostic[] and
 * CodeAction[]: which are published, ranges in UTF-16 and UTF-8, notes
 * in another file (read from disk), preferred and note quick fixes.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lsp/lsp_publish.h"
#include "lsp_tests.h"

/* The document: a comment holding "é", then "[&a];". The '&' is at byte
 * 10 and UTF-16 unit 9. */
static const char doc_text[] = "/* \xc3\xa9 */ [&a];\n";
static const char header_text[] = "\xc3\xbc = 1;\nint a;\n";

typedef struct fixture {
  char dir[64], header[96];
  xl_facts *facts;
  xl_diags *diags;
  lsp_publication pub;
} fixture;

static xl_loc at(xl_id file, unsigned line, unsigned col, unsigned offset) {
  xl_loc l;

  memset(&l, 0, sizeof(l));
  l.file = file;
  l.line = line;
  l.col = col;
  l.offset = offset;
  return l;
}

static xl_dloc dat(xl_diags *l, const char *file, unsigned line, unsigned col,
                   unsigned offset) {
  xl_dloc d;

  memset(&d, 0, sizeof(d));
  d.file = xl_diags_intern(l, file);
  d.line = line;
  d.col = col;
  d.offset = offset;
  return d;
}

static void build(fixture *fx) {
  xl_id main_id, hdr;
  xl_diag *d;
  xl_note *n;
  FILE *f;

  strcpy(fx->dir, "/tmp/xl-publish-XXXXXX");
  ck_assert_ptr_nonnull(mkdtemp(fx->dir));
  snprintf(fx->header, sizeof(fx->header), "%s/h.cuh", fx->dir);
  f = fopen(fx->header, "w");
  ck_assert_ptr_nonnull(f);
  fputs(header_text, f);
  fclose(f);
  ck_assert_int_eq(xl_facts_new(&fx->facts, "/d/main.cu"), XL_OK);
  ck_assert_int_eq(xl_facts_add_file(&main_id, fx->facts, "/d/main.cu", 0),
                   XL_OK);
  ck_assert_int_eq(xl_facts_add_file(&hdr, fx->facts, fx->header, 0), XL_OK);
  ck_assert_int_eq(xl_diags_new(&fx->diags), XL_OK);
  d = xl_diags_add(fx->diags, 0, "extended_lambda_reference_capture",
                   XL_SEV_ERROR, dat(fx->diags, "/d/main.cu", 1, 11, 10),
                   "cannot capture 'a' by reference");
  d->facts = fx->facts;
  xl_diag_add_range(d, xl_range_make(at(main_id, 1, 11, 10),
                                     at(main_id, 1, 13, 12)));
  xl_diag_add_fixit(d, xl_range_make(at(main_id, 1, 11, 10),
                                     at(main_id, 1, 12, 11)), "");
  n = xl_diag_add_note(d, at(hdr, 2, 5, 12), "'a' declared here");
  xl_note_add_fixit(n, xl_range_make(at(hdr, 2, 1, 8), at(hdr, 2, 4, 11)),
                    "long");
  /* not published: clang's own error, and a finding in the header */
  d = xl_diags_add(fx->diags, -1, "clang-diagnostic-error", XL_SEV_ERROR,
                   dat(fx->diags, "/d/main.cu", 1, 1, 0), "syntax");
  d->flags |= XL_DIAG_CLANG;
  xl_diags_add(fx->diags, 0, "extended_lambda_reference_capture",
               XL_SEV_ERROR, dat(fx->diags, fx->header, 1, 1, 0), "there");
  memset(&fx->pub, 0, sizeof(fx->pub));
  fx->pub.enc = XL_LSP_UTF16;
  fx->pub.docs_url = "https://x.invalid/rules";
  fx->pub.uri = "file:///d/main.cu";
  fx->pub.path = "/d/main.cu";
  fx->pub.text = doc_text;
  fx->pub.len = strlen(doc_text);
  fx->pub.diags = fx->diags;
}

static void destroy(fixture *fx) {
  xl_lsp_publication_done(&fx->pub);
  xl_diags_free(fx->diags);
  xl_facts_free(fx->facts);
  unlink(fx->header);
  rmdir(fx->dir);
}

/* Compare a JSON value with the JSON text `want` (jansson-equal). */
static void ck_json(const json_t *got, const char *want) {
  json_t *w = json_loads(want, 0, NULL);
  char *g = json_dumps(got, JSON_SORT_KEYS | JSON_COMPACT);

  ck_assert_ptr_nonnull(w);
  ck_assert_msg(json_equal((json_t *)got, w), "got %s", g);
  free(g);
  json_decref(w);
}

static const json_t *path_get(const json_t *j, const char *a, const char *b) {
  return json_object_get(json_object_get(j, a), b);
}

START_TEST(publishes_findings_of_the_document) {
  fixture fx;
  json_t *diags, *d, *rel;
  char want[512];

  build(&fx);
  diags = xl_lsp_diagnostics(&fx.pub);
  ck_assert_uint_eq(json_array_size(diags), 1);
  d = json_array_get(diags, 0);
  ck_json(json_object_get(d, "range"), "{\"start\":{\"line\":0,\"character\":9},"
                                       "\"end\":{\"line\":0,\"character\":11}}");
  ck_assert_str_eq(json_string_value(json_object_get(d, "code")),
                   "extended_lambda_reference_capture");
  ck_assert_str_eq(json_string_value(path_get(d, "codeDescription", "href")),
                   "https://x.invalid/rules/extended_lambda_reference_capture.md");
  ck_assert_int_eq(json_integer_value(json_object_get(d, "severity")), 1);
  rel = json_array_get(json_object_get(d, "relatedInformation"), 0);
  snprintf(want, sizeof(want),
           "{\"location\":{\"uri\":\"file://%s\",\"range\":{\"start\":{"
           "\"line\":1,\"character\":4},\"end\":{\"line\":1,\"character\":5}}},"
           "\"message\":\"'a' declared here\"}",
           fx.header);
  ck_json(rel, want);
  json_decref(diags);
  fx.pub.enc = XL_LSP_UTF8;
  diags = xl_lsp_diagnostics(&fx.pub);
  ck_json(path_get(json_array_get(diags, 0), "range", "start"),
          "{\"line\":0,\"character\":10}");
  json_decref(diags);
  destroy(&fx);
}
END_TEST

static lsp_range rng(unsigned l0, unsigned c0, unsigned l1, unsigned c1) {
  lsp_range r;

  r.start.line = l0;
  r.start.character = c0;
  r.end.line = l1;
  r.end.character = c1;
  return r;
}

START_TEST(quick_fixes) {
  fixture fx;
  json_t *acts, *ctx;
  char want[512];

  build(&fx);
  acts = xl_lsp_code_actions(&fx.pub, rng(0, 10, 0, 10), NULL, NULL);
  ck_assert_uint_eq(json_array_size(acts), 2);
  ck_assert_str_eq(json_string_value(json_object_get(json_array_get(acts, 0),
                                                     "title")),
                   "remove '&'");
  ck_assert(json_is_true(json_object_get(json_array_get(acts, 0),
                                         "isPreferred")));
  ck_json(path_get(json_array_get(acts, 0), "edit", "changes"),
          "{\"file:///d/main.cu\":[{\"newText\":\"\",\"range\":{\"start\":{"
          "\"line\":0,\"character\":9},\"end\":{\"line\":0,\"character\":10}}"
          "}]}");
  ck_assert(json_is_false(json_object_get(json_array_get(acts, 1),
                                          "isPreferred")));
  snprintf(want, sizeof(want),
           "{\"file://%s\":[{\"newText\":\"long\",\"range\":{\"start\":{"
           "\"line\":1,\"character\":0},\"end\":{\"line\":1,\"character\":3}}"
           "}]}",
           fx.header);
  ck_json(path_get(json_array_get(acts, 1), "edit", "changes"), want);
  json_decref(acts);
  /* elsewhere: nothing, unless the context names the finding */
  acts = xl_lsp_code_actions(&fx.pub, rng(1, 0, 1, 0), NULL, NULL);
  ck_assert_uint_eq(json_array_size(acts), 0);
  json_decref(acts);
  ctx = json_loads("[{\"code\":\"extended_lambda_reference_capture\",\"range\":"
                   "{\"start\":{\"line\":0,\"character\":9}}}]", 0, NULL);
  acts = xl_lsp_code_actions(&fx.pub, rng(1, 0, 1, 0), ctx, NULL);
  ck_assert_uint_eq(json_array_size(acts), 2);
  json_decref(acts);
  json_decref(ctx);
  ctx = json_loads("[\"refactor.extract\"]", 0, NULL);
  acts = xl_lsp_code_actions(&fx.pub, rng(0, 10, 0, 10), NULL, ctx);
  ck_assert_uint_eq(json_array_size(acts), 0);
  json_decref(acts);
  json_decref(ctx);
  destroy(&fx);
}
END_TEST

START_TEST(unreadable_files_keep_line_and_column) {
  fixture fx;
  json_t *diags, *rel;
  xl_diag *d;

  build(&fx);
  d = fx.diags->items[0];
  xl_diag_add_dnote(d, dat(fx.diags, "/nonexistent/x.cuh", 3, 5, 40),
                    "somewhere unreadable");
  diags = xl_lsp_diagnostics(&fx.pub);
  rel = json_array_get(json_object_get(json_array_get(diags, 0),
                                       "relatedInformation"), 1);
  ck_json(rel, "{\"location\":{\"uri\":\"file:///nonexistent/x.cuh\","
               "\"range\":{\"start\":{\"line\":2,\"character\":4},"
               "\"end\":{\"line\":2,\"character\":4}}},"
               "\"message\":\"somewhere unreadable\"}");
  json_decref(diags);
  destroy(&fx);
}
END_TEST

Suite *lsp_publish_suite(void) {
  Suite *s = suite_create("lsp_publish");
  TCase *tc = tcase_create("lsp_publish");

  tcase_add_test(tc, publishes_findings_of_the_document);
  tcase_add_test(tc, quick_fixes);
  tcase_add_test(tc, unreadable_files_keep_line_and_column);
  suite_add_tcase(s, tc);
  return s;
}
