/*
 * fuzz_config.c: libFuzzer target for .xlambda.yaml: parsing, and for a
 * configuration that parses, merging it with itself, applying it to
 * options and dumping it. A dumped configuration must parse again.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "core/config.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* --dump-config's text must read back as a configuration. */
static void dump_and_reparse(const xl_config *cfg) {
  char *text = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&text, &len);
  xl_config *again = NULL;

  if (!f)
    return;
  if (xl_config_dump(f, cfg) != XL_OK) {
    fclose(f);
    free(text);
    return;
  }
  fclose(f);
  if (xl_config_parse(&again, text, len, "dump", NULL) != XL_OK)
    abort();
  xl_config_free(again);
  free(text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  xl_config *cfg = NULL, *merged = NULL;
  xl_options *opts = NULL;
  xl_error *err = NULL;

  if (xl_error_new(&err) < 0)
    return 0;
  if (xl_config_parse(&cfg, (const char *)data, size, "fuzz.yaml", err) ==
      XL_OK) {
    if (xl_config_merge(&merged, cfg, cfg) == XL_OK &&
        xl_options_new(&opts) == XL_OK)
      xl_config_apply(merged, opts, err);
    dump_and_reparse(cfg);
  }
  xl_options_free(opts);
  xl_config_free(merged);
  xl_config_free(cfg);
  xl_error_free(err);
  return 0;
}
