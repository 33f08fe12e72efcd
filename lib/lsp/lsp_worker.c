/*
 * lsp_worker.c: the parsing thread.
 *
 * The worker loops: parse the document whose change is oldest once the
 * debounce delay has passed (at once when a request waits), else answer the
 * next queued job, else sleep. A burst of changes is coalesced: the worker
 * takes the latest text when it starts. A parse cannot be interrupted, so
 * cancelling stale work means dropping its result when the document changed
 * (or closed) meanwhile; the next round parses the newer text.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "pipeline/pipeline.h"
#include "lsp_cdb.h"
#include "lsp_dispatch.h"
#include "lsp_publish.h"
#include "lsp_server.h"

/* The editor's text of the other open documents (copies), for a parse. */
typedef struct lsp_others {
  xl_unsaved_file *files;
  size_t n;
} lsp_others;

static void others_free(lsp_others *o) {
  size_t i;

  for (i = 0; i < o->n; i++) {
    free((char *)o->files[i].path);
    free((char *)o->files[i].text);
  }
  free(o->files);
  o->files = NULL;
  o->n = 0;
}

/* 1 when d names path (its findings' files, interned in the list). */
static int names_file(const xl_diags *d, const char *path) {
  size_t i;

  for (i = 0; d && i < d->nfiles; i++)
    if (strcmp(d->files[i], path) == 0)
      return 1;
  return 0;
}

/* Keep only the texts of o whose files d names (NULL: none): those a
 * publication of d converts positions on. */
static void others_keep_named(lsp_others *o, const xl_diags *d) {
  size_t i, n = 0;

  for (i = 0; i < o->n; i++) {
    if (names_file(d, o->files[i].path)) {
      o->files[n++] = o->files[i];
      continue;
    }
    free((char *)o->files[i].path);
    free((char *)o->files[i].text);
  }
  o->n = n;
}

/* The worker's state for one document. */
typedef struct lsp_work {
  xl_document *session; /* NULL until the first parse */
  xl_profile *profile;  /* the session's (lent to it), or NULL */
  int unusable;         /* no command or not CUDA: publish nothing */
  xl_result *result;    /* what was last published, for code actions */
  char *text;           /* the snapshot it was computed on */
  size_t len;
  lsp_others others;    /* and the texts of the other open documents
                           its findings name */
  double used_at;       /* when the session was last parsed */
  char *origin;         /* where its compile command came from */
} lsp_work;

static void work_free(lsp_work *w) {
  if (!w)
    return;
  xl_document_free(w->session);
  xl_profile_free(w->profile); /* after the session it is lent to */
  xl_result_free(w->result);
  free(w->text);
  others_free(&w->others);
  free(w->origin);
  free(w);
}

/* ---- the queue --------------------------------------------------------- */

int xl_lsp_enqueue_locked(lsp_server *s, lsp_job_kind kind, const json_t *id,
                          const json_t *params, lsp_doc *doc) {
  lsp_job *j = calloc(1, sizeof(*j));

  if (!j)
    return XL_ENOMEM;
  j->kind = kind;
  j->id = id ? json_incref((json_t *)id) : NULL;
  j->params = params ? json_incref((json_t *)params) : NULL;
  j->doc = doc;
  if (s->jobs_tail)
    s->jobs_tail->next = j;
  else
    s->jobs = j;
  s->jobs_tail = j;
  pthread_cond_signal(&s->wake);
  return XL_OK;
}

int xl_lsp_cancel_locked(lsp_server *s, const json_t *id) {
  lsp_job *j;

  for (j = s->jobs; j; j = j->next) {
    if (j->id && json_equal(j->id, (json_t *)id)) {
      j->cancelled = 1;
      return 1;
    }
  }
  return 0;
}

int xl_lsp_enqueue_wait_locked(lsp_server *s, lsp_job_kind kind,
                               const json_t *id) {
  unsigned long ticket;
  int rc = xl_lsp_enqueue_locked(s, kind, id, NULL, NULL);

  if (rc < 0)
    return rc;
  ticket = ++s->waits_queued;
  while (s->waits_done < ticket && !s->quit)
    pthread_cond_wait(&s->waited, &s->lock);
  return XL_OK;
}

void xl_lsp_touch_locked(lsp_server *s, lsp_doc *doc) {
  doc->gen++;
  doc->changed_at = xl_lsp_now();
  pthread_cond_signal(&s->wake);
}

