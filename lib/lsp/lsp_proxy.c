/*
 * lsp_proxy.c: `xlambda clangd`: set up, the two children, the editor's
 * side (what goes to clangd, what also goes to xlambda) and the end.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "lsp_log.h"
#include "lsp_proxy_impl.h"
#include "util/util.h"

extern char **environ;

void xl_proxy_log(proxy *p, xl_lsp_log_level level, const char *fmt, ...) {
  va_list ap;

  va_start(ap, fmt);
  xl_lsp_vlog(p->opts.log, p->opts.log_level, level, "xlambda clangd", fmt,
              ap);
  va_end(ap);
}

/* ---- children ---------------------------------------------------------- */

static void close_pair(int fd[2]) {
  if (fd[0] >= 0)
    close(fd[0]);
  if (fd[1] >= 0)
    close(fd[1]);
}

/*
 * Start argv with pipes on its stdin and stdout (stderr is shared). The
 * proxy's ends are close-on-exec, so one child never holds the other's.
 * Returns XL_OK, or XL_EIO with errno set (no pipe, no such program).
 */
static int spawn_child(proxy_child *c, char *const *argv) {
  int in[2] = {-1, -1}, out[2] = {-1, -1}, rc = XL_EIO, e = 0;
  posix_spawn_file_actions_t fa;

  if (pipe2(in, O_CLOEXEC) < 0 || pipe2(out, O_CLOEXEC) < 0)
    goto cleanup;
  if (posix_spawn_file_actions_init(&fa) != 0)
    goto cleanup;
  posix_spawn_file_actions_adddup2(&fa, in[0], 0);
  posix_spawn_file_actions_adddup2(&fa, out[1], 1);
  e = posix_spawnp(&c->pid, argv[0], &fa, NULL, argv, environ);
  posix_spawn_file_actions_destroy(&fa);
  if (e != 0)
    goto cleanup;
  close(in[0]);
  close(out[1]);
  in[0] = out[1] = -1;
  c->to = fdopen(in[1], "w");
  c->from = fdopen(out[0], "r");
  if (!c->to || !c->from)
    goto cleanup; /* (the streams leak with the process: it ends) */
  in[1] = out[0] = -1;
  rc = xl_lsp_transport_init(&c->t, c->from, c->to, XL_LSP_STANDARD, 0);
cleanup:
  close_pair(in);
  close_pair(out);
  if (e != 0)
    errno = e;
  return rc;
}

/* ---- the editor's side ------------------------------------------------- */

int xl_proxy_to_editor(proxy *p, const json_t *msg) {
  return msg ? xl_lsp_write(&p->editor, msg) : XL_ENOMEM;
}

void xl_proxy_pending_free(proxy_pending *q) {
  if (!q)
    return;
  json_decref(q->id);
  json_decref(q->params);
  json_decref(q->cmsg);
  json_decref(q->xres);
  free(q);
}

/* Note a request whose answer joins both sides'; the caller holds the lock. */
static proxy_pending *add_pending(proxy *p, proxy_pend_kind kind,
                                  const json_t *msg) {
  proxy_pending *q = calloc(1, sizeof(*q));

  if (!q)
    return NULL;
  q->kind = kind;
  q->id = json_incref(json_object_get(msg, "id"));
  q->xid = p->next_xid++;
  q->params = json_incref(json_object_get(msg, "params"));
  q->xdone = !p->x_alive;
  q->next = p->pending;
  p->pending = q;
  return q;
}

/* A request to xlambda under its own id; the caller holds the lock. */
static int send_x_request(proxy *p, json_int_t xid, const char *method,
                          json_t *params) {
  json_t *m = json_pack("{s:s,s:I,s:s,s:O?}", "jsonrpc", "2.0", "id", xid,
                        "method", method, "params", params);
  int rc = m ? xl_proxy_send_x_locked(p, m) : XL_ENOMEM;

  json_decref(m);
  return rc;
}

