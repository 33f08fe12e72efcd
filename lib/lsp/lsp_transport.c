/*
 * lsp_transport.c: Content-Length and "---" framing over stdio streams.
 */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "lsp_transport.h"

int xl_lsp_transport_init(lsp_transport *t, FILE *in, FILE *out,
                          lsp_framing framing, int pretty) {
  memset(t, 0, sizeof(*t));
  t->in = in;
  t->out = out;
  t->framing = framing;
  t->pretty = pretty;
  if (pthread_mutex_init(&t->write_lock, NULL) != 0)
    return XL_ENOMEM;
  return XL_OK;
}

void xl_lsp_transport_destroy(lsp_transport *t) {
  if (!t)
    return;
  pthread_mutex_destroy(&t->write_lock);
  xl_buf_free(&t->line);
}

/*
 * Read one line into t->line without its "\n" (and "\r"). Returns 1, 0 at
 * the end of the input, or XL_ENOMEM.
 */
static int read_line(lsp_transport *t) {
  int c, any = 0;

  xl_buf_clear(&t->line);
  for (c = getc(t->in); c != EOF; c = getc(t->in)) {
    any = 1;
    if (c == '\n')
      break;
    if (xl_buf_putc(&t->line, (char)c) < 0)
      return XL_ENOMEM;
  }
  if (!any)
    return 0;
  if (xl_buf_putc(&t->line, '\0') < 0)
    return XL_ENOMEM;
  t->line.len--;
  if (t->line.len && t->line.data[t->line.len - 1] == '\r')
    t->line.data[--t->line.len] = '\0';
  return 1;
}

/* Find "content-length:" anywhere in a header line (resynchronising). */
static const char *find_length(const char *line) {
  static const char key[] = "content-length:";
  const char *p;

  for (p = line; *p; p++)
    if (strncasecmp(p, key, sizeof(key) - 1) == 0)
      return p + sizeof(key) - 1;
  return NULL;
}

/* Parse the header's value: 0..XL_LSP_MAX_MESSAGE, else -1. */
static long parse_length(const char *v) {
  long n = 0;

  while (*v == ' ' || *v == '\t')
    v++;
  if (!isdigit((unsigned char)*v))
    return -1;
  for (; isdigit((unsigned char)*v); v++) {
    n = n * 10 + (*v - '0');
    if (n > (long)XL_LSP_MAX_MESSAGE)
      return -1;
  }
  while (*v == ' ' || *v == '\t')
    v++;
  return *v ? -1 : n;
}

/* Read the header block: *length >= 0, or -1 (missing), -2 (bad value). */
static int read_headers(lsp_transport *t, long *length, int *eof) {
  int rc, lines = 0;
  const char *v;

  *length = -1;
  *eof = 0;
  for (;;) {
    rc = read_line(t);
    if (rc < 0)
      return rc;
    if (rc == 0) {
      *eof = 1;
      return XL_OK;
    }
    if (t->line.len == 0) {
      if (lines == 0)
        continue; /* stray blank lines between frames */
      return XL_OK;
    }
    lines++;
    v = find_length(t->line.data);
    if (v) {
      *length = parse_length(v);
      if (*length < 0)
        *length = -2;
    }
  }
}

static int read_body(char **out, size_t *len, lsp_transport *t, size_t n) {
  char *body = malloc(n + 1);

  if (!body)
    return XL_ENOMEM;
  if (fread(body, 1, n, t->in) != n) {
    free(body); /* the input ended inside the body */
    return XL_OK;
  }
  body[n] = '\0';
  *out = body;
  *len = n;
  return XL_OK;
}

static int read_standard(char **out, size_t *len, lsp_transport *t,
                         xl_error *err) {
  long length;
  int eof, rc = read_headers(t, &length, &eof);

  if (rc < 0 || eof)
    return rc;
  if (length == -1)
    return xl_error_set(err, XL_EPARSE,
                        "message header without Content-Length");
  if (length == -2)
    return xl_error_set(err, XL_EPARSE,
                        "bad Content-Length (a number up to %u expected)",
                        XL_LSP_MAX_MESSAGE);
  return read_body(out, len, t, (size_t)length);
}

static int only_space(const char *s, size_t n) {
  size_t i;

  for (i = 0; i < n; i++)
    if (!isspace((unsigned char)s[i]))
      return 0;
  return 1;
}

static int read_delimited(char **out, size_t *len, lsp_transport *t) {
  xl_buf msg = XL_BUF_INIT;
  const char *p;
  int rc;

  for (;;) {
    rc = read_line(t);
    if (rc < 0)
      goto cleanup;
    p = rc ? t->line.data + strspn(t->line.data, " \t") : NULL;
    if (p && *p == '#')
      continue;
    if (!p || strcmp(p, "---") == 0) {
      if (msg.len && !only_space(msg.data, msg.len))
        break;
      xl_buf_clear(&msg);
      if (!p)
        goto cleanup; /* the end: nothing left */
      continue;
    }
    xl_buf_put(&msg, t->line.data, t->line.len);
    xl_buf_putc(&msg, '\n');
  }
  if (msg.oom) {
    rc = XL_ENOMEM;
    goto cleanup;
  }
  *len = msg.len;
  *out = xl_buf_detach(&msg);
  return XL_OK;
cleanup:
  xl_buf_free(&msg);
  return rc < 0 ? rc : XL_OK;
}

int xl_lsp_read(char **out, size_t *len, lsp_transport *t, xl_error *err) {
  *out = NULL;
  *len = 0;
  if (t->framing == XL_LSP_DELIMITED)
    return read_delimited(out, len, t);
  return read_standard(out, len, t, err);
}

int xl_lsp_write(lsp_transport *t, const json_t *msg) {
  size_t flags = JSON_SORT_KEYS | (t->pretty ? JSON_INDENT(2) : JSON_COMPACT);
  char *body = json_dumps(msg, flags);
  size_t n;
  int rc = XL_OK;

  if (!body)
    return XL_ENOMEM;
  n = strlen(body);
  pthread_mutex_lock(&t->write_lock);
  if (t->pretty)
    body[n++] = '\n'; /* replaces the NUL: the body is sent by length */
  if (t->write_failed ||
      fprintf(t->out, "Content-Length: %zu\r\n\r\n", n) < 0 ||
      fwrite(body, 1, n, t->out) != n || fflush(t->out) != 0) {
    t->write_failed = 1;
    rc = XL_EIO;
  }
  pthread_mutex_unlock(&t->write_lock);
  free(body);
  return rc;
}

int xl_lsp_write_raw(lsp_transport *t, const char *body, size_t len) {
  int rc = XL_OK;

  pthread_mutex_lock(&t->write_lock);
  if (t->write_failed ||
      fprintf(t->out, "Content-Length: %zu\r\n\r\n", len) < 0 ||
      fwrite(body, 1, len, t->out) != len || fflush(t->out) != 0) {
    t->write_failed = 1;
    rc = XL_EIO;
  }
  pthread_mutex_unlock(&t->write_lock);
  return rc;
}
