/*
 * lsp_docs.c: the open documents and their edits.
 */
#include <stdlib.h>
#include <string.h>

#include "lsp_docs.h"

void xl_lsp_doc_free(lsp_doc *doc) {
  if (!doc)
    return;
  free(doc->uri);
  free(doc->path);
  xl_buf_free(&doc->text);
  free(doc);
}

void xl_lsp_docs_free(lsp_docs *docs) {
  size_t i;

  if (!docs)
    return;
  for (i = 0; i < docs->n; i++)
    xl_lsp_doc_free(docs->items[i]);
  free(docs->items);
  memset(docs, 0, sizeof(*docs));
}

lsp_doc *xl_lsp_docs_find(const lsp_docs *docs, const char *uri) {
  size_t i;

  for (i = 0; i < docs->n; i++)
    if (strcmp(docs->items[i]->uri, uri) == 0)
      return docs->items[i];
  return NULL;
}

/* Replace the whole text; the buffer always holds a NUL-terminated string. */
static int set_text(lsp_doc *doc, const char *text, size_t len) {
  xl_buf b = XL_BUF_INIT;

  xl_buf_put(&b, text, len);
  xl_buf_putc(&b, '\0');
  if (b.oom) {
    xl_buf_free(&b);
    return XL_ENOMEM;
  }
  b.len--;
  xl_buf_free(&doc->text);
  doc->text = b;
  return XL_OK;
}

int xl_lsp_docs_open(lsp_doc **out, lsp_docs *docs, const char *uri,
                     const char *text, size_t len, int64_t version) {
  lsp_doc *doc = xl_lsp_docs_find(docs, uri);

  *out = NULL;
  if (doc) {
    if (set_text(doc, text, len) < 0)
      return XL_ENOMEM;
    doc->version = version;
    *out = doc;
    return XL_OK;
  }
  doc = calloc(1, sizeof(*doc));
  if (!doc || !(doc->uri = xl_strdup(uri)) ||
      set_text(doc, text, len) < 0 ||
      XL_GROW(docs->items, docs->cap, docs->n + 1) < 0) {
    xl_lsp_doc_free(doc);
    return XL_ENOMEM;
  }
  doc->path = xl_lsp_uri_to_path(uri); /* NULL: not a file we can parse */
  doc->version = version;
  docs->items[docs->n++] = doc;
  *out = doc;
  return XL_OK;
}

lsp_doc *xl_lsp_docs_take(lsp_docs *docs, const char *uri) {
  size_t i;
  lsp_doc *doc;

  for (i = 0; i < docs->n; i++) {
    if (strcmp(docs->items[i]->uri, uri) != 0)
      continue;
    doc = docs->items[i];
    memmove(docs->items + i, docs->items + i + 1,
            (docs->n - i - 1) * sizeof(*docs->items));
    docs->n--;
    return doc;
  }
  return NULL;
}

int xl_lsp_doc_edit(lsp_doc *doc, int whole, lsp_pos start, lsp_pos end,
                    const char *text, size_t len, lsp_encoding enc,
                    xl_error *err) {
  const char *old = doc->text.data ? doc->text.data : "";
  size_t a, b;
  xl_buf out = XL_BUF_INIT;

  if (whole)
    return set_text(doc, text, len);
  a = xl_lsp_offset(old, doc->text.len, start, enc);
  b = xl_lsp_offset(old, doc->text.len, end, enc);
  if (a > b)
    return xl_error_set(err, XL_EINVAL,
                        "change range starts (%u:%u) after it ends (%u:%u)",
                        start.line, start.character, end.line, end.character);
  xl_buf_put(&out, old, a);
  xl_buf_put(&out, text, len);
  xl_buf_put(&out, old + b, doc->text.len - b);
  xl_buf_putc(&out, '\0');
  if (out.oom) {
    xl_buf_free(&out);
    return XL_ENOMEM;
  }
  out.len--;
  xl_buf_free(&doc->text);
  doc->text = out;
  return XL_OK;
}
