/*
 * linefilter.c: changed lines from a unified diff.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "linefilter.h"
#include "util/util.h"

typedef struct lf_range {
  unsigned first, last; /* inclusive */
} lf_range;

typedef struct lf_file {
  char *path;
  lf_range *ranges;
  size_t n, cap;
} lf_file;

struct xl_linefilter {
  lf_file *files;
  size_t n, cap;
  int oom;
};

void xl_linefilter_free(xl_linefilter *lf) {
  size_t i;

  if (!lf)
    return;
  for (i = 0; i < lf->n; i++) {
    free(lf->files[i].path);
    free(lf->files[i].ranges);
  }
  free(lf->files);
  free(lf);
}

/* The path of a "+++ " line: quotes and a trailing tab-timestamp removed,
 * git's "b/" dropped. NULL for /dev/null. */
static char *new_path(const char *p, size_t n, const char *base) {
  char name[4096];
  char *abs;

  if (n && p[0] == '"') {
    p++;
    n = n > 1 && p[n - 2] == '"' ? n - 2 : n - 1;
  }
  n = strcspn(p, "\t") < n ? strcspn(p, "\t") : n;
  while (n && (p[n - 1] == ' ' || p[n - 1] == '\r'))
    n--;
  if (n >= sizeof(name) || n == 0)
    return NULL;
  memcpy(name, p, n);
  name[n] = '\0';
  if (strcmp(name, "/dev/null") == 0)
    return NULL;
  abs = xl_path_absolute(strncmp(name, "b/", 2) == 0 ? name + 2 : name, base);
  return abs;
}

static void add_file(xl_linefilter *lf, char *path) {
  if (XL_GROW(lf->files, lf->cap, lf->n + 1) < 0) {
    free(path);
    lf->oom = 1;
    return;
  }
  memset(&lf->files[lf->n], 0, sizeof(lf_file));
  lf->files[lf->n++].path = path;
}

/* "@@ -a,b +c,d @@": lines c .. c+d-1 of the current file. */
static void add_hunk(xl_linefilter *lf, const char *p, size_t n) {
  char buf[128];
  unsigned long start = 0, count = 1;
  const char *plus;
  lf_file *f;

  if (!lf->n || n >= sizeof(buf))
    return;
  memcpy(buf, p, n);
  buf[n] = '\0';
  plus = strchr(buf, '+');
  if (!plus || sscanf(plus + 1, "%lu,%lu", &start, &count) < 1)
    return;
  if (count == 0 || start == 0)
    return;
  f = &lf->files[lf->n - 1];
  if (!f->path)
    return;
  if (XL_GROW(f->ranges, f->cap, f->n + 1) < 0) {
    lf->oom = 1;
    return;
  }
  f->ranges[f->n].first = (unsigned)start;
  f->ranges[f->n++].last = (unsigned)(start + count - 1);
}

int xl_linefilter_from_diff(xl_linefilter **out, const char *diff, size_t len,
                            const char *base) {
  xl_linefilter *lf = calloc(1, sizeof(*lf));
  size_t pos = 0;

  *out = NULL;
  if (!lf)
    return XL_ENOMEM;
  while (pos < len && !lf->oom) {
    const char *line = diff + pos, *nl = memchr(line, '\n', len - pos);
    size_t n = nl ? (size_t)(nl - line) : len - pos;
    if (n >= 4 && memcmp(line, "+++ ", 4) == 0)
      add_file(lf, new_path(line + 4, n - 4, base));
    else if (n >= 3 && memcmp(line, "@@ ", 3) == 0)
      add_hunk(lf, line, n);
    pos += n + 1;
  }
  if (lf->oom) {
    xl_linefilter_free(lf);
    return XL_ENOMEM;
  }
  *out = lf;
  return XL_OK;
}

static const lf_file *find(const xl_linefilter *lf, const char *file) {
  size_t i;

  for (i = 0; lf && i < lf->n; i++)
    if (lf->files[i].path && lf->files[i].n &&
        strcmp(lf->files[i].path, file) == 0)
      return &lf->files[i];
  return NULL;
}

size_t xl_linefilter_file_count(const xl_linefilter *lf) {
  size_t i, n = 0;

  for (i = 0; lf && i < lf->n; i++)
    n += lf->files[i].path && lf->files[i].n;
  return n;
}

const char *xl_linefilter_file(const xl_linefilter *lf, size_t k) {
  size_t i;

  for (i = 0; lf && i < lf->n; i++)
    if (lf->files[i].path && lf->files[i].n && k-- == 0)
      return lf->files[i].path;
  return NULL;
}

int xl_linefilter_has_file(const xl_linefilter *lf, const char *file) {
  return find(lf, file) != NULL;
}

int xl_linefilter_covers(const xl_linefilter *lf, const char *file,
                         unsigned line) {
  size_t i, k;

  for (k = 0; lf && k < lf->n; k++) {
    const lf_file *f = &lf->files[k];
    if (!f->path || strcmp(f->path, file) != 0)
      continue;
    for (i = 0; i < f->n; i++)
      if (line >= f->ranges[i].first && line <= f->ranges[i].last)
        return 1;
  }
  return 0;
}