static lsp_job *pop_locked(lsp_server *s) {
  lsp_job *j = s->jobs;

  s->jobs = j->next;
  if (!s->jobs)
    s->jobs_tail = NULL;
  return j;
}

static void job_free(lsp_job *j) {
  json_decref(j->id);
  json_decref(j->params);
  free(j);
}

/*
 * The document to parse now, or NULL; *wait gets the seconds until the next
 * one is due (negative: none pending).
 */
static lsp_doc *next_dirty_locked(lsp_server *s, double *wait) {
  double now = xl_lsp_now(), delay = s->opts.debounce_ms / 1000.0;
  lsp_doc *best = NULL;
  size_t i;

  *wait = -1;
  if (s->draining)
    return NULL;
  if (s->jobs)
    delay = 0; /* a request waits for these results */
  for (i = 0; i < s->docs.n; i++) {
    lsp_doc *d = s->docs.items[i];
    if (d->gen == d->parsed_gen || !d->path)
      continue;
    if (d->changed_at + delay <= now) {
      if (!best || d->changed_at < best->changed_at)
        best = d;
    } else if (*wait < 0 || d->changed_at + delay - now < *wait) {
      *wait = d->changed_at + delay - now;
    }
  }
  return best;
}

/* ---- parsing ----------------------------------------------------------- */

/*
 * The profile of the document at `path`, as `xlambda check` computes it
 * (lib/pipeline): its configuration (--config-file, else the nearest
 * .xlambda.yaml), then the command line's settings on top (the header
 * filters among them). A bad configuration is an error with its
 * file:line in err.
 */
static int document_profile(xl_profile **out, const lsp_server *s,
                            const char *path, xl_error *err) {
  const xl_lsp_opts *o = &s->opts;
  xl_profile_args a;

  memset(&a, 0, sizeof(a));
  a.config_file = o->config_file;
  a.cli.rules = o->rules;
  a.cli.warnings_as_errors = o->wae;
  a.cli.cuda_version = o->cuda_version;
  a.header_filter = o->header_filter;
  a.exclude_header_filter = o->exclude_header_filter;
  return xl_profile_load(out, &a, path, err);
}

/* Create the document's session from its compile command. */
static int open_session(lsp_server *s, lsp_work *w, const char *path,
                        xl_error *err) {
  xl_profile *prof = NULL;
  lsp_command cmd;
  int rc;

  if (!s->opts.checker) {
    w->unusable = 1; /* a server without a checker checks nothing */
    return XL_EINVAL;
  }
  if (!s->cdbs && xl_lsp_cdbs_new(&s->cdbs, s->cdb_dir) < 0)
    return xl_error_set(err, XL_ENOMEM, "out of memory");
  xl_error_clear(err);
  rc = xl_lsp_cdbs_lookup(&cmd, s->cdbs, path, s->fallback, s->nfallback,
                          err);
  if (rc < 0)
    return xl_error_set(err, rc, "out of memory");
  if (xl_error_status(err) != XL_OK)
    xl_lsp_log(s, XL_LSP_LOG_ERROR, "%s", xl_error_message(err));
  xl_lsp_log(s, XL_LSP_LOG_INFO, "%s: command from %s", path, cmd.origin);
  free(w->origin);
  w->origin = cmd.origin ? xl_strdup(cmd.origin) : NULL;
  rc = document_profile(&prof, s, path, err);
  if (rc < 0) { /* a bad configuration: published, and read again next time */
    xl_lsp_command_free(&cmd);
    return rc == XL_EINVAL ? XL_EPARSE : rc;
  }
  xl_profile_free(w->profile); /* an evicted session's */
  w->profile = prof;
  rc = xl_document_new_profiled(&w->session, s->opts.checker, prof, path,
                                (const char *const *)cmd.argv, cmd.argc,
                                cmd.directory, s->opts.document_flags, err);
  xl_lsp_command_free(&cmd);
  if (rc == XL_EINVAL) {
    w->unusable = 1;
    xl_lsp_log(s, XL_LSP_LOG_INFO, "not checking %s: %s", path,
               xl_error_message(err));
  }
  return rc;
}

