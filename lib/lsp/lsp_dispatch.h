/*
 * lsp_dispatch.h: JSON-RPC 2.0 for the language server: a message is
 * parsed and checked, routed through a static sorted method table, and
 * answered (a result, an error, or later by the worker).
 */
#ifndef XL_LSP_DISPATCH_H
#define XL_LSP_DISPATCH_H

#include <jansson.h>

#include "lsp_server.h"

/* JSON-RPC and LSP error codes. */
#define XL_LSP_PARSE_ERROR (-32700)
#define XL_LSP_INVALID_REQUEST (-32600)
#define XL_LSP_METHOD_NOT_FOUND (-32601)
#define XL_LSP_INVALID_PARAMS (-32602)
#define XL_LSP_INTERNAL_ERROR (-32603)
#define XL_LSP_SERVER_NOT_INITIALIZED (-32002)
#define XL_LSP_REQUEST_CANCELLED (-32800)

typedef struct lsp_call {
  const char *method;
  const json_t *id;     /* NULL for a notification */
  const json_t *params; /* NULL when absent */
} lsp_call;

/* What a handler answers to a request (ignored for a notification). */
typedef struct lsp_reply {
  json_t *result;       /* the result (a new reference); NULL means null */
  int error;            /* a JSON-RPC error code instead of a result */
  char message[256];
  int deferred;         /* queued: the worker answers */
} lsp_reply;

typedef void (*lsp_handler)(lsp_server *s, const lsp_call *call,
                            lsp_reply *reply);

/*
 * Handle one message body: parse it (a ParseError reply when it is not
 * JSON), check it is a request or notification (InvalidRequest), apply the
 * lifecycle (ServerNotInitialized before initialize, InvalidRequest after
 * shutdown), find the method (MethodNotFound for an unknown request; unknown
 * notifications are dropped) and run its handler. Never fails: every
 * problem becomes an error reply or a log line.
 */
void xl_lsp_dispatch(lsp_server *s, const char *body, size_t len);

/* Send a result for request id (steals result; NULL sends null). */
int xl_lsp_reply(lsp_server *s, const json_t *id, json_t *result);

/* Send an error for request id (NULL: the null id). */
int xl_lsp_reply_error(lsp_server *s, const json_t *id, int code,
                       const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

/* Send a notification (steals params). */
int xl_lsp_notify(lsp_server *s, const char *method, json_t *params);

/* Make a handler's reply an error with a formatted message. */
void xl_lsp_fail(lsp_reply *reply, int code, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* 1 when the method table is sorted (the unit tests check it). */
int xl_lsp_methods_sorted(void);

#endif /* XL_LSP_DISPATCH_H */
