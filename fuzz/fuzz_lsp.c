/*
 * fuzz_lsp.c: libFuzzer target for the language server's reader side: the
 * bytes go through the framing reader (Content-Length, or the tests' "---"
 * framing, chosen by the first byte) into JSON-RPC dispatch and the
 * handlers, with the worker thread running but no checker (a server without
 * one checks nothing, so no libclang parse happens). The server must end
 * at the end of the input without crashing, leaking or hanging.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lsp/lsp.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  xl_lsp_opts o;
  FILE *in, *out;
  char *copy;

  if (size < 2)
    return 0;
  copy = malloc(size - 1);
  if (!copy)
    return 0;
  memcpy(copy, data + 1, size - 1);
  in = fmemopen(copy, size - 1, "r");
  out = fopen("/dev/null", "w");
  if (in && out) {
    memset(&o, 0, sizeof(o));
    o.in = in;
    o.out = out;
    o.delimited = data[0] & 1;
    o.pretty = (data[0] >> 1) & 1;
    o.test_methods = 1;
    o.max_tus = data[0] >> 4;
    xl_lsp_serve(&o);
  }
  if (in)
    fclose(in);
  if (out)
    fclose(out);
  free(copy);
  return 0;
}
