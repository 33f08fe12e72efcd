/*
 * argv.h: argument vectors: growable NULL-terminated string arrays, shell-like
 * splitting, and response-file expansion (`@file` for gcc/clang drivers,
 * `--options-file file` / `-optf file` for nvcc).
 */
#ifndef XL_ARGV_H
#define XL_ARGV_H

#include "xlambda/common.h"

/* A growable, NULL-terminated array of heap strings. */
typedef struct xl_argv {
  char **v;    /* NULL-terminated once anything was pushed; may be NULL */
  int n;
  size_t cap;
  int oom;     /* sticky: a push failed for lack of memory */
} xl_argv;

#define XL_ARGV_INIT {NULL, 0, 0, 0}

/* Append a copy of s. Returns XL_OK or XL_ENOMEM (and sets a->oom). */
int xl_argv_push(xl_argv *a, const char *s);

/* Append a copy of the n bytes at s. Same contract as xl_argv_push. */
int xl_argv_pushn(xl_argv *a, const char *s, size_t n);

/* Index of the first element equal to s, or -1. */
int xl_argv_find(const xl_argv *a, const char *s);

/*
 * Hand the array to the caller (free it with xl_argv_free from command.h) and
 * reset a. Returns an empty NULL-terminated array for an empty a, or NULL
 * when out of memory.
 */
char **xl_argv_detach(xl_argv *a);

/* Release the strings and the array, and reset a. */
void xl_argv_clear(xl_argv *a);

/*
 * Split text into words as a POSIX shell would without expansions: blanks
 * separate words, '...' quotes literally, "..." quotes with \" \\ \$ \`
 * escapes, a backslash outside quotes escapes the next character. Appends
 * the words to out. Returns XL_OK, XL_ENOMEM, or XL_EPARSE for an unclosed
 * quote (the words before it are kept).
 */
int xl_argv_split(xl_argv *out, const char *text, size_t len);

/* xl_argv_expand flags: which response-file syntaxes to expand. */
#define XL_RSP_AT 0x1u   /* @file (gcc, clang) */
#define XL_RSP_NVCC 0x2u /* --options-file f, -optf f, --options-file=f,g */

/*
 * Copy argv[0..argc) into out, replacing each response-file reference by the
 * words of the file (recursively, 16 levels at most). Relative file names
 * are resolved against directory (the command's working directory; NULL:
 * the process's). An unreadable or malformed file is XL_EIO / XL_EPARSE with
 * a message naming it; XL_ENOMEM.
 */
int xl_argv_expand(xl_argv *out, const char *const *argv, int argc,
                   const char *directory, unsigned flags, xl_error *err);

#endif /* XL_ARGV_H */
