/*
 * lsp_proxy_peers.c: `xlambda clangd`'s two children: what comes from
 * clangd (passed on, except the answers and publications joined with
 * xlambda's), what comes from xlambda (kept for joining, never passed on as
 * it is), and the timer that stops waiting for a slow xlambda.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>

#include "lsp_merge.h"
#include "lsp_proxy_impl.h"
#include "util/util.h"

#define PUBLISH "textDocument/publishDiagnostics"

int xl_proxy_send_x_locked(proxy *p, json_t *msg) {
  if (!p->x_alive)
    return XL_OK;
  if (!p->x_ready)
    return json_array_append(p->held, msg) < 0 ? XL_ENOMEM : XL_OK;
  xl_lsp_write(&p->x.t, msg); /* a failure shows as xlambda's end */
  return XL_OK;
}

/* ---- documents --------------------------------------------------------- */

static proxy_doc *doc_get(proxy *p, const char *uri) {
  proxy_doc *d;

  for (d = p->docs; d; d = d->next)
    if (strcmp(d->uri, uri) == 0)
      return d;
  d = calloc(1, sizeof(*d));
  if (d)
    d->uri = xl_strdup(uri);
  if (!d || !d->uri) {
    free(d);
    return NULL;
  }
  d->cver = d->xver = -1;
  d->next = p->docs;
  p->docs = d;
  return d;
}

/* Publish d's merged diagnostics; the caller holds the lock. */
static void publish_locked(proxy *p, const proxy_doc *d) {
  json_int_t v = d->cver > d->xver ? d->cver : d->xver;
  json_t *diags = xl_lsp_merge_diagnostics(d->c, d->x);
  json_t *params = diags ? json_pack("{s:s,s:o}", "uri", d->uri,
                                     "diagnostics", diags)
                         : NULL;
  json_t *m;

  if (params && v >= 0)
    json_object_set_new(params, "version", json_integer(v));
  m = params ? json_pack("{s:s,s:s,s:o}", "jsonrpc", "2.0", "method",
                         PUBLISH, "params", params)
             : NULL;
  xl_proxy_to_editor(p, m);
  json_decref(m);
}

/*
 * Keep one side's publication (*list, *ver) unless it is older than the one
 * kept. Returns 1 when kept.
 */
static int keep(json_t **list, json_int_t *ver, const json_t *params) {
  const json_t *v = json_object_get(params, "version");
  const json_t *diags = json_object_get(params, "diagnostics");
  json_int_t nv = json_is_integer(v) ? json_integer_value(v) : -1;

  if (!json_is_array(diags) || (nv >= 0 && nv < *ver))
    return 0;
  json_decref(*list);
  *list = json_incref((json_t *)diags);
  *ver = nv >= 0 ? nv : *ver;
  return 1;
}

/* ---- joined answers ---------------------------------------------------- */

static void unlink_pending(proxy *p, proxy_pending *q) {
  proxy_pending **at;

  for (at = &p->pending; *at; at = &(*at)->next) {
    if (*at == q) {
      *at = q->next;
      return;
    }
  }
}

/* Both parts are in (or xlambda's never comes): answer the client. */
static void complete_locked(proxy *p, proxy_pending *q) {
  const json_t *cres = json_object_get(q->cmsg, "result");
  json_t *res = q->kind == XL_PROXY_INIT
                    ? xl_lsp_merge_initialize(cres, q->xres)
                    : xl_lsp_merge_actions(cres, q->xres);
  json_t *m = res ? json_pack("{s:s,s:O,s:o}", "jsonrpc", "2.0", "id", q->id,
                              "result", res)
                  : NULL;

  xl_proxy_to_editor(p, m ? m : q->cmsg);
  json_decref(m);
  unlink_pending(p, q);
  xl_proxy_pending_free(q);
}

/* clangd answered initialize: start xlambda on clangd's encoding. */
static void x_initialize_locked(proxy *p, proxy_pending *q) {
  const char *enc =
      xl_lsp_merge_encoding(json_object_get(q->cmsg, "result"));
  json_t *params = xl_lsp_merge_init_params(q->params, enc);
  json_t *m = params ? json_pack("{s:s,s:I,s:s,s:o}", "jsonrpc", "2.0", "id",
                                 q->xid, "method", "initialize", "params",
                                 params)
                     : NULL;
  size_t i;
  json_t *h;

  if (!m) {
    q->xdone = 1;
    return;
  }
  p->x_ready = 1;
  xl_lsp_write(&p->x.t, m);
  json_decref(m);
  json_array_foreach(p->held, i, h) {
    xl_lsp_write(&p->x.t, h);
  }
  json_array_clear(p->held);
  xl_proxy_log(p, XL_LSP_LOG_INFO, "positions in %s on both sides", enc);
}

