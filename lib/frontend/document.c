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
 * A document whose text starts with directives gets, with the header
 * bodies skipped (the default), its own PCH of that leading block instead
 * of clang's preamble (docpch.c, blockpch.cpp): a preamble skips the
 * bodies of all its headers, this PCH keeps the templated bodies of user
 * headers, which the document's lambdas can reach. The document is then
 * parsed with -include-pch and its block blanked (each byte but the line
 * ends a space: the lines and columns stay). Where that PCH cannot be had
 * (clang reports an error in the block, or refuses the PCH), the document
 * is parsed with clang's preamble as before.
 *
 * The PCHs are temporary files (docpch.c); clang refusing one (it was
 * removed, a header changed) makes the document parse without it (see
 * reparse).
 */
#define _POSIX_C_SOURCE 200809L
#include <clang-c/Index.h> /* the parse side: beyond the walk's seam.h */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "docfuncs.h"
#include "fe.h"
#include "recover.h"
#include "frontend.h"

struct xl_frontend_doc {
  CXIndex index;
  CXTranslationUnit tu;      /* NULL before the first parse or after a crash */
  const xl_command *cmd;     /* lent */
  xl_parse_opts opts;        /* opts.toolkit lent */
  char **argv;               /* argc arguments, then room for -include-pch
                                PATH: lent, set for each parse (argc + 2
                                arguments then) */
  int argc;
  char *base;                /* the base PCH's path once built (removed on
                                free) */
  int pch_failed;            /* the base PCH failed or was refused: parse
                                without one */
  char *tu_pch;              /* the PCH tu was parsed with (a copy of
                                the base's or the block's path), or NULL */
  fe_block *block;           /* the leading block's PCH (docpch.c) */
  fe_shown shown;            /* its header filter: opts.shows */
  fe_incl *incl;             /* the user files of tu (inclusions.c) */
  int kept;                  /* the last parse reused them */
};

/* How a text is parsed (choose_pch). */
typedef struct doc_text {
  struct CXUnsavedFile *host; /* what libclang parses: the main file first */
  struct CXUnsavedFile *orig; /* the editor's texts (the device side's) */
  unsigned n;
  char *blanked;              /* host[0]'s text when it is blanked */
  size_t block;               /* the leading block's end */
  const char *pch;            /* -include-pch's file, or NULL */
} doc_text;

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
      xl_fe_incl_new(&doc->incl, cmd->file) < 0 ||
      xl_fe_block_new(&doc->block, cmd->file) < 0) {
    xl_frontend_doc_free(doc);
    return XL_ENOMEM;
  }
  doc->shown.opts = &doc->opts;
  doc->shown.directory = cmd->directory;
  xl_fe_block_set_shown(doc->block, &doc->shown);
  *out = doc;
  return XL_OK;
}

void xl_frontend_doc_free(xl_frontend_doc *doc) {
  if (!doc)
    return;
  if (doc->tu)
    clang_disposeTranslationUnit(doc->tu);
  free(doc->tu_pch);
  if (doc->index)
    clang_disposeIndex(doc->index);
  if (doc->argv) /* lent: not freed with the arguments */
    doc->argv[doc->argc] = doc->argv[doc->argc + 1] = NULL;
  xl_argv_free(doc->argv);
  if (doc->base)
    unlink(doc->base);
  free(doc->base);
  xl_fe_block_free(doc->block);
  xl_fe_incl_free(doc->incl);
  free(doc);
}

/* 1 when doc's unit was parsed with the base PCH. */
static int tu_base(const xl_frontend_doc *doc) {
  return doc->tu && doc->tu_pch && doc->base &&
         strcmp(doc->tu_pch, doc->base) == 0;
}

int xl_frontend_doc_base_pch(const xl_frontend_doc *doc) {
  return tu_base(doc);
}

