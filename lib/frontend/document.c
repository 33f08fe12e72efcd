/*
 * document.c: a persistent translation unit for an editor's document.
 *
 * The first parse builds a precompiled preamble of the main file's leading
 * #include block (kept in memory); later parses reparse the same
 * CXTranslationUnit with the new unsaved text, so headers are not parsed
 * again while the preamble stays valid. Each document has its own index
 * created with ExcludeDeclarationsFromPCH, so the walk visits only what was
 * parsed outside the preamble.
 */
#define _POSIX_C_SOURCE 200809L
#include <clang-c/Index.h> /* the parse side: beyond the walk's seam.h */
#include <stdlib.h>
#include <string.h>

#include "fe.h"
#include "recover.h"
#include "frontend.h"

struct xl_frontend_doc {
  CXIndex index;
  CXTranslationUnit tu;      /* NULL before the first parse or after a crash */
  const xl_command *cmd;     /* lent */
  xl_parse_opts opts;        /* opts.toolkit lent */
  char **argv;
  int argc;
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
  grown = realloc(argv, ((size_t)argc + 2) * sizeof(*argv));
  if (!grown)
    goto oom;
  argv = grown;
  argv[argc] = xl_strdup("-fpch-instantiate-templates");
  if (!argv[argc])
    goto oom;
  argv[++argc] = NULL;
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
  if (!doc->index || doc_args(doc) < 0) {
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
  xl_argv_free(doc->argv);
  free(doc);
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

/* Parse the first time, or reparse; on failure the TU is gone. */
static int reparse(xl_frontend_doc *doc, struct CXUnsavedFile *unsaved,
                   unsigned n, xl_error *err) {
  enum CXErrorCode ec;
  int rc;

  if (doc->tu) {
    rc = clang_reparseTranslationUnit(doc->tu, n, unsaved,
                                      clang_defaultReparseOptions(doc->tu));
    if (rc == 0)
      return XL_OK;
    clang_disposeTranslationUnit(doc->tu);
    doc->tu = NULL;
    return doc_failure(rc == CXError_Crashed ? CXError_Crashed
                                             : CXError_Failure,
                       doc->cmd->file, err);
  }
  ec = clang_parseTranslationUnit2(doc->index, doc->cmd->file,
                                   (const char *const *)doc->argv, doc->argc,
                                   unsaved, n, parse_flags(doc), &doc->tu);
  if (ec == CXError_Success)
    return XL_OK;
  doc->tu = NULL;
  return doc_failure(ec, doc->cmd->file, err);
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

int xl_frontend_doc_parse(xl_facts **out, xl_frontend_doc *doc,
                          const char *text, size_t len,
                          const xl_unsaved_file *files, size_t nfiles,
                          xl_diags *clang_errors, xl_error *err) {
  struct CXUnsavedFile *unsaved = unsaved_files(doc, text, len, files, nfiles);
  CXTranslationUnit again = NULL;
  xl_recovery rec;
  int rc;

  *out = NULL;
  if (!unsaved)
    return xl_error_set(err, XL_ENOMEM, "out of memory");
  rc = reparse(doc, unsaved, (unsigned)(nfiles + 1), err);
  free(unsaved);
  if (rc < 0)
    return rc;
  /* what clang cannot parse but nvcc accepts: a second, full parse of a
   * rewritten copy; the document keeps its own TU for the next reparse */
  memset(&rec, 0, sizeof(rec));
  if (xl_fe_recover(&rec, &again, doc->tu, doc->index, doc->cmd->file,
                    doc->argv, doc->argc) < 0) {
    xl_recovery_free(&rec);
    return xl_error_set(err, XL_ENOMEM, "out of memory");
  }
  rc = xl_fe_tu_facts(out, doc->index, again ? again : doc->tu,
                      again ? &rec : NULL, doc->cmd, &doc->opts, clang_errors,
                      NULL, err);
  if (again)
    clang_disposeTranslationUnit(again);
  xl_recovery_free(&rec);
  return rc;
}
