/*
 * util.h: small internal helpers shared by every module of libxlambda:
 * growable byte buffers, a bump arena, growable arrays, file I/O and the
 * error-recording helper. Nothing here is part of the public API.
 */
#ifndef XL_UTIL_H
#define XL_UTIL_H

#include <regex.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include "xlambda/common.h"

#if defined(__GNUC__)
#define XL_PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define XL_PRINTF(a, b)
#endif

/* ---- errors ------------------------------------------------------------ */

/*
 * Record status and a printf-style one-line message in err (which may be
 * NULL). Returns status, so callers can write `return xl_error_set(...)`.
 */
int xl_error_set(xl_error *err, int status, const char *fmt, ...)
    XL_PRINTF(3, 4);

/* ---- growable byte buffer ---------------------------------------------- */

typedef struct xl_buf {
  char *data;  /* always NUL-terminated once anything was appended */
  size_t len;  /* bytes used, not counting the NUL */
  size_t cap;  /* bytes allocated */
  int oom;     /* sticky: an append failed for lack of memory */
} xl_buf;

#define XL_BUF_INIT {NULL, 0, 0, 0}

/* Append n bytes. On allocation failure sets buf->oom and returns XL_ENOMEM. */
int xl_buf_put(xl_buf *buf, const void *data, size_t n);
/* Append a NUL-terminated string. Same failure contract as xl_buf_put. */
int xl_buf_puts(xl_buf *buf, const char *s);
/* Append one byte. Same failure contract as xl_buf_put. */
int xl_buf_putc(xl_buf *buf, char c);
/* Append printf-formatted text. Same failure contract as xl_buf_put. */
int xl_buf_printf(xl_buf *buf, const char *fmt, ...) XL_PRINTF(2, 3);
/* Append vprintf-formatted text. Same failure contract as xl_buf_put. */
int xl_buf_vprintf(xl_buf *buf, const char *fmt, va_list ap);
/* Empty the buffer, keeping its memory. */
void xl_buf_clear(xl_buf *buf);
/* Release the buffer's memory and reset it to XL_BUF_INIT. */
void xl_buf_free(xl_buf *buf);
/*
 * Hand the buffer's memory to the caller (who frees it with free()) and
 * reset the buffer. Returns an empty heap string for an empty buffer, or
 * NULL when out of memory.
 */
char *xl_buf_detach(xl_buf *buf);

/* ---- bump arena -------------------------------------------------------- */

typedef struct xl_arena_block xl_arena_block;
typedef struct xl_arena {
  xl_arena_block *head;
} xl_arena;

#define XL_ARENA_INIT {NULL}

/* Allocate n zeroed bytes owned by the arena. Returns NULL when out of memory. */
void *xl_arena_alloc(xl_arena *a, size_t n);
/* Copy s (may be NULL: returns NULL) into the arena. NULL when out of memory. */
char *xl_arena_strdup(xl_arena *a, const char *s);
/* Copy n bytes of s plus a NUL into the arena. NULL when out of memory. */
char *xl_arena_strndup(xl_arena *a, const char *s, size_t n);
/* Format into the arena. NULL when out of memory. */
char *xl_arena_printf(xl_arena *a, const char *fmt, ...) XL_PRINTF(2, 3);
/* Release every block. The arena can be reused afterwards. */
void xl_arena_free(xl_arena *a);

/* ---- growable arrays --------------------------------------------------- */

/*
 * Make room for `need` elements of size `elem` in *items (capacity *cap).
 * Returns XL_OK or XL_ENOMEM (then *items is unchanged).
 */
int xl_grow(void **items, size_t *cap, size_t need, size_t elem);

#define XL_GROW(arr, cap, need) \
  xl_grow((void **)&(arr), &(cap), (need), sizeof(*(arr)))

/* ---- files and paths --------------------------------------------------- */

/*
 * Read a whole regular file into a new heap buffer (NUL-terminated) stored in
 * *out with its length in *out_len. The caller frees *out. Fails with
 * XL_ENOTFOUND (missing), XL_EINVAL (a directory) or XL_EIO, recording a
 * one-line message in err.
 */
int xl_read_file(char **out, size_t *out_len, const char *path, xl_error *err);

/*
 * The size of the file at path and the time it was last modified, in
 * nanoseconds since the epoch, into *size and *mtime_ns (what tells that a
 * file changed). Both -1, and XL_ENOTFOUND, when it cannot be stat'ed;
 * otherwise XL_OK.
 */
int xl_file_stamp(long long *size, long long *mtime_ns, const char *path);

/*
 * Replace path's contents with data, atomically: a temporary file in the same
 * directory ("path.xlambda-XXXXXX") is written, fsynced and renamed over
 * path, and the directory is fsynced; path's permission bits (and, when
 * running as root, its owner) are kept. A symbolic link stays a link: the
 * file it points to is replaced. At every moment path holds either the old
 * or the new contents; a process killed in between can leave only the
 * temporary file behind. On failure the original is untouched and the
 * temporary removed. Returns XL_OK, XL_ENOMEM or XL_EIO.
 */
int xl_write_file_atomic(const char *path, const char *data, size_t len,
                         xl_error *err);

/* Duplicate a string on the heap; NULL when s is NULL or memory runs out. */
char *xl_strdup(const char *s);

/* 1 when s ends with suffix, else 0. */
int xl_str_endswith(const char *s, const char *suffix);

/* 1 when s starts with prefix, else 0. */
int xl_str_startswith(const char *s, const char *prefix);

/*
 * Make path absolute against cwd (or the process's working directory when cwd
 * is NULL) and normalise "." and ".." lexically. Returns a heap string or
 * NULL when out of memory.
 */
char *xl_path_absolute(const char *path, const char *cwd);

/* 64-bit FNV-1a hash of n bytes, continuing from h (start with XL_FNV_INIT). */
uint64_t xl_hash_bytes(uint64_t h, const void *data, size_t n);
#define XL_FNV_INIT 0xcbf29ce484222325ULL

/* Shell-style glob match supporting '*' and '?'. Returns 1 on match. */
int xl_glob_match(const char *pattern, const char *s);

/* ---- regular expressions ------------------------------------------------ */

/*
 * Compile a POSIX extended regular expression given by a user (REG_EXTENDED
 * | REG_NOSUB) into re (free with regfree). A pattern whose compilation
 * would blow up (stacked repetitions such as "a++", large or nested bounds:
 * glibc copies the tree for each) is refused before regcomp sees it.
 * Returns XL_OK, or XL_EINVAL with a short reason in *why (static text).
 */
int xl_regex_compile(regex_t *re, const char *pattern, const char **why);

/* The number of atom copies regcomp would make for pattern, roughly (what
 * xl_regex_compile limits; exposed for the unit tests). */
double xl_regex_cost(const char *pattern);

#endif /* XL_UTIL_H */
