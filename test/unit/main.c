/*
 * main.c: the `check` unit tests: rules driven by hand-built facts, the
 * type walk, the lexer, the fix applier and the utilities.
 */
#include <stdlib.h>

#include "builder.h"

int main(void) {
  SRunner *sr = srunner_create(rules_suite());
  int failed;

  srunner_add_suite(sr, types_suite());
  srunner_add_suite(sr, lex_suite());
  srunner_add_suite(sr, fix_suite());
  srunner_add_suite(sr, util_suite());
  srunner_add_suite(sr, typewalk_suite());
  srunner_add_suite(sr, scope_rules_suite());
  srunner_add_suite(sr, nvcc_misses_suite());
  srunner_add_suite(sr, nvcc_suite());
  srunner_add_suite(sr, suppress_suite());
  srunner_add_suite(sr, config_suite());
  srunner_add_suite(sr, linefilter_suite());
  srunner_add_suite(sr, emit_suite());
  srunner_add_suite(sr, wire_suite());
  srunner_add_suite(sr, cache_suite());
  srunner_add_suite(sr, verify_suite());
  srunner_add_suite(sr, fixits_suite());
  srunner_add_suite(sr, inclusions_suite());
  srunner_run_all(sr, CK_NORMAL);
  failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
