/*
 * fuzz_wire.c: libFuzzer target for the decoder of the diagnostics wire
 * format (lib/core/wire.c), which reads what a worker process sent: any
 * bytes are refused or decoded without reading past the end, and a decoded
 * list encodes to bytes that decode to the same encoding again.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/wire.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int roundtrip(const xl_diags *d, xl_buf *out) {
  return xl_diags_encode(out, d);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  xl_wire_in in;
  xl_diags *d = NULL, *d2 = NULL, *d3 = NULL;
  xl_buf a = XL_BUF_INIT, b = XL_BUF_INIT;

  in.p = (const char *)data;
  in.end = in.p + size;
  in.bad = 0;
  if (xl_diags_decode(&d, &in) != XL_OK)
    return 0;
  if (in.p > in.end || roundtrip(d, &a) != XL_OK)
    abort();
  in.p = a.data;
  in.end = a.data + a.len;
  if (xl_diags_decode(&d2, &in) != XL_OK || in.p != in.end ||
      roundtrip(d2, &b) != XL_OK)
    abort();
  in.p = b.data;
  in.end = b.data + b.len;
  if (xl_diags_decode(&d3, &in) != XL_OK)
    abort();
  xl_buf_clear(&a);
  roundtrip(d3, &a);
  if (a.len != b.len || memcmp(a.data, b.data, a.len) != 0)
    abort();
  xl_buf_free(&a);
  xl_buf_free(&b);
  xl_diags_free(d);
  xl_diags_free(d2);
  xl_diags_free(d3);
  return 0;
}
