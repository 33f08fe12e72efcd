/*
 * parse.c: parse one side of a translation unit with libclang, turn clang's
 * errors into findings, and walk the AST into facts.
 */
#define _POSIX_C_SOURCE 200809L
#include <clang-c/Index.h> /* the parse side: beyond the walk's seam.h */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cdriver.h"
#include "fe.h"
#include "frontend.h"
#include "recover.h"

struct xl_frontend {
  CXIndex index;
};

int xl_frontend_new(xl_frontend **out) {
  xl_frontend *fe = calloc(1, sizeof(*fe));

  *out = NULL;
  if (!fe)
    return XL_ENOMEM;
  fe->index = clang_createIndex(0, 0);
  if (!fe->index) {
    free(fe);
    return XL_ENOMEM;
  }
  *out = fe;
  return XL_OK;
}

void xl_frontend_free(xl_frontend *fe) {
  if (!fe)
    return;
  clang_disposeIndex(fe->index);
  free(fe);
}

/* ---- arguments --------------------------------------------------------- */

typedef struct argv_builder {
  char **argv;
  size_t n, cap;
  int oom;
} argv_builder;

static void add(argv_builder *b, const char *fmt, ...) XL_PRINTF(2, 3);
static void add(argv_builder *b, const char *fmt, ...) {
  xl_buf buf = XL_BUF_INIT;
  va_list ap;

  va_start(ap, fmt);
  xl_buf_vprintf(&buf, fmt, ap);
  va_end(ap);
  if (buf.oom || XL_GROW(b->argv, b->cap, b->n + 2) < 0) {
    b->oom = 1;
    xl_buf_free(&buf);
    return;
  }
  b->argv[b->n++] = xl_buf_detach(&buf);
  b->argv[b->n] = NULL;
}

static void add_cuda(argv_builder *b, const xl_command *cmd,
                     const xl_toolkit *tk) {
  char cccl[4096];
  struct stat st;

  if (tk && tk->path) {
    add(b, "--cuda-path=%s", tk->path);
    snprintf(cccl, sizeof(cccl), "%s/include/cccl", tk->path);
    if (tk->major >= 13 && stat(cccl, &st) == 0)
      add(b, "-isystem%s", cccl);
    add(b, "-D__CUDACC_VER_MAJOR__=%d", tk->major);
    add(b, "-D__CUDACC_VER_MINOR__=%d", tk->minor);
    add(b, "-D__CUDACC_VER_BUILD__=%d", tk->build);
  }
  if (cmd->extended_lambda)
    add(b, "-D__CUDACC_EXTENDED_LAMBDA__");
  if (cmd->relaxed_constexpr)
    add(b, "-D__CUDACC_RELAXED_CONSTEXPR__");
  if (cmd->rdc)
    add(b, "-D__CUDACC_RDC__");
}

static int names_arch(const xl_command *cmd) {
  int i;

  for (i = 0; i < cmd->nargs; i++)
    if (xl_str_startswith(cmd->args[i], "--cuda-gpu-arch") ||
        xl_str_startswith(cmd->args[i], "--offload-arch"))
      return 1;
  return 0;
}

