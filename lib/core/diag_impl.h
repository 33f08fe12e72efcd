/*
 * diag_impl.h: the layout of diagnostics inside libxlambda (emitters, the
 * fix applier, the runner and the LSP server read these directly).
 */
#ifndef XL_DIAG_IMPL_H
#define XL_DIAG_IMPL_H

#include "xlambda/diag.h"
#include "xlambda/sys/rule.h"
#include "util/util.h"

/* xl_diag.flags */
#define XL_DIAG_CLANG 0x1u          /* clang's own error ([clang-diagnostic-error]) */
#define XL_DIAG_FIX_DROPPED 0x2u    /* a fix-it was refused (macro, unknown place) */
#define XL_DIAG_AS_ERROR 0x4u       /* promoted by warnings-as-errors */
#define XL_DIAG_TOOL 0x8u           /* a note from xlambda itself (config, NOLINT) */
#define XL_DIAG_IN_SYSTEM 0x10u     /* clang's error, in a system header */
/* why a finding was suppressed (xl_pipeline_sift) */
#define XL_DIAG_BY_NOLINT 0x100u    /* a NOLINT comment */
#define XL_DIAG_BY_PRAGMA 0x200u    /* #pragma nv_diag_suppress */
#define XL_DIAG_BY_FLAG 0x400u      /* nvcc --diag-suppress in the command */
/* why a finding was hidden (xl_pipeline_sift) */
#define XL_DIAG_BY_SYSTEM 0x800u    /* in a system header */
#define XL_DIAG_BY_HEADER 0x1000u   /* the header filters leave its file out */
#define XL_DIAG_BY_LINES 0x2000u    /* outside the lines --diff keeps */

typedef struct xl_dloc {
  const char *file; /* interned in the list; "" when unknown */
  unsigned line, col, offset;
  unsigned macro;   /* 1 when in a macro expansion */
} xl_dloc;

typedef struct xl_fixit {
  xl_dloc begin, end; /* same file; end is one past */
  const char *text;
} xl_fixit;

struct xl_note {
  xl_dloc loc;
  const char *message;
  xl_fixit *fixits;
  size_t nfixits, cap_fixits;
  int fix_dropped;   /* a fix-it was refused: the note keeps none */
  xl_diag *owner;
};

struct xl_diag {
  int rule;              /* index in the rule table, -1 for clang's errors */
  const char *rule_name; /* "clang-diagnostic-error" for clang's */
  xl_severity severity;
  unsigned flags;        /* XL_DIAG_* */
  xl_dloc loc;
  const char *message;
  xl_dloc *ranges;       /* pairs: begin, end */
  size_t nranges, cap_ranges;
  xl_note **notes;
  size_t nnotes, cap_notes;
  xl_fixit *fixits;
  size_t nfixits, cap_fixits;
  xl_diags *list;
  const xl_facts *facts; /* while rules run: converts xl_loc for the adders */
};

struct xl_diags {
  xl_arena arena;
  xl_diag **items;
  size_t count, cap;
  size_t total;         /* items allocated (count excludes dropped duplicates) */
  const char **files;   /* interned file names */
  uint64_t *hashes;     /* per file: content hash when analysed, 0 unknown */
  size_t nfiles, cap_files;
  int oom;
};

/*
 * Create an empty list into *out; the caller owns it (xl_diags_free).
 * Returns XL_OK or XL_ENOMEM.
 */
int xl_diags_new(xl_diags **out);

/* Release a list and everything it owns. Accepts NULL. */
void xl_diags_free(xl_diags *diags);

/* Intern a file name in the list's storage; NULL when out of memory. */
const char *xl_diags_intern(xl_diags *diags, const char *file);

/*
 * Append a diagnostic with a formatted message. Returns it (owned by the
 * list) or NULL when out of memory (the list remembers: diags->oom).
 */
xl_diag *xl_diags_add(xl_diags *diags, int rule, const char *rule_name,
                      xl_severity sev, xl_dloc loc, const char *message);

/*
 * Remember that `file` (interned or not) had content hash `hash` when it was
 * analysed (0 = unknown). Used by the fix applier to refuse stale files.
 */
void xl_diags_set_hash(xl_diags *diags, const char *file, uint64_t hash);

/* The recorded hash of an interned file name, or 0. */
uint64_t xl_diags_hash(const xl_diags *diags, const char *file);

/* Record the facts' content hashes for every file the list mentions. */
void xl_diags_take_hashes(xl_diags *diags, const xl_facts *facts);

/* Convert a facts location into a diagnostic location. */
xl_dloc xl_dloc_from(xl_diags *diags, const xl_facts *facts, xl_loc loc);

/* Append a fix-it made of diagnostic locations (used by the runner). */
void xl_diag_add_edit(xl_diag *d, xl_dloc begin, xl_dloc end, const char *text);

/* Append a note made of a diagnostic location. Returns it or NULL. */
xl_note *xl_diag_add_dnote(xl_diag *d, xl_dloc loc, const char *message);

/* Copy diagnostic d (and its notes and fix-its) into list dst. NULL on OOM. */
xl_diag *xl_diags_copy(xl_diags *dst, const xl_diag *d);

/*
 * Sort the list by file, line, column, rule and message, and drop exact
 * duplicates (the same finding reached twice). Deterministic.
 */
void xl_diags_sort_unique(xl_diags *diags);

/*
 * Make every relative file name in the list (locations, ranges, notes,
 * fix-its) absolute against dir. Returns XL_OK or XL_ENOMEM.
 */
int xl_diags_absolute_paths(xl_diags *diags, const char *dir);

/* 1 when two diagnostics report the same finding. */
int xl_diag_same(const xl_diag *a, const xl_diag *b);

#endif /* XL_DIAG_IMPL_H */
