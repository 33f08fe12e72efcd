/*
 * device.c: the device side of a translation unit, and which extended
 * lambdas of the two sides correspond.
 *
 * nvcc names an extended lambda by its enclosing function and its position
 * among that function's extended lambdas, and the closure it builds on the
 * host must match, field by field, the one the device compilation built.
 * When a file needs it (archscan.c), the file is parsed a second time with
 * --cuda-device-only for the command's GPU architecture (sm_75, nvcc 13.0's
 * default, when the command names none), walked into facts->device, and the
 * extended lambdas of each function are paired across the sides: by
 * position when both sides define the same lambdas (or alternatives in the
 * arms of one #if group), else by source location. Rules compare the pairs.
 */
#include <stdlib.h>
#include <string.h>

#include "fe.h"
#include "frontend.h"

/* clang's device-side Sema looks up cudaConfigureCall for a <<<...>>> launch
 * in host code, which the CUDA headers declare only for the host. */
#define PRELUDE_PATH "/xlambda-device-prelude.h"
static const char prelude[] =
    "#if defined(__CUDA_ARCH__)\n"
    "extern \"C\" int cudaConfigureCall(dim3, dim3, size_t = 0,\n"
    "                                   cudaStream_t = 0);\n"
    "#endif\n";

/* ---- arguments ---------------------------------------------------------- */

static int names_arch(const xl_command *cmd) {
  int i;

  for (i = 0; i < cmd->nargs; i++)
    if (xl_str_startswith(cmd->args[i], "--cuda-gpu-arch") ||
        xl_str_startswith(cmd->args[i], "--offload-arch"))
      return 1;
  return 0;
}

/* The device-side argument vector: the host's, plus the prelude and arch. */
static int device_args(char ***out, int *argc, const xl_command *cmd,
                       const xl_parse_opts *opts) {
  xl_parse_opts dev = *opts;
  char **base, **argv;
  int n;

  dev.side = XL_SIDE_DEVICE;
  if (xl_frontend_args(&base, &n, cmd, &dev) < 0)
    return XL_ENOMEM;
  argv = calloc((size_t)n + 3, sizeof(*argv));
  if (!argv) {
    xl_argv_free(base);
    return XL_ENOMEM;
  }
  memcpy(argv, base, (size_t)n * sizeof(*argv));
  free(base); /* the strings now belong to argv */
  argv[n] = xl_strdup("-include" PRELUDE_PATH);
  argv[n + 1] = names_arch(cmd) ? NULL : xl_strdup("--cuda-gpu-arch=sm_75");
  if (!argv[n]) {
    xl_argv_free(argv);
    return XL_ENOMEM;
  }
  *out = argv;
  *argc = n + 1 + (argv[n + 1] != NULL);
  return XL_OK;
}

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

/* ---- the second parse --------------------------------------------------- */

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

static int count_errors(CXTranslationUnit tu) {
  unsigned i, n = clang_getNumDiagnostics(tu);
  int errors = 0;

  for (i = 0; i < n; i++) {
    CXDiagnostic d = clang_getDiagnostic(tu, i);
    errors += clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error;
    clang_disposeDiagnostic(d);
  }
  return errors;
}

/* Parse the device side and walk it into *out (NULL when libclang fails). */
static int parse_device(xl_facts **out, CXIndex index, xl_facts *host,
                        const xl_command *cmd, const xl_parse_opts *opts) {
  struct CXUnsavedFile unsaved = {PRELUDE_PATH, prelude, sizeof(prelude) - 1};
  CXTranslationUnit tu = NULL;
  xl_facts *dev = NULL;
  char **argv = NULL;
  int argc, rc;

  *out = NULL;
  rc = device_args(&argv, &argc, cmd, opts);
  if (rc < 0)
    return rc;
  if (clang_parseTranslationUnit2(index, cmd->file, (const char *const *)argv,
                                  argc, &unsaved, 1,
                                  CXTranslationUnit_KeepGoing,
                                  &tu) != CXError_Success)
    goto cleanup; /* no device facts: the rules that need them stay quiet */
  rc = xl_facts_new(&dev, cmd->file);
  if (rc == XL_OK)
    rc = seed_files(dev, host);
  if (rc < 0)
    goto cleanup;
  dev->cxx_std = host->cxx_std;
  dev->cuda_major = host->cuda_major;
  dev->cuda_minor = host->cuda_minor;
  dev->flags = (host->flags & ~XL_FACTS_INCOMPLETE) | XL_FACTS_DEVICE_SIDE;
  if (count_errors(tu))
    dev->flags |= XL_FACTS_INCOMPLETE;
  rc = xl_fe_walk_tu(dev, tu, NULL, opts->flags, NULL);
  /* the cache's dependencies are the host facts': the sides' together */
  if (rc == XL_OK && (opts->flags & XL_PARSE_RECORD_DEPS))
    rc = xl_fe_record_deps(host, tu, NULL, PRELUDE_PATH);
  if (rc == XL_OK) {
    *out = dev;
    dev = NULL;
  }
cleanup:
  xl_facts_free(dev);
  if (tu)
    clang_disposeTranslationUnit(tu);
  xl_argv_free(argv);
  return rc;
}

int xl_fe_device_pass(CXIndex index, xl_facts *host, const xl_command *cmd,
                      const xl_parse_opts *opts) {
  xl_facts *dev = NULL;
  int rc = parse_device(&dev, index, host, cmd, opts);

  if (rc < 0 || !dev)
    return rc;
  rc = sync_files(host, dev);
  if (rc == XL_OK)
    rc = pair_sides(host, dev);
  host->device = dev;
  return rc;
}
