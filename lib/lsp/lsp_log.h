/*
 * lsp_log.h: what the language server (lsp_server.c) and the clangd proxy
 * (lsp_proxy.c) share to log and time: one stderr line per message, and a
 * monotonic clock.
 */
#ifndef XL_LSP_LOG_H
#define XL_LSP_LOG_H

#include <stdarg.h>
#include <stdio.h>

#include "lsp.h"

/*
 * Write one line "<E|I|V>[<who>] <message>" to log in a single write (editors
 * log stderr chunk by chunk), when level is not above max. Nothing when log
 * is NULL or on out of memory.
 */
void xl_lsp_vlog(FILE *log, xl_lsp_log_level max, xl_lsp_log_level level,
                 const char *who, const char *fmt, va_list ap);

/* Monotonic seconds. */
double xl_lsp_now(void);

#endif /* XL_LSP_LOG_H */
