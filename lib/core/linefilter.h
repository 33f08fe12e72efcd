/*
 * linefilter.h: the files and lines a unified diff adds or changes (the
 * clang-tidy-diff use: check only changed files, report only changed lines).
 */
#ifndef XL_LINEFILTER_H
#define XL_LINEFILTER_H

#include <stddef.h>

#include "xlambda/common.h"

typedef struct xl_linefilter xl_linefilter;

/*
 * Parse a unified diff (`git diff -U0`, `diff -u`) into *out (caller frees).
 * The new side's paths ("+++ b/src/k.cu") lose git's "b/" prefix, then are
 * made absolute against `base` (NULL: the working directory). Deleted files
 * are skipped; a hunk "+c,0" adds no line. A pure function of its input:
 * never fails on odd text. Returns XL_OK or XL_ENOMEM.
 */
int xl_linefilter_from_diff(xl_linefilter **out, const char *diff, size_t len,
                            const char *base);

/* Release. Accepts NULL. */
void xl_linefilter_free(xl_linefilter *lf);

/* Number of files with added or changed lines, and the i-th (absolute). */
size_t xl_linefilter_file_count(const xl_linefilter *lf);
const char *xl_linefilter_file(const xl_linefilter *lf, size_t i);

/* 1 when `file` (absolute) has added or changed lines. */
int xl_linefilter_has_file(const xl_linefilter *lf, const char *file);

/* 1 when line `line` (1-based) of `file` is added or changed. */
int xl_linefilter_covers(const xl_linefilter *lf, const char *file,
                         unsigned line);

#endif /* XL_LINEFILTER_H */