int xl_frontend_doc_block_pch(const xl_frontend_doc *doc) {
  return doc->tu && doc->tu_pch && !tu_base(doc);
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
  if (xl_fe_parse_tu(&tu, doc->index, src, doc->argv, doc->argc, &empty, 1,
                     flags) != CXError_Success)
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

/* Build the base PCH (docpch.c's temporary file). Returns 0, or -1
 * (nothing kept; the caller parses without). */
static int build_base(xl_frontend_doc *doc) {
  char path[4096], src[4200];

  if (xl_fe_pch_tempfile(path, sizeof(path)) < 0)
    return -1;
  snprintf(src, sizeof(src), "%s.cu", path); /* a name only: never written */
  if (save_base(doc, src, path) < 0) {
    unlink(path);
    return -1;
  }
  doc->base = xl_strdup(path);
  if (!doc->base)
    unlink(path);
  return doc->base ? 0 : -1;
}

/* The base PCH, built on first need; NULL when it cannot be had (building
 * it failed, or clang refused it). */
static const char *base_pch(xl_frontend_doc *doc) {
  if (doc->pch_failed)
    return NULL;
  if (!doc->base && build_base(doc) < 0)
    doc->pch_failed = 1;
  return doc->base;
}

/* Blank t->host[0]'s leading block (each byte but a line end a space), the
 * block's PCH standing for it. XL_OK or XL_ENOMEM. */
static int blank_block(doc_text *t) {
  size_t i;

  t->blanked = malloc(t->host[0].Length ? t->host[0].Length : 1);
  if (!t->blanked)
    return XL_ENOMEM;
  memcpy(t->blanked, t->host[0].Contents, t->host[0].Length);
  for (i = 0; i < t->block; i++)
    if (t->blanked[i] != '\n' && t->blanked[i] != '\r')
      t->blanked[i] = ' ';
  t->host[0].Contents = t->blanked;
  return XL_OK;
}

/*
 * Choose the PCH that t is parsed with (t->pch): the leading block's own
 * (its text then blanked), the base PCH, or none (clang's preamble, or no
 * header bodies skipped). XL_OK or XL_ENOMEM.
 */
static int choose_pch(xl_frontend_doc *doc, doc_text *t,
                      const xl_unsaved_file *files, size_t nfiles) {
  const char *text = t->orig[0].Contents;
  size_t len = t->orig[0].Length;
  int rc;

  t->host[0] = t->orig[0];
  t->pch = NULL;
  if (!(doc->opts.flags & XL_PARSE_SKIP_HEADER_BODIES) ||
      forced_include(doc->argv, doc->argc))
    return XL_OK; /* a PCH would include the forced file a second time */
  if (!leading_directive(text, len)) { /* clang builds it no preamble */
    t->pch = base_pch(doc);
    return XL_OK;
  }
  rc = xl_fe_block_ready(&t->pch, doc->block, text, t->block, files, nfiles,
                         (const char *const *)doc->argv, doc->argc);
  if (rc == XL_OK && t->pch)
    rc = blank_block(t);
  return rc;
}

/* The arguments to parse with pch (may be NULL): their count; doc->argv
 * then lends pch. */
static int pch_args(xl_frontend_doc *doc, const char *pch) {
  doc->argv[doc->argc] = doc->argv[doc->argc + 1] = NULL;
  if (!pch)
    return doc->argc;
  doc->argv[doc->argc] = (char *)"-include-pch";
  doc->argv[doc->argc + 1] = (char *)pch;
  return doc->argc + 2;
}

/* 1 when doc's unit was parsed with pch (may be NULL). */
static int same_pch(const xl_frontend_doc *doc, const char *pch) {
  if (!doc->tu_pch || !pch)
    return !doc->tu_pch && !pch;
  return strcmp(doc->tu_pch, pch) == 0;
}

/* Parse from scratch, with t->pch when set; on failure there is no TU. */
static int fresh_parse(xl_frontend_doc *doc, const doc_text *t,
                       xl_error *err) {
  enum CXErrorCode ec;
  int argc = pch_args(doc, t->pch);

  free(doc->tu_pch);
  doc->tu_pch = t->pch ? xl_strdup(t->pch) : NULL;
  if (t->pch && !doc->tu_pch)
    return xl_error_set(err, XL_ENOMEM, "out of memory");
  ec = xl_fe_parse_tu(&doc->tu, doc->index, doc->cmd->file, doc->argv, argc,
                      t->host, t->n, parse_flags(doc));
  if (ec == CXError_Success)
    return XL_OK;
  doc->tu = NULL;
  return doc_failure(ec, doc->cmd->file, err);
}

static void drop_tu(xl_frontend_doc *doc) {
  clang_disposeTranslationUnit(doc->tu);
  doc->tu = NULL;
  free(doc->tu_pch);
  doc->tu_pch = NULL;
  xl_fe_incl_drop(doc->incl); /* a new unit: its files are asked again */
}

/* Give up t's PCH, which clang refused: the block's until its text or the
 * unsaved files change, the base for good; t is then parsed as before. */
static void give_up_pch(xl_frontend_doc *doc, doc_text *t,
                        const xl_unsaved_file *files, size_t nfiles) {
  if (doc->base && strcmp(t->pch, doc->base) == 0)
    doc->pch_failed = 1;
  else
    xl_fe_block_refused(doc->block, t->orig[0].Contents, t->block, files,
                        nfiles);
  t->pch = NULL;
  t->host[0] = t->orig[0];
}

/* Parse the first time, or reparse; on failure the TU is gone. A PCH clang
 * refuses or fails on is given up: the text is parsed again without it. */
static int reparse(xl_frontend_doc *doc, doc_text *t,
                   const xl_unsaved_file *files, size_t nfiles,
                   xl_error *err) {
  int rc;

  if (doc->tu && !same_pch(doc, t->pch))
    drop_tu(doc); /* another PCH, or none */
  if (doc->tu) {
    rc = clang_reparseTranslationUnit(doc->tu, t->n, t->host,
                                      clang_defaultReparseOptions(doc->tu));
    if (rc != 0) {
      drop_tu(doc);
      rc = doc_failure(rc == CXError_Crashed ? CXError_Crashed
                                             : CXError_Failure,
                       doc->cmd->file, err);
    }
  } else {
    rc = fresh_parse(doc, t, err);
  }
  if (!t->pch || rc == XL_ECRASH ||
      (rc == XL_OK && !any_diag(doc->tu, is_pch_refusal)))
    return rc;
  if (doc->tu)
    drop_tu(doc);
  give_up_pch(doc, t, files, nfiles);
  return fresh_parse(doc, t, err);
}

/* t's texts: the main file's, then the other files'. XL_OK or XL_ENOMEM. */
static int doc_text_new(doc_text *t, const xl_frontend_doc *doc,
                        const char *text, size_t len,
                        const xl_unsaved_file *files, size_t nfiles) {
  size_t i;

  memset(t, 0, sizeof(*t));
  t->n = (unsigned)(nfiles + 1);
  t->orig = calloc(nfiles + 1, sizeof(*t->orig));
  t->host = calloc(nfiles + 1, sizeof(*t->host));
  if (!t->orig || !t->host)
    return XL_ENOMEM;
  t->orig[0].Filename = doc->cmd->file;
  t->orig[0].Contents = text;
  t->orig[0].Length = (unsigned long)len;
  for (i = 0; i < nfiles; i++) {
    t->orig[i + 1].Filename = files[i].path;
    t->orig[i + 1].Contents = files[i].text;
    t->orig[i + 1].Length = (unsigned long)files[i].len;
  }
  memcpy(t->host, t->orig, (nfiles + 1) * sizeof(*t->host));
  t->block = xl_fe_leading_block(text, len);
  return XL_OK;
}

static void doc_text_free(doc_text *t) {
  free(t->orig);
  free(t->host);
  free(t->blanked);
}

/* Walk doc's unit, or recover.c's second parse of a rewritten copy of it
 * (the document keeps its own unit for the next reparse), into *out. */
static int doc_facts(xl_facts **out, xl_frontend_doc *doc, fe_doc_in *in,
                     xl_diags *clang_errors, xl_error *err) {
  CXTranslationUnit again = NULL;
  fe_docfuncs *funcs = NULL;
  xl_recovery rec;
  int rc;

  memset(&rec, 0, sizeof(rec));
  if (xl_fe_recover(&rec, &again, doc->tu, doc->index, doc->cmd->file,
                    doc->argv, pch_args(doc, doc->tu_pch), in->main_text,
                    in->main_len) < 0 ||
      xl_fe_docfuncs_new(&funcs, again ? again : doc->tu,
                         xl_frontend_doc_block_pch(doc) ? doc->block : NULL,
                         doc->cmd->file) < 0) {
    if (again)
      clang_disposeTranslationUnit(again);
    xl_recovery_free(&rec);
    return xl_error_set(err, XL_ENOMEM, "out of memory");
  }
  if (again) {
    in->incl = NULL; /* another unit: its files are its own */
    in->main_text = NULL; /* and its text, recover.c's */
  }
  in->header_functions = xl_fe_docfuncs_each; /* the unit's (again's) */
  in->header_ctx = funcs;
  rc = xl_fe_tu_facts(out, doc->index, again ? again : doc->tu,
                      again ? &rec : NULL, doc->cmd, &doc->opts, clang_errors,
                      NULL, in, err);
  xl_fe_docfuncs_free(funcs);
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
  doc_text t;
  fe_doc_in in;
  int rc;

  *out = NULL;
  rc = doc_text_new(&t, doc, text, len, files, nfiles);
  if (rc == XL_OK)
    rc = choose_pch(doc, &t, files, nfiles);
  if (rc < 0) {
    doc_text_free(&t);
    return xl_error_set(err, XL_ENOMEM, "out of memory");
  }
  rc = reparse(doc, &t, files, nfiles, err);
  if (rc == XL_OK) {
    /* the device side, when needed, parses the editor's texts */
    xl_fe_incl_prepare(doc->incl, text, len, files, nfiles);
    memset(&in, 0, sizeof(in));
    in.unsaved = t.orig;
    in.nunsaved = t.n;
    in.incl = doc->incl;
    in.main_text = text;
    in.main_len = len;
    in.header_bodies_skipped =
        (doc->opts.flags & XL_PARSE_SKIP_HEADER_BODIES) != 0;
    if (xl_frontend_doc_block_pch(doc)) {
      in.block_files = xl_fe_block_files(doc->block, &in.nblock_files);
      in.block_src = xl_fe_block_src(doc->block);
      in.no_header_kernels = xl_fe_block_no_kernel_templates(doc->block);
    }
    rc = doc_facts(out, doc, &in, clang_errors, err);
  }
  doc_text_free(&t);
  return rc;
}
