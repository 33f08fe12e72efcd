/*
 * document.c: a persistent translation unit for an editor's document.
 *
 * The first parse builds a precompiled preamble of the main file's leading
 * #include block (kept in memory); later parses reparse the same
 * CXTranslationUnit with the new unsaved text, so headers are not parsed
 * again while the preamble stays valid. Each document has its own index
 * created with ExcludeDeclarationsFromPCH, so the walk visits only what was
 * parsed outside the preamble.
 *
 * clang builds a preamble only when the file starts with directives. A
 * document that does not (no #include at all) would parse clang's CUDA
 * wrapper headers, which the driver includes implicitly, on every edit: it
 * gets a "base" PCH instead, built once from an empty file with the same
 * arguments and saved to a temporary file, and every parse of the document
 * uses it (-include-pch). The wrapper's include guard then makes the
 * implicit include cheap, and ExcludeDeclarationsFromPCH hides the PCH's
 * declarations from the walk as it hides the preamble's.
 *
 * The PCH is named xlambda-base-PID-XXXXXX after the server's process. A
 * server that is killed cannot remove its PCHs (about 10 MB each), so
 * before building one, a server removes those of the same directory whose
 * PID no longer runs. A server of another PID namespace sharing the
 * directory would lose its PCH to this; clang then refuses the missing
 * file and that document is parsed without one (see reparse).
 */
#define _POSIX_C_SOURCE 200809L
#include <clang-c/Index.h> /* the parse side: beyond the walk's seam.h */
#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fe.h"
#include "recover.h"
#include "frontend.h"

struct xl_frontend_doc {
  CXIndex index;
  CXTranslationUnit tu;      /* NULL before the first parse or after a crash */
  const xl_command *cmd;     /* lent */
  xl_parse_opts opts;        /* opts.toolkit lent */
  char **argv;               /* argc arguments, then -include-pch and
                                the base PCH's path once it exists (that
                                file is removed on free) */
  int argc;
  int pch_failed;            /* building it failed: parse without one */
  int tu_pch;                /* tu was parsed with the base PCH */
  fe_incl *incl;             /* the user files of tu (inclusions.c) */
  int kept;                  /* the last parse reused them */
};

/* An index that keeps preambles in memory and hides the PCH's declarations. */
static CXIndex new_index(void) {
  CXIndexOptions o;

  memset(&o, 0, sizeof(o));
  o.Size = sizeof(o);
  o.ExcludeDeclarationsFromPCH = 1;
  o.StorePreamblesInMemory = 1;
  return clang_createIndexWithOptions(&o);
}

/*
 * The command's arguments plus -fpch-instantiate-templates: the preamble
 * then holds the instantiations its headers need, instead of every reparse
 * performing them again at the end of the main file.
 */
static int doc_args(xl_frontend_doc *doc) {
  char **argv = NULL, **grown;
  int argc = 0;

  if (xl_frontend_args(&argv, &argc, doc->cmd, &doc->opts) < 0)
    return XL_ENOMEM;
  grown = realloc(argv, ((size_t)argc + 4) * sizeof(*argv));
  if (!grown)
    goto oom;
  argv = grown;
  argv[argc] = xl_strdup("-fpch-instantiate-templates");
  if (!argv[argc])
    goto oom;
  argv[++argc] = NULL;
  argv[argc + 1] = argv[argc + 2] = NULL; /* room for -include-pch PATH */
  doc->argv = argv;
  doc->argc = argc;
  return XL_OK;
oom:
  xl_argv_free(argv);
  return XL_ENOMEM;
}

int xl_frontend_doc_new(xl_frontend_doc **out, const xl_command *cmd,
                        const xl_parse_opts *opts) {
  xl_frontend_doc *doc = calloc(1, sizeof(*doc));

  *out = NULL;
  if (!doc)
    return XL_ENOMEM;
  doc->cmd = cmd;
  doc->opts = *opts;
  doc->index = new_index();
  if (!doc->index || doc_args(doc) < 0 ||
      xl_fe_incl_new(&doc->incl, cmd->file) < 0) {
    xl_frontend_doc_free(doc);
    return XL_ENOMEM;
  }
  *out = doc;
  return XL_OK;
}

