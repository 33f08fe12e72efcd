/*
 * fuzz_fix.c: libFuzzer target for the fix applier: random replacement sets
 * against random buffers. Checks the contract of xl_fix_buffer: either it
 * refuses (XL_ECONFLICT) or the output is the input with every kept edit
 * applied, and applying nothing returns the input unchanged.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/fix.h"

#define MAX_EDITS 16

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  xl_repl edits[MAX_EDITS];
  char texts[MAX_EDITS][8];
  size_t n = 0, i, len, out_len;
  const char *buf;
  char *out = NULL;
  int rc;

  if (size < 1)
    return 0;
  n = data[0] % (MAX_EDITS + 1);
  if (size < 1 + n * 4)
    return 0;
  buf = (const char *)data + 1 + n * 4;
  len = size - 1 - n * 4;
  for (i = 0; i < n; i++) {
    const uint8_t *e = data + 1 + i * 4;
    edits[i].offset = (unsigned)(e[0] | (e[1] << 8)) % (unsigned)(len + 2);
    edits[i].length = e[2] % 8;
    memset(texts[i], 'a' + (int)(e[3] % 26), e[3] % 8);
    texts[i][e[3] % 8] = '\0';
    edits[i].text = texts[i];
    edits[i].order = i;
  }
  rc = xl_fix_buffer(&out, &out_len, buf, len, edits, n, NULL);
  if (rc == XL_OK) {
    char *again = NULL;
    size_t again_len;
    if (!out || out_len > len + n * 7 || out[out_len] != '\0')
      abort();
    if (n == 0 && (out_len != len || memcmp(out, buf, len) != 0))
      abort();
    /* the same edits, in another order, give the same bytes */
    for (i = 0; i + 1 < n; i += 2) {
      xl_repl t = edits[i];
      edits[i] = edits[i + 1];
      edits[i + 1] = t;
    }
    if (xl_fix_buffer(&again, &again_len, buf, len, edits, n, NULL) != XL_OK ||
        again_len != out_len || memcmp(again, out, out_len) != 0)
      abort();
    free(again);
  } else if (rc != XL_ECONFLICT || out) {
    abort();
  }
  free(out);
  return 0;
}
