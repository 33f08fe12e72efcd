/*
 * fuzz_caplist.c: libFuzzer target for the lambda-introducer parser and the
 * token scanner. Every offset it returns must lie inside the buffer and be
 * ordered.
 */
#include <stdint.h>
#include <stdlib.h>

#include "util/lex.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  const char *buf = (const char *)data;
  xl_caplist c;
  xl_lexer lx;
  xl_tok t;
  unsigned i;

  if (xl_lex_caplist(&c, buf, size, 0) == 0) {
    if (c.end > size || c.nitems > XL_CAPLIST_MAX)
      abort();
    for (i = 0; i < c.nitems; i++)
      if (c.items[i].begin > c.items[i].end || c.items[i].end > size ||
          c.items[i].init_end > size)
        abort();
  }
  xl_lex_init(&lx, buf, size, 0);
  while (xl_lex_next(&lx, &t) != XL_TOK_EOF)
    if (t.begin >= t.end || t.end > size)
      abort();
  return 0;
}
