/*
 * remote.c: the shared level of the result cache over HTTP, through
 * libcurl (see remote.h).
 */
#define _POSIX_C_SOURCE 200809L
#include <curl/curl.h>
#include <stdlib.h>
#include <string.h>

#include "remote.h"
#include "util/util.h"

#define XL_REMOTE_MAX_OBJECT (64u << 20) /* bigger answers are misses */

typedef enum layout { LAYOUT_FLAT, LAYOUT_SUBDIRS, LAYOUT_BAZEL } layout;

struct xl_remote {
  char *base;     /* the URL without attributes and final '/' */
  char *shown;    /* the same without USER:PASSWORD@, for messages */
  layout layout;
  int read_only;  /* read-only=true, or a PUT was refused */
  int down;       /* the server did not answer: ask nothing more */
  long connect_ms, operation_ms;
  char *auth;     /* "Authorization: Bearer ..." or NULL */
  CURL *curl;     /* made on first use */
  char *warning;  /* the first failure, or NULL */
};

/* ---- the URL spec --------------------------------------------------------- */

/* base without the USER:PASSWORD@ part (heap), or NULL. */
static char *without_userinfo(const char *base) {
  const char *host = strstr(base, "://");
  const char *at, *slash;
  xl_buf b = XL_BUF_INIT;

  host = host ? host + 3 : base;
  slash = strchr(host, '/');
  at = strchr(host, '@');
  if (!at || (slash && at > slash))
    return xl_strdup(base);
  xl_buf_put(&b, base, (size_t)(host - base));
  xl_buf_puts(&b, at + 1);
  return b.oom ? NULL : xl_buf_detach(&b);
}

/* "Authorization: Bearer TOKEN" (heap), or NULL. */
static char *bearer(const char *token) {
  xl_buf b = XL_BUF_INIT;

  xl_buf_printf(&b, "Authorization: Bearer %s", token);
  return b.oom ? NULL : xl_buf_detach(&b);
}

/* One attribute NAME=VALUE of the spec into r. XL_OK or XL_EINVAL. */
static int attribute(xl_remote *r, const char *a, xl_error *err) {
  const char *v = strchr(a, '=');
  size_t n = v ? (size_t)(v - a) : strlen(a);
  char *end = NULL;

  if (!v)
    return xl_error_set(err, XL_EINVAL,
                        "remote cache URL attribute '%s' has no value", a);
  v++;
  if (n == 6 && strncmp(a, "layout", n) == 0 && strcmp(v, "flat") == 0)
    r->layout = LAYOUT_FLAT;
  else if (n == 6 && strncmp(a, "layout", n) == 0 && strcmp(v, "subdirs") == 0)
    r->layout = LAYOUT_SUBDIRS;
  else if (n == 6 && strncmp(a, "layout", n) == 0 && strcmp(v, "bazel") == 0)
    r->layout = LAYOUT_BAZEL;
  else if (n == 9 && strncmp(a, "read-only", n) == 0)
    r->read_only = strcmp(v, "true") == 0;
  else if (n == 12 && strncmp(a, "bearer-token", n) == 0) {
    free(r->auth);
    r->auth = bearer(v);
    return r->auth ? XL_OK : XL_ENOMEM;
  } else if (n == 15 && strncmp(a, "connect-timeout", n) == 0)
    r->connect_ms = strtol(v, &end, 10);
  else if (n == 17 && strncmp(a, "operation-timeout", n) == 0)
    r->operation_ms = strtol(v, &end, 10);
  else
    return xl_error_set(err, XL_EINVAL,
                        "unknown remote cache URL attribute '%.*s' (expected "
                        "layout, read-only, bearer-token, connect-timeout or "
                        "operation-timeout)", (int)n, a);
  if (end && (*end || end == v))
    return xl_error_set(err, XL_EINVAL, "remote cache URL attribute '%s' is "
                        "not a number of milliseconds", a);
  return XL_OK;
}

/* The spec into r. XL_OK, XL_EINVAL (err says why) or XL_ENOMEM. */
static int parse_spec(xl_remote *r, const char *spec, xl_error *err) {
  char *copy = xl_strdup(spec), *save = NULL, *part;
  const char *token = getenv("XLAMBDA_CACHE_TOKEN");
  size_t n;
  int rc = XL_OK;

  if (!copy)
    return XL_ENOMEM;
  part = strtok_r(copy, "|", &save);
  if (!part || (strncmp(part, "http://", 7) != 0 &&
                strncmp(part, "https://", 8) != 0))
    rc = xl_error_set(err, XL_EINVAL,
                      "remote cache URL '%s' is not http:// or https://",
                      part ? part : "");
  n = rc == XL_OK ? strlen(part) : 0;
  while (n > 8 && part[n - 1] == '/')
    part[--n] = '\0';
  if (rc == XL_OK && (!(r->base = xl_strdup(part)) ||
                      !(r->shown = without_userinfo(part))))
    rc = XL_ENOMEM;
  while (rc == XL_OK && (part = strtok_r(NULL, "|", &save)) != NULL)
    rc = attribute(r, part, err);
  if (rc == XL_OK && !r->auth && token && *token) {
    r->auth = bearer(token);
    rc = r->auth ? XL_OK : XL_ENOMEM;
  }
  free(copy);
  return rc;
}

