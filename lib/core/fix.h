/*
 * fix.h: applying fix-its to files, all or nothing per file.
 */
#ifndef XL_FIX_H
#define XL_FIX_H

#include <stdio.h>

#include "diag_impl.h"

/* One edit: replace [offset, offset + length) by text. */
typedef struct xl_repl {
  unsigned offset, length;
  const char *text;
  size_t order; /* stable tie-break for insertions at the same offset */
} xl_repl;

/*
 * Apply n edits to buf[0..len) into a new heap buffer *out (*out_len bytes,
 * NUL-terminated; caller frees). Identical edits are applied once. Edits
 * that overlap, or reach past the end, are refused: XL_ECONFLICT with a
 * message, and *out stays NULL. The edits array is sorted in place.
 */
int xl_fix_buffer(char **out, size_t *out_len, const char *buf, size_t len,
                  xl_repl *edits, size_t n, xl_error *err);

typedef struct xl_fix_stats {
  unsigned files_changed;
  unsigned files_refused;
  unsigned edits;
  unsigned fixed;        /* findings whose chosen fix was applied */
  unsigned errors_fixed; /* ... of them error-level */
  unsigned notes_only;   /* findings not fixed whose fix sits on a note
                            (without XL_FIX_NOTES, or on several notes) */
} xl_fix_stats;

/* xl_fix_apply flags */
#define XL_FIX_NOTES 0x1u /* also apply a note's fix when the finding has none */

/*
 * Apply the fix-its of diags to their files: every file is rewritten
 * atomically (a temporary file beside it, fsynced, renamed over it, the
 * permissions kept) with all its edits, or left untouched when its edits
 * conflict; each refusal is reported on `log` in one line. stats also
 * counts the findings fixed and those left with a fix on a note only. Returns XL_OK
 * when every file could be handled, else the last failure (XL_ECONFLICT,
 * XL_EIO).
 */
int xl_fix_apply(xl_fix_stats *stats, const xl_diags *diags, unsigned flags,
                 FILE *log, xl_error *err);

#endif /* XL_FIX_H */