/* A parse that failed becomes one diagnostic at the top of the file. */
static json_t *failure_json(const char *message) {
  return json_pack("[{s:{s:{s:i,s:i},s:{s:i,s:i}},s:i,s:s,s:s+}]", "range",
                   "start", "line", 0, "character", 0, "end", "line", 0,
                   "character", 0, "severity", 1, "source", "xlambda", "message",
                   "xlambda could not check this file: ", message);
}

static void publish(lsp_server *s, const lsp_doc *doc, int64_t version,
                    lsp_work *w, const char *failure) {
  lsp_publication p;
  json_t *diags;

  memset(&p, 0, sizeof(p));
  p.enc = s->encoding;
  p.docs_url = s->opts.docs_url;
  p.uri = doc->uri;
  p.path = doc->path;
  p.text = w->text;
  p.len = w->len;
  p.diags = w->result ? xl_result_diags(w->result) : NULL;
  p.origin = w->origin;
  p.others = w->others.files;
  p.nothers = w->others.n;
  diags = failure ? failure_json(failure) : xl_lsp_diagnostics(&p);
  xl_lsp_publication_done(&p);
  if (!diags) {
    xl_lsp_log(s, XL_LSP_LOG_ERROR, "out of memory publishing %s", doc->uri);
    return;
  }
  xl_lsp_notify(s, "textDocument/publishDiagnostics",
                json_pack("{s:s,s:I,s:o}", "uri", doc->uri, "version",
                          (json_int_t)version, "diagnostics", diags));
}

/*
 * Snapshot the other open documents' texts (the caller holds s->lock): an
 * open header's unsaved edits reach the files that include it, as in
 * clangd. Returns XL_OK or XL_ENOMEM (then none).
 */
static int others_locked(lsp_others *o, const lsp_server *s,
                         const lsp_doc *doc) {
  size_t i;

  o->n = 0;
  o->files = calloc(s->docs.n + 1, sizeof(*o->files));
  if (!o->files)
    return XL_ENOMEM;
  for (i = 0; i < s->docs.n; i++) {
    const lsp_doc *d = s->docs.items[i];
    xl_unsaved_file *f = &o->files[o->n];
    if (d == doc || !d->path)
      continue;
    f->path = xl_strdup(d->path);
    f->text = malloc(d->text.len + 1);
    f->len = d->text.len;
    o->n++;
    if (!f->path || !f->text) {
      others_free(o);
      return XL_ENOMEM;
    }
    memcpy((char *)f->text, d->text.data ? d->text.data : "", f->len);
  }
  return XL_OK;
}

/*
 * Check one snapshot. NULL with *failed set when it could not be done (the
 * message is in err); NULL without it when the document is not checked.
 */
static xl_result *check(lsp_server *s, lsp_work *w, const lsp_doc *doc,
                        const char *text, size_t len,
                        const lsp_others *others, xl_error *err,
                        int *failed) {
  xl_result *r = NULL;
  double t0 = xl_lsp_now();
  int rc = XL_OK;

  *failed = 0;
  if (!w->session && !w->unusable)
    rc = open_session(s, w, doc->path, err);
  if (w->unusable)
    return NULL;
  if (rc == XL_OK)
    rc = xl_document_check_files(&r, w->session, text, len, others->files,
                                 others->n, err);
  if (rc == XL_OK)
    rc = xl_result_sift(NULL, r, text, len, others->files, others->n,
                        w->profile, err);
  if (rc < 0) {
    xl_result_free(r);
    *failed = 1;
    xl_lsp_log(s, XL_LSP_LOG_ERROR, "%s: %s", doc->path,
               xl_error_message(err));
    return NULL;
  }
  xl_lsp_log(s, XL_LSP_LOG_VERBOSE,
             "%s: checked in %.0f ms%s%s%s%s, %zu finding(s)", doc->path,
             (xl_lsp_now() - t0) * 1000.0,
             xl_document_base_pch(w->session) ? " (base PCH)" : "",
             xl_document_block_pch(w->session) ? " (block PCH)" : "",
             xl_document_kept_inclusions(w->session) ? " (kept inclusions)"
                                                     : "",
             xl_document_header_bodies(w->session)
                 ? " (again with header bodies)"
                 : "",
             xl_diags_count(xl_result_diags(r)));
  return r;
}

/* Keep a result and its snapshot (the text and those of *others that its
 * findings name, taken) for code actions, then publish. */