int xl_frontend_args(char ***out_argv, int *out_argc, const xl_command *cmd,
                     const xl_parse_opts *opts) {
  argv_builder b;
  int i;

  memset(&b, 0, sizeof(b));
  if (!cmd->explicit_x)
    add(&b, "-xcuda");
  add(&b, opts->side == XL_SIDE_DEVICE ? "--cuda-device-only"
                                       : "--cuda-host-only");
  add(&b, "-nocudalib");
#ifdef XL_CLANG_RESOURCE_DIR
  add(&b, "-resource-dir=%s", XL_CLANG_RESOURCE_DIR); /* the CUDA wrappers */
#endif
  add(&b, "-Wno-unknown-cuda-version");
  add(&b, "-w");
  add(&b, "-ferror-limit=0"); /* keep going: the facts after 20 errors too */
  add(&b, "-working-directory=%s", cmd->directory);
  add_cuda(&b, cmd, opts->toolkit);
  if (!cmd->cxx_std)
    add(&b, "-std=c++17"); /* nvcc 13's default */
  for (i = 0; i < cmd->nargs; i++)
    add(&b, "%s", cmd->args[i]);
  /* nvcc 13.0's default architecture, on both sides: the host compilation
   * sees it too (__CUDA_ARCH_LIST__, CUB's namespace and policies) */
  if (!names_arch(cmd))
    add(&b, "--cuda-gpu-arch=sm_75");
  if (b.oom) {
    xl_argv_free(b.argv);
    return XL_ENOMEM;
  }
  *out_argv = b.argv;
  *out_argc = (int)b.n;
  return XL_OK;
}

#ifndef XL_CLANG_EXECUTABLE
#define XL_CLANG_EXECUTABLE "clang"
#endif

enum CXErrorCode xl_fe_parse_tu(CXTranslationUnit *out, CXIndex index,
                                const char *file, char *const *argv, int argc,
                                struct CXUnsavedFile *unsaved, unsigned n,
                                unsigned flags) {
  const char **full = malloc(((size_t)argc + 1) * sizeof(*full));
  enum CXErrorCode ec;

  *out = NULL;
  if (!full)
    return CXError_Failure;
  full[0] = XL_CLANG_EXECUTABLE;
  if (argc > 0)
    memcpy(full + 1, argv, (size_t)argc * sizeof(*full));
  ec = clang_parseTranslationUnit2FullArgv(index, file, full, argc + 1,
                                           unsaved, n, flags, out);
  free(full);
  return ec;
}

/* ---- clang's own errors ------------------------------------------------- */

/* clang's errors of one side, as they are turned into findings. */
typedef struct error_sink {
  xl_diags *out;         /* NULL: counted only */
  const xl_facts *facts; /* the walk's, for the errors a rule explains */
  int nerrors;           /* those not explained (in system headers too
                            only with system_too) */
  int system_too;        /* --system-headers: they are analysed */
} error_sink;

/* One clang error with a file: a [clang-diagnostic-error] finding, unless
 * a rule reports it in its own words (uses.c recognises it, issue 4). One
 * in a system header is marked XL_DIAG_IN_SYSTEM (hidden unless
 * --system-headers, as a rule's finding there) and, but with
 * --system-headers, leaves the facts complete: the skip parse never sees
 * the many in the bodies it skips, so only this keeps its result the full
 * parse's (--system-headers always parses in full). */
static int add_error(void *ctx, const char *file, unsigned line, unsigned col,
                     unsigned off, int in_system, const char *msg) {
  error_sink *sink = ctx;
  xl_dloc loc;
  xl_diag *xd;

  if (xl_fe_uses_explains_error(sink->facts, file, off, msg))
    return XL_OK;
  sink->nerrors += !in_system || sink->system_too;
  if (!sink->out)
    return XL_OK;
  memset(&loc, 0, sizeof(loc));
  loc.file = xl_diags_intern(sink->out, file);
  loc.line = line;
  loc.col = col;
  loc.offset = off;
  if (!loc.file)
    return XL_OK;
  xd = xl_diags_add(sink->out, -1, "clang-diagnostic-error", XL_SEV_ERROR, loc,
                    msg);
  if (xd)
    xd->flags |= XL_DIAG_CLANG | (in_system ? XL_DIAG_IN_SYSTEM : 0u);
  return XL_OK;
}

/* One of libclang's errors without a file: clang gave up (an -ferror-limit
 * in the command: the errors before it say why), or refused the command
 * line (XL_EINVAL with its text). */
static int fileless_error(const char *msg, xl_error *err) {
  if (xl_str_startswith(msg, "too many errors"))
    return XL_OK;
  return xl_error_set(err, XL_EINVAL, "clang rejected the arguments: %s", msg);
}

