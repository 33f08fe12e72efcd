/*
 * wire.h: a byte encoding of diagnostic lists, so that a translation unit
 * checked in another process (the command line's crash isolation) comes
 * back exactly as it would have been built in this one: every field, the
 * notes and their fix-its, the flags and the files' content hashes.
 *
 * The format is private to one xlambda binary (the parent and the process
 * it forked): little-endian u32/u64 numbers and strings written as a u32
 * length, the bytes and a NUL. Decoding checks every length against the
 * end of the buffer, so a truncated or corrupted message is refused, never
 * read past.
 */
#ifndef XL_WIRE_H
#define XL_WIRE_H

#include <stdint.h>

#include "diag_impl.h"

/* A read position in a received message. */
typedef struct xl_wire_in {
  const char *p, *end;
  int bad; /* set once a read ran past the end or met a malformed value */
} xl_wire_in;

/* Append a number or a string (NULL is written as the empty string). Same
 * failure contract as xl_buf_put: the buffer remembers out-of-memory. */
void xl_wire_put_u32(xl_buf *out, uint32_t v);
void xl_wire_put_u64(xl_buf *out, uint64_t v);
void xl_wire_put_str(xl_buf *out, const char *s);

/* Read a number or a string (lent: it points into the message). On a
 * malformed message these set in->bad and return 0 or "". */
uint32_t xl_wire_u32(xl_wire_in *in);
uint64_t xl_wire_u64(xl_wire_in *in);
const char *xl_wire_str(xl_wire_in *in);

/* Append the encoding of a whole list (its files, their hashes and every
 * diagnostic, dropped duplicates excluded). Returns XL_OK or XL_ENOMEM. */
int xl_diags_encode(xl_buf *out, const xl_diags *diags);

/*
 * Decode one list written by xl_diags_encode into a new list *out (caller
 * frees with xl_diags_free). Returns XL_OK, XL_ENOMEM, or XL_EPARSE when
 * the message is truncated or malformed (then *out is NULL).
 */
int xl_diags_decode(xl_diags **out, xl_wire_in *in);

#endif /* XL_WIRE_H */
