/*
 * suppress.h: suppression comments and pragmas in a source buffer.
 *
 *   // NOLINT                   this line, every rule
 *   // NOLINT(rule-glob, ...)   this line, the rules the globs match
 *   // NOLINTNEXTLINE(...)      the next line
 *   // NOLINTBEGIN(...) ... // NOLINTEND(...)   the lines in between
 *   #pragma nv_diag_suppress tag[, tag]    from here on (nvcc's own)
 *   #pragma nv_diag_default tag            (also nv_diag_warning/_error) ends it
 *   #pragma nv_diagnostic push / pop       save and restore the set
 *
 * NOLINT comments follow clang-tidy 22: the text "NOLINT..." is found
 * anywhere in the line (comments are not parsed); globs are trimmed,
 * negative globs ignored, "NOLINT()" suppresses nothing, a "(" without a
 * ")" on its line counts as no list; BEGIN/END blocks nest and an END must
 * repeat its BEGIN's list, else both are reported as unmatched. Pragmas take
 * nvcc's diagnostic tags (the rule ids) and also their legacy spelling
 * without "nv_" and the _Pragma("...") form.
 *
 * xl_suppress_parse is a pure function of the buffer (no I/O, no global
 * state), so it can be unit-tested and fuzzed on its own.
 */
#ifndef XL_SUPPRESS_H
#define XL_SUPPRESS_H

#include <stddef.h>

#include "xlambda/common.h"

typedef struct xl_suppressions xl_suppressions;

/* What suppressed a finding (xl_suppress_match). */
#define XL_SUPPRESSED_NOLINT 1 /* a NOLINT comment */
#define XL_SUPPRESSED_PRAGMA 2 /* an nv_diag_suppress pragma region */

/* An unmatched NOLINTBEGIN or NOLINTEND. */
typedef struct xl_suppress_error {
  unsigned line, col; /* 1-based; col in bytes */
  size_t offset;      /* of the "N" of "NOLINT" */
  const char *message; /* static text, clang-tidy's wording */
} xl_suppress_error;

/*
 * Find every suppression directive in buf[0..len) into *out (caller frees
 * with xl_suppress_free). Never fails on odd input. Returns XL_OK or
 * XL_ENOMEM.
 */
int xl_suppress_parse(xl_suppressions **out, const char *buf, size_t len);

/* Release. Accepts NULL. */
void xl_suppress_free(xl_suppressions *s);

/*
 * Whether a finding of `rule` at byte `offset` of the buffer is suppressed:
 * 0, XL_SUPPRESSED_NOLINT or XL_SUPPRESSED_PRAGMA.
 */
int xl_suppress_match(const xl_suppressions *s, const char *rule,
                      size_t offset);

/* The unmatched NOLINTBEGIN/END comments, in buffer order. Lent. */
const xl_suppress_error *xl_suppress_errors(const xl_suppressions *s,
                                            size_t *n);

/* Number of NOLINT directives and of pragma directives found. */
size_t xl_suppress_count(const xl_suppressions *s);

#endif /* XL_SUPPRESS_H */
