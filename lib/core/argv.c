/*
 * argv.c: argument vectors, shell-like splitting, response files.
 */
#include <stdlib.h>
#include <string.h>

#include "argv.h"
#include "util/util.h"

#define MAX_RSP_DEPTH 16

int xl_argv_pushn(xl_argv *a, const char *s, size_t n) {
  char *copy = malloc(n + 1);

  if (!copy || XL_GROW(a->v, a->cap, (size_t)a->n + 2) < 0) {
    free(copy);
    a->oom = 1;
    return XL_ENOMEM;
  }
  memcpy(copy, s, n);
  copy[n] = '\0';
  a->v[a->n++] = copy;
  a->v[a->n] = NULL;
  return XL_OK;
}

int xl_argv_push(xl_argv *a, const char *s) {
  return xl_argv_pushn(a, s, strlen(s));
}

int xl_argv_find(const xl_argv *a, const char *s) {
  int i;

  for (i = 0; i < a->n; i++)
    if (strcmp(a->v[i], s) == 0)
      return i;
  return -1;
}

char **xl_argv_detach(xl_argv *a) {
  char **v = a->v;

  if (!v)
    v = calloc(1, sizeof(char *));
  memset(a, 0, sizeof(*a));
  return v;
}

void xl_argv_clear(xl_argv *a) {
  int i;

  for (i = 0; i < a->n; i++)
    free(a->v[i]);
  free(a->v);
  memset(a, 0, sizeof(*a));
}

/* ---- splitting ---------------------------------------------------------- */

static int is_blank(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' ||
         c == '\v';
}

/* Read one double-quoted section starting after the quote; returns the index
 * after the closing quote, or len + 1 when it is not closed. */
static size_t dquoted(xl_buf *w, const char *t, size_t i, size_t len) {
  while (i < len && t[i] != '"') {
    if (t[i] == '\\' && i + 1 < len && t[i + 1] && strchr("\"\\$`\n", t[i + 1]))
      i++;
    xl_buf_putc(w, t[i++]);
  }
  return i < len ? i + 1 : len + 1;
}

static size_t squoted(xl_buf *w, const char *t, size_t i, size_t len) {
  while (i < len && t[i] != '\'')
    xl_buf_putc(w, t[i++]);
  return i < len ? i + 1 : len + 1;
}

int xl_argv_split(xl_argv *out, const char *t, size_t len) {
  xl_buf w = XL_BUF_INIT;
  size_t i = 0;
  int in_word = 0, rc = XL_OK;

  while (i <= len) {
    if (i == len || is_blank(t[i])) {
      if (in_word && xl_argv_pushn(out, w.data ? w.data : "", w.len) < 0)
        rc = XL_ENOMEM;
      xl_buf_clear(&w);
      in_word = 0;
      i++;
      continue;
    }
    in_word = 1;
    if (t[i] == '"')
      i = dquoted(&w, t, i + 1, len);
    else if (t[i] == '\'')
      i = squoted(&w, t, i + 1, len);
    else if (t[i] == '\\' && i + 1 < len) {
      xl_buf_putc(&w, t[i + 1]);
      i += 2;
    } else
      xl_buf_putc(&w, t[i++]);
    if (i > len) {
      rc = XL_EPARSE;
      break;
    }
  }
  if (w.oom)
    rc = XL_ENOMEM;
  xl_buf_free(&w);
  return rc;
}

/* ---- response files ----------------------------------------------------- */

typedef struct expander {
  xl_argv *out;
  const char *dir;
  unsigned flags;
  xl_error *err;
} expander;

static int expand(expander *x, const char *const *argv, int argc, int depth);

static int expand_file(expander *x, const char *name, int depth) {
  char *path = xl_path_absolute(name, x->dir), *text = NULL;
  size_t len;
  xl_argv words = XL_ARGV_INIT;
  int rc;

  if (!path)
    return xl_error_set(x->err, XL_ENOMEM, "out of memory");
  if (depth >= MAX_RSP_DEPTH) {
    rc = xl_error_set(x->err, XL_EPARSE,
                      "response file '%s' nests too deeply", path);
    goto cleanup;
  }
  rc = xl_read_file(&text, &len, path, NULL);
  if (rc < 0) {
    rc = xl_error_set(x->err, XL_EIO, "cannot read the response file '%s'",
                      path);
    goto cleanup;
  }
  rc = xl_argv_split(&words, text, len);
  if (rc == XL_EPARSE)
    rc = xl_error_set(x->err, XL_EPARSE,
                      "response file '%s' has an unclosed quote", path);
  else if (rc < 0)
    rc = xl_error_set(x->err, rc, "out of memory");
  if (rc == XL_OK)
    rc = expand(x, (const char *const *)words.v, words.n, depth + 1);
cleanup:
  xl_argv_clear(&words);
  free(text);
  free(path);
  return rc;
}

/* nvcc: "--options-file a,b" / "-optf=a". Returns the value or NULL; *used
 * is 2 when the value is the next argument. */
static const char *nvcc_optfile(const char *const *argv, int argc, int i,
                                int *used) {
  static const char *const names[] = {"--options-file", "-options-file",
                                      "-optf", "--optf"};
  size_t k, n;

  for (k = 0; k < sizeof(names) / sizeof(*names); k++) {
    n = strlen(names[k]);
    if (strncmp(argv[i], names[k], n) != 0)
      continue;
    if (argv[i][n] == '=') {
      *used = 1;
      return argv[i] + n + 1;
    }
    if (argv[i][n] == '\0' && i + 1 < argc) {
      *used = 2;
      return argv[i + 1];
    }
  }
  return NULL;
}

/* Expand a comma-separated list of nvcc options files. */
static int expand_list(expander *x, const char *list, int depth) {
  char name[4096];
  const char *p = list;
  int rc = XL_OK;

  while (*p && rc == XL_OK) {
    size_t n = strcspn(p, ",");
    if (n > 0 && n < sizeof(name)) {
      memcpy(name, p, n);
      name[n] = '\0';
      rc = expand_file(x, name, depth);
    }
    p += n;
    if (*p == ',')
      p++;
  }
  return rc;
}

static int expand(expander *x, const char *const *argv, int argc, int depth) {
  int i, used, rc = XL_OK;

  for (i = 0; i < argc && rc == XL_OK; i++) {
    const char *list = NULL;
    if (x->flags & XL_RSP_NVCC)
      list = nvcc_optfile(argv, argc, i, &used);
    if (list) {
      rc = expand_list(x, list, depth);
      i += used - 1;
    } else if ((x->flags & XL_RSP_AT) && argv[i][0] == '@' && argv[i][1]) {
      rc = expand_file(x, argv[i] + 1, depth);
    } else if (xl_argv_push(x->out, argv[i]) < 0) {
      rc = xl_error_set(x->err, XL_ENOMEM, "out of memory");
    }
  }
  return rc;
}

int xl_argv_expand(xl_argv *out, const char *const *argv, int argc,
                   const char *directory, unsigned flags, xl_error *err) {
  expander x;

  x.out = out;
  x.dir = directory;
  x.flags = flags;
  x.err = err;
  return expand(&x, argv, argc, 0);
}
