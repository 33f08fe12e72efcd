/*
 * lsp_server.c: the server's life: set up, the reader loop, tear down.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "lsp_dispatch.h"
#include "lsp_server.h"

double xl_lsp_now(void) {
  struct timespec ts;

  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

void xl_lsp_vlog(FILE *log, xl_lsp_log_level max, xl_lsp_log_level level,
                 const char *who, const char *fmt, va_list ap) {
  static const char tags[] = "EIV";
  xl_buf line = XL_BUF_INIT;

  if (!log || level > max)
    return;
  xl_buf_printf(&line, "%c[%s] ", tags[level], who);
  xl_buf_vprintf(&line, fmt, ap);
  xl_buf_putc(&line, '\n');
  if (!line.oom) /* one write: editors log stderr chunk by chunk */
    fwrite(line.data, 1, line.len, log);
  fflush(log);
  xl_buf_free(&line);
}

void xl_lsp_log(lsp_server *s, xl_lsp_log_level level, const char *fmt, ...) {
  va_list ap;

  va_start(ap, fmt);
  xl_lsp_vlog(s->opts.log, s->opts.log_level, level, "xlambda lsp", fmt, ap);
  va_end(ap);
}

static int server_init(lsp_server *s, const xl_lsp_opts *opts) {
  memset(s, 0, sizeof(*s));
  s->opts = *opts;
  if (xl_lsp_transport_init(&s->transport, opts->in, opts->out,
                            opts->delimited ? XL_LSP_DELIMITED
                                            : XL_LSP_STANDARD,
                            opts->pretty) < 0)
    return XL_ENOMEM;
  if (opts->compile_commands_dir &&
      !(s->cdb_dir = xl_strdup(opts->compile_commands_dir)))
    return XL_ENOMEM;
  if (pthread_mutex_init(&s->lock, NULL) != 0)
    return XL_ENOMEM;
  if (pthread_cond_init(&s->wake, NULL) != 0) {
    pthread_mutex_destroy(&s->lock);
    return XL_ENOMEM;
  }
  if (pthread_cond_init(&s->waited, NULL) != 0) {
    pthread_cond_destroy(&s->wake);
    pthread_mutex_destroy(&s->lock);
    return XL_ENOMEM;
  }
  return XL_OK;
}

static void server_destroy(lsp_server *s) {
  int i;

  xl_lsp_worker_stop(s);
  xl_lsp_docs_free(&s->docs);
  pthread_cond_destroy(&s->waited);
  pthread_cond_destroy(&s->wake);
  pthread_mutex_destroy(&s->lock);
  xl_lsp_transport_destroy(&s->transport);
  for (i = 0; i < s->nfallback; i++)
    free(s->fallback[i]);
  free(s->fallback);
  free(s->cdb_dir);
}

/* Read and dispatch until exit or the end of the input. */
static void read_loop(lsp_server *s, xl_error *err) {
  char *body;
  size_t len;
  int rc;

  while (!s->exit_requested) {
    xl_error_clear(err);
    rc = xl_lsp_read(&body, &len, &s->transport, err);
    if (rc == XL_EPARSE) {
      xl_lsp_reply_error(s, NULL, XL_LSP_PARSE_ERROR, "%s",
                         xl_error_message(err));
      continue;
    }
    if (rc < 0 || !body)
      break;
    xl_lsp_dispatch(s, body, len);
    free(body);
    if (s->transport.write_failed) {
      xl_lsp_log(s, XL_LSP_LOG_ERROR, "the client's end is closed");
      break;
    }
  }
}

int xl_lsp_serve(const xl_lsp_opts *opts) {
  lsp_server *s = calloc(1, sizeof(*s));
  xl_error *err = NULL;
  int code = 2;

  if (!s || xl_error_new(&err) < 0 || server_init(s, opts) < 0)
    goto cleanup;
  if (xl_lsp_worker_start(s) < 0) {
    xl_lsp_log(s, XL_LSP_LOG_ERROR, "cannot start the worker thread");
    server_destroy(s);
    goto cleanup;
  }
  read_loop(s, err);
  code = s->shutdown ? 0 : 1;
  xl_lsp_log(s, XL_LSP_LOG_INFO, "%s; exit code %d",
             s->exit_requested ? "exit" : "end of input", code);
  server_destroy(s);
cleanup:
  free(s);
  xl_error_free(err);
  return code;
}
