/*
 * emit.h: writing diagnostics out. Each emitter takes a finished, sorted
 * diagnostics list (possibly merged from several translation units).
 */
#ifndef XL_EMIT_H
#define XL_EMIT_H

#include <stdio.h>

#include "core/diag_impl.h"

/* xl_emit_opts.flags */
#define XL_EMIT_COLOR 0x1u      /* ANSI colours, as clang uses on a terminal */
#define XL_EMIT_NO_SOURCE 0x2u  /* no source line, caret or fix-it lines */
#define XL_EMIT_FIX_NOTES 0x4u  /* export: a note's single fix counts (--fix-notes) */

typedef struct xl_emit_opts {
  unsigned flags;
  const char *base_dir; /* SARIF: make URIs relative to this directory */
  const char *tool_version;
  const char *docs_url; /* SARIF: base URL of docs/rules (NULL: repo path) */
} xl_emit_opts;

/*
 * Print diagnostics as clang does: "file:line:col: error: message [rule]",
 * the source line, a caret under the location and ranges, the fix-it text,
 * then the notes in the same form. Source lines are read from disk.
 * Returns XL_OK or XL_EIO when writing fails.
 */
int xl_emit_text(FILE *out, const xl_diags *diags, const xl_emit_opts *opts);

/*
 * Print {"diagnostics":[...]} as documented in docs/output-formats.md.
 * Returns XL_OK, XL_ENOMEM or XL_EIO.
 */
int xl_emit_json(FILE *out, const xl_diags *diags, const xl_emit_opts *opts);

/*
 * Print SARIF 2.1.0 for GitHub code scanning (docs/output-formats.md): every
 * rule with its descriptions and help, one result per diagnostic with a
 * repository-relative URI (under opts->base_dir), UTF-16 columns, a
 * primaryLocationLineHash, notes as related locations, fix-its as fixes.
 * Returns XL_OK, XL_ENOMEM or XL_EIO.
 */
int xl_emit_sarif(FILE *out, const xl_diags *diags, const xl_emit_opts *opts);

/*
 * Print the fixes as clang-apply-replacements YAML (--export-fixes): one
 * document with every diagnostic, its message, file and byte offset, its
 * fix-its as Replacements and its notes; with XL_EMIT_FIX_NOTES a note's
 * fix is exported where --fix-notes would apply it. BuildDirectory is
 * opts->base_dir. Returns XL_OK or XL_EIO.
 */
int xl_emit_fixes_yaml(FILE *out, const xl_diags *diags,
                       const xl_emit_opts *opts);

/*
 * GitHub code scanning's primaryLocationLineHash of every line of a file
 * (the values github/codeql-action computes): *out gets *nlines heap
 * strings, out[line - 1] for 1-based lines (free each and the array).
 * Returns XL_OK or XL_ENOMEM.
 */
int xl_line_hashes(char ***out, size_t *nlines, const char *text, size_t len);

/*
 * The 1-based UTF-16 column of the 1-based byte column byte_col in a line
 * of UTF-8 text (len bytes). Invalid bytes count as one unit each.
 */
unsigned xl_utf16_column(const char *line, size_t len, unsigned byte_col);

/* Name of a severity as printed ("error", "warning", "note"). */
const char *xl_severity_name(xl_severity sev);

/* ---- the output formats (--format) --------------------------------------- */

typedef int (*xl_emit_fn)(FILE *out, const xl_diags *diags,
                          const xl_emit_opts *opts);

/* xl_emitter.needs */
#define XL_EMITTER_SOURCE_ROOT 0x1u /* paths relative to opts->base_dir */

typedef struct xl_emitter {
  const char *name;    /* --format=NAME */
  xl_emit_fn emit;
  unsigned needs;      /* XL_EMITTER_* */
} xl_emitter;

/*
 * The output format called `name` (NULL: the default, text), from the one
 * table of formats (emitters.c); NULL when there is none. Static storage.
 */
const xl_emitter *xl_emitter_find(const char *name);

/*
 * The formats' names for a message, "text, json or sarif", into buf
 * (truncated to n bytes, always terminated). Returns buf.
 */
const char *xl_emitter_names(char *buf, size_t n);

#endif /* XL_EMIT_H */
