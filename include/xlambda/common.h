/*
 * xlambda: a static checker for CUDA extended lambdas.
 *
 * common.h: status codes, the caller-owned error object and the export macro
 * shared by every public header.
 */
#ifndef XLAMBDA_COMMON_H
#define XLAMBDA_COMMON_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__)
#define XL_API __attribute__((visibility("default")))
#else
#define XL_API
#endif

#define XL_VERSION_STRING "0.1.0"

/*
 * Status codes. A fallible call returns XL_OK (0) or one of the negative
 * values below; the optional xl_error * argument then holds a one-line
 * message.
 */
typedef enum xl_status {
  XL_OK = 0,
  XL_ERROR = -1,     /* generic failure */
  XL_ENOMEM = -2,    /* out of memory */
  XL_EIO = -3,       /* a file could not be read or written */
  XL_EINVAL = -4,    /* bad argument or option */
  XL_ENOTFOUND = -5, /* a file, tool or database entry is missing */
  XL_EPARSE = -6,    /* input could not be parsed (config, database, args) */
  XL_ECONFLICT = -7, /* overlapping fix-its */
  XL_ESTALE = -8,    /* a file changed on disk since it was analysed */
  XL_ECRASH = -9,    /* libclang crashed on a translation unit */
  XL_ETIMEOUT = -10, /* a translation unit ran past its time limit */
  XL_ENOTCUDA = -11, /* the file is not compiled as CUDA */
  XL_EFULLPARSE = -12 /* the full parse must follow the skip parse, and the
                         options leave it to the caller */
} xl_status;

/* Opaque error object, owned by the caller and reusable across calls. */
typedef struct xl_error xl_error;

/*
 * Allocate an empty error object into *out. The caller owns it and releases
 * it with xl_error_free. Returns XL_OK or XL_ENOMEM.
 */
XL_API int xl_error_new(xl_error **out);

/* Release an error object. Accepts NULL. */
XL_API void xl_error_free(xl_error *err);

/*
 * The last message recorded in err, or "" when none. The string is lent:
 * it stays valid until the next call that takes err.
 */
XL_API const char *xl_error_message(const xl_error *err);

/* The last status recorded in err, or XL_OK. Accepts NULL (returns XL_OK). */
XL_API int xl_error_status(const xl_error *err);

/* Forget the last error. Accepts NULL. */
XL_API void xl_error_clear(xl_error *err);

/* A short English name for a status code ("I/O error", ...). Never NULL. */
XL_API const char *xl_status_string(int status);

#ifdef __cplusplus
}
#endif

#endif /* XLAMBDA_COMMON_H */
