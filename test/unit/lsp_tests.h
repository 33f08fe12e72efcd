/*
 * lsp_tests.h: the language server's unit tests (xl_lsp_unit): positions
 * and URIs, framing, the document store, publishing, and the editor
 * document API of libxlambda.
 */
#ifndef XL_TEST_LSP_TESTS_H
#define XL_TEST_LSP_TESTS_H

#include <check.h>

Suite *lsp_text_suite(void);
Suite *lsp_protocol_suite(void);
Suite *lsp_publish_suite(void);
Suite *lsp_merge_suite(void);
Suite *document_suite(void);

#endif /* XL_TEST_LSP_TESTS_H */