static void adopt(lsp_server *s, lsp_doc *doc, lsp_work *w, xl_result *r,
                  char *text, size_t len, lsp_others *others,
                  int64_t version, int failed, xl_error *err) {
  xl_result_free(w->result);
  free(w->text);
  others_free(&w->others);
  w->result = r;
  w->text = text;
  w->len = len;
  others_keep_named(others, r ? xl_result_diags(r) : NULL);
  w->others = *others;
  others->files = NULL;
  others->n = 0;
  if (!w->unusable)
    publish(s, doc, version, w, failed ? xl_error_message(err) : NULL);
}

/*
 * Keep at most opts.max_tus translation units: free the session of the
 * least recently parsed other document (it is parsed from scratch when it
 * changes again). Called and returning with s->lock held.
 */
static void evict_locked(lsp_server *s, const lsp_doc *keep) {
  lsp_work *lru = NULL, *w;
  xl_document *session;
  size_t i, n = 0;

  for (i = 0; i < s->docs.n; i++) {
    w = s->docs.items[i]->work;
    if (!w || !w->session)
      continue;
    n++;
    if (s->docs.items[i] != keep && (!lru || w->used_at < lru->used_at))
      lru = w;
  }
  if (s->opts.max_tus <= 0 || n <= (size_t)s->opts.max_tus || !lru)
    return;
  session = lru->session;
  lru->session = NULL;
  pthread_mutex_unlock(&s->lock);
  xl_lsp_log(s, XL_LSP_LOG_VERBOSE, "freed the translation unit of %s",
             xl_document_file(session));
  xl_document_free(session);
  pthread_mutex_lock(&s->lock);
}

/* Parse doc (called and returning with s->lock held). */
static void parse_locked(lsp_server *s, lsp_doc *doc, xl_error *err) {
  lsp_work *w = doc->work;
  size_t len = doc->text.len;
  char *text = malloc(len + 1);
  uint64_t gen = doc->gen;
  int64_t version = doc->version;
  xl_result *r;
  lsp_others others = {NULL, 0};
  int failed, stale;

  doc->parsed_gen = gen;
  if (!w)
    w = doc->work = calloc(1, sizeof(lsp_work));
  if (!text || !w) {
    free(text);
    xl_lsp_log(s, XL_LSP_LOG_ERROR, "out of memory parsing %s", doc->uri);
    return;
  }
  memcpy(text, doc->text.data ? doc->text.data : "", len + 1);
  if (others_locked(&others, s, doc) < 0)
    xl_lsp_log(s, XL_LSP_LOG_ERROR, "out of memory: %s is checked against "
               "the other files on disk", doc->uri);
  pthread_mutex_unlock(&s->lock);
  r = check(s, w, doc, text, len, &others, err, &failed);
  w->used_at = xl_lsp_now();
  pthread_mutex_lock(&s->lock);
  stale = doc->gen != gen || doc->closed;
  pthread_mutex_unlock(&s->lock);
  if (stale) {
    xl_lsp_log(s, XL_LSP_LOG_VERBOSE, "%s: dropped a stale result (version "
               "%lld)", doc->path, (long long)version);
    xl_result_free(r);
    free(text);
    others_free(&others);
  } else {
    adopt(s, doc, w, r, text, len, &others, version, failed, err);
  }
  pthread_mutex_lock(&s->lock);
  evict_locked(s, doc);
}

/* ---- jobs -------------------------------------------------------------- */

static void answer_code_action(lsp_server *s, const lsp_job *j) {
  const lsp_work *w = j->doc ? j->doc->work : NULL;
  const json_t *ctx = json_object_get(j->params, "context");
  lsp_publication p;
  lsp_range want;
  json_int_t l0 = 0, c0 = 0, l1 = 0, c1 = 0;

  if (!w || !w->result) {
    xl_lsp_reply(s, j->id, json_array());
    return;
  }
  json_unpack(j->params, "{s:{s:{s:I,s:I},s:{s:I,s:I}}}", "range", "start",
              "line", &l0, "character", &c0, "end", "line", &l1, "character",
              &c1);
  want.start.line = (unsigned)l0;
  want.start.character = (unsigned)c0;
  want.end.line = (unsigned)l1;
  want.end.character = (unsigned)c1;
  memset(&p, 0, sizeof(p));
  p.enc = s->encoding;
  p.docs_url = s->opts.docs_url;
  p.uri = j->doc->uri;
  p.path = j->doc->path;
  p.text = w->text;
  p.len = w->len;
  p.diags = xl_result_diags(w->result);
  p.others = w->others.files;
  p.nothers = w->others.n;
  xl_lsp_reply(s, j->id,
               xl_lsp_code_actions(&p, want, json_object_get(ctx, "diagnostics"),
                                   json_object_get(ctx, "only")));
  xl_lsp_publication_done(&p);
}

