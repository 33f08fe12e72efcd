/*
 * lsp_handlers_doc.c: textDocument/didOpen, didChange, didSave, didClose and
 * codeAction. They update the store under the server's lock and leave the
 * parsing to the worker.
 */
#include <string.h>

#include "lsp_handlers.h"

void xl_lsp_on_did_open(lsp_server *s, const lsp_call *c, lsp_reply *r) {
  json_error_t jerr;
  const char *uri, *text;
  size_t len;
  json_int_t version;
  lsp_doc *doc = NULL;
  int rc;

  if (json_unpack_ex((json_t *)c->params, &jerr, 0, "{s:{s:s,s:I,s:s%}}",
                     "textDocument", "uri", &uri, "version", &version, "text",
                     &text, &len) < 0) {
    xl_lsp_fail(r, XL_LSP_INVALID_PARAMS, "%s", jerr.text);
    return;
  }
  pthread_mutex_lock(&s->lock);
  rc = xl_lsp_docs_open(&doc, &s->docs, uri, text, len, version);
  if (rc == XL_OK)
    xl_lsp_touch_locked(s, doc);
  pthread_mutex_unlock(&s->lock);
  if (rc < 0)
    xl_lsp_fail(r, XL_LSP_INTERNAL_ERROR, "out of memory");
}

/* Unpack a Range; 0 or -1. */
static int unpack_range(const json_t *j, lsp_pos *start, lsp_pos *end,
                        json_error_t *jerr) {
  json_int_t l0, c0, l1, c1;

  if (json_unpack_ex((json_t *)j, jerr, 0, "{s:{s:I,s:I},s:{s:I,s:I}}",
                     "start", "line", &l0, "character", &c0, "end", "line",
                     &l1, "character", &c1) < 0)
    return -1;
  if (l0 < 0 || c0 < 0 || l1 < 0 || c1 < 0 || l0 > 0x7fffffff ||
      l1 > 0x7fffffff || c0 > 0x7fffffff || c1 > 0x7fffffff) {
    snprintf(jerr->text, sizeof(jerr->text), "position out of range");
    return -1;
  }
  start->line = (unsigned)l0;
  start->character = (unsigned)c0;
  end->line = (unsigned)l1;
  end->character = (unsigned)c1;
  return 0;
}

/* Apply one TextDocumentContentChangeEvent. */
static int apply_change(lsp_server *s, lsp_doc *doc, const json_t *change,
                        xl_error *err) {
  json_error_t jerr;
  const char *text;
  size_t len;
  const json_t *range = json_object_get(change, "range");
  lsp_pos start = {0, 0}, end = {0, 0};

  if (json_unpack_ex((json_t *)change, &jerr, 0, "{s:s%}", "text", &text,
                     &len) < 0 ||
      (range && unpack_range(range, &start, &end, &jerr) < 0))
    return xl_error_set(err, XL_EINVAL, "bad content change: %s", jerr.text);
  return xl_lsp_doc_edit(doc, range == NULL, start, end, text, len,
                         s->encoding, err);
}

static int apply_changes(lsp_server *s, lsp_doc *doc, const json_t *changes,
                         xl_error *err) {
  size_t i;
  const json_t *ch;
  int rc;

  json_array_foreach(changes, i, ch) {
    rc = apply_change(s, doc, ch, err);
    if (rc < 0)
      return rc;
  }
  return XL_OK;
}

/* A header by its name: its edits may change the files that include it. */
static int is_header(const char *path) {
  static const char *const exts[] = {".h", ".hh", ".hpp", ".hxx", ".cuh",
                                     ".inl", ".inc", ".tcc", ".ipp"};
  const char *dot = path ? strrchr(path, '.') : NULL;
  const char *slash = path ? strrchr(path, '/') : NULL;
  size_t i;

  if (!path)
    return 0;
  if (!dot || (slash && dot < slash))
    return 1; /* <vector>: a header without an extension */
  for (i = 0; i < sizeof(exts) / sizeof(*exts); i++)
    if (strcmp(dot, exts[i]) == 0)
      return 1;
  return 0;
}

/* Recheck the other documents (the caller holds s->lock). */
static void touch_others_locked(lsp_server *s, const lsp_doc *doc) {
  size_t i;

  for (i = 0; i < s->docs.n; i++)
    if (s->docs.items[i] != doc)
      xl_lsp_touch_locked(s, s->docs.items[i]);
}