void xl_frontend_doc_free(xl_frontend_doc *doc) {
  if (!doc)
    return;
  if (doc->tu)
    clang_disposeTranslationUnit(doc->tu);
  if (doc->index)
    clang_disposeIndex(doc->index);
  if (doc->argv && doc->argv[doc->argc + 1])
    unlink(doc->argv[doc->argc + 1]); /* the base PCH */
  xl_argv_free(doc->argv);
  xl_fe_incl_free(doc->incl);
  free(doc);
}

int xl_frontend_doc_base_pch(const xl_frontend_doc *doc) {
  return doc->tu && doc->tu_pch;
}

int xl_frontend_doc_kept_inclusions(const xl_frontend_doc *doc) {
  return doc->tu && doc->kept;
}

static unsigned parse_flags(const xl_frontend_doc *doc) {
  unsigned flags = CXTranslationUnit_PrecompiledPreamble |
                   CXTranslationUnit_CreatePreambleOnFirstParse |
                   CXTranslationUnit_KeepGoing;

  if (doc->opts.flags & XL_PARSE_SKIP_HEADER_BODIES)
    flags |= CXTranslationUnit_SkipFunctionBodies |
             CXTranslationUnit_LimitSkipFunctionBodiesToPreamble;
  return flags;
}

static int doc_failure(enum CXErrorCode ec, const char *file, xl_error *err) {
  if (ec == CXError_Crashed)
    return xl_error_set(err, XL_ECRASH, "libclang crashed while parsing '%s'",
                        file);
  return xl_error_set(err, XL_EINVAL,
                      "libclang could not parse '%s' with its arguments", file);
}

/* ---- the base PCH of a document without a preamble ---------------------- */

/* 1 when text starts, after blanks and comments, with a directive ('#'):
 * clang then builds a preamble itself. */
static int leading_directive(const char *s, size_t n) {
  size_t i = (n >= 3 && memcmp(s, "\xef\xbb\xbf", 3) == 0) ? 3 : 0;

  i = xl_fe_skip_blank(s, n, i);
  return i < n && s[i] == '#';
}

/* 1 when the arguments include a file of their own (-include, -imacros,
 * -include-pch): a base PCH would include it a second time. */
static int forced_include(char **argv, int argc) {
  int i;

  for (i = 0; i < argc; i++)
    if (xl_str_startswith(argv[i], "-include") ||
        xl_str_startswith(argv[i], "--include") ||
        xl_str_startswith(argv[i], "-imacros") ||
        xl_str_startswith(argv[i], "--imacros"))
      return 1;
  return 0;
}

/* 1 when one of tu's diagnostics satisfies match. */
static int any_diag(CXTranslationUnit tu, int (*match)(CXDiagnostic)) {
  unsigned i, n = clang_getNumDiagnostics(tu);
  int found = 0;

  for (i = 0; i < n && !found; i++) {
    CXDiagnostic d = clang_getDiagnostic(tu, i);

    found = match(d);
    clang_disposeDiagnostic(d);
  }
  return found;
}

/* An error or a fatal error. */
static int is_error(CXDiagnostic d) {
  return clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error;
}

/* A fatal error with no place: how clang refuses a PCH (a header changed
 * on disk since it was built, or it does not match the arguments). */
static int is_pch_refusal(CXDiagnostic d) {
  CXFile file = NULL;

  clang_getFileLocation(clang_getDiagnosticLocation(d), &file, NULL, NULL,
                        NULL);
  return clang_getDiagnosticSeverity(d) == CXDiagnostic_Fatal && !file;
}

/* Parse an empty file named src with the document's arguments and save it
 * as a PCH at path. Returns 0, or -1 when clang fails or reports an error. */
static int save_base(xl_frontend_doc *doc, const char *src, const char *path) {
  struct CXUnsavedFile empty;
  CXTranslationUnit tu = NULL;
  unsigned flags = CXTranslationUnit_ForSerialization |
                   CXTranslationUnit_Incomplete;
  int rc = -1;

  if (doc->opts.flags & XL_PARSE_SKIP_HEADER_BODIES)
    flags |= CXTranslationUnit_SkipFunctionBodies; /* as in a preamble */
  empty.Filename = src;
  empty.Contents = "";
  empty.Length = 0;
  if (clang_parseTranslationUnit2(doc->index, src,
                                  (const char *const *)doc->argv, doc->argc,
                                  &empty, 1, flags, &tu) != CXError_Success)
    goto cleanup;
  if (any_diag(tu, is_error))
    goto cleanup;
  if (clang_saveTranslationUnit(tu, path, clang_defaultSaveOptions(tu)) !=
      CXSaveError_None)
    goto cleanup;
  rc = 0;
cleanup:
  if (tu)
    clang_disposeTranslationUnit(tu);
  return rc;
}

