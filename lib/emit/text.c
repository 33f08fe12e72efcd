/*
 * text.c: clang-style text output.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "emit.h"

const char *xl_severity_name(xl_severity sev) {
  switch (sev) {
  case XL_SEV_ERROR: return "error";
  case XL_SEV_WARNING: return "warning";
  default: return "note";
  }
}

/* One file's contents, kept while printing. */
typedef struct src_file {
  const char *path;
  char *text;
  size_t len;
} src_file;

typedef struct src_cache {
  src_file files[16];
  unsigned n, next;
} src_cache;

static const src_file *cache_get(src_cache *c, const char *path) {
  unsigned i;
  src_file *f;

  for (i = 0; i < c->n; i++)
    if (strcmp(c->files[i].path, path) == 0)
      return &c->files[i];
  f = &c->files[c->next];
  if (c->n == 16)
    free(f->text);
  else
    c->n++;
  c->next = (c->next + 1) % 16;
  f->path = path;
  if (xl_read_file(&f->text, &f->len, path, NULL) < 0) {
    f->text = NULL;
    f->len = 0;
  }
  return f;
}

static void cache_free(src_cache *c) {
  unsigned i;

  for (i = 0; i < c->n; i++)
    free(c->files[i].text);
}

/* The text of line `line` (1-based) and its length; NULL when unknown. */
static const char *line_text(const src_file *f, unsigned line, size_t *len) {
  const char *p, *end;
  unsigned n = 1;

  if (!f->text || line == 0)
    return NULL;
  for (p = f->text; n < line; p++) {
    p = memchr(p, '\n', f->len - (size_t)(p - f->text));
    if (!p)
      return NULL;
    n++;
  }
  end = memchr(p, '\n', f->len - (size_t)(p - f->text));
  *len = end ? (size_t)(end - p) : f->len - (size_t)(p - f->text);
  if (*len && p[*len - 1] == '\r')
    (*len)--;
  return p;
}

/* Mark [from, to) columns (1-based) of the marker line with c. */
static void mark(char *m, size_t n, unsigned from, unsigned to, char c) {
  unsigned i;

  for (i = from; i < to && i - 1 < n; i++)
    if (m[i - 1] == ' ' || c == '^')
      m[i - 1] = c;
}

static void print_snippet(FILE *out, src_cache *cache, xl_dloc loc,
                          const xl_dloc *ranges, size_t nranges,
                          const xl_fixit *fx, size_t nfx) {
  size_t len, i, width;
  const char *text = line_text(cache_get(cache, loc.file), loc.line, &len);
  char *m;

  if (!text)
    return;
  width = len + 2;
  m = malloc(width + 1);
  if (!m)
    return;
  for (i = 0; i < width; i++)
    m[i] = (i < len && text[i] == '\t') ? '\t' : ' ';
  m[width] = '\0';
  for (i = 0; i + 1 < nranges; i += 2)
    if (ranges[i].line == loc.line && ranges[i + 1].line == loc.line &&
        ranges[i].file == loc.file)
      mark(m, width, ranges[i].col, ranges[i + 1].col, '~');
  mark(m, width, loc.col, loc.col + 1, '^');
  for (i = width; i > 0 && (m[i - 1] == ' ' || m[i - 1] == '\t'); i--)
    m[i - 1] = '\0';
  fprintf(out, "%5u | %.*s\n      | %s\n", loc.line, (int)len, text, m);
  for (i = 0; i < nfx; i++)
    if (fx[i].begin.line == loc.line && fx[i].begin.file == loc.file &&
        fx[i].text[0] && !strchr(fx[i].text, '\n'))
      fprintf(out, "      | %*s%s\n", (int)fx[i].begin.col - 1, "",
              fx[i].text);
  free(m);
}

static const char *sev_color(xl_severity sev) {
  return sev == XL_SEV_ERROR     ? "\033[1;31m"
         : sev == XL_SEV_WARNING ? "\033[1;35m"
                                 : "\033[1;30m";
}

/* A path under the working directory prints relative to it, as the user
 * most likely named it; any other path prints as it is. */
static const char *display_path(const char *path, const char *cwd) {
  size_t n = cwd ? strlen(cwd) : 0;

  if (n > 1 && strncmp(path, cwd, n) == 0 && path[n] == '/')
    return path + n + 1;
  return path;
}

static void print_header(FILE *out, xl_dloc loc, xl_severity sev,
                         const char *msg, const char *rule, unsigned flags,
                         const char *cwd) {
  int color = (flags & XL_EMIT_COLOR) != 0;

  fprintf(out, "%s%s:%u:%u: %s%s:%s %s%s", color ? "\033[1m" : "",
          display_path(loc.file, cwd),
          loc.line, loc.col, color ? sev_color(sev) : "",
          xl_severity_name(sev), color ? "\033[0m\033[1m" : "", msg,
          color && !rule ? "\033[0m" : "");
  if (rule)
    fprintf(out, " [%s]%s", rule, color ? "\033[0m" : "");
  fputc('\n', out);
}

int xl_emit_text(FILE *out, const xl_diags *diags, const xl_emit_opts *opts) {
  src_cache cache;
  size_t i, j;
  int source = !(opts->flags & XL_EMIT_NO_SOURCE);
  char here[4096];
  const char *cwd = getcwd(here, sizeof(here)) ? here : NULL;

  memset(&cache, 0, sizeof(cache));
  for (i = 0; i < diags->count; i++) {
    const xl_diag *d = diags->items[i];
    char rule[300];
    snprintf(rule, sizeof(rule), "%s%s", d->rule_name,
             (d->flags & XL_DIAG_AS_ERROR) ? ",-warnings-as-errors" : "");
    print_header(out, d->loc, d->severity, d->message, rule, opts->flags,
                 cwd);
    if (source)
      print_snippet(out, &cache, d->loc, d->ranges, d->nranges, d->fixits,
                    d->nfixits);
    for (j = 0; j < d->nnotes; j++) {
      const xl_note *n = d->notes[j];
      print_header(out, n->loc, XL_SEV_NOTE, n->message, NULL, opts->flags,
                   cwd);
      if (source)
        print_snippet(out, &cache, n->loc, NULL, 0, n->fixits, n->nfixits);
    }
  }
  cache_free(&cache);
  return ferror(out) ? XL_EIO : XL_OK;
}
