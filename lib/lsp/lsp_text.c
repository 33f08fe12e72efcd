/*
 * lsp_text.c: byte columns <-> LSP code units, and file:// URIs.
 */
#include <stdlib.h>
#include <string.h>

#include "lsp_text.h"
#include "util/util.h"

static const char *const encoding_names[] = {"utf-16", "utf-8", "utf-32"};

const char *xl_lsp_encoding_name(lsp_encoding enc) {
  return encoding_names[enc];
}

int xl_lsp_encoding_parse(lsp_encoding *out, const char *name) {
  size_t i;

  for (i = 0; i < sizeof(encoding_names) / sizeof(*encoding_names); i++) {
    if (strcmp(name, encoding_names[i]) == 0) {
      *out = (lsp_encoding)i;
      return XL_OK;
    }
  }
  return XL_EINVAL;
}

/*
 * The length of the UTF-8 sequence starting at s (at most n bytes), or 0
 * when s does not start a valid one.
 */
static size_t seq_len(const unsigned char *s, size_t n) {
  size_t len, i;

  if (s[0] < 0x80)
    return 1;
  if (s[0] >= 0xc2 && s[0] <= 0xdf)
    len = 2;
  else if (s[0] >= 0xe0 && s[0] <= 0xef)
    len = 3;
  else if (s[0] >= 0xf0 && s[0] <= 0xf4)
    len = 4;
  else
    return 0;
  if (len > n)
    return 0;
  for (i = 1; i < len; i++)
    if ((s[i] & 0xc0) != 0x80)
      return 0;
  return len;
}

/* Units one sequence of `len` bytes (0: invalid byte) takes in enc. */
static unsigned seq_units(size_t len, lsp_encoding enc) {
  if (len == 0)
    return 1;
  if (enc == XL_LSP_UTF8)
    return (unsigned)len;
  if (enc == XL_LSP_UTF16 && len == 4)
    return 2;
  return 1;
}

unsigned xl_lsp_units(const char *s, size_t n, lsp_encoding enc) {
  const unsigned char *p = (const unsigned char *)s;
  size_t i = 0, len;
  unsigned units = 0;

  while (i < n) {
    len = seq_len(p + i, n - i);
    units += seq_units(len, enc);
    i += len ? len : 1;
  }
  return units;
}

/* The offset where 0-based line `line` starts, or len when past the end. */
static size_t line_start(const char *text, size_t len, unsigned line,
                         int *past_end) {
  size_t off = 0;
  const char *nl;

  *past_end = 0;
  while (line > 0) {
    nl = memchr(text + off, '\n', len - off);
    if (!nl) {
      *past_end = 1;
      return len;
    }
    off = (size_t)(nl - text) + 1;
    line--;
  }
  return off;
}

/* The end of the line starting at `start`, before its "\n" or "\r\n". */
static size_t line_end(const char *text, size_t len, size_t start) {
  const char *nl = memchr(text + start, '\n', len - start);
  size_t end = nl ? (size_t)(nl - text) : len;

  if (nl && end > start && text[end - 1] == '\r')
    end--;
  return end;
}

size_t xl_lsp_offset(const char *text, size_t len, lsp_pos pos,
                     lsp_encoding enc) {
  const unsigned char *p = (const unsigned char *)text;
  int past_end;
  size_t off = line_start(text, len, pos.line, &past_end);
  size_t end, n;
  unsigned units = 0, u;

  if (past_end)
    return len;
  end = line_end(text, len, off);
  while (off < end) {
    n = seq_len(p + off, end - off);
    u = seq_units(n, enc);
    if (units + u > pos.character)
      break; /* inside a surrogate pair or a sequence: stay before it */
    units += u;
    off += n ? n : 1;
  }
  return off;
}

lsp_pos xl_lsp_position(const char *text, size_t len, size_t offset,
                        lsp_encoding enc) {
  lsp_pos pos = {0, 0};
  size_t start = 0, i;

  if (offset > len)
    offset = len;
  for (i = 0; i < offset; i++) {
    if (text[i] == '\n') {
      pos.line++;
      start = i + 1;
    }
  }
  pos.character = xl_lsp_units(text + start, offset - start, enc);
  return pos;
}

lsp_pos xl_lsp_position_lc(const char *text, size_t len, unsigned line,
                           unsigned col, lsp_encoding enc) {
  lsp_pos pos = {line ? line - 1 : 0, 0};
  int past_end;
  size_t start = line_start(text, len, pos.line, &past_end);
  size_t end = line_end(text, len, start);
  size_t n = col ? col - 1 : 0;

  if (past_end)
    return pos;
  if (n > end - start)
    n = end - start;
  pos.character = xl_lsp_units(text + start, n, enc);
  return pos;
}

/* ---- URIs -------------------------------------------------------------- */

static int hexval(char c) {
  if (c >= '0' && c <= '9')
    return c - '0';
  if (c >= 'a' && c <= 'f')
    return c - 'a' + 10;
  if (c >= 'A' && c <= 'F')
    return c - 'A' + 10;
  return -1;
}

char *xl_lsp_uri_to_path(const char *uri) {
  const char *p;
  char *out, *o;
  int hi, lo;

  if (strncmp(uri, "file://", 7) != 0)
    return NULL;
  p = uri + 7;
  if (*p != '/') { /* an authority: only "localhost" names this machine */
    if (strncmp(p, "localhost/", 10) != 0)
      return NULL;
    p += 9;
  }
  out = o = malloc(strlen(p) + 1);
  if (!out)
    return NULL;
  for (; *p; p++) {
    if (*p != '%') {
      *o++ = *p;
      continue;
    }
    hi = hexval(p[1]);
    lo = hi < 0 ? -1 : hexval(p[2]);
    if (lo < 0 || (hi == 0 && lo == 0)) {
      free(out);
      return NULL;
    }
    *o++ = (char)(hi * 16 + lo);
    p += 2;
  }
  *o = '\0';
  return out;
}

static int unreserved(unsigned char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
         (c >= '0' && c <= '9') || c == '-' || c == '.' || c == '_' ||
         c == '~' || c == '/' || c == ':';
}

char *xl_lsp_uri_from_path(const char *path) {
  xl_buf b = XL_BUF_INIT;
  const unsigned char *p;

  xl_buf_puts(&b, "file://");
  for (p = (const unsigned char *)path; *p; p++) {
    if (unreserved(*p))
      xl_buf_putc(&b, (char)*p);
    else
      xl_buf_printf(&b, "%%%02X", *p);
  }
  if (b.oom) {
    xl_buf_free(&b);
    return NULL;
  }
  return xl_buf_detach(&b);
}
