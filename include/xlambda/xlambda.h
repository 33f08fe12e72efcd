/*
 * xlambda/xlambda.h: the public API of libxlambda.
 *
 *   xl_options   what to check (rules, CUDA toolkit, version)
 *   xl_checker   a reusable checker (one per thread)
 *   xl_result    the outcome for one translation unit: diagnostics and facts
 *
 *     xl_options *o; xl_checker *c; xl_result *r;
 *     xl_options_new(&o);
 *     xl_checker_new(&c, o, err);
 *     xl_check_file(&r, c, "k.cu", NULL, 0, err);
 *     ... xl_result_diags(r) ...
 *     xl_result_free(r); xl_checker_free(c); xl_options_free(o);
 */
#ifndef XLAMBDA_XLAMBDA_H
#define XLAMBDA_XLAMBDA_H

#include "xlambda/common.h"
#include "xlambda/diag.h"
#include "xlambda/rules.h"

#ifdef __cplusplus
extern "C" {
#endif

struct xl_facts;
typedef struct xl_options xl_options;
typedef struct xl_checker xl_checker;
typedef struct xl_result xl_result;

/* Default options into *out (caller frees). XL_OK or XL_ENOMEM. */
XL_API int xl_options_new(xl_options **out);

/* Release options. Accepts NULL. */
XL_API void xl_options_free(xl_options *opts);

/*
 * Select rules with comma-separated globs applied in order ("-*,ext*").
 * XL_EINVAL for a glob that matches no rule.
 */
XL_API int xl_options_set_rules(xl_options *opts, const char *globs,
                                xl_error *err);

/* Report warnings of the rules matching globs as errors. XL_EINVAL as above. */
XL_API int xl_options_set_warnings_as_errors(xl_options *opts,
                                             const char *globs, xl_error *err);

/*
 * Override a rule's severity ("error", "warning"). XL_EINVAL for an unknown
 * rule or severity.
 */
XL_API int xl_options_set_severity(xl_options *opts, const char *rule,
                                   const char *severity, xl_error *err);

/* Use this CUDA toolkit instead of searching for one (copied). */
XL_API int xl_options_set_cuda_path(xl_options *opts, const char *path);

/*
 * The CUDA version rules assume ("12.4"), instead of the toolkit's.
 * XL_EINVAL when it is not MAJOR.MINOR.
 */
XL_API int xl_options_set_cuda_version(xl_options *opts, const char *version,
                                       xl_error *err);

/*
 * Add an argument to every command checked with these options: in front of
 * the command's own arguments when `before` is 1, else after them (copied).
 * XL_OK or XL_ENOMEM.
 */
XL_API int xl_options_add_arg(xl_options *opts, const char *arg, int before);

/*
 * Remove the command's arguments that match the shell glob (copied), after
 * the nvcc translation, before the added arguments. XL_OK or XL_ENOMEM.
 */
XL_API int xl_options_remove_args(xl_options *opts, const char *glob);

/*
 * Keep results in the directory `dir` (copied; NULL: no cache, the
 * default) and replay them while the checked files are unchanged: the key
 * is this build, the rule configuration, the translated arguments and the
 * contents of the main file and of every file its parse read. A replayed
 * result has the same findings, but xl_result_facts holds only the file
 * table. XL_OK or XL_ENOMEM.
 */
XL_API int xl_options_set_cache_dir(xl_options *opts, const char *dir);

/*
 * Share results through an HTTP store as well (copied; NULL: none, the
 * default): `url` is ccache's HTTP remote storage syntax, URL then
 * '|'-separated attributes (layout=flat|subdirs|bazel, read-only=true,
 * bearer-token=T, connect-timeout=MS, operation-timeout=MS). The cache
 * directory, when set, stays the first level. A bad URL or an unreachable
 * or wrong answer is a miss (xl_checker_remote_warning says why), never a
 * failed check. XL_OK or XL_ENOMEM.
 */
XL_API int xl_options_set_cache_url(xl_options *opts, const char *url);

/* Analyse declarations in system headers too (off by default). */
XL_API void xl_options_set_system_headers(xl_options *opts, int on);

/*
 * Parse the host side with the bodies of functions no rule reads skipped
 * (`--parse=skip`: non-templated functions of system headers), through
 * clang's own front end in-process, when xlambda was built with
 * libclang-cpp; otherwise, after a parse error, with the result cache or
 * with system headers analysed, the full parse (the default) is used.
 * The findings are the full parse's (ctest parse-diff).
 */
XL_API void xl_options_set_parse_skip(xl_options *opts, int on);

/*
 * With the skip parse on: where it gives way to the full parse (the file
 * has clang errors), fail the check with XL_EFULLPARSE instead of parsing
 * in full in this process, so that a caller with worker processes runs the
 * check again with the skip parse off in a fresh one. The full parse then
 * starts from a clean process: its peak memory is its own, not added to
 * what the skip parse left behind (the code of libclang-cpp it ran, heap
 * that malloc_trim cannot return).
 */
XL_API void xl_options_set_defer_full_parse(xl_options *opts, int on);

/* A deep copy of opts into *out (caller frees). XL_OK or XL_ENOMEM. */
XL_API int xl_options_copy(xl_options **out, const xl_options *opts);

/*
 * A checker for options (copied). Finds the CUDA toolkit. Caller frees.
 * XL_ENOTFOUND for an explicit CUDA path that is not a toolkit, XL_ENOMEM.
 */
XL_API int xl_checker_new(xl_checker **out, const xl_options *opts,
                          xl_error *err);

/*
 * Check the next translation units with other options (copied); the
 * toolkit found by xl_checker_new stays. XL_OK or XL_ENOMEM (the old
 * options stay).
 */
XL_API int xl_checker_set_options(xl_checker *checker, const xl_options *opts,
                                  xl_error *err);

/* Release a checker. Accepts NULL. */
XL_API void xl_checker_free(xl_checker *checker);

/*
 * Why the shared cache level (xl_options_set_cache_url) was not used for
 * some lookup or store of this checker: a bad URL, a server that did not
 * answer or answered with an error (one line, lower-case; the first such
 * failure), or NULL while none happened. Owned by the checker.
 */
XL_API const char *xl_checker_remote_warning(const xl_checker *checker);

/*
 * Check one file with extra compiler arguments (like clang-tidy's `--`).
 * On success *out holds the result (caller frees) even when the file did not
 * parse cleanly (see xl_result_incomplete). Fails with XL_ENOTFOUND (no such
 * file), XL_ENOTCUDA (not compiled as CUDA), XL_EINVAL (a directory,
 * arguments clang rejects), XL_ECRASH, XL_EFULLPARSE (with
 * xl_options_set_defer_full_parse: check again with the skip parse off) or
 * XL_ENOMEM, with a one-line message in err.
 */
XL_API int xl_check_file(xl_result **out, xl_checker *checker,
                         const char *file, const char *const *args, int nargs,
                         xl_error *err);

/*
 * Check one compile-database entry: argv[0] is the compiler (nvcc,
 * nvcc_wrapper, clang++, ..., possibly behind ccache), directory the entry's
 * working directory. nvcc commands are translated for clang (see
 * xl_result_unknown_options). Same contract as xl_check_file, plus XL_EIO /
 * XL_EPARSE for an unreadable or malformed response file.
 */
XL_API int xl_check_command(xl_result **out, xl_checker *checker,
                            const char *file, const char *const *argv,
                            int argc, const char *directory, xl_error *err);

/*
 * The clang arguments xlambda parses a compile-database entry with (after
 * the nvcc translation and the options' extra and removed arguments), for
 * --dump-args: *out is a NULL-terminated heap array of heap strings (free
 * each and the array), *n its length. Fails like xl_check_command.
 */
XL_API int xl_check_command_args(char ***out, int *n, xl_checker *checker,
                                 const char *file, const char *const *argv,
                                 int argc, const char *directory,
                                 xl_error *err);

/* The findings, sorted by file, line, column and rule. Lent. */
XL_API const xl_diags *xl_result_diags(const xl_result *r);

/* The facts the frontend extracted (the --dump-facts data). Lent. */
XL_API const struct xl_facts *xl_result_facts(const xl_result *r);

/* 1 when clang reported errors: the analysis may have missed code. */
XL_API int xl_result_incomplete(const xl_result *r);

/* 1 when the result was replayed from the cache (xl_options_set_cache_dir). */
XL_API int xl_result_cached(const xl_result *r);

/* The checked file (absolute). Lent. */
XL_API const char *xl_result_file(const xl_result *r);

/*
 * The options of the compile command that xlambda did not know and dropped
 * (each once), as a NULL-terminated array. Lent.
 */
XL_API const char *const *xl_result_unknown_options(const xl_result *r);

/*
 * The diagnostic tags the command suppresses for the whole translation unit
 * (nvcc --diag-suppress, -Xcudafe --diag_suppress), NULL-terminated. Lent.
 */
XL_API const char *const *xl_result_diag_suppress(const xl_result *r);

/* Release a result. Accepts NULL. */
XL_API void xl_result_free(xl_result *r);

/*
 * Drop the findings that are suppressed, as `xlambda check` does: by a
 * NOLINT comment or an nv_diag_suppress pragma region in the file they are
 * in, or by nvcc's --diag-suppress in the compile command; and add an
 * [xlambda-nolint] error for each unmatched NOLINTBEGIN/END. `text` (len
 * bytes; may be NULL) is the main file's contents (an editor's unsaved
 * text); other files are read from disk. *nsuppressed (may be NULL) gets
 * the number dropped. clang's own errors are never dropped. XL_OK, or
 * XL_ENOMEM with the result unchanged.
 */
XL_API int xl_result_suppress(size_t *nsuppressed, xl_result *r,
                              const char *text, size_t len, xl_error *err);

/* ---- documents: a file being edited (the language server) -------------- */

typedef struct xl_document xl_document;

/* xl_document_new flags */
#define XL_DOCUMENT_SKIP_HEADER_BODIES 0x1u /* skip function bodies in the
                                               preamble's headers (faster) */

/*
 * A document for `file` checked with a compile-database style command
 * (argv[0] is the compiler, as for xl_check_command). It keeps one
 * translation unit that each xl_document_check reparses with the editor's
 * text, reusing a precompiled preamble of the leading #include block.
 * `opts` (copied; NULL: the checker's) are the document's own options, for
 * example the checker's with a configuration file applied: rules,
 * severities, extra and removed arguments, CUDA version. checker is lent and must outlive the document; a document is used by one
 * thread at a time, and documents of one checker may be used on different
 * threads as long as the checker itself is not. Fails with XL_EINVAL (not a
 * CUDA command, empty argv) or XL_ENOMEM. Caller frees *out.
 */
XL_API int xl_document_new(xl_document **out, xl_checker *checker,
                           const xl_options *opts, const char *file,
                           const char *const *argv, int argc,
                           const char *directory, unsigned flags,
                           xl_error *err);

/*
 * Check the document with `text` (len bytes) as the contents of its file,
 * whatever is on disk. Same result contract as xl_check_file: *out
 * (caller frees) holds the findings, clang's errors included, even when the
 * text does not parse cleanly. Fails with XL_EINVAL (arguments clang
 * rejects), XL_ECRASH (the next call starts from scratch) or XL_ENOMEM.
 */
XL_API int xl_document_check(xl_result **out, xl_document *doc,
                             const char *text, size_t len, xl_error *err);

/* An editor's unsaved text of a file other than the document's. */
typedef struct xl_unsaved_file {
  const char *path; /* absolute */
  const char *text; /* len bytes */
  size_t len;
} xl_unsaved_file;

/*
 * xl_document_check with the editor's unsaved text of other files too
 * (headers open in the editor with changes not saved): files[0..nfiles)
 * (lent; may be NULL when nfiles is 0) stand for those files on disk in the
 * parse; a file the document does not include is ignored. A header of the
 * precompiled preamble whose text changed rebuilds the preamble. Same
 * contract as xl_document_check.
 */
XL_API int xl_document_check_files(xl_result **out, xl_document *doc,
                                   const char *text, size_t len,
                                   const xl_unsaved_file *files,
                                   size_t nfiles, xl_error *err);

/*
 * 1 when the last check of doc parsed its text a second time with header
 * bodies: a document made with XL_DOCUMENT_SKIP_HEADER_BODIES does so when
 * its text gives a lambda that is not extended, or a local class, to a
 * library template whose body it skipped (whether a kernel takes it is in
 * that body), and then returns the second parse's findings; 0 otherwise.
 */
XL_API int xl_document_header_bodies(const xl_document *doc);

/* The document's file (absolute). Lent. */
XL_API const char *xl_document_file(const xl_document *doc);

/*
 * 1 when the last check of doc parsed its text with a "base" precompiled
 * header (clang's CUDA wrapper headers, built once): what a document gets
 * when its text starts with no directive, so that clang builds it no
 * preamble; 0 otherwise (a preamble, or a full parse).
 */
XL_API int xl_document_base_pch(const xl_document *doc);

/*
 * 1 when the last check of doc parsed its text with a precompiled header of
 * its leading block of directives that xlambda built (the templated
 * function bodies of user headers kept, every other header body skipped)
 * instead of clang's precompiled preamble, which skips every header body;
 * 0 otherwise (the preamble, when that header could not be built: clang
 * reported an error in the block).
 */
XL_API int xl_document_block_pch(const xl_document *doc);

/*
 * 1 when the last check of doc reused the list of the user files of its
 * translation unit from the check before (the text's leading directives,
 * its other open files and those files on disk unchanged, and no #include
 * further down), instead of asking clang for every file of the preamble
 * again; 0 otherwise.
 */
XL_API int xl_document_kept_inclusions(const xl_document *doc);

/* Release a document and its translation unit. Accepts NULL. */
XL_API void xl_document_free(xl_document *doc);

#ifdef __cplusplus
}
#endif

#endif /* XLAMBDA_XLAMBDA_H */