/* Whether name is a base PCH (xlambda-base-PID-XXXXXX) of a process that
 * no longer runs. */
static int stale_base(const char *name) {
  static const char prefix[] = "xlambda-base-";
  const char *p = name + sizeof(prefix) - 1;
  char *end = NULL;
  long pid;

  if (strncmp(name, prefix, sizeof(prefix) - 1) != 0 || *p < '1' ||
      *p > '9')
    return 0;
  errno = 0;
  pid = strtol(p, &end, 10);
  if (errno || *end != '-' || strlen(end + 1) != 6 || pid == (long)getpid() ||
      pid != (long)(pid_t)pid)
    return 0;
  return kill((pid_t)pid, 0) < 0 && errno == ESRCH;
}

/* Remove the base PCHs in dir that killed servers left (best effort: a
 * file that cannot be removed stays). */
static void remove_stale_bases(const char *dir) {
  DIR *d = opendir(dir);
  struct dirent *e;
  char path[4096];

  if (!d)
    return;
  for (;;) {
    e = readdir(d);
    if (!e)
      break;
    if (stale_base(e->d_name) &&
        snprintf(path, sizeof(path), "%s/%s", dir, e->d_name) <
            (int)sizeof(path))
      unlink(path);
  }
  closedir(d);
}

/* Build the base PCH in $TMPDIR (or /tmp) and append -include-pch PATH to
 * the arguments. Returns 0, or -1 (nothing kept; the caller parses without). */
static int build_base(xl_frontend_doc *doc) {
  const char *dir = getenv("TMPDIR");
  char path[4096], src[4200];
  int fd;

  if (!dir || !*dir)
    dir = "/tmp";
  remove_stale_bases(dir);
  if (snprintf(path, sizeof(path), "%s/xlambda-base-%ld-XXXXXX", dir,
               (long)getpid()) >= (int)sizeof(path))
    return -1;
  fd = mkstemp(path);
  if (fd < 0)
    return -1;
  close(fd);
  snprintf(src, sizeof(src), "%s.cu", path); /* a name only: never written */
  doc->argv[doc->argc] = xl_strdup("-include-pch");
  doc->argv[doc->argc + 1] = xl_strdup(path);
  if (!doc->argv[doc->argc] || !doc->argv[doc->argc + 1] ||
      save_base(doc, src, path) < 0) {
    unlink(path);
    free(doc->argv[doc->argc]);
    free(doc->argv[doc->argc + 1]);
    doc->argv[doc->argc] = doc->argv[doc->argc + 1] = NULL;
    return -1;
  }
  return 0;
}

/* The number of arguments to parse text with: with the base PCH (built on
 * first need) when clang would build no preamble for text. */
static int parse_argc(xl_frontend_doc *doc, const char *text, size_t len) {
  if (leading_directive(text, len) || doc->pch_failed ||
      forced_include(doc->argv, doc->argc))
    return doc->argc;
  if (!doc->argv[doc->argc + 1] && build_base(doc) < 0) {
    doc->pch_failed = 1;
    return doc->argc;
  }
  return doc->argc + 2;
}

/* Parse from scratch with argv[0..argc); on failure there is no TU. */
static int fresh_parse(xl_frontend_doc *doc, struct CXUnsavedFile *unsaved,
                       unsigned n, int argc, xl_error *err) {
  enum CXErrorCode ec;

  ec = clang_parseTranslationUnit2(doc->index, doc->cmd->file,
                                   (const char *const *)doc->argv, argc,
                                   unsaved, n, parse_flags(doc), &doc->tu);
  doc->tu_pch = argc > doc->argc;
  if (ec == CXError_Success)
    return XL_OK;
  doc->tu = NULL;
  return doc_failure(ec, doc->cmd->file, err);
}

static void drop_tu(xl_frontend_doc *doc) {
  clang_disposeTranslationUnit(doc->tu);
  doc->tu = NULL;
  xl_fe_incl_drop(doc->incl); /* a new unit: its files are asked again */
}