int xl_remote_new(xl_remote **out, const char *spec, xl_error *err) {
  xl_remote *r = calloc(1, sizeof(*r));
  int rc;

  *out = NULL;
  if (!r)
    return xl_error_set(err, XL_ENOMEM, "out of memory");
  r->connect_ms = 1000;
  r->operation_ms = 10000;
  rc = parse_spec(r, spec, err);
  /* libcurl's one-time setup: reference-counted by libcurl itself (freed
     by the matching curl_global_cleanup in xl_remote_free) and, since
     libcurl 7.84 (Debian 12 has 7.88), safe to call from several threads;
     nothing of it is kept here. */
  if (rc == XL_OK && curl_global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK)
    rc = xl_error_set(err, XL_ENOMEM, "libcurl could not be initialised");
  if (rc < 0) {
    free(r->base); /* no curl_global_cleanup: no init succeeded */
    free(r->shown);
    free(r->auth);
    free(r);
    return rc == XL_ENOMEM ? xl_error_set(err, rc, "out of memory") : rc;
  }
  *out = r;
  return XL_OK;
}

void xl_remote_free(xl_remote *r) {
  if (!r)
    return;
  if (r->curl)
    curl_easy_cleanup(r->curl);
  curl_global_cleanup();
  free(r->base);
  free(r->shown);
  free(r->auth);
  free(r->warning);
  free(r);
}

const char *xl_remote_warning(const xl_remote *r) { return r->warning; }

/* ---- requests ------------------------------------------------------------- */

/* Keep the first failure as the warning; later ones add nothing. */
static void warn(xl_remote *r, const char *what, const char *method,
                 long status, CURLcode cc) {
  xl_buf b = XL_BUF_INIT;

  if (r->warning)
    return;
  if (cc != CURLE_OK)
    xl_buf_printf(&b, "remote cache '%s' %s (%s)", r->shown, what,
                  curl_easy_strerror(cc));
  else
    xl_buf_printf(&b, "remote cache '%s' answered HTTP %ld to %s%s",
                  r->shown, status, method, what);
  r->warning = b.oom ? NULL : xl_buf_detach(&b);
}

/* The object's URL for name under r's layout (heap), or NULL. */
static char *object_url(const xl_remote *r, const char *name) {
  xl_buf b = XL_BUF_INIT;

  if (r->layout == LAYOUT_SUBDIRS)
    xl_buf_printf(&b, "%s/%.2s/%s", r->base, name, name + 2);
  else if (r->layout == LAYOUT_BAZEL) /* bazel-remote wants a SHA-256 size */
    xl_buf_printf(&b, "%s/ac/%s%s", r->base, name, name);
  else
    xl_buf_printf(&b, "%s/%s", r->base, name);
  return b.oom ? NULL : xl_buf_detach(&b);
}

/* libcurl's write callback: the answer into an xl_buf, within a limit. */
static size_t on_data(char *data, size_t size, size_t n, void *buf) {
  xl_buf *b = buf;

  if (b->len + size * n > XL_REMOTE_MAX_OBJECT ||
      xl_buf_put(b, data, size * n) < 0)
    return 0; /* libcurl stops with CURLE_WRITE_ERROR */
  return size * n;
}

/* Append header h to *l: 1, or 0 (no memory; *l is kept, still owned). */
static int add_header(struct curl_slist **l, const char *h) {
  struct curl_slist *n = curl_slist_append(*l, h);

  if (n)
    *l = n;
  return n != NULL;
}

/* The common options of a request on r->curl for url. */
static void setup(xl_remote *r, const char *url, struct curl_slist *hdr,
                  xl_buf *answer) {
  curl_easy_reset(r->curl); /* keeps the open connection */
  curl_easy_setopt(r->curl, CURLOPT_URL, url);
  curl_easy_setopt(r->curl, CURLOPT_NOSIGNAL, 1L);
  curl_easy_setopt(r->curl, CURLOPT_CONNECTTIMEOUT_MS, r->connect_ms);
  curl_easy_setopt(r->curl, CURLOPT_TIMEOUT_MS, r->operation_ms);
  curl_easy_setopt(r->curl, CURLOPT_HTTPHEADER, hdr);
  curl_easy_setopt(r->curl, CURLOPT_WRITEFUNCTION, on_data);
  curl_easy_setopt(r->curl, CURLOPT_WRITEDATA, answer);
}