static void close_doc(lsp_server *s, lsp_doc *doc) {
  xl_lsp_notify(s, "textDocument/publishDiagnostics",
                json_pack("{s:s,s:[]}", "uri", doc->uri, "diagnostics"));
  work_free(doc->work);
  xl_lsp_doc_free(doc);
}

static void run_job(lsp_server *s, lsp_job *j) {
  if (j->cancelled && j->kind == XL_LSP_JOB_CODE_ACTION) {
    xl_lsp_reply_error(s, j->id, XL_LSP_REQUEST_CANCELLED,
                       "request cancelled");
    return;
  }
  switch (j->kind) {
  case XL_LSP_JOB_CODE_ACTION:
    answer_code_action(s, j);
    break;
  case XL_LSP_JOB_SYNC:
  case XL_LSP_JOB_SHUTDOWN:
    xl_lsp_reply(s, j->id, NULL);
    pthread_mutex_lock(&s->lock);
    s->waits_done++;
    pthread_cond_broadcast(&s->waited);
    pthread_mutex_unlock(&s->lock);
    break;
  case XL_LSP_JOB_CLOSE:
    close_doc(s, j->doc);
    break;
  }
}

/* ---- the thread -------------------------------------------------------- */

static void sleep_locked(lsp_server *s, double wait) {
  struct timespec ts;

  if (wait < 0) {
    pthread_cond_wait(&s->wake, &s->lock);
    return;
  }
  clock_gettime(CLOCK_REALTIME, &ts);
  ts.tv_sec += (time_t)wait;
  ts.tv_nsec += (long)((wait - (double)(time_t)wait) * 1e9);
  if (ts.tv_nsec >= 1000000000L) {
    ts.tv_sec++;
    ts.tv_nsec -= 1000000000L;
  }
  pthread_cond_timedwait(&s->wake, &s->lock, &ts);
}

static void *worker_main(void *arg) {
  lsp_server *s = arg;
  xl_error *err = NULL;
  lsp_doc *doc;
  lsp_job *j;
  double wait;

  if (xl_error_new(&err) < 0)
    return NULL;
  pthread_mutex_lock(&s->lock);
  while (!s->quit) {
    doc = next_dirty_locked(s, &wait);
    if (doc) {
      parse_locked(s, doc, err);
    } else if (s->jobs) {
      j = pop_locked(s);
      pthread_mutex_unlock(&s->lock);
      run_job(s, j);
      job_free(j);
      pthread_mutex_lock(&s->lock);
    } else {
      sleep_locked(s, wait);
    }
  }
  pthread_mutex_unlock(&s->lock);
  xl_error_free(err);
  return NULL;
}

int xl_lsp_worker_start(lsp_server *s) {
  if (pthread_create(&s->worker, NULL, worker_main, s) != 0)
    return XL_ERROR;
  s->worker_running = 1;
  return XL_OK;
}

void xl_lsp_worker_stop(lsp_server *s) {
  lsp_job *j;
  size_t i;

  if (s->worker_running) {
    pthread_mutex_lock(&s->lock);
    s->quit = 1;
    pthread_cond_signal(&s->wake);
    pthread_mutex_unlock(&s->lock);
    pthread_join(s->worker, NULL);
    s->worker_running = 0;
  }
  while (s->jobs) {
    j = pop_locked(s);
    if (j->kind == XL_LSP_JOB_CLOSE) {
      work_free(j->doc->work);
      xl_lsp_doc_free(j->doc);
    }
    job_free(j);
  }
  for (i = 0; i < s->docs.n; i++) {
    work_free(s->docs.items[i]->work);
    s->docs.items[i]->work = NULL;
  }
  xl_lsp_cdbs_free(s->cdbs);
  s->cdbs = NULL;
}