/* Parse the first time, or reparse; on failure the TU is gone. A base PCH
 * clang refuses or fails on is given up: the text is parsed again without
 * it. */
static int reparse(xl_frontend_doc *doc, struct CXUnsavedFile *unsaved,
                   unsigned n, int argc, xl_error *err) {
  int rc;

  if (doc->tu && doc->tu_pch != (argc > doc->argc))
    drop_tu(doc); /* the text gained or lost its leading directives */
  if (doc->tu) {
    rc = clang_reparseTranslationUnit(doc->tu, n, unsaved,
                                      clang_defaultReparseOptions(doc->tu));
    if (rc != 0) {
      drop_tu(doc);
      rc = doc_failure(rc == CXError_Crashed ? CXError_Crashed
                                             : CXError_Failure,
                       doc->cmd->file, err);
    }
  } else {
    rc = fresh_parse(doc, unsaved, n, argc, err);
  }
  if (argc == doc->argc || rc == XL_ECRASH ||
      (rc == XL_OK && !any_diag(doc->tu, is_pch_refusal)))
    return rc;
  if (doc->tu)
    drop_tu(doc);
  doc->pch_failed = 1;
  return fresh_parse(doc, unsaved, n, doc->argc, err);
}

/* The main file's text, then the other files' (a new array, or NULL). */
static struct CXUnsavedFile *unsaved_files(const xl_frontend_doc *doc,
                                           const char *text, size_t len,
                                           const xl_unsaved_file *files,
                                           size_t nfiles) {
  struct CXUnsavedFile *u = calloc(nfiles + 1, sizeof(*u));
  size_t i;

  if (!u)
    return NULL;
  u[0].Filename = doc->cmd->file;
  u[0].Contents = text;
  u[0].Length = (unsigned long)len;
  for (i = 0; i < nfiles; i++) {
    u[i + 1].Filename = files[i].path;
    u[i + 1].Contents = files[i].text;
    u[i + 1].Length = (unsigned long)files[i].len;
  }
  return u;
}

/* Walk doc's unit, or recover.c's second parse of a rewritten copy of it
 * (the document keeps its own unit for the next reparse), into *out. */
static int doc_facts(xl_facts **out, xl_frontend_doc *doc, fe_doc_in *in,
                     xl_diags *clang_errors, xl_error *err) {
  CXTranslationUnit again = NULL;
  xl_recovery rec;
  int rc;

  memset(&rec, 0, sizeof(rec));
  if (xl_fe_recover(&rec, &again, doc->tu, doc->index, doc->cmd->file,
                    doc->argv, doc->tu_pch ? doc->argc + 2 : doc->argc) < 0) {
    xl_recovery_free(&rec);
    return xl_error_set(err, XL_ENOMEM, "out of memory");
  }
  if (again)
    in->incl = NULL; /* another unit: its files are its own */
  rc = xl_fe_tu_facts(out, doc->index, again ? again : doc->tu,
                      again ? &rec : NULL, doc->cmd, &doc->opts, clang_errors,
                      NULL, in, err);
  doc->kept = !again && rc == XL_OK && xl_fe_incl_reused(doc->incl);
  if (again)
    clang_disposeTranslationUnit(again);
  xl_recovery_free(&rec);
  return rc;
}

int xl_frontend_doc_parse(xl_facts **out, xl_frontend_doc *doc,
                          const char *text, size_t len,
                          const xl_unsaved_file *files, size_t nfiles,
                          xl_diags *clang_errors, xl_error *err) {
  struct CXUnsavedFile *unsaved = unsaved_files(doc, text, len, files, nfiles);
  fe_doc_in in;
  int rc;

  *out = NULL;
  if (!unsaved)
    return xl_error_set(err, XL_ENOMEM, "out of memory");
  rc = reparse(doc, unsaved, (unsigned)(nfiles + 1),
               parse_argc(doc, text, len), err);
  if (rc == XL_OK) {
    /* the device side, when needed, parses the same texts */
    xl_fe_incl_prepare(doc->incl, text, len, files, nfiles);
    in.unsaved = unsaved;
    in.nunsaved = (unsigned)(nfiles + 1);
    in.incl = doc->incl;
    rc = doc_facts(out, doc, &in, clang_errors, err);
  }
  free(unsaved);
  return rc;
}