static proxy_pending *find_action(proxy *p, const json_t *id) {
  proxy_pending *q;

  for (q = p->pending; q; q = q->next)
    if (q->kind == XL_PROXY_ACTION && id && json_equal(q->id, (json_t *)id))
      return q;
  return NULL;
}

/* A closed document starts over: the next open counts versions anew. */
static void forget_doc(proxy *p, const char *uri) {
  proxy_doc **at, *d;

  for (at = &p->docs; *at; at = &(*at)->next) {
    if (strcmp((*at)->uri, uri) == 0) {
      d = *at;
      *at = d->next;
      free(d->uri);
      json_decref(d->c);
      json_decref(d->x);
      free(d);
      return;
    }
  }
}

static int for_x(const char *m) {
  static const char *const names[] = {
      "initialized", "textDocument/didOpen", "textDocument/didChange",
      "textDocument/didClose", "textDocument/didSave"};
  size_t i;

  for (i = 0; i < sizeof(names) / sizeof(*names); i++)
    if (strcmp(m, names[i]) == 0)
      return 1;
  return 0;
}

/* What xlambda gets of one editor message; the caller holds the lock. */
static void route_to_x_locked(proxy *p, json_t *msg, const char *m) {
  const json_t *id = json_object_get(msg, "id");
  const json_t *params = json_object_get(msg, "params");
  proxy_pending *q;

  if (id && strcmp(m, "initialize") == 0) {
    add_pending(p, XL_PROXY_INIT, msg);
  } else if (id && strcmp(m, "textDocument/codeAction") == 0) {
    q = add_pending(p, XL_PROXY_ACTION, msg);
    if (q && !q->xdone)
      send_x_request(p, q->xid, m, (json_t *)params);
  } else if (strcmp(m, "$/cancelRequest") == 0) {
    q = find_action(p, json_object_get(params, "id"));
    if (q && !q->xdone) {
      json_t *pp = json_pack("{s:I}", "id", q->xid);
      json_t *c = json_pack("{s:s,s:s,s:o?}", "jsonrpc", "2.0", "method", m,
                            "params", pp);
      xl_proxy_send_x_locked(p, c);
      json_decref(c);
    }
  } else if (id && strcmp(m, "shutdown") == 0) {
    send_x_request(p, p->next_xid++, m, NULL);
  } else if (!id && (strcmp(m, "exit") == 0 || for_x(m))) {
    p->exiting |= strcmp(m, "exit") == 0;
    if (strcmp(m, "textDocument/didClose") == 0)
      forget_doc(p, json_string_value(json_object_get(
                        json_object_get(params, "textDocument"), "uri")));
    xl_proxy_send_x_locked(p, msg);
  }
}

/* One message from the editor: to clangd as it is, and maybe to xlambda. */
static void on_editor(proxy *p, const char *body, size_t len) {
  json_t *msg = json_loadb(body, len, 0, NULL);
  const char *m = json_string_value(json_object_get(msg, "method"));

  if (m) {
    pthread_mutex_lock(&p->lock);
    route_to_x_locked(p, msg, m);
    pthread_mutex_unlock(&p->lock);
  }
  xl_lsp_write_raw(&p->clangd.t, body, len);
  json_decref(msg);
}

/* ---- the end ----------------------------------------------------------- */

/* Wait up to ms for pid; returns its status, or -1 when it is still on. */
static int reap(pid_t pid, int ms) {
  struct timespec tick = {0, 10 * 1000 * 1000};
  int status, i;

  for (i = 0; i <= ms / 10; i++) {
    if (waitpid(pid, &status, WNOHANG) == pid)
      return status;
    nanosleep(&tick, NULL);
  }
  return -1;
}

