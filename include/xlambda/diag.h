/*
 * xlambda/diag.h: diagnostics, read-only.
 *
 * A check produces an xl_diags list. Each diagnostic has a rule id, a
 * severity, a location, a message, highlighted ranges, notes (each with a
 * location, a message and fix-its) and fix-its. Fix-its are byte-offset
 * replacements in a file. Everything is owned by the list and lent to the
 * caller for as long as the list lives.
 */
#ifndef XLAMBDA_DIAG_H
#define XLAMBDA_DIAG_H

#include "xlambda/common.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum xl_severity {
  XL_SEV_NOTE = 0,
  XL_SEV_WARNING = 1,
  XL_SEV_ERROR = 2
} xl_severity;

typedef struct xl_diags xl_diags;
typedef struct xl_diag xl_diag;
typedef struct xl_note xl_note;

/* A place in a file, as reported: 1-based line and byte column. */
typedef struct xl_position {
  const char *file;  /* lent; "" when unknown */
  unsigned line;     /* 0 when unknown */
  unsigned column;
  unsigned offset;   /* 0-based byte offset */
} xl_position;

/* A replacement of [offset, offset + length) in file by text. */
typedef struct xl_edit {
  const char *file;
  unsigned offset;
  unsigned length;
  const char *text;
  unsigned line, column;         /* where it starts */
  unsigned end_line, end_column; /* where it ends */
} xl_edit;

/* Number of diagnostics in the list (0 for NULL). */
XL_API size_t xl_diags_count(const xl_diags *diags);

/* The i-th diagnostic, or NULL when out of range. Lent. */
XL_API const xl_diag *xl_diags_at(const xl_diags *diags, size_t i);

/* The rule id, e.g. "extended_lambda_reference_capture". Lent. */
XL_API const char *xl_diag_rule(const xl_diag *d);

/* The effective severity (after configuration). */
XL_API xl_severity xl_diag_severity(const xl_diag *d);

/* The message without the trailing "[rule_id]". Lent. */
XL_API const char *xl_diag_message(const xl_diag *d);

/* Where the diagnostic is reported. */
XL_API xl_position xl_diag_position(const xl_diag *d);

/* Notes attached to the diagnostic. */
XL_API size_t xl_diag_note_count(const xl_diag *d);
XL_API const xl_note *xl_diag_note(const xl_diag *d, size_t i);
XL_API const char *xl_note_message(const xl_note *n);
XL_API xl_position xl_note_position(const xl_note *n);

/* Fix-its on the diagnostic, and on a note. */
XL_API size_t xl_diag_fixit_count(const xl_diag *d);
XL_API xl_edit xl_diag_fixit(const xl_diag *d, size_t i);
XL_API size_t xl_note_fixit_count(const xl_note *n);
XL_API xl_edit xl_note_fixit(const xl_note *n, size_t i);

#ifdef __cplusplus
}
#endif

#endif /* XLAMBDA_DIAG_H */