/* clangd's answer to a joined request; the caller holds the lock. */
static void on_clangd_answer_locked(proxy *p, proxy_pending *q, json_t *msg) {
  q->cmsg = json_incref(msg);
  if (json_object_get(msg, "error")) {
    if (q->kind == XL_PROXY_INIT) {
      q->xdone = 1; /* no session: xlambda is never initialized */
      p->x_alive = 0;
      json_array_clear(p->held);
    }
    xl_proxy_to_editor(p, msg);
    unlink_pending(p, q);
    xl_proxy_pending_free(q);
    return;
  }
  if (q->kind == XL_PROXY_INIT && !q->xdone)
    x_initialize_locked(p, q);
  if (q->xdone) {
    complete_locked(p, q);
    return;
  }
  q->deadline = xl_lsp_now() + p->opts.timeout_ms / 1000.0;
  pthread_cond_signal(&p->wake);
}

static proxy_pending *find_pending(proxy *p, const json_t *id, int by_xid) {
  proxy_pending *q;

  for (q = p->pending; q && id; q = q->next) {
    if (by_xid ? json_is_integer(id) && json_integer_value(id) == q->xid
               : !q->cmsg && json_equal(q->id, (json_t *)id))
      return q;
  }
  return NULL;
}

/* ---- clangd ------------------------------------------------------------ */

/* Log (verbose) how long the proxy held a publication: parse, merge, write. */
static void log_held(proxy *p, const char *side, const json_t *msg,
                     double t0) {
  const char *m = json_string_value(json_object_get(msg, "method"));

  if (m && strcmp(m, PUBLISH) == 0)
    xl_proxy_log(p, XL_LSP_LOG_VERBOSE, "%s publication passed on in "
                 "%.3f ms", side, (xl_lsp_now() - t0) * 1000.0);
}

/* Returns 1 when msg was taken (joined), 0 when it goes on as it is. */
static int on_clangd_locked(proxy *p, json_t *msg) {
  const char *m = json_string_value(json_object_get(msg, "method"));
  const json_t *params = json_object_get(msg, "params");
  const char *uri = json_string_value(json_object_get(params, "uri"));
  proxy_pending *q;
  proxy_doc *d;

  if (!m) {
    q = find_pending(p, json_object_get(msg, "id"), 0);
    if (q)
      on_clangd_answer_locked(p, q, msg);
    return q != NULL;
  }
  d = strcmp(m, PUBLISH) == 0 && uri ? doc_get(p, uri) : NULL;
  if (!d)
    return 0;
  keep(&d->c, &d->cver, params);
  if (!d->x)
    return 0; /* nothing of xlambda's: clangd's message as it is */
  publish_locked(p, d);
  return 1;
}

/* What one peer's reader does with a message, under the proxy's lock
 * (msg NULL when the body is not JSON). */
typedef void (*peer_handler)(proxy *p, json_t *msg, const char *body,
                             size_t len);

/* Read t's messages until its end, each handled under the lock. */
static void pump(proxy *p, lsp_transport *t, const char *side,
                 peer_handler on_locked) {
  char *body = NULL;
  size_t len;
  json_t *msg;
  double t0;

  for (;;) {
    int rc = xl_lsp_read(&body, &len, t, NULL);
    if (rc == XL_EPARSE)
      continue;
    if (rc < 0 || !body)
      break;
    t0 = xl_lsp_now();
    msg = json_loadb(body, len, 0, NULL);
    pthread_mutex_lock(&p->lock);
    on_locked(p, msg, body, len);
    pthread_mutex_unlock(&p->lock);
    log_held(p, side, msg, t0);
    json_decref(msg);
    free(body);
  }
}

