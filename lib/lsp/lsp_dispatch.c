/*
 * lsp_dispatch.c: JSON-RPC checks, the method table, replies.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lsp_dispatch.h"
#include "lsp_handlers.h"

#define REQUEST 0x1u   /* has an id and gets a reply */
#define TEST_ONLY 0x2u /* only with opts.test_methods */

typedef struct lsp_method {
  const char *name;
  unsigned flags;
  lsp_handler fn;
} lsp_method;

/* Sorted by name (strcmp): looked up with bsearch. */
static const lsp_method methods[] = {
    {"$/cancelRequest", 0, xl_lsp_on_cancel},
    {"exit", 0, xl_lsp_on_exit},
    {"initialize", REQUEST, xl_lsp_on_initialize},
    {"initialized", 0, xl_lsp_on_initialized},
    {"shutdown", REQUEST, xl_lsp_on_shutdown},
    {"sync", REQUEST | TEST_ONLY, xl_lsp_on_sync},
    {"textDocument/codeAction", REQUEST, xl_lsp_on_code_action},
    {"textDocument/didChange", 0, xl_lsp_on_did_change},
    {"textDocument/didClose", 0, xl_lsp_on_did_close},
    {"textDocument/didOpen", 0, xl_lsp_on_did_open},
    {"textDocument/didSave", 0, xl_lsp_on_did_save},
};

#define NMETHODS (sizeof(methods) / sizeof(*methods))

int xl_lsp_methods_sorted(void) {
  size_t i;

  for (i = 1; i < NMETHODS; i++)
    if (strcmp(methods[i - 1].name, methods[i].name) >= 0)
      return 0;
  return 1;
}

static int compare_method(const void *key, const void *elem) {
  return strcmp((const char *)key, ((const lsp_method *)elem)->name);
}

static const lsp_method *find_method(const lsp_server *s, const char *name) {
  const lsp_method *m =
      bsearch(name, methods, NMETHODS, sizeof(*methods), compare_method);

  if (m && (m->flags & TEST_ONLY) && !s->opts.test_methods)
    return NULL;
  return m;
}

/* ---- sending ----------------------------------------------------------- */

static int send(lsp_server *s, json_t *msg) {
  int rc;

  if (!msg)
    return XL_ENOMEM;
  rc = xl_lsp_write(&s->transport, msg);
  json_decref(msg);
  return rc;
}

int xl_lsp_reply(lsp_server *s, const json_t *id, json_t *result) {
  return send(s, json_pack("{s:s,s:O,s:o}", "jsonrpc", "2.0", "id", id,
                           "result", result ? result : json_null()));
}

static int reply_verror(lsp_server *s, const json_t *id, int code,
                        const char *fmt, va_list ap) {
  char msg[512];

  vsnprintf(msg, sizeof(msg), fmt, ap);
  xl_lsp_log(s, XL_LSP_LOG_INFO, "error reply %d: %s", code, msg);
  return send(s, json_pack("{s:s,s:O,s:{s:i,s:s}}", "jsonrpc", "2.0", "id",
                           id ? id : json_null(), "error", "code", code,
                           "message", msg));
}

int xl_lsp_reply_error(lsp_server *s, const json_t *id, int code,
                       const char *fmt, ...) {
  va_list ap;
  int rc;

  va_start(ap, fmt);
  rc = reply_verror(s, id, code, fmt, ap);
  va_end(ap);
  return rc;
}

int xl_lsp_notify(lsp_server *s, const char *method, json_t *params) {
  return send(s, json_pack("{s:s,s:s,s:o}", "jsonrpc", "2.0", "method", method,
                           "params", params));
}

void xl_lsp_fail(lsp_reply *reply, int code, const char *fmt, ...) {
  va_list ap;

  reply->error = code;
  va_start(ap, fmt);
  vsnprintf(reply->message, sizeof(reply->message), fmt, ap);
  va_end(ap);
}

/* ---- receiving --------------------------------------------------------- */

