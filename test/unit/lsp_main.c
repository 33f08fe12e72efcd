/*
 * lsp_main.c: runs the language server's unit tests.
 */
#include <stdlib.h>

#include "lsp_tests.h"

int main(void) {
  SRunner *sr = srunner_create(lsp_text_suite());
  int failed;

  srunner_add_suite(sr, lsp_protocol_suite());
  srunner_add_suite(sr, lsp_publish_suite());
  srunner_add_suite(sr, lsp_merge_suite());
  srunner_add_suite(sr, document_suite());
  srunner_run_all(sr, CK_NORMAL);
  failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
