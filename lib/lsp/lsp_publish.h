/*
 * lsp_publish.h: xlambda's findings as LSP diagnostics and code actions.
 *
 * A publication describes one document's findings computed on one text
 * snapshot. The findings in the document are published, and a finding in
 * another file (a header's template that the document's lambda reaches)
 * when one of its notes lies in the document: at that note, its message
 * naming the file and line, its own place first in relatedInformation
 * (clangd reports clang's own errors, so [clang-diagnostic-error] is left
 * out).
 * Positions are converted from byte columns to the negotiated encoding on
 * the snapshot (or, for notes and fix-its in other files, on the editor's
 * text of another open document that the check parsed, else on the file
 * as it is on disk).
 */
#ifndef XL_LSP_PUBLISH_H
#define XL_LSP_PUBLISH_H

#include <jansson.h>

#include "core/diag_impl.h"
#include "lsp_text.h"
#include "xlambda/xlambda.h" /* xl_unsaved_file */

typedef struct lsp_other_file lsp_other_file;

typedef struct lsp_publication {
  lsp_encoding enc;
  const char *docs_url; /* rule pages are <docs_url>/<id>.md; NULL: none */
  const char *uri;      /* the document */
  const char *path;
  const char *text;     /* the snapshot the findings were computed on */
  size_t len;
  const xl_diags *diags;
  const char *origin;   /* where the compile command came from ("fallback
                           flags", a database); NULL: not said */
  const xl_unsaved_file *others; /* the other open documents' texts the
                                    findings were computed on (may be NULL) */
  size_t nothers;
  lsp_other_file *files; /* texts of other files read so far (owned) */
  size_t nfiles, cap_files;
} lsp_publication;

/* An LSP range. */
typedef struct lsp_range {
  lsp_pos start, end;
} lsp_range;

/*
 * The Diagnostic[] for the publication (a new reference, or NULL when out
 * of memory): range, severity, code (the rule id), codeDescription (when
 * docs_url is set), source "xlambda", message, relatedInformation (the
 * notes).
 */
json_t *xl_lsp_diagnostics(lsp_publication *p);

/*
 * The one Diagnostic (a warning at the first such error, source "xlambda",
 * code "xlambda-incomplete") that says xlambda's check was incomplete:
 * clang could not open an included file or failed in a header, so findings
 * may be missing; it names the error and the command's origin. NULL when
 * the check was complete (or out of memory). A new reference.
 */
json_t *xl_lsp_incomplete_diagnostic(lsp_publication *p);

/*
 * The CodeAction[] for a textDocument/codeAction request, for the published
 * findings whose range or one of whose fix-its (their own or their notes')
 * touches `range`, or that match one of the client's context diagnostics
 * (may be NULL or empty): one quickfix per distinct edit, titled by the
 * edit ("change 'a' to 'b'", "remove 'a'", "insert 'b'"), listing every
 * finding it fixes; isPreferred when it is a finding's own fix-it (those
 * keep the meaning; a note's changes it); the preferred ones first. `only`
 * (may be NULL) is the client's context.only. A new reference, or NULL when
 * out of memory.
 */
json_t *xl_lsp_code_actions(lsp_publication *p, lsp_range range,
                            const json_t *context_diags, const json_t *only);

/* Release what a publication read (not the borrowed fields). */
void xl_lsp_publication_done(lsp_publication *p);

#endif /* XL_LSP_PUBLISH_H */
