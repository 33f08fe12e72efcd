/*
 * frontend.h: the libclang frontend as the core sees it (no clang types).
 *
 * A frontend handle owns a libclang index. xl_frontend_parse parses one side
 * (host or device) of a translation unit with the command's arguments plus
 * the CUDA set-up (toolkit path, CCCL include, nvcc's macros), walks it, and
 * returns the facts; clang's own errors are appended to a diagnostics list
 * as [clang-diagnostic-error] findings.
 */
#ifndef XL_FRONTEND_H
#define XL_FRONTEND_H

#include "xlambda/sys/facts.h"
#include "xlambda/xlambda.h"
#include "core/command.h"
#include "core/diag_impl.h"

typedef struct xl_frontend xl_frontend;

typedef enum xl_side { XL_SIDE_HOST = 0, XL_SIDE_DEVICE = 1 } xl_side;

/* The CUDA toolkit the frontend parses against. */
typedef struct xl_toolkit {
  char *path;     /* e.g. /usr/local/cuda; NULL when none was found */
  int major, minor, build;
} xl_toolkit;

/*
 * Locate the toolkit: explicit (--cuda-path) first, then $CUDA_PATH, then
 * nvcc on $PATH, then /usr/local/cuda. Reads its version from
 * version.json or include/cuda.h. A missing toolkit is not an error: out->path
 * stays NULL and clang's own defaults apply. An explicit path that does not
 * exist is XL_ENOTFOUND.
 */
int xl_toolkit_find(xl_toolkit *out, const char *explicit_path, xl_error *err);

/* Release the toolkit's strings. Accepts NULL. */
void xl_toolkit_free(xl_toolkit *tk);

/* What names the code that computes findings, beside xlambda's executable,
 * into buf (n bytes, truncated, NUL-terminated): libclang's version text and
 * the GNU build id of the skip parse's library ("none" without one), which
 * is rebuilt alone when only plugin/ changes (identity.c). */
void xl_frontend_identity(char *buf, size_t n);

/* Create a frontend into *out (caller frees). XL_OK or XL_ENOMEM. */
int xl_frontend_new(xl_frontend **out);

/* Release a frontend. Accepts NULL. */
void xl_frontend_free(xl_frontend *fe);

/* xl_parse_opts.flags */
#define XL_PARSE_KEEP_TU 0x1u /* (LSP) keep the TU for a later reparse */
#define XL_PARSE_SKIP_HEADER_BODIES 0x2u /* documents: no function bodies in
                                            the preamble's headers */
#define XL_PARSE_SYSTEM_HEADERS 0x4u /* walk system-header declarations too */
#define XL_PARSE_RECORD_DEPS 0x8u /* fill facts->deps (the result cache) */
#define XL_PARSE_SKIP_BODIES 0x10u /* check --parse=skip: the host side
                                      parsed by cdriver.h, with the bodies
                                      no rule reads skipped */
#define XL_PARSE_DEFER_FULL 0x20u /* with SKIP_BODIES: XL_EFULLPARSE where
                                     the full parse would follow */

/*
 * Whether the run shows the findings of the header `file` (an absolute
 * path, as the facts name it after xl_facts_absolute_paths): 1 or 0.
 */
typedef int (*xl_parse_shows_fn)(const void *ctx, const char *file);

typedef struct xl_parse_opts {
  const xl_toolkit *toolkit;
  xl_side side;
  int cuda_major, cuda_minor; /* version the rules assume; 0: the toolkit's */
  unsigned flags;
  /* With XL_PARSE_SKIP_BODIES, or a document's XL_PARSE_SKIP_HEADER_BODIES:
     the headers whose findings are shown (NULL: all); the bodies of the
     others are skipped as a system header's are (plugin/library.h).
     shows_ctx is lent for the call (for the document's life). */
  xl_parse_shows_fn shows;
  const void *shows_ctx;
} xl_parse_opts;

/*
 * Parse cmd's file on one side and build its facts into *out (caller frees
 * with xl_facts_free). clang's errors go to `clang_errors` (may be NULL) and,
 * when there were any, the facts get XL_FACTS_INCOMPLETE. Fails with
 * XL_ENOTFOUND (missing file), XL_EINVAL (arguments libclang rejects),
 * XL_ECRASH (libclang crashed), XL_EFULLPARSE (XL_PARSE_DEFER_FULL, and the
 * skip parse had errors) or XL_ENOMEM.
 */
int xl_frontend_parse(xl_facts **out, xl_frontend *fe, const xl_command *cmd,
                      const xl_parse_opts *opts, xl_diags *clang_errors,
                      xl_error *err);

/*
 * Build the clang argument vector used for cmd (for --dump-args and tests).
 * *out_argv is a NULL-terminated heap array of heap strings; free it with
 * xl_argv_free. Returns XL_OK or XL_ENOMEM.
 */
int xl_frontend_args(char ***out_argv, int *out_argc, const xl_command *cmd,
                     const xl_parse_opts *opts);

/* ---- editor documents (lib/frontend/document.c) ----------------------- */

typedef struct xl_frontend_doc xl_frontend_doc;

/*
 * A persistent translation unit for cmd's file, whose text comes from an
 * editor. cmd and opts->toolkit are lent and must outlive the document;
 * opts is copied (opts->shows_ctx lent too: the headers it does not show
 * are precompiled as system headers, docpch.c). The document has its own
 * libclang index, keeps its preamble in memory and must be used by one
 * thread at a time. Returns
 * XL_OK or XL_ENOMEM; the caller frees *out with xl_frontend_doc_free.
 */
int xl_frontend_doc_new(xl_frontend_doc **out, const xl_command *cmd,
                        const xl_parse_opts *opts);

/*
 * Parse (the first time) or reparse (later) the document with `text` as the
 * main file's contents (and files[0..nfiles), lent, the editor's unsaved
 * text of other files, for theirs), reusing the precompiled preamble while the leading
 * #include block and the headers are unchanged (a text that starts with no
 * directive, which clang gives no preamble, is parsed with a base PCH of
 * clang's CUDA wrapper headers, built once in $TMPDIR and removed by
 * xl_frontend_doc_free; without it when it cannot be built or clang refuses
 * it), and build the facts into
 * *out (caller frees). clang's errors go to clang_errors (may be NULL). The
 * file need not exist on disk. Fails with XL_EINVAL (arguments clang
 * rejects), XL_ECRASH (libclang crashed; the next call parses from
 * scratch) or XL_ENOMEM.
 */
int xl_frontend_doc_parse(xl_facts **out, xl_frontend_doc *doc,
                          const char *text, size_t len,
                          const xl_unsaved_file *files, size_t nfiles,
                          xl_diags *clang_errors, xl_error *err);

/* 1 when the last parse of doc used its base PCH (the text started with no
 * directive, so clang built no preamble), else 0. */
int xl_frontend_doc_base_pch(const xl_frontend_doc *doc);

/* 1 when the last parse of doc used the PCH of its leading block of
 * headers (lib/frontend/docpch.c), else 0. */
int xl_frontend_doc_block_pch(const xl_frontend_doc *doc);

/* 1 when the last parse of doc reused its kept list of user files
 * (lib/frontend/inclusions.c), else 0. */
int xl_frontend_doc_kept_inclusions(const xl_frontend_doc *doc);

/* Release a document and its translation unit. Accepts NULL. */
void xl_frontend_doc_free(xl_frontend_doc *doc);

#endif /* XL_FRONTEND_H */