/* Check the envelope; 0 when it is a request or notification to route. */
static int check_envelope(lsp_server *s, const json_t *msg, lsp_call *call) {
  const json_t *id = json_object_get(msg, "id");
  const json_t *method = json_object_get(msg, "method");
  const json_t *version = json_object_get(msg, "jsonrpc");

  if (id && !json_is_integer(id) && !json_is_string(id))
    id = NULL; /* an id we cannot echo: answer with null */
  if (!method && (json_object_get(msg, "result") ||
                  json_object_get(msg, "error"))) {
    xl_lsp_log(s, XL_LSP_LOG_VERBOSE, "ignored a response from the client");
    return -1;
  }
  if (!json_is_string(version) ||
      strcmp(json_string_value(version), "2.0") != 0 ||
      !json_is_string(method) ||
      (json_object_get(msg, "id") && !id)) {
    xl_lsp_reply_error(s, id, XL_LSP_INVALID_REQUEST,
                       "not a JSON-RPC 2.0 request or notification (it needs "
                       "\"jsonrpc\": \"2.0\", a string \"method\" and an "
                       "integer or string \"id\" if any)");
    return -1;
  }
  call->method = json_string_value(method);
  call->id = id;
  call->params = json_object_get(msg, "params");
  if (json_is_null(call->params))
    call->params = NULL; /* as if absent */
  if (call->params && !json_is_object(call->params) &&
      !json_is_array(call->params)) {
    if (id)
      xl_lsp_reply_error(s, id, XL_LSP_INVALID_PARAMS,
                         "\"params\" must be an object or an array");
    return -1;
  }
  return 0;
}

/* The lifecycle: 0 when the call may run now. */
static int check_lifecycle(lsp_server *s, const lsp_call *call) {
  int is_init = strcmp(call->method, "initialize") == 0;
  int is_exit = strcmp(call->method, "exit") == 0;

  if (!s->initialized && !is_init && !is_exit) {
    if (call->id)
      xl_lsp_reply_error(s, call->id, XL_LSP_SERVER_NOT_INITIALIZED,
                         "'%s' before initialize", call->method);
    return -1;
  }
  if (s->shutdown && !is_exit) {
    if (call->id && strcmp(call->method, "shutdown") == 0)
      xl_lsp_reply(s, call->id, NULL); /* again: clients stop twice */
    else if (call->id)
      xl_lsp_reply_error(s, call->id, XL_LSP_INVALID_REQUEST,
                         "'%s' after shutdown", call->method);
    return -1;
  }
  return 0;
}

/* Find the method and check its kind; NULL when the call ends here. */
static const lsp_method *route(lsp_server *s, const lsp_call *call) {
  const lsp_method *m = find_method(s, call->method);

  if (!m) {
    if (call->id)
      xl_lsp_reply_error(s, call->id, XL_LSP_METHOD_NOT_FOUND,
                         "method not found: '%s'", call->method);
    else if (strncmp(call->method, "$/", 2) != 0)
      xl_lsp_log(s, XL_LSP_LOG_VERBOSE, "ignored notification '%s'",
                 call->method);
    return NULL;
  }
  if ((m->flags & REQUEST) && !call->id) {
    xl_lsp_log(s, XL_LSP_LOG_ERROR, "'%s' is a request but came without an "
               "id; ignored", call->method);
    return NULL;
  }
  if (!(m->flags & REQUEST) && call->id) {
    xl_lsp_reply_error(s, call->id, XL_LSP_INVALID_REQUEST,
                       "'%s' is a notification: it takes no id",
                       call->method);
    return NULL;
  }
  return m;
}

static void run(lsp_server *s, const lsp_method *m, const lsp_call *call) {
  lsp_reply reply;

  memset(&reply, 0, sizeof(reply));
  m->fn(s, call, &reply);
  if (!call->id) {
    if (reply.error)
      xl_lsp_log(s, XL_LSP_LOG_ERROR, "%s: %s", call->method, reply.message);
    json_decref(reply.result);
    return;
  }
  if (reply.deferred)
    return;
  if (reply.error) {
    json_decref(reply.result);
    xl_lsp_reply_error(s, call->id, reply.error, "%s", reply.message);
    return;
  }
  xl_lsp_reply(s, call->id, reply.result);
}

/* Route a well-formed message object. */
static void dispatch_object(lsp_server *s, const json_t *msg) {
  const lsp_method *m;
  lsp_call call;

  if (check_envelope(s, msg, &call) < 0 || check_lifecycle(s, &call) < 0)
    return;
  m = route(s, &call);
  if (!m)
    return;
  xl_lsp_log(s, XL_LSP_LOG_VERBOSE, "<-- %s", call.method);
  run(s, m, &call);
}

void xl_lsp_dispatch(lsp_server *s, const char *body, size_t len) {
  json_error_t jerr;
  json_t *msg = json_loadb(body, len, 0, &jerr);

  if (!msg) {
    xl_lsp_reply_error(s, NULL, XL_LSP_PARSE_ERROR,
                       "invalid JSON at line %d, column %d: %s", jerr.line,
                       jerr.column, jerr.text);
    return;
  }
  if (json_is_object(msg))
    dispatch_object(s, msg);
  else
    xl_lsp_reply_error(s, NULL, XL_LSP_INVALID_REQUEST,
                       "a message must be a JSON object (batches are not "
                       "used by LSP)");
  json_decref(msg);
}
