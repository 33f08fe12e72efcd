/*
 * lsp_handlers.h: one handler per LSP method (lsp_handlers.c for the
 * lifecycle, lsp_handlers_doc.c for documents). They run on the reader
 * thread and never wait for a parse.
 */
#ifndef XL_LSP_HANDLERS_H
#define XL_LSP_HANDLERS_H

#include "lsp_dispatch.h"

/* Requests. */
void xl_lsp_on_initialize(lsp_server *s, const lsp_call *c, lsp_reply *r);
void xl_lsp_on_shutdown(lsp_server *s, const lsp_call *c, lsp_reply *r);
void xl_lsp_on_code_action(lsp_server *s, const lsp_call *c, lsp_reply *r);
void xl_lsp_on_sync(lsp_server *s, const lsp_call *c, lsp_reply *r);

/* Notifications. */
void xl_lsp_on_initialized(lsp_server *s, const lsp_call *c, lsp_reply *r);
void xl_lsp_on_exit(lsp_server *s, const lsp_call *c, lsp_reply *r);
void xl_lsp_on_cancel(lsp_server *s, const lsp_call *c, lsp_reply *r);
void xl_lsp_on_did_open(lsp_server *s, const lsp_call *c, lsp_reply *r);
void xl_lsp_on_did_change(lsp_server *s, const lsp_call *c, lsp_reply *r);
void xl_lsp_on_did_save(lsp_server *s, const lsp_call *c, lsp_reply *r);
void xl_lsp_on_did_close(lsp_server *s, const lsp_call *c, lsp_reply *r);

#endif /* XL_LSP_HANDLERS_H */