/* clangd's message: joined with xlambda's, or on to the editor as it is. */
static void clangd_message_locked(proxy *p, json_t *msg, const char *body,
                                  size_t len) {
  if (!msg || !on_clangd_locked(p, msg))
    xl_lsp_write_raw(&p->editor, body, len);
}

void *xl_proxy_clangd_main(void *arg) {
  proxy *p = arg;

  pump(p, &p->clangd.t, "clangd's", clangd_message_locked);
  xl_proxy_finish(p);
  return NULL;
}

/* ---- xlambda ----------------------------------------------------------- */

static void on_x_locked(proxy *p, json_t *msg) {
  const char *m = json_string_value(json_object_get(msg, "method"));
  const json_t *params = json_object_get(msg, "params");
  const char *uri = json_string_value(json_object_get(params, "uri"));
  proxy_pending *q;
  proxy_doc *d;

  if (!m) {
    q = find_pending(p, json_object_get(msg, "id"), 1);
    if (!q || q->xdone)
      return;
    q->xres = json_incref(json_object_get(msg, "result"));
    q->xdone = 1;
    if (q->cmsg)
      complete_locked(p, q);
    return;
  }
  d = strcmp(m, PUBLISH) == 0 && uri ? doc_get(p, uri) : NULL;
  if (!d)
    return; /* (its logs and progress are its own) */
  if (keep(&d->x, &d->xver, params))
    publish_locked(p, d);
}

/* xlambda is gone: clangd's diagnostics and answers go on alone. */
static void x_gone_locked(proxy *p) {
  proxy_pending *q, *next;
  proxy_doc *d;

  p->x_alive = 0;
  for (q = p->pending; q; q = next) {
    next = q->next;
    q->xdone = 1;
    if (q->cmsg)
      complete_locked(p, q);
  }
  for (d = p->docs; d; d = d->next) {
    if (!d->x)
      continue;
    json_decref(d->x);
    d->x = NULL;
    d->xver = -1;
    publish_locked(p, d);
  }
}

static void x_message_locked(proxy *p, json_t *msg, const char *body,
                             size_t len) {
  (void)body;
  (void)len;
  if (msg)
    on_x_locked(p, msg);
}

void *xl_proxy_x_main(void *arg) {
  proxy *p = arg;
  int status = 0;

  pump(p, &p->x.t, "xlambda's", x_message_locked);
  pthread_mutex_lock(&p->lock);
  if (!p->exiting)
    xl_proxy_log(p, XL_LSP_LOG_ERROR, "xlambda stopped; clangd's "
                 "diagnostics go on without xlambda's");
  x_gone_locked(p);
  pthread_mutex_unlock(&p->lock);
  while (waitpid(p->x.pid, &status, 0) < 0 && errno == EINTR)
    ;
  return NULL;
}

/* ---- the timer --------------------------------------------------------- */

/* Answer what waited too long; returns the next deadline (0: none). */
static double expire_locked(proxy *p, double now) {
  proxy_pending *q, *next;
  double first = 0;

  for (q = p->pending; q; q = next) {
    next = q->next;
    if (!q->cmsg || q->xdone || q->deadline <= 0)
      continue;
    if (q->deadline <= now) {
      xl_proxy_log(p, XL_LSP_LOG_INFO, "xlambda did not answer in %d ms; "
                   "clangd's answer goes alone", p->opts.timeout_ms);
      q->xdone = 1;
      complete_locked(p, q);
    } else if (first == 0 || q->deadline < first) {
      first = q->deadline;
    }
  }
  return first;
}

void *xl_proxy_timer_main(void *arg) {
  proxy *p = arg;
  struct timespec ts;
  double next, now;

  pthread_mutex_lock(&p->lock);
  for (;;) {
    now = xl_lsp_now();
    next = expire_locked(p, now);
    if (next == 0) {
      pthread_cond_wait(&p->wake, &p->lock);
      continue;
    }
    /* the condition variable's clock is the realtime one */
    clock_gettime(CLOCK_REALTIME, &ts);
    ts.tv_sec += (time_t)(next - now);
    ts.tv_nsec += (long)((next - now - (double)(time_t)(next - now)) * 1e9);
    if (ts.tv_nsec >= 1000000000L) {
      ts.tv_sec++;
      ts.tv_nsec -= 1000000000L;
    }
    pthread_cond_timedwait(&p->wake, &p->lock, &ts);
  }
  return NULL;
}