/*
 * Copy clang's errors into `out`. An error without a location means clang
 * refused the command line: that is returned as XL_EINVAL with its text.
 */
static int collect_errors(CXTranslationUnit tu, xl_diags *out, int *nerrors,
                          const xl_facts *facts, unsigned parse_flags,
                          xl_error *err) {
  unsigned i, n = clang_getNumDiagnostics(tu);
  error_sink sink = {out, facts, 0,
                     (parse_flags & XL_PARSE_SYSTEM_HEADERS) != 0};
  int rc = XL_OK;

  for (i = 0; i < n; i++) {
    CXDiagnostic d = clang_getDiagnostic(tu, i);
    CXSourceLocation loc;
    CXFile file;
    unsigned line, col, off;
    CXString msg, name;

    if (clang_getDiagnosticSeverity(d) < CXDiagnostic_Error) {
      clang_disposeDiagnostic(d);
      continue;
    }
    loc = clang_getDiagnosticLocation(d);
    clang_getExpansionLocation(loc, &file, &line, &col, &off);
    msg = clang_getDiagnosticSpelling(d);
    if (file) {
      name = clang_getFileName(file);
      add_error(&sink, clang_getCString(name), line, col, off,
                clang_Location_isInSystemHeader(loc), clang_getCString(msg));
      clang_disposeString(name);
    } else {
      sink.nerrors++;
      if (rc == XL_OK)
        rc = fileless_error(clang_getCString(msg), err);
    }
    clang_disposeString(msg);
    clang_disposeDiagnostic(d);
  }
  *nerrors = sink.nerrors;
  return rc;
}

/* ---- parse and walk ---------------------------------------------------- */

static int describe_failure(enum CXErrorCode ec, const char *file,
                            xl_error *err) {
  switch (ec) {
  case CXError_Crashed:
    return xl_error_set(err, XL_ECRASH, "libclang crashed while parsing '%s'",
                        file);
  case CXError_InvalidArguments:
    return xl_error_set(err, XL_EINVAL, "invalid arguments for '%s'", file);
  default:
    return xl_error_set(err, XL_EINVAL,
                        "libclang could not parse '%s' with its arguments",
                        file);
  }
}

static int check_input(const char *file, xl_error *err) {
  struct stat st;

  if (stat(file, &st) < 0)
    return xl_error_set(err, XL_ENOTFOUND, "no such file: '%s'", file);
  if (S_ISDIR(st.st_mode))
    return xl_error_set(err, XL_EINVAL, "'%s' is a directory, not a file",
                        file);
  return XL_OK;
}

static void describe_tu(xl_facts *f, const xl_command *cmd,
                        const xl_parse_opts *opts) {
  const xl_toolkit *tk = opts->toolkit;

  f->cxx_std = cmd->cxx_std ? cmd->cxx_std : 17;
  f->cuda_major = opts->cuda_major ? opts->cuda_major : (tk ? tk->major : 0);
  f->cuda_minor = opts->cuda_major ? opts->cuda_minor : (tk ? tk->minor : 0);
  if (cmd->extended_lambda)
    f->flags |= XL_FACTS_EXTENDED_LAMBDA;
  if (cmd->nvcc)
    f->flags |= XL_FACTS_NVCC_COMMAND;
  if (opts->side == XL_SIDE_DEVICE)
    f->flags |= XL_FACTS_DEVICE_SIDE;
}

/*
 * Parse cmd's file into *tu; then parse again what clang cannot parse but
 * nvcc accepts (recover.c), keeping the unsaved copies in rec.
 */
