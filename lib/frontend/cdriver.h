/*
 * cdriver.h: the parse of `xlambda check --parse=skip` (issue 20).
 *
 * Declared here, for parse.c, and defined by plugin/driver.cpp in the
 * shared library xlambda_cdriver (built with the plugin, when libclang-cpp
 * 22 is found; XL_HAVE_CDRIVER is then defined for this folder). The
 * library drives clang's own front end in-process, skips the function
 * bodies no rule reads (driver.cpp says which), and walks the AST with
 * lib/frontend's walk over the plugin's libclang shim (cx_shim.cpp), the
 * device side included; only this entry point is exported.
 */
#ifndef XL_FRONTEND_CDRIVER_H
#define XL_FRONTEND_CDRIVER_H

#include "xlambda/sys/facts.h"
#include "xlambda/xlambda.h" /* xl_unsaved_file */

#ifdef __cplusplus
extern "C" {
#endif

/*
 * One clang error of the skip parse, as libclang's full parse reports it:
 * clang_getDiagnosticSpelling's text at clang_getExpansionLocation's file
 * (its name as clang opened it), line, column and offset; in_system is 1
 * when that place is in a system header (clang_Location_isInSystemHeader).
 * Returns XL_OK or XL_ENOMEM. The strings are the library's, valid during
 * the call.
 */
typedef int (*xl_cdriver_error_fn)(void *ctx, const char *file,
                                   unsigned line, unsigned col,
                                   unsigned offset, int in_system,
                                   const char *msg);

/*
 * Whether the run shows the findings of the header `file` (its name as
 * clang opened it): 1 or 0. The bodies of a header not shown are skipped
 * as a system header's are (plugin/library.h).
 */
typedef int (*xl_cdriver_shown_fn)(void *ctx, const char *file);

/*
 * Parse `file` with the clang driver arguments argv[0..argc) (those of
 * xl_frontend_args, without the program name and the file), with the
 * function bodies no rule reads skipped, and walk the host side into
 * `facts` (made by the caller, which keeps it) with xl_fe_walk_tu's
 * walk_flags; when the file needs it, the device side is parsed in full
 * and joined (facts->device). shown (may be NULL: every user header is
 * shown) is asked, with shown_ctx, once per user header. Then
 * on_error(ctx, ...) is called for each of
 * clang's errors of the host side, in the order clang reported them (a
 * file with errors is walked, as the full parse walks it).
 *
 * *out_parsed is 0 when the full parse must answer instead: clang refused
 * the arguments, or an error that the full parse treats apart (a fatal
 * one: a missing #include, too many errors; one without a file; one that
 * recover.c repairs: "expected body of lambda expression", "expected
 * expression"). facts may then be partly filled (the caller frees them)
 * and on_error is not called; the caller parses in full (parse.c). Returns
 * XL_OK, or XL_ENOMEM (facts are then partly filled; the caller frees
 * them), or what on_error returned.
 */
int xl_cdriver_parse(int *out_parsed, xl_facts *facts, const char *file,
                     const char *const *argv, int argc, unsigned walk_flags,
                     xl_cdriver_shown_fn shown, void *shown_ctx,
                     xl_cdriver_error_fn on_error, void *ctx);

/*
 * A function or function template that a header of a document's block
 * declares at namespace scope (in a namespace, the translation unit or a
 * linkage specification), named by an identifier, at a place in a file.
 */
typedef struct xl_cdriver_fn {
  const char *name;  /* the identifier */
  const char *ns;    /* the namespaces around it, outermost first and
                        inline ones included: "std::__detail"; "" for the
                        global namespace; "(anonymous)" for an unnamed one */
  unsigned header;   /* its file: an index into xl_cdriver_block.headers */
  unsigned offset;   /* of its name in that file, in bytes */
  unsigned loc;      /* its name's place as the block's own parse encoded
                        it (SourceLocation::getRawEncoding): a parse that
                        loads the PCH has it at loc plus one constant */
} xl_cdriver_fn;

/* What xl_cdriver_block_pch tells of a block it built (the caller's). */
typedef struct xl_cdriver_block {
  char **files;      /* the user files the block entered, as clang opened
                        them, src left out, in the order clang first
                        entered them; NULL-terminated, each string and the
                        array freed with free (xl_argv_free) */
  char **headers;    /* every file it entered, system headers too: the same */
  xl_cdriver_fn *fns; /* its functions (xl_cdriver_fn), sorted by name,
                         header and offset: one block with their strings,
                         freed with free */
  size_t nfns;
  int kernel_templates; /* 1 when one of them is a __global__ template */
} xl_cdriver_block;

/*
 * Build a precompiled header at `pch` of a language-server document's
 * leading block of directives (text[0..len)), read as the file `src` (a
 * name in the document's directory, never written, so that its quoted
 * #includes are found as the document's), with the clang driver arguments
 * argv[0..argc) (as for xl_cdriver_parse, -fpch-instantiate-templates
 * included) and files[0..nfiles) standing for those files on disk. The
 * skip decision is the command line's for what a document's walk reads
 * (blockpch.cpp): a user header's templated bodies are kept, every other
 * header body is skipped; a header that shown (may be NULL: every user
 * header is shown; asked with shown_ctx once per user header) does not
 * show is a library's, as a system header. *out_built is 1 when the PCH
 * was written, *out then filled (xl_cdriver_block), 0 when clang refused
 * the arguments or reported an error (the caller then parses as before:
 * the error is reported there; *out is zeroed). Returns XL_OK or
 * XL_ENOMEM (nothing out).
 */
int xl_cdriver_block_pch(int *out_built, xl_cdriver_block *out,
                         const char *pch, const char *src, const char *text,
                         size_t len, const char *const *argv, int argc,
                         const xl_unsaved_file *files, size_t nfiles,
                         xl_cdriver_shown_fn shown, void *shown_ctx);

#ifdef __cplusplus
}
#endif

#endif /* XL_FRONTEND_CDRIVER_H */
