/*
 * pair.c: the device side's facts next to the host's, and which extended
 * lambdas of the two sides correspond (see device.c). Nothing here reads
 * clang: the libclang frontend (device.c) and the clang plugin
 * (plugin/device.cpp) parse the device side their own way and share this.
 */
#include <stdlib.h>
#include <string.h>

#include "fe.h"

/* ---- pairing ------------------------------------------------------------ */

/* The lambdas nvcc numbers: extended, in a function, not an instantiation. */
static int numbered(const xl_lambda *l) {
  return (l->flags & XL_LAMBDA_EXTENDED) && l->func != XL_NONE &&
         !(l->flags & XL_LAMBDA_INSTANCE);
}

static int same_func(const xl_facts *a, xl_id fa, const xl_facts *b, xl_id fb) {
  const xl_func *x = &a->funcs[fa], *y = &b->funcs[fb];

  return x->loc.file == y->loc.file && x->loc.offset == y->loc.offset &&
         x->name && y->name && strcmp(x->name, y->name) == 0;
}

static int same_loc(xl_loc a, xl_loc b) {
  return a.file == b.file && a.offset == b.offset;
}

/* The innermost arch-dependent arm that holds loc, or XL_NONE. */
static xl_id arm_of(const xl_facts *host, xl_loc loc) {
  xl_id best = XL_NONE;
  uint32_t i;

  for (i = 0; i < host->nconds; i++) {
    const xl_cond *c = &host->conds[i];
    if (c->range.begin.file != loc.file || loc.offset < c->range.begin.offset ||
        loc.offset >= c->range.end.offset)
      continue;
    if (best == XL_NONE ||
        c->range.begin.offset > host->conds[best].range.begin.offset)
      best = i;
  }
  return best;
}

/* Two lambdas in different arms of one #if group: alternatives. */
static int alternatives(const xl_facts *host, const xl_lambda *h,
                        const xl_lambda *d) {
  xl_id a = arm_of(host, h->spelling), b = arm_of(host, d->spelling);

  return a != XL_NONE && b != XL_NONE && a != b &&
         host->conds[a].group == host->conds[b].group &&
         host->conds[a].loc.file == host->conds[b].loc.file;
}

typedef struct side_list {
  xl_id *ids;
  size_t n, cap;
} side_list;

static int list_func(side_list *out, xl_facts *f, xl_id fn) {
  uint32_t i;

  out->n = 0;
  for (i = 0; i < f->nlambdas; i++) {
    if (f->lambdas[i].func != fn || !numbered(&f->lambdas[i]))
      continue;
    if (XL_GROW(out->ids, out->cap, out->n + 1) < 0)
      return XL_ENOMEM;
    out->ids[out->n++] = i;
    f->lambdas[i].number = (uint32_t)out->n;
  }
  return XL_OK;
}

static void pair_lists(xl_facts *host, xl_facts *dev, const side_list *h,
                       const side_list *d) {
  size_t i, j;
  int positional = h->n == d->n;

  for (i = 0; i < h->n && positional; i++) {
    const xl_lambda *a = &host->lambdas[h->ids[i]], *b = &dev->lambdas[d->ids[i]];
    positional = same_loc(a->loc, b->loc) || alternatives(host, a, b);
  }
  for (i = 0; i < h->n; i++) {
    for (j = 0; j < d->n; j++) {
      xl_lambda *a = &host->lambdas[h->ids[i]], *b = &dev->lambdas[d->ids[j]];
      if (positional ? i == j : same_loc(a->loc, b->loc)) {
        a->peer = d->ids[j];
        b->peer = h->ids[i];
        break;
      }
    }
  }
}

/* Number the extended lambdas of every function and pair the two sides. */
static int pair_sides(xl_facts *host, xl_facts *dev) {
  side_list h, d;
  uint32_t fh, fd;
  int rc = XL_OK;

  memset(&h, 0, sizeof(h));
  memset(&d, 0, sizeof(d));
  for (fd = 0; fd < dev->nfuncs && rc == XL_OK; fd++)
    rc = list_func(&d, dev, fd);
  for (fh = 0; fh < host->nfuncs && rc == XL_OK; fh++) {
    rc = list_func(&h, host, fh);
    for (fd = 0; fd < dev->nfuncs && rc == XL_OK && h.n; fd++) {
      if (!same_func(host, fh, dev, fd))
        continue;
      rc = list_func(&d, dev, fd);
      if (rc == XL_OK)
        pair_lists(host, dev, &h, &d);
      break;
    }
  }
  free(h.ids);
  free(d.ids);
  return rc;
}

/* ---- files ------------------------------------------------------------- */

/* Device facts share the host's file numbering: seed, then copy back. */
static int seed_files(xl_facts *dev, const xl_facts *host) {
  uint32_t i;
  xl_id id;

  for (i = 0; i < host->nfiles; i++)
    if (xl_facts_add_file(&id, dev, host->files[i], host->file_flags[i]) < 0)
      return XL_ENOMEM;
  return XL_OK;
}

static int sync_files(xl_facts *host, const xl_facts *dev) {
  uint32_t i;
  xl_id id;

  for (i = host->nfiles; i < dev->nfiles; i++)
    if (xl_facts_add_file(&id, host, dev->files[i], dev->file_flags[i]) < 0 ||
        id != i)
      return XL_ENOMEM;
  return XL_OK;
}

int xl_fe_device_facts_new(xl_facts **out, const xl_facts *host) {
  xl_facts *dev = NULL;
  int rc = xl_facts_new(&dev, host->main_file);

  *out = NULL;
  if (rc == XL_OK)
    rc = seed_files(dev, host);
  if (rc < 0) {
    xl_facts_free(dev);
    return rc;
  }
  dev->cxx_std = host->cxx_std;
  dev->cuda_major = host->cuda_major;
  dev->cuda_minor = host->cuda_minor;
  dev->flags = (host->flags & ~XL_FACTS_INCOMPLETE) | XL_FACTS_DEVICE_SIDE;
  *out = dev;
  return XL_OK;
}

int xl_fe_join_sides(xl_facts *host, xl_facts *dev) {
  int rc = sync_files(host, dev);

  if (rc == XL_OK)
    rc = pair_sides(host, dev);
  host->device = dev;
  return rc;
}
