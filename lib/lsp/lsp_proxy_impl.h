/*
 * lsp_proxy_impl.h: the state of `xlambda clangd` (lsp_proxy.h), shared by
 * lsp_proxy.c (set up, children, the editor's side, the end) and
 * lsp_proxy_peers.c (clangd's side, xlambda's side, the timer).
 */
#ifndef XL_LSP_PROXY_IMPL_H
#define XL_LSP_PROXY_IMPL_H

#include <pthread.h>
#include <sys/types.h>

#include <jansson.h>

#include "lsp_log.h"
#include "lsp_proxy.h"
#include "lsp_transport.h"

/* A child server: its pid and a transport over its stdout and stdin. */
typedef struct proxy_child {
  pid_t pid;
  FILE *to, *from;
  lsp_transport t;
  pthread_t reader;
} proxy_child;

/* One document's latest diagnostics from each side. */
typedef struct proxy_doc {
  char *uri;
  json_t *c, *x;          /* Diagnostic[] (owned), NULL: none yet */
  json_int_t cver, xver;  /* their versions; -1: none */
  struct proxy_doc *next;
} proxy_doc;

typedef enum proxy_pend_kind {
  XL_PROXY_INIT,  /* initialize: clangd first, then xlambda */
  XL_PROXY_ACTION /* textDocument/codeAction: both at once */
} proxy_pend_kind;

/* A client request whose answer joins both sides'. */
typedef struct proxy_pending {
  proxy_pend_kind kind;
  json_t *id;       /* the client's id */
  json_int_t xid;   /* the id of xlambda's request */
  json_t *params;   /* INIT: the client's params */
  json_t *cmsg;     /* clangd's answer (the message), once here */
  json_t *xres;     /* xlambda's result, once here (NULL: none) */
  int xdone;        /* xlambda answered, failed or timed out */
  double deadline;  /* when to stop waiting for xlambda; 0: not yet */
  struct proxy_pending *next;
} proxy_pending;

typedef struct proxy {
  xl_lsp_proxy_opts opts;
  lsp_transport editor;
  proxy_child clangd, x;
  pthread_t timer;
  pthread_mutex_t lock; /* guards everything below */
  pthread_cond_t wake;  /* the timer's */
  int x_alive;          /* xlambda runs */
  int x_ready;          /* its initialize went out: write to it directly */
  json_t *held;         /* messages for xlambda until then */
  json_int_t next_xid;
  proxy_doc *docs;
  proxy_pending *pending;
  int exiting;          /* the client sent exit */
} proxy;

/* Log a line at `level` on the proxy's log. Thread-safe. */
void xl_proxy_log(proxy *p, xl_lsp_log_level level, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;


/*
 * Send msg to xlambda (held until its initialize went out; dropped when it
 * is gone). The caller holds p->lock. Returns XL_OK or XL_ENOMEM.
 */
int xl_proxy_send_x_locked(proxy *p, json_t *msg);

/* Write msg to the editor. Returns XL_OK, XL_ENOMEM or XL_EIO. */
int xl_proxy_to_editor(proxy *p, const json_t *msg);

/* Free a pending request (accepts NULL). */
void xl_proxy_pending_free(proxy_pending *q);

/*
 * The threads' bodies (arg: the proxy): read clangd, read xlambda, answer
 * what waited too long. The clangd reader ends the process at clangd's end
 * (xl_proxy_finish).
 */
void *xl_proxy_clangd_main(void *arg);
void *xl_proxy_x_main(void *arg);
void *xl_proxy_timer_main(void *arg);

/*
 * clangd is gone: reap it, stop xlambda, flush the editor's stream and end
 * the process with clangd's status. Does not return.
 */
void xl_proxy_finish(proxy *p);

#endif /* XL_LSP_PROXY_IMPL_H */
