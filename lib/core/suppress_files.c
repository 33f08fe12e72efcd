/*
 * suppress_files.c: see suppress_files.h.
 */
#include <stdlib.h>
#include <string.h>

#include "core/suppress_files.h"
#include "util/util.h"

typedef struct supp_file {
  char *path;
  xl_suppressions *supp; /* NULL: unreadable, or no memory */
} supp_file;

struct xl_supp_files {
  supp_file *items;
  size_t n, cap;
  xl_supp_source src;
};

int xl_supp_files_new(xl_supp_files **out) {
  *out = calloc(1, sizeof(**out));
  return *out ? XL_OK : XL_ENOMEM;
}

void xl_supp_files_free(xl_supp_files *c) {
  size_t i;

  if (!c)
    return;
  for (i = 0; i < c->n; i++) {
    free(c->items[i].path);
    xl_suppress_free(c->items[i].supp);
  }
  free(c->items);
  free(c);
}

static int add(xl_supp_files *c, const char *file, const char *text,
               size_t len) {
  supp_file *f;

  if (XL_GROW(c->items, c->cap, c->n + 1) < 0)
    return XL_ENOMEM;
  f = &c->items[c->n];
  f->path = xl_strdup(file);
  f->supp = NULL;
  if (!f->path)
    return XL_ENOMEM;
  if (text && xl_suppress_parse(&f->supp, text, len) < 0) {
    free(f->path);
    return XL_ENOMEM;
  }
  c->n++;
  return XL_OK;
}

int xl_supp_files_set_text(xl_supp_files *c, const char *file,
                           const char *text, size_t len) {
  return add(c, file, text ? text : "", text ? len : 0);
}

void xl_supp_files_set_source(xl_supp_files *c, const xl_supp_source *src) {
  c->src = *src;
}

static supp_file *find(xl_supp_files *c, const char *file) {
  size_t i;

  for (i = 0; i < c->n; i++)
    if (strcmp(c->items[i].path, file) == 0)
      return &c->items[i];
  return NULL;
}

int xl_supp_files_read(xl_supp_files *c, const char *file) {
  char *text = NULL;
  size_t len = 0;
  int rc;

  if (find(c, file))
    return XL_OK;
  if (!c->src.read || !c->src.read(c->src.ctx, file, &text, &len)) {
    if (xl_read_file(&text, &len, file, NULL) < 0) {
      free(text);
      text = NULL;
    }
  }
  rc = add(c, file, text, len);
  free(text);
  return rc;
}

static const xl_suppressions *lookup(xl_supp_files *c, const char *file) {
  supp_file *f;

  if (xl_supp_files_read(c, file) < 0)
    return NULL;
  f = find(c, file);
  return f ? f->supp : NULL;
}

static int listed(const char *const *tags, const char *rule) {
  for (; tags && *tags; tags++)
    if (strcmp(*tags, rule) == 0)
      return 1;
  return 0;
}

int xl_supp_files_match(xl_supp_files *c, const char *const *diag_suppress,
                        const xl_diag *d) {
  const char *file = d->loc.file;
  size_t offset = d->loc.offset;

  if ((d->flags & XL_DIAG_CLANG) || !d->loc.line || !d->rule_name)
    return 0;
  if (listed(diag_suppress, d->rule_name))
    return XL_SUPPRESSED_FLAG;
  if (c->src.locate && !c->src.locate(c->src.ctx, &d->loc, &file, &offset)) {
    file = d->loc.file;
    offset = d->loc.offset;
  }
  return xl_suppress_match(lookup(c, file), d->rule_name, offset);
}

static int add_error(xl_diags *out, const char *file,
                     const xl_suppress_error *e) {
  xl_dloc loc;
  xl_diag *d;

  memset(&loc, 0, sizeof(loc));
  loc.file = xl_diags_intern(out, file);
  loc.line = e->line;
  loc.col = e->col;
  loc.offset = (unsigned)e->offset;
  d = loc.file ? xl_diags_add(out, -1, "xlambda-nolint", XL_SEV_ERROR, loc,
                              e->message)
               : NULL;
  if (!d)
    return XL_ENOMEM;
  d->flags |= XL_DIAG_TOOL;
  return XL_OK;
}

int xl_supp_files_errors(xl_supp_files *c, xl_diags *out,
                         int (*keep)(void *ctx, const char *file,
                                     unsigned line),
                         void *ctx) {
  size_t i, k, n;
  int added = 0;

  for (i = 0; i < c->n; i++) {
    const xl_suppress_error *e =
        c->items[i].supp ? xl_suppress_errors(c->items[i].supp, &n) : NULL;
    for (k = 0; e && k < n; k++) {
      if (keep && !keep(ctx, c->items[i].path, e[k].line))
        continue;
      if (add_error(out, c->items[i].path, &e[k]) < 0)
        return XL_ENOMEM;
      added++;
    }
  }
  return added;
}
