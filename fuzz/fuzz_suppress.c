/*
 * fuzz_suppress.c: libFuzzer target for the NOLINT / nv_diag_suppress
 * parser: any buffer parses, unmatched-block errors lie inside it, and
 * matching works at every offset.
 */
#include <stdint.h>
#include <stdlib.h>

#include "core/suppress.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static const char *const rules[] = {"extended_lambda_reference_capture",
                                      "this_addr_capture_ext_lambda", "",
                                      "clang-diagnostic-error"};
  xl_suppressions *s = NULL;
  const xl_suppress_error *e;
  size_t n, i, k;

  if (xl_suppress_parse(&s, (const char *)data, size) != XL_OK)
    return 0;
  e = xl_suppress_errors(s, &n);
  for (i = 0; i < n; i++)
    if (e[i].offset >= size || e[i].line < 1 || e[i].col < 1 ||
        !e[i].message || (i && e[i].offset < e[i - 1].offset))
      abort();
  for (i = 0; i <= size; i += 1 + size / 64)
    for (k = 0; k < sizeof(rules) / sizeof(*rules); k++)
      xl_suppress_match(s, rules[k], i);
  xl_suppress_count(s);
  xl_suppress_free(s);
  return 0;
}
