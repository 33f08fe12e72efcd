/*
 * lsp_handlers.c: the lifecycle methods: initialize (capabilities and the
 * position encoding, negotiated as clangd does), initialized, shutdown,
 * exit, $/cancelRequest and the test-only sync.
 */
#include <stdlib.h>
#include <string.h>

#include "lsp_handlers.h"

/*
 * The first encoding of the client's list that we speak, as clangd picks
 * it. Returns 1 when one was chosen.
 */
static int pick_encoding(lsp_encoding *out, const json_t *list) {
  size_t i;
  const json_t *e;

  json_array_foreach(list, i, e) {
    if (json_is_string(e) &&
        xl_lsp_encoding_parse(out, json_string_value(e)) == 0)
      return 1;
  }
  return 0;
}

/* initializationOptions: compilationDatabasePath and fallbackFlags. */
static int init_options(lsp_server *s, const json_t *o, lsp_reply *r) {
  const json_t *dir = json_object_get(o, "compilationDatabasePath");
  const json_t *flags = json_object_get(o, "fallbackFlags");
  const json_t *f;
  size_t i;

  if (json_is_string(dir) && !s->opts.compile_commands_dir) {
    free(s->cdb_dir);
    s->cdb_dir = xl_strdup(json_string_value(dir));
  }
  if (!json_is_array(flags))
    return 0;
  s->fallback = calloc(json_array_size(flags) + 1, sizeof(char *));
  if (!s->fallback)
    goto oom;
  json_array_foreach(flags, i, f) {
    if (!json_is_string(f))
      continue;
    s->fallback[s->nfallback] = xl_strdup(json_string_value(f));
    if (!s->fallback[s->nfallback++])
      goto oom;
  }
  return 0;
oom:
  xl_lsp_fail(r, XL_LSP_INTERNAL_ERROR, "out of memory");
  return -1;
}

static json_t *capabilities(void) {
  return json_pack("{s:{s:b,s:i,s:{s:b}},s:{s:[s]}}", "textDocumentSync",
                   "openClose", 1, "change", 2, "save", "includeText", 0,
                   "codeActionProvider", "codeActionKinds", "quickfix");
}

void xl_lsp_on_initialize(lsp_server *s, const lsp_call *c, lsp_reply *r) {
  const json_t *caps = json_object_get(c->params, "capabilities");
  const json_t *general = json_object_get(caps, "general");
  int offered, legacy = 0;
  json_t *result, *cap;

  if (s->initialized) {
    xl_lsp_fail(r, XL_LSP_INVALID_REQUEST, "initialize was already received");
    return;
  }
  s->encoding = XL_LSP_UTF16;
  offered = pick_encoding(&s->encoding,
                          json_object_get(general, "positionEncodings"));
  if (!offered)
    offered = legacy = pick_encoding(&s->encoding,
                                     json_object_get(caps, "offsetEncoding"));
  if (init_options(s, json_object_get(c->params, "initializationOptions"),
                   r) < 0)
    return;
  cap = capabilities();
  if (cap && offered)
    json_object_set_new(cap, "positionEncoding",
                        json_string(xl_lsp_encoding_name(s->encoding)));
  result = json_pack("{s:o,s:{s:s,s:s}}", "capabilities", cap, "serverInfo",
                     "name", "xlambda", "version", XL_VERSION_STRING);
  if (result && legacy)
    json_object_set_new(result, "offsetEncoding",
                        json_string(xl_lsp_encoding_name(s->encoding)));
  if (!result) {
    xl_lsp_fail(r, XL_LSP_INTERNAL_ERROR, "out of memory");
    return;
  }
  s->initialized = 1;
  xl_lsp_log(s, XL_LSP_LOG_INFO, "initialized; positions in %s",
             xl_lsp_encoding_name(s->encoding));
  r->result = result;
}

/* initialized: nothing to do (the server registers nothing dynamically). */
void xl_lsp_on_initialized(lsp_server *s, const lsp_call *c, lsp_reply *r) {}

/*
 * shutdown: the worker answers the requests queued before it with what it
 * has (it starts no new parse), then this one; the reader waits for that,
 * so `exit` cannot drop them.
 */
void xl_lsp_on_shutdown(lsp_server *s, const lsp_call *c, lsp_reply *r) {
  int rc;

  s->shutdown = 1;
  pthread_mutex_lock(&s->lock);
  s->draining = 1;
  rc = xl_lsp_enqueue_wait_locked(s, XL_LSP_JOB_SHUTDOWN, c->id);
  pthread_mutex_unlock(&s->lock);
  if (rc < 0)
    xl_lsp_fail(r, XL_LSP_INTERNAL_ERROR, "out of memory");
  else
    r->deferred = 1;
}

/* exit: the reader stops; xl_lsp_serve's code says whether shutdown came. */
void xl_lsp_on_exit(lsp_server *s, const lsp_call *c, lsp_reply *r) {
  s->exit_requested = 1;
}

void xl_lsp_on_cancel(lsp_server *s, const lsp_call *c, lsp_reply *r) {
  const json_t *id = json_object_get(c->params, "id");
  int found;

  if (!json_is_integer(id) && !json_is_string(id)) {
    xl_lsp_fail(r, XL_LSP_INVALID_PARAMS, "$/cancelRequest needs an id");
    return;
  }
  pthread_mutex_lock(&s->lock);
  found = xl_lsp_cancel_locked(s, id);
  pthread_mutex_unlock(&s->lock);
  if (!found)
    xl_lsp_log(s, XL_LSP_LOG_VERBOSE, "cancel: no queued request with that "
               "id (already answered)");
}

/*
 * sync (tests only, like clangd's): answered by the worker once everything
 * queued before it is done. The reader waits for it, so a test script's
 * later messages see the results.
 */
void xl_lsp_on_sync(lsp_server *s, const lsp_call *c, lsp_reply *r) {
  int rc;

  pthread_mutex_lock(&s->lock);
  rc = xl_lsp_enqueue_wait_locked(s, XL_LSP_JOB_SYNC, c->id);
  pthread_mutex_unlock(&s->lock);
  if (rc < 0)
    xl_lsp_fail(r, XL_LSP_INTERNAL_ERROR, "out of memory");
  else
    r->deferred = 1;
}