void xl_proxy_finish(proxy *p) {
  int status = -1, code;

  while (waitpid(p->clangd.pid, &status, 0) < 0 && errno == EINTR)
    ;
  code = WIFEXITED(status) ? WEXITSTATUS(status)
         : WIFSIGNALED(status) ? 128 + WTERMSIG(status) : 1;
  pthread_mutex_lock(&p->lock);
  if (!p->exiting || code != 0)
    xl_proxy_log(p, XL_LSP_LOG_ERROR, "clangd %s %d; the session ends",
                 WIFSIGNALED(status) ? "was killed by signal" :
                 "exited with status",
                 WIFSIGNALED(status) ? WTERMSIG(status) : code);
  if (p->x.pid > 0) {
    if (p->x.to)
      fclose(p->x.to); /* its end of input: it exits */
    p->x.to = NULL;
    if (reap(p->x.pid, 2000) < 0)
      kill(p->x.pid, SIGKILL);
  }
  pthread_mutex_lock(&p->editor.write_lock);
  fflush(p->editor.out);
  _exit(code);
}

/* ---- set up ------------------------------------------------------------ */

static int start_x(proxy *p) {
  if (!p->opts.xlambda_argv)
    return XL_OK;
  if (spawn_child(&p->x, p->opts.xlambda_argv) < 0) {
    xl_proxy_log(p, XL_LSP_LOG_ERROR, "cannot start '%s': %s; clangd runs "
                 "alone", p->opts.xlambda_argv[0], strerror(errno));
    return XL_OK;
  }
  p->x_alive = 1;
  if (pthread_create(&p->x.reader, NULL, xl_proxy_x_main, p) != 0)
    return XL_ERROR;
  return XL_OK;
}

static int start(proxy *p) {
  if (spawn_child(&p->clangd, p->opts.clangd_argv) < 0) {
    xl_proxy_log(p, XL_LSP_LOG_ERROR, "cannot start clangd '%s': %s",
                 p->opts.clangd_argv[0], strerror(errno));
    return XL_EIO;
  }
  if (start_x(p) < 0 ||
      pthread_create(&p->clangd.reader, NULL, xl_proxy_clangd_main, p) != 0 ||
      pthread_create(&p->timer, NULL, xl_proxy_timer_main, p) != 0)
    return XL_ERROR;
  return XL_OK;
}

/* The editor's input ended: so does clangd's; its end ends the process. */
static void input_ended(proxy *p) {
  struct timespec tick = {0, 100 * 1000 * 1000};
  int i;

  fclose(p->clangd.to);
  for (i = 0; i < 100 && kill(p->clangd.pid, 0) == 0; i++)
    nanosleep(&tick, NULL); /* (a zombie counts: the reader reaps it) */
  if (i == 100) {
    xl_proxy_log(p, XL_LSP_LOG_ERROR, "clangd did not exit at the end of "
                 "its input; killing it");
    kill(p->clangd.pid, SIGKILL);
  }
  pthread_join(p->clangd.reader, NULL);
}

int xl_lsp_proxy_serve(const xl_lsp_proxy_opts *opts) {
  proxy p;
  char *body = NULL;
  size_t len;

  memset(&p, 0, sizeof(p));
  p.opts = *opts;
  p.next_xid = 1;
  p.held = json_array();
  if (!p.held || pthread_mutex_init(&p.lock, NULL) != 0 ||
      pthread_cond_init(&p.wake, NULL) != 0 ||
      xl_lsp_transport_init(&p.editor, opts->in, opts->out, XL_LSP_STANDARD,
                            0) < 0 ||
      start(&p) < 0)
    goto cleanup;
  for (;;) {
    int rc = xl_lsp_read(&body, &len, &p.editor, NULL);
    if (rc == XL_EPARSE)
      continue;
    if (rc < 0 || !body)
      break;
    on_editor(&p, body, len);
    free(body);
  }
  input_ended(&p);
  return 1; /* not reached: the clangd reader ends the process */
cleanup:
  /* nothing started: what clangd's absence would look like, exit 2 */
  json_decref(p.held);
  return 2;
}