/*
 * One request: GET (body NULL) or PUT of body for name. The HTTP status
 * into *status (0 when none came). Returns libcurl's code (CURLE_OUT_OF_
 * MEMORY too when the URL or a header could not be made).
 */
static CURLcode request(long *status, xl_buf *answer, xl_remote *r,
                        const char *name, const char *body, size_t len) {
  struct curl_slist *hdr = NULL;
  char *url = object_url(r, name);
  int ok = url != NULL;
  CURLcode cc = CURLE_OUT_OF_MEMORY;

  *status = 0;
  if (!r->curl)
    r->curl = curl_easy_init();
  if (ok && r->auth)
    ok = add_header(&hdr, r->auth);
  if (ok && body) /* no 'Expect: 100-continue' round trip */
    ok = add_header(&hdr, "Content-Type: application/octet-stream") &&
         add_header(&hdr, "Expect:");
  if (ok && r->curl) {
    setup(r, url, hdr, answer);
    if (body) {
      curl_easy_setopt(r->curl, CURLOPT_CUSTOMREQUEST, "PUT");
      curl_easy_setopt(r->curl, CURLOPT_POSTFIELDS, body);
      curl_easy_setopt(r->curl, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)len);
    }
    cc = curl_easy_perform(r->curl);
    curl_easy_getinfo(r->curl, CURLINFO_RESPONSE_CODE, status);
  }
  curl_slist_free_all(hdr);
  free(url);
  return cc;
}

/* 1 when cc says the server is not there (or went away mid-answer, as a
   killed server does): ask it nothing more. */
static int is_down(CURLcode cc) {
  return cc == CURLE_COULDNT_CONNECT || cc == CURLE_COULDNT_RESOLVE_HOST ||
         cc == CURLE_OPERATION_TIMEDOUT || cc == CURLE_RECV_ERROR ||
         cc == CURLE_SEND_ERROR || cc == CURLE_GOT_NOTHING;
}

/* xl_cache_store.get: GET name. */
static int remote_get(void *ctx, char **text, size_t *len, const char *name) {
  xl_remote *r = ctx;
  xl_buf answer = XL_BUF_INIT;
  long status = 0;
  CURLcode cc;

  *text = NULL;
  *len = 0;
  if (r->down)
    return 0;
  cc = request(&status, &answer, r, name, NULL, 0);
  if (cc == CURLE_OUT_OF_MEMORY || answer.oom) {
    xl_buf_free(&answer);
    return XL_ENOMEM;
  }
  if (cc != CURLE_OK) {
    r->down = is_down(cc);
    warn(r, r->down ? "is unreachable" : "sent a bad answer", "GET", 0, cc);
  } else if (status != 200 && status != 404)
    warn(r, "", "GET", status, cc);
  if (cc == CURLE_OK && status == 200 && answer.len) {
    *len = answer.len;
    *text = xl_buf_detach(&answer);
    return *text ? 1 : XL_ENOMEM;
  }
  xl_buf_free(&answer);
  return 0;
}

/* xl_cache_store.put: PUT name. */
static int remote_put(void *ctx, const char *name, const char *text,
                      size_t len) {
  xl_remote *r = ctx;
  xl_buf answer = XL_BUF_INIT;
  long status = 0;
  CURLcode cc;

  if (r->down || r->read_only)
    return XL_OK;
  cc = request(&status, &answer, r, name, text, len);
  xl_buf_free(&answer);
  if (cc == CURLE_OUT_OF_MEMORY)
    return XL_ENOMEM;
  if (cc != CURLE_OK) {
    r->down = 1;
    warn(r, "is unreachable", "PUT", 0, cc);
    return XL_EIO;
  }
  if (status >= 200 && status < 300)
    return XL_OK;
  r->read_only = status == 401 || status == 403; /* e.g. a read-only token */
  warn(r, r->read_only ? " (stores are refused: a read-only token?)" : "",
       "PUT", status, cc);
  return XL_EIO;
}

/* xl_cache_store.damaged: an object that failed the core's checks. */
static void remote_damaged(void *ctx, const char *name) {
  xl_remote *r = ctx;
  xl_buf b = XL_BUF_INIT;

  if (r->warning)
    return;
  xl_buf_printf(&b, "remote cache '%s' sent a damaged object '%s' "
                "(truncated or corrupted)", r->shown, name);
  r->warning = b.oom ? NULL : xl_buf_detach(&b);
}

void xl_remote_store(xl_cache_store *out, xl_remote *r) {
  out->ctx = r;
  out->get = remote_get;
  out->put = remote_put;
  out->damaged = remote_damaged;
}
