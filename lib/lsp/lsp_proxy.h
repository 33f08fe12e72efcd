/*
 * lsp_proxy.h: `xlambda clangd`, one language server that wraps clangd.
 *
 * The proxy starts the real clangd and `xlambda lsp` as children. Every
 * message from the editor goes to clangd unchanged, and every message from
 * clangd comes back unchanged, except three that it joins with xlambda's
 * (lsp_merge.h): the initialize result, textDocument/publishDiagnostics
 * (the latest of each side for each document) and the textDocument/
 * codeAction answers. xlambda also gets the lifecycle and document
 * notifications, its own initialize (pinned to clangd's position encoding)
 * and codeAction requests under ids of its own.
 *
 * Faults: when clangd ends, so does the proxy, with clangd's exit status
 * (128 + the signal when it was killed). When xlambda ends or is slow,
 * clangd's answers go on alone (an answer waits at most timeout_ms for
 * xlambda's part).
 *
 * Threads: the caller's reads the editor; one thread reads clangd, one
 * reads xlambda, one answers what waited too long. One lock guards the
 * proxy's state; messages to xlambda are written under it, so they keep
 * their order.
 */
#ifndef XL_LSP_PROXY_H
#define XL_LSP_PROXY_H

#include <stdio.h>

#include "lsp.h"

typedef struct xl_lsp_proxy_opts {
  FILE *in, *out;            /* the editor's streams (lent) */
  FILE *log;                 /* the proxy's log (lent; NULL: none) */
  xl_lsp_log_level log_level;
  char *const *clangd_argv;  /* the real clangd and its arguments (lent,
                                NULL-terminated; argv[0] searched in PATH) */
  char *const *xlambda_argv; /* `xlambda lsp` and its options (lent,
                                NULL-terminated); NULL: clangd alone */
  int timeout_ms;            /* how long an answer waits for xlambda */
} xl_lsp_proxy_opts;

/*
 * Serve one editor session. Once clangd has started this does not return:
 * when clangd ends (after `exit`, at the end of the input, or a crash) the
 * process exits with clangd's status. Returns 2 when clangd cannot be
 * started (reported on the log) or the proxy cannot set up (out of memory,
 * no thread).
 */
int xl_lsp_proxy_serve(const xl_lsp_proxy_opts *opts);

#endif /* XL_LSP_PROXY_H */
