/*
 * lsp_docs.h: the open documents: URI -> text and version.
 *
 * The store owns every document and its text. It has no lock of its own:
 * the server's lock guards it, since the reader thread edits documents and
 * the worker thread takes snapshots of them.
 */
#ifndef XL_LSP_DOCS_H
#define XL_LSP_DOCS_H

#include <stdint.h>

#include "lsp_text.h"
#include "util/util.h"

typedef struct lsp_doc {
  char *uri;
  char *path;          /* the file of a file:// URI; NULL for other schemes */
  xl_buf text;
  int64_t version;
  uint64_t gen;        /* bumped by every change (and by saves of others) */
  uint64_t parsed_gen; /* the generation the worker last took */
  double changed_at;   /* monotonic seconds when gen was last bumped */
  int closed;          /* didClose arrived: publish nothing more but [] */
  void *work;          /* the worker's state for this document */
} lsp_doc;

typedef struct lsp_docs {
  lsp_doc **items;
  size_t n, cap;
} lsp_docs;

/*
 * Open uri with its text and version; *out gets the document (owned by the
 * store). A URI that is already open gets the new text and version (as a
 * full change). Returns XL_OK or XL_ENOMEM.
 */
int xl_lsp_docs_open(lsp_doc **out, lsp_docs *docs, const char *uri,
                     const char *text, size_t len, int64_t version);

/* The open document with this URI, or NULL. Lent. */
lsp_doc *xl_lsp_docs_find(const lsp_docs *docs, const char *uri);

/*
 * Remove uri from the store and hand its document to the caller (who frees
 * it with xl_lsp_doc_free), or NULL when it is not open.
 */
lsp_doc *xl_lsp_docs_take(lsp_docs *docs, const char *uri);

/*
 * Apply one content change: replace the range [start, end) (LSP positions
 * in `enc`) by text, or the whole text when whole is set. Positions past a
 * line's end or the text's end are clamped, as the protocol says; a start
 * after the end is XL_EINVAL (message in err). XL_ENOMEM.
 */
int xl_lsp_doc_edit(lsp_doc *doc, int whole, lsp_pos start, lsp_pos end,
                    const char *text, size_t len, lsp_encoding enc,
                    xl_error *err);

/* Release a document taken from the store (not its work). Accepts NULL. */
void xl_lsp_doc_free(lsp_doc *doc);

/*
 * Release the store and the documents still in it. Their `work` must have
 * been released already. Accepts NULL.
 */
void xl_lsp_docs_free(lsp_docs *docs);

#endif /* XL_LSP_DOCS_H */