void xl_lsp_on_did_change(lsp_server *s, const lsp_call *c, lsp_reply *r) {
  json_error_t jerr;
  const char *uri;
  json_int_t version = -1;
  json_t *changes = NULL;
  lsp_doc *doc;
  xl_error *err = NULL;
  int rc = XL_ENOTFOUND;

  /* (changes is only set when the unpacking succeeds) */
  if (json_unpack_ex((json_t *)c->params, &jerr, 0, "{s:{s:s,s?I},s:o}",
                     "textDocument", "uri", &uri, "version", &version,
                     "contentChanges", &changes) < 0) {
    xl_lsp_fail(r, XL_LSP_INVALID_PARAMS, "%s", jerr.text);
    return;
  }
  if (!json_is_array(changes)) {
    xl_lsp_fail(r, XL_LSP_INVALID_PARAMS, "contentChanges is not an array");
    return;
  }
  if (xl_error_new(&err) < 0) {
    xl_lsp_fail(r, XL_LSP_INTERNAL_ERROR, "out of memory");
    return;
  }
  pthread_mutex_lock(&s->lock);
  doc = xl_lsp_docs_find(&s->docs, uri);
  if (doc)
    rc = apply_changes(s, doc, changes, err);
  if (doc && version >= 0)
    doc->version = version;
  if (doc)
    xl_lsp_touch_locked(s, doc);
  if (doc && is_header(doc->path))
    touch_others_locked(s, doc); /* their parses see its unsaved text */
  pthread_mutex_unlock(&s->lock);
  if (rc == XL_ENOTFOUND)
    xl_lsp_fail(r, XL_LSP_INVALID_PARAMS, "'%s' is not open", uri);
  else if (rc < 0)
    xl_lsp_fail(r, XL_LSP_INVALID_PARAMS, "%s",
                xl_error_message(err));
  xl_error_free(err);
}

/*
 * A save may change a header the other documents include: reparse them (a
 * reparse rebuilds the preamble only when one of its files changed).
 */
void xl_lsp_on_did_save(lsp_server *s, const lsp_call *c, lsp_reply *r) {
  json_error_t jerr;
  const char *uri;
  size_t i;

  if (json_unpack_ex((json_t *)c->params, &jerr, 0, "{s:{s:s}}",
                     "textDocument", "uri", &uri) < 0) {
    xl_lsp_fail(r, XL_LSP_INVALID_PARAMS, "%s", jerr.text);
    return;
  }
  pthread_mutex_lock(&s->lock);
  for (i = 0; i < s->docs.n; i++)
    if (strcmp(s->docs.items[i]->uri, uri) != 0)
      xl_lsp_touch_locked(s, s->docs.items[i]);
  pthread_mutex_unlock(&s->lock);
}

void xl_lsp_on_did_close(lsp_server *s, const lsp_call *c, lsp_reply *r) {
  json_error_t jerr;
  const char *uri;
  lsp_doc *doc;
  int rc = XL_OK;

  if (json_unpack_ex((json_t *)c->params, &jerr, 0, "{s:{s:s}}",
                     "textDocument", "uri", &uri) < 0) {
    xl_lsp_fail(r, XL_LSP_INVALID_PARAMS, "%s", jerr.text);
    return;
  }
  pthread_mutex_lock(&s->lock);
  doc = xl_lsp_docs_take(&s->docs, uri);
  if (doc) {
    doc->closed = 1;
    rc = xl_lsp_enqueue_locked(s, XL_LSP_JOB_CLOSE, NULL, NULL, doc);
  }
  pthread_mutex_unlock(&s->lock);
  if (!doc)
    xl_lsp_fail(r, XL_LSP_INVALID_PARAMS, "'%s' is not open", uri);
  else if (rc < 0)
    xl_lsp_fail(r, XL_LSP_INTERNAL_ERROR, "out of memory");
}

void xl_lsp_on_code_action(lsp_server *s, const lsp_call *c, lsp_reply *r) {
  json_error_t jerr;
  const char *uri;
  json_t *range;
  lsp_pos a, b;
  int rc;

  if (json_unpack_ex((json_t *)c->params, &jerr, 0, "{s:{s:s},s:o}",
                     "textDocument", "uri", &uri, "range", &range) < 0 ||
      unpack_range(range, &a, &b, &jerr) < 0) {
    xl_lsp_fail(r, XL_LSP_INVALID_PARAMS, "%s", jerr.text);
    return;
  }
  pthread_mutex_lock(&s->lock);
  rc = xl_lsp_enqueue_locked(s, XL_LSP_JOB_CODE_ACTION, c->id, c->params,
                             xl_lsp_docs_find(&s->docs, uri));
  pthread_mutex_unlock(&s->lock);
  if (rc < 0)
    xl_lsp_fail(r, XL_LSP_INTERNAL_ERROR, "out of memory");
  else
    r->deferred = 1;
}
