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
 * arms of one #if group), else by source location (pair.c, shared with the
 * clang plugin). Rules compare the pairs.
 */
#include <clang-c/Index.h> /* the parse side: beyond the walk's seam.h */
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

/* The device-side argument vector: the host's (with its architecture,
 * parse.c), plus the prelude. */
static int device_args(char ***out, int *argc, const xl_command *cmd,
                       const xl_parse_opts *opts) {
  xl_parse_opts dev = *opts;
  char **base, **argv;
  int n;

  dev.side = XL_SIDE_DEVICE;
  if (xl_frontend_args(&base, &n, cmd, &dev) < 0)
    return XL_ENOMEM;
  argv = calloc((size_t)n + 2, sizeof(*argv));
  if (!argv) {
    xl_argv_free(base);
    return XL_ENOMEM;
  }
  memcpy(argv, base, (size_t)n * sizeof(*argv));
  free(base); /* the strings now belong to argv */
  argv[n] = xl_strdup("-include" PRELUDE_PATH);
  if (!argv[n]) {
    xl_argv_free(argv);
    return XL_ENOMEM;
  }
  *out = argv;
  *argc = n + 1;
  return XL_OK;
}

/* ---- the second parse --------------------------------------------------- */

/* The errors outside system headers: the libraries' errors change no
 * lambda of the user's files (the comparing rules read only those), and
 * --parse=skip does not see those of the bodies it skips. */
static int count_user_errors(CXTranslationUnit tu) {
  unsigned i, n = clang_getNumDiagnostics(tu);
  int errors = 0;

  for (i = 0; i < n; i++) {
    CXDiagnostic d = clang_getDiagnostic(tu, i);
    errors += clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error &&
              !clang_Location_isInSystemHeader(clang_getDiagnosticLocation(d));
    clang_disposeDiagnostic(d);
  }
  return errors;
}

/* Parse the device side and walk it into *out (NULL when libclang fails);
 * `unsaved` holds the prelude, then the caller's texts. */
static int parse_device(xl_facts **out, CXIndex index, xl_facts *host,
                        const xl_command *cmd, const xl_parse_opts *opts,
                        struct CXUnsavedFile *unsaved, unsigned n) {
  CXTranslationUnit tu = NULL;
  xl_facts *dev = NULL;
  char **argv = NULL;
  int argc, rc;

  *out = NULL;
  rc = device_args(&argv, &argc, cmd, opts);
  if (rc < 0)
    return rc;
  if (xl_fe_parse_tu(&tu, index, cmd->file, argv, argc, unsaved, n,
                     CXTranslationUnit_KeepGoing) != CXError_Success)
    goto cleanup; /* no device facts: the rules that need them stay quiet */
  rc = xl_fe_device_facts_new(&dev, host);
  if (rc < 0)
    goto cleanup;
  if (count_user_errors(tu))
    dev->flags |= XL_FACTS_INCOMPLETE;
  rc = xl_fe_walk_tu(dev, tu, NULL, opts->flags, NULL, NULL);
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
                      const xl_parse_opts *opts,
                      const struct CXUnsavedFile *unsaved, unsigned n) {
  struct CXUnsavedFile *all = calloc((size_t)n + 1, sizeof(*all));
  xl_facts *dev = NULL;
  int rc;

  if (!all)
    return XL_ENOMEM;
  all[0].Filename = PRELUDE_PATH;
  all[0].Contents = prelude;
  all[0].Length = sizeof(prelude) - 1;
  if (n)
    memcpy(all + 1, unsaved, n * sizeof(*all));
  rc = parse_device(&dev, index, host, cmd, opts, all, n + 1);
  free(all);
  if (rc < 0 || !dev)
    return rc;
  return xl_fe_join_sides(host, dev);
}
