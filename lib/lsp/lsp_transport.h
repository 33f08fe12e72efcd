/*
 * lsp_transport.h: message framing for the language server, and nothing
 * else: the bodies it reads are bytes, the ones it writes come from jansson.
 *
 * Standard framing is the protocol's: "Content-Length: N" headers, a blank
 * line, N bytes. Delimited framing is for tests (like clangd's -lit-test):
 * messages are separated by lines holding "---", and lines starting with
 * '#' are comments. Reading happens on one thread; writing is serialised by
 * a lock, so any thread may write.
 */
#ifndef XL_LSP_TRANSPORT_H
#define XL_LSP_TRANSPORT_H

#include <pthread.h>
#include <stdio.h>

#include <jansson.h>

#include "util/util.h"

typedef enum lsp_framing {
  XL_LSP_STANDARD = 0, /* Content-Length headers */
  XL_LSP_DELIMITED     /* "---" lines, '#' comments (tests) */
} lsp_framing;

typedef struct lsp_transport {
  FILE *in, *out;       /* lent */
  lsp_framing framing;
  int pretty;           /* indent output (tests) */
  pthread_mutex_t write_lock;
  int write_failed;     /* sticky: the output is gone */
  xl_buf line;          /* the reader's scratch line */
} lsp_transport;

/* The largest message body accepted (bytes). */
#define XL_LSP_MAX_MESSAGE (64u << 20)

/*
 * Set up a transport over two open streams (lent, not closed). Returns XL_OK
 * or XL_ENOMEM.
 */
int xl_lsp_transport_init(lsp_transport *t, FILE *in, FILE *out,
                          lsp_framing framing, int pretty);

/* Release what the transport allocated (not the streams). Accepts NULL. */
void xl_lsp_transport_destroy(lsp_transport *t);

/*
 * Read the next message body into *out (NUL-terminated, caller frees) and
 * its length into *len. At the end of the input returns XL_OK with *out
 * NULL. A frame that cannot be read (no or bad Content-Length, a body over
 * XL_LSP_MAX_MESSAGE) is XL_EPARSE with a message in err; the reader has then
 * skipped it and the next call goes on with the following frame. XL_ENOMEM.
 */
int xl_lsp_read(char **out, size_t *len, lsp_transport *t, xl_error *err);

/*
 * Serialise msg and write it as one frame, then flush. Thread-safe. Returns
 * XL_OK, XL_ENOMEM or XL_EIO (the output is gone; later writes fail too).
 */
int xl_lsp_write(lsp_transport *t, const json_t *msg);

/*
 * Write body (len bytes, as read by xl_lsp_read) as one standard frame,
 * unchanged, then flush: what a proxy forwards. Thread-safe. Returns XL_OK
 * or XL_EIO (the output is gone; later writes fail too).
 */
int xl_lsp_write_raw(lsp_transport *t, const char *body, size_t len);

#endif /* XL_LSP_TRANSPORT_H */
