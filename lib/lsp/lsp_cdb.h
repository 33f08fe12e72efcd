/*
 * lsp_cdb.h: the compile command of a document, found as clangd finds it.
 *
 * From the file's directory upwards, the first directory holding
 * compile_commands.json, build/compile_commands.json or compile_flags.txt
 * wins (or only the directory given with --compile-commands-dir). A file
 * missing from its database borrows the command of the most similar CUDA
 * entry (same stem first, then the longest common directory), as clangd
 * interpolates. Otherwise the fallback flags apply (nvcc's defaults for a
 * .cu file). Databases are cached and reloaded when they change on disk.
 * Used by the worker thread only.
 */
#ifndef XL_LSP_CDB_H
#define XL_LSP_CDB_H

#include "xlambda/common.h"

typedef struct lsp_command {
  char **argv;     /* NULL-terminated; argv[0] is the compiler */
  int argc;
  char *directory; /* where the command runs (absolute) */
  char *origin;    /* where it came from, for the log */
} lsp_command;

typedef struct lsp_cdbs lsp_cdbs;

/*
 * A cache of databases; `dir` (may be NULL) is the only directory searched
 * when given (copied). Returns XL_OK or XL_ENOMEM; caller frees *out.
 */
int xl_lsp_cdbs_new(lsp_cdbs **out, const char *dir);

/* Release the cache. Accepts NULL. */
void xl_lsp_cdbs_free(lsp_cdbs *cdbs);

/*
 * The command for the absolute `path` into *out (caller frees with
 * xl_lsp_command_free); `fallback` are the arguments used when no database
 * knows the file. A database that cannot be read is logged through err and
 * the fallback is used. Returns XL_OK or XL_ENOMEM.
 */
int xl_lsp_cdbs_lookup(lsp_command *out, lsp_cdbs *cdbs, const char *path,
                       char *const *fallback, int nfallback, xl_error *err);

/* Release a command's strings. Accepts NULL. */
void xl_lsp_command_free(lsp_command *cmd);

#endif /* XL_LSP_CDB_H */
