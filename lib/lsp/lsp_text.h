/*
 * lsp_text.h: positions and URIs for the language server.
 *
 * xlambda counts columns in bytes; LSP positions count code units of the
 * negotiated encoding (UTF-16 unless the client offered another). These
 * helpers convert between the two on a line's bytes, and between file://
 * URIs and paths. No state, no locking.
 */
#ifndef XL_LSP_TEXT_H
#define XL_LSP_TEXT_H

#include <stddef.h>

#include "xlambda/common.h"

typedef enum lsp_encoding {
  XL_LSP_UTF16 = 0, /* the protocol's default */
  XL_LSP_UTF8,
  XL_LSP_UTF32
} lsp_encoding;

/* A 0-based LSP position (line, character in code units). */
typedef struct lsp_pos {
  unsigned line, character;
} lsp_pos;

/* The protocol name of an encoding ("utf-16", ...). */
const char *xl_lsp_encoding_name(lsp_encoding enc);

/* Parse a protocol name into *out: XL_OK, or XL_EINVAL when unsupported. */
int xl_lsp_encoding_parse(lsp_encoding *out, const char *name);

/*
 * The number of code units of `enc` in the first n bytes of s. A byte that
 * does not start a valid UTF-8 sequence counts as one unit, as clangd does.
 */
unsigned xl_lsp_units(const char *s, size_t n, lsp_encoding enc);

/*
 * The byte offset in `text` of LSP position pos. A character past the end
 * of its line means the end of the line (before its newline), a line past
 * the last one means the end of the text (the protocol's rules).
 */
size_t xl_lsp_offset(const char *text, size_t len, lsp_pos pos,
                     lsp_encoding enc);

/* The LSP position of byte offset `offset` in text (clamped to len). */
lsp_pos xl_lsp_position(const char *text, size_t len, size_t offset,
                        lsp_encoding enc);

/*
 * The LSP position of a 1-based line and 1-based byte column in text (the
 * way xlambda reports places). A column past the line's end is clamped.
 */
lsp_pos xl_lsp_position_lc(const char *text, size_t len, unsigned line,
                           unsigned col, lsp_encoding enc);

/*
 * The path of a file:// URI, percent-decoded (caller frees). NULL for
 * another scheme, a malformed escape or no memory.
 */
char *xl_lsp_uri_to_path(const char *uri);

/*
 * A file:// URI for an absolute path, percent-encoding every byte but
 * unreserved characters, '/' and ':', as clangd does (caller frees). NULL
 * when out of memory.
 */
char *xl_lsp_uri_from_path(const char *path);

#endif /* XL_LSP_TEXT_H */
