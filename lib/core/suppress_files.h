/*
 * suppress_files.h: the suppressions of the files one translation unit
 * reports in, parsed once each, and the test of a finding against them.
 * Shared by `xlambda check` (files read from disk) and the language server
 * (the edited file's unsaved text first, headers from disk), so both
 * suppress exactly the same findings.
 */
#ifndef XL_SUPPRESS_FILES_H
#define XL_SUPPRESS_FILES_H

#include <stddef.h>

#include "core/diag_impl.h"
#include "core/suppress.h"

#define XL_SUPPRESSED_FLAG 3 /* nvcc --diag-suppress in the compile command */

typedef struct xl_supp_files xl_supp_files;

/* A new, empty set in *out (caller frees). XL_OK or XL_ENOMEM. */
int xl_supp_files_new(xl_supp_files **out);

/* Release. Accepts NULL. */
void xl_supp_files_free(xl_supp_files *c);

/* Where a set reads its files, for a shell whose files are not (only) on
 * disk: the plugin's SourceManager buffers, the original files named by the
 * line markers of a preprocessed compile. */
typedef struct xl_supp_source {
  /* The text of `file` into *text (heap, the set frees it) and *len:
   * returns 1, or 0 to read the file from disk. May be NULL. */
  int (*read)(void *ctx, const char *file, char **text, size_t *len);
  /* Where the comments that govern a finding at loc are: returns 1 with
   * *file (lent; must outlive the set) and *offset, or 0 for loc itself.
   * May be NULL. */
  int (*locate)(void *ctx, const xl_dloc *loc, const char **file,
                size_t *offset);
  void *ctx;
} xl_supp_source;

/* Read files through src (copied) from now on. */
void xl_supp_files_set_source(xl_supp_files *c, const xl_supp_source *src);

/*
 * Take text[0..len) as the contents of `file` (an editor's unsaved buffer)
 * instead of what is on disk. Call before the file is first looked up.
 * XL_OK or XL_ENOMEM.
 */
int xl_supp_files_set_text(xl_supp_files *c, const char *file,
                           const char *text, size_t len);

/*
 * Read and parse `file` now (its unmatched NOLINTBEGIN/END then count in
 * xl_supp_files_errors even when no finding is in it); nothing when it was
 * read already. An unreadable file suppresses nothing. XL_OK or XL_ENOMEM.
 */
int xl_supp_files_read(xl_supp_files *c, const char *file);

/*
 * How finding d is suppressed: 0, XL_SUPPRESSED_NOLINT,
 * XL_SUPPRESSED_PRAGMA, or XL_SUPPRESSED_FLAG when its rule is in
 * `diag_suppress` (a NULL-terminated list; may be NULL). clang's own errors
 * and findings without a line never are. A file that cannot be read
 * suppresses nothing.
 */
int xl_supp_files_match(xl_supp_files *c, const char *const *diag_suppress,
                        const xl_diag *d);

/*
 * Add to `out` one [xlambda-nolint] error per unmatched NOLINTBEGIN/END in
 * the files looked up so far; `keep(ctx, file, line)` (may be NULL) decides
 * which lines count. Returns the number added, or XL_ENOMEM.
 */
int xl_supp_files_errors(xl_supp_files *c, xl_diags *out,
                         int (*keep)(void *ctx, const char *file,
                                     unsigned line),
                         void *ctx);

#endif /* XL_SUPPRESS_FILES_H */
