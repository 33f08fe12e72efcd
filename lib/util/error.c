/*
 * error.c: the caller-owned xl_error object and status names.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

struct xl_error {
  int status;
  char message[1024];
};

int xl_error_new(xl_error **out) {
  xl_error *e = calloc(1, sizeof(*e));

  *out = NULL;
  if (!e)
    return XL_ENOMEM;
  *out = e;
  return XL_OK;
}

void xl_error_free(xl_error *err) { free(err); }

const char *xl_error_message(const xl_error *err) {
  return err ? err->message : "";
}

int xl_error_status(const xl_error *err) { return err ? err->status : XL_OK; }

void xl_error_clear(xl_error *err) {
  if (!err)
    return;
  err->status = XL_OK;
  err->message[0] = '\0';
}

int xl_error_set(xl_error *err, int status, const char *fmt, ...) {
  va_list ap;

  if (!err)
    return status;
  err->status = status;
  va_start(ap, fmt);
  vsnprintf(err->message, sizeof(err->message), fmt, ap);
  va_end(ap);
  return status;
}

const char *xl_status_string(int status) {
  switch (status) {
  case XL_OK: return "success";
  case XL_ENOMEM: return "out of memory";
  case XL_EIO: return "I/O error";
  case XL_EINVAL: return "invalid argument";
  case XL_ENOTFOUND: return "not found";
  case XL_EPARSE: return "parse error";
  case XL_ECONFLICT: return "conflicting edits";
  case XL_ESTALE: return "file changed on disk";
  case XL_ECRASH: return "libclang crashed";
  case XL_ETIMEOUT: return "timed out";
  case XL_ENOTCUDA: return "not a CUDA file";
  case XL_EFULLPARSE: return "the full parse must follow";
  default: return "error";
  }
}
