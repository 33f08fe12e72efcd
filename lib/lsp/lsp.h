/*
 * lsp.h: `xlambda lsp`, a language server that runs beside clangd and
 * publishes xlambda's findings, with their fix-its as quick fixes.
 *
 * Modules (lib/lsp/):
 *   lsp_transport  framing only (Content-Length, or "---" for tests)
 *   lsp_dispatch   JSON-RPC: validation, the sorted method table, replies
 *   lsp_handlers   one function per method
 *   lsp_docs       URI -> text and version; owns the buffers
 *   lsp_worker     the parsing thread: one xl_document per open file,
 *                  coalescing, stale results dropped, queued requests
 *   lsp_publish    findings -> Diagnostic[] and CodeAction[]
 *   lsp_cdb        compile commands found as clangd finds them
 *   lsp_text       byte columns <-> UTF-16/UTF-8 code units, URIs
 *
 * Two threads: the reader (the caller's) reads and dispatches messages and
 * never waits for parsing; the worker parses and publishes.
 */
#ifndef XL_LSP_H
#define XL_LSP_H

#include <stdio.h>

#include "xlambda/xlambda.h"

typedef enum xl_lsp_log_level {
  XL_LSP_LOG_ERROR = 0,
  XL_LSP_LOG_INFO,
  XL_LSP_LOG_VERBOSE
} xl_lsp_log_level;

typedef struct xl_lsp_opts {
  FILE *in, *out;          /* the protocol streams (lent) */
  FILE *log;               /* the log (lent; NULL: none) */
  xl_lsp_log_level log_level;
  int delimited;           /* "---" framing on input (tests) */
  int pretty;              /* indented output (tests) */
  int test_methods;        /* enable the test-only "sync" request */
  int debounce_ms;         /* wait this long after a change before parsing */
  int max_tus;             /* translation units kept in memory; 0: all */
  const char *compile_commands_dir; /* NULL: search like clangd */
  const char *docs_url;    /* base of the rule pages; NULL: none */
  unsigned document_flags; /* XL_DOCUMENT_* */
  xl_checker *checker;     /* lent; used by the worker thread only; NULL:
                              nothing is checked (the protocol fuzz target) */
  /* the command line's settings, applied on top of each document's
     configuration (.xlambda.yaml, or config_file); NULL: not given */
  const char *rules, *wae, *cuda_version, *config_file;
  /* the header filters, instead of the configuration's (valid regular
     expressions; NULL: not given) */
  const char *header_filter, *exclude_header_filter;
} xl_lsp_opts;

/*
 * Serve one client until `exit` or the end of the input. Returns the
 * process exit code: 0 after shutdown then exit (or end of input), 1 when
 * the client left without shutdown, 2 when the server could not start
 * (out of memory, no thread).
 */
int xl_lsp_serve(const xl_lsp_opts *opts);

#endif /* XL_LSP_H */
