/*
 * lsp_server.h: the server's state, shared by the lib/lsp modules.
 *
 * Threads and locking: the reader thread (xl_lsp_serve's caller) owns the
 * lifecycle flags and answers the requests that need no parse; the worker
 * thread owns each document's `work` (its xl_document, last result and
 * snapshot), parses, publishes and answers queued requests. `lock` guards
 * the document store, the job queue and `quit`; nothing is written to the
 * client while it is held, so a slow client never stalls the reader.
 */
#ifndef XL_LSP_SERVER_H
#define XL_LSP_SERVER_H

#include <pthread.h>

#include <jansson.h>

#include "lsp.h"
#include "lsp_docs.h"
#include "lsp_log.h"
#include "lsp_text.h"
#include "lsp_transport.h"

/* Work the worker does in order, after the pending parses. */
typedef enum lsp_job_kind {
  XL_LSP_JOB_CODE_ACTION, /* answer textDocument/codeAction */
  XL_LSP_JOB_SYNC,        /* answer the test-only "sync" */
  XL_LSP_JOB_SHUTDOWN,    /* answer "shutdown" */
  XL_LSP_JOB_CLOSE        /* publish [] for a closed document, free it */
} lsp_job_kind;

typedef struct lsp_job {
  lsp_job_kind kind;
  json_t *id;        /* the request's id (a reference) */
  json_t *params;    /* its params (a reference) */
  lsp_doc *doc;      /* CODE_ACTION: the document (may be NULL); CLOSE: owned */
  int cancelled;     /* $/cancelRequest arrived first */
  struct lsp_job *next;
} lsp_job;

typedef struct lsp_server {
  xl_lsp_opts opts;
  lsp_transport transport;

  /* the reader thread's */
  int initialized, shutdown, exit_requested;

  /* set by initialize, then read-only (the worker reads them) */
  lsp_encoding encoding;
  char *cdb_dir;        /* --compile-commands-dir or compilationDatabasePath */
  char **fallback;      /* initializationOptions.fallbackFlags */
  int nfallback;

  /* guarded by lock */
  pthread_mutex_t lock;
  pthread_cond_t wake;
  lsp_docs docs;
  lsp_job *jobs, *jobs_tail;
  int quit;
  int draining;         /* shutdown: answer the queue, start no parse */
  unsigned long waits_queued, waits_done; /* sync and shutdown */
  pthread_cond_t waited;                   /* signalled when one is done */

  pthread_t worker;
  int worker_running;
  struct lsp_cdbs *cdbs; /* the worker's compile-command cache */
} lsp_server;

/* Log a line at `level` (dropped above opts.log_level). Thread-safe. */
void xl_lsp_log(lsp_server *s, xl_lsp_log_level level, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;


/* ---- lsp_worker.c ------------------------------------------------------ */

/* Start the worker thread. XL_OK or XL_ERROR (no thread). */
int xl_lsp_worker_start(lsp_server *s);

/*
 * Stop the worker (a parse in progress finishes first), join it, then free
 * the queued jobs and every document's work. Accepts a stopped server.
 */
void xl_lsp_worker_stop(lsp_server *s);

/*
 * Queue a job; the caller holds s->lock. id and params gain a reference;
 * doc is lent (CODE_ACTION) or handed over (CLOSE). Returns XL_OK or
 * XL_ENOMEM.
 */
int xl_lsp_enqueue_locked(lsp_server *s, lsp_job_kind kind, const json_t *id,
                          const json_t *params, lsp_doc *doc);

/*
 * Mark the queued request with this id cancelled (the worker then answers
 * RequestCancelled); the caller holds s->lock. Returns 1 when one was found.
 */
int xl_lsp_cancel_locked(lsp_server *s, const json_t *id);

/*
 * Queue a SYNC or SHUTDOWN job for request id and wait (the reader thread)
 * until the worker has answered it, after everything queued before it. The
 * caller holds s->lock. Returns XL_OK or XL_ENOMEM.
 */
int xl_lsp_enqueue_wait_locked(lsp_server *s, lsp_job_kind kind,
                               const json_t *id);

/* Note a change of doc (caller holds s->lock) and wake the worker. */
void xl_lsp_touch_locked(lsp_server *s, lsp_doc *doc);

#endif /* XL_LSP_SERVER_H */