static int parse_tu(CXTranslationUnit *tu, xl_recovery *rec, xl_frontend *fe,
                    const char *file, char **argv, int argc, xl_error *err) {
  enum CXErrorCode ec = xl_fe_parse_tu(tu, fe->index, file, argv, argc, NULL,
                                       0, CXTranslationUnit_KeepGoing);

  CXTranslationUnit again = NULL;

  if (ec != CXError_Success)
    return describe_failure(ec, file, err);
  if (xl_fe_recover(rec, &again, *tu, fe->index, file, argv, argc, NULL, 0) <
      0)
    return xl_error_set(err, XL_ENOMEM, "out of memory");
  if (again) {
    clang_disposeTranslationUnit(*tu);
    *tu = again;
  }
  return XL_OK;
}

int xl_fe_shown_header(void *ctx, const char *file) {
  const fe_shown *f = ctx;
  char *abs;
  int shown = 1;

  if (file[0] == '/')
    return f->opts->shows(f->opts->shows_ctx, file) != 0;
  abs = xl_path_absolute(file, f->directory);
  if (abs)
    shown = f->opts->shows(f->opts->shows_ctx, abs) != 0;
  free(abs);
  return shown;
}

/*
 * --parse=skip: the host side through cdriver.h, its clang errors into
 * clang_errors as collect_errors puts the full parse's. *out stays NULL
 * when the library is not built, the facts need the result cache's
 * dependencies or system-header declarations, or the parse gave way to
 * the full one (errors the full parse treats apart, cdriver.h; then
 * *gave_way is 1): the caller then parses in full.
 */
static int parse_skipping(xl_facts **out, int *gave_way, const xl_command *cmd,
                          const xl_parse_opts *opts, char **argv, int argc,
                          xl_diags *clang_errors, xl_error *err) {
#ifdef XL_HAVE_CDRIVER
  error_sink sink = {clang_errors, NULL, 0, 0};
  fe_shown filter = {opts, cmd->directory};
  xl_facts *facts = NULL;
  int parsed = 0, rc;

  if (opts->side != XL_SIDE_HOST ||
      (opts->flags & (XL_PARSE_RECORD_DEPS | XL_PARSE_SYSTEM_HEADERS)))
    return XL_OK;
  if (xl_facts_new(&facts, cmd->file) < 0)
    return xl_error_set(err, XL_ENOMEM, "out of memory");
  describe_tu(facts, cmd, opts);
  sink.facts = facts;
  rc = xl_cdriver_parse(&parsed, facts, cmd->file, (const char *const *)argv,
                        argc, opts->flags & XL_PARSE_SYSTEM_HEADERS,
                        opts->shows ? xl_fe_shown_header : NULL, &filter,
                        add_error, &sink);
  if (rc < 0 || !parsed) {
    xl_facts_free(facts);
    *gave_way = rc == XL_OK;
    return rc < 0 ? xl_error_set(err, rc, "out of memory while analysing '%s'",
                                 cmd->file)
                  : XL_OK;
  }
  facts->flags |= XL_FACTS_BODIES_SKIPPED;
  if (sink.nerrors)
    facts->flags |= XL_FACTS_INCOMPLETE;
  *out = facts;
  return XL_OK;
#else
  (void)out, (void)gave_way, (void)cmd, (void)opts, (void)argv, (void)argc;
  (void)clang_errors, (void)err;
  return XL_OK;
#endif
}

