/*
 * test_lsp_protocol.c: framing, the document store, the method table.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lsp/lsp_dispatch.h"
#include "lsp/lsp_docs.h"
#include "lsp/lsp_transport.h"
#include "lsp_tests.h"

/* Read every message of `input`; returns them joined by '|', errors as E. */
static char *read_all(const char *input, lsp_framing framing) {
  FILE *in = fmemopen((void *)input, strlen(input), "r");
  lsp_transport t;
  xl_buf out = XL_BUF_INIT;
  char *body;
  size_t len;
  int rc;

  ck_assert_ptr_nonnull(in);
  ck_assert_int_eq(xl_lsp_transport_init(&t, in, stdout, framing, 0), XL_OK);
  for (;;) {
    rc = xl_lsp_read(&body, &len, &t, NULL);
    if (rc == XL_EPARSE) {
      xl_buf_puts(&out, "E|");
      continue;
    }
    ck_assert_int_eq(rc, XL_OK);
    if (!body)
      break;
    ck_assert_uint_eq(len, strlen(body));
    xl_buf_printf(&out, "%s|", body);
    free(body);
  }
  xl_lsp_transport_destroy(&t);
  fclose(in);
  return xl_buf_detach(&out);
}

START_TEST(standard_framing) {
  char *got = read_all("Content-Length: 2\r\n\r\n{}"
                       "content-length:  3 \r\nX-Other: y\r\n\r\n[1]"
                       "\r\n\r\n" /* stray blank lines */
                       "Content-Type: a\r\n\r\n"
                       "Content-Length: x\r\n\r\n"
                       "Content-Length: 4\r\n\r\n"
                       "true"
                       "Content-Length: 10\r\n\r\nshort",
                       XL_LSP_STANDARD);

  ck_assert_str_eq(got, "{}|[1]|E|E|true|");
  free(got);
}
END_TEST

START_TEST(resynchronises_after_a_glued_frame) {
  char *got = read_all("Content-Length: -1\r\n\r\n{\"a\":1}"
                       "Content-Length: 2\r\n\r\n{}",
                       XL_LSP_STANDARD);

  ck_assert_str_eq(got, "E|{}|");
  free(got);
}
END_TEST

START_TEST(delimited_framing) {
  char *got = read_all("# a comment\n{\"a\":\n 1}\n---\n\n---\n  # x\n"
                       "[2]\n---\n[3]",
                       XL_LSP_DELIMITED);

  ck_assert_str_eq(got, "{\"a\":\n 1}\n|[2]\n|[3]\n|");
  free(got);
}
END_TEST

START_TEST(writes_one_frame) {
  char *buf = NULL;
  size_t size = 0;
  FILE *out = open_memstream(&buf, &size);
  lsp_transport t;
  json_t *msg = json_pack("{s:i,s:s}", "b", 1, "a", "x");

  ck_assert_int_eq(xl_lsp_transport_init(&t, stdin, out, XL_LSP_STANDARD, 0),
                   XL_OK);
  ck_assert_int_eq(xl_lsp_write(&t, msg), XL_OK);
  fclose(out);
  ck_assert_str_eq(buf, "Content-Length: 15\r\n\r\n{\"a\":\"x\",\"b\":1}");
  json_decref(msg);
  xl_lsp_transport_destroy(&t);
  free(buf);
}
END_TEST

static lsp_pos pos(unsigned line, unsigned character) {
  lsp_pos p;

  p.line = line;
  p.character = character;
  return p;
}

START_TEST(document_edits) {
  lsp_docs docs;
  lsp_doc *d = NULL;
  xl_error *err = NULL;

  memset(&docs, 0, sizeof(docs));
  ck_assert_int_eq(xl_error_new(&err), XL_OK);
  ck_assert_int_eq(xl_lsp_docs_open(&d, &docs, "file:///t/a%20b.cu",
                                    "ab\ncd\n", 6, 1),
                   XL_OK);
  ck_assert_str_eq(d->path, "/t/a b.cu");
  ck_assert_ptr_eq(xl_lsp_docs_find(&docs, "file:///t/a%20b.cu"), d);
  /* insert, replace across lines, delete, clamp past the end of a line */
  ck_assert_int_eq(xl_lsp_doc_edit(d, 0, pos(0, 1), pos(0, 1), "X", 1,
                                   XL_LSP_UTF16, err), XL_OK);
  ck_assert_str_eq(d->text.data, "aXb\ncd\n");
  ck_assert_int_eq(xl_lsp_doc_edit(d, 0, pos(0, 2), pos(1, 1), "-", 1,
                                   XL_LSP_UTF16, err), XL_OK);
  ck_assert_str_eq(d->text.data, "aX-d\n");
  ck_assert_int_eq(xl_lsp_doc_edit(d, 0, pos(0, 3), pos(0, 99), "", 0,
                                   XL_LSP_UTF16, err), XL_OK);
  ck_assert_str_eq(d->text.data, "aX-\n");
  ck_assert_int_eq(xl_lsp_doc_edit(d, 0, pos(0, 2), pos(0, 1), "", 0,
                                   XL_LSP_UTF16, err), XL_EINVAL);
  ck_assert_int_eq(xl_lsp_doc_edit(d, 1, pos(0, 0), pos(0, 0), "new", 3,
                                   XL_LSP_UTF16, err), XL_OK);
  ck_assert_str_eq(d->text.data, "new");
  ck_assert_uint_eq(d->text.len, 3);
  ck_assert_ptr_eq(xl_lsp_docs_take(&docs, "file:///t/a%20b.cu"), d);
  ck_assert_ptr_null(xl_lsp_docs_find(&docs, "file:///t/a%20b.cu"));
  xl_lsp_doc_free(d);
  xl_lsp_docs_free(&docs);
  xl_error_free(err);
}
END_TEST

START_TEST(method_table_is_sorted) { ck_assert(xl_lsp_methods_sorted()); }
END_TEST

Suite *lsp_protocol_suite(void) {
  Suite *s = suite_create("lsp_protocol");
  TCase *tc = tcase_create("lsp_protocol");

  tcase_add_test(tc, standard_framing);
  tcase_add_test(tc, resynchronises_after_a_glued_frame);
  tcase_add_test(tc, delimited_framing);
  tcase_add_test(tc, writes_one_frame);
  tcase_add_test(tc, document_edits);
  tcase_add_test(tc, method_table_is_sorted);
  suite_add_tcase(s, tc);
  return s;
}