int xl_frontend_parse(xl_facts **out, xl_frontend *fe, const xl_command *cmd,
                      const xl_parse_opts *opts, xl_diags *clang_errors,
                      xl_error *err) {
  CXTranslationUnit tu = NULL;
  char **argv = NULL;
  int argc = 0, needs_device = 0, rc;
  xl_recovery rec;

  *out = NULL;
  memset(&rec, 0, sizeof(rec));
  rc = check_input(cmd->file, err);
  if (rc < 0)
    return rc;
  if (xl_frontend_args(&argv, &argc, cmd, opts) < 0)
    return xl_error_set(err, XL_ENOMEM, "out of memory");
  if (opts->flags & XL_PARSE_SKIP_BODIES) {
    int gave_way = 0;

    rc = parse_skipping(out, &gave_way, cmd, opts, argv, argc, clang_errors,
                        err);
    if (rc == XL_OK && gave_way && (opts->flags & XL_PARSE_DEFER_FULL))
      rc = xl_error_set(err, XL_EFULLPARSE, "the skip parse of '%s' had "
                        "errors: the full parse must follow", cmd->file);
    if (rc < 0 || *out) {
      xl_argv_free(argv);
      return rc;
    }
  }
  rc = parse_tu(&tu, &rec, fe, cmd->file, argv, argc, err);
  if (rc == XL_OK)
    rc = xl_fe_tu_facts(out, fe->index, tu, &rec, cmd, opts, clang_errors,
                        &needs_device, NULL, err);
  if (tu)
    clang_disposeTranslationUnit(tu);
  xl_recovery_free(&rec); /* after the TU: it holds the unsaved copies */
  xl_argv_free(argv);
  /* the device side after the host's TU is gone: one AST in memory */
  if (rc == XL_OK && needs_device &&
      xl_fe_device_pass(fe->index, *out, cmd, opts, NULL, 0) < 0) {
    rc = xl_error_set(err, XL_ENOMEM, "out of memory while analysing '%s'",
                      cmd->file);
    xl_facts_free(*out);
    *out = NULL;
  }
  return rc;
}

/* ---- shared with document.c -------------------------------------------- */

/* A file recover.c parsed from a blanked copy keeps the hash of its text on
 * disk, so that --fix compares with what is there (issue 18). */
static void hash_as_on_disk(xl_facts *facts, const xl_recovery *rec) {
  size_t i;
  uint32_t j;

  for (i = 0; rec && i < rec->nunsaved; i++)
    for (j = 0; j < facts->nfiles; j++)
      if (facts->file_hashes[j] && facts->files[j] &&
          strcmp(facts->files[j], rec->unsaved[i].Filename) == 0)
        facts->file_hashes[j] = rec->orig_hashes[i];
}

int xl_fe_tu_facts(xl_facts **out, CXIndex index, CXTranslationUnit tu,
                   const xl_recovery *rec, const xl_command *cmd,
                   const xl_parse_opts *opts, xl_diags *clang_errors,
                   int *device_later, const fe_doc_in *doc, xl_error *err) {
  xl_facts *facts = NULL;
  int nerrors = 0, needs_device = 0, rc;

  *out = NULL;
  if (xl_facts_new(&facts, cmd->file) < 0)
    return xl_error_set(err, XL_ENOMEM, "out of memory");
  describe_tu(facts, cmd, opts);
  rc = xl_fe_walk_tu(facts, tu, rec, opts->flags,
                     opts->side == XL_SIDE_HOST ? &needs_device : NULL, doc);
  hash_as_on_disk(facts, rec);
  if (rc == XL_OK && (opts->flags & XL_PARSE_RECORD_DEPS))
    rc = xl_fe_record_deps(facts, tu, rec, NULL);
  if (rc < 0) {
    xl_facts_free(facts);
    return xl_error_set(err, rc, "out of memory while analysing '%s'",
                        cmd->file);
  }
  /* after the walk: clang errors that a rule explains are left out (the
     host's uses explain them; the device side changes none) */
  rc = collect_errors(tu, clang_errors, &nerrors, facts, opts->flags, err);
  /* the device side, for files whose lambdas depend on __CUDA_ARCH__ */
  if (rc == XL_OK && needs_device && !device_later &&
      xl_fe_device_pass(index, facts, cmd, opts, doc ? doc->unsaved : NULL,
                        doc ? doc->nunsaved : 0) < 0)
    rc = xl_error_set(err, XL_ENOMEM, "out of memory while analysing '%s'",
                      cmd->file);
  if (rc < 0) {
    xl_facts_free(facts);
    return rc;
  }
  if (device_later)
    *device_later = needs_device;
  if (nerrors)
    facts->flags |= XL_FACTS_INCOMPLETE;
  *out = facts;
  return XL_OK;
}
