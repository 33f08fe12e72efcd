/*
 * cdb.h: compile databases (compile_commands.json), clang-free interface.
 */
#ifndef XL_CDB_H
#define XL_CDB_H

#include "xlambda/common.h"

typedef struct xl_cdb_entry {
  char *file;      /* absolute */
  char *directory; /* absolute */
  char **argv;     /* NULL-terminated; argv[0] is the compiler */
  int argc;
} xl_cdb_entry;

typedef struct xl_cdb {
  char *path;           /* the compile_commands.json read */
  xl_cdb_entry *entries;
  size_t n, cap;
} xl_cdb;

/*
 * Load build_dir/compile_commands.json into *out (caller frees with
 * xl_cdb_free). The JSON is validated first so that a broken file gets a
 * message with its line and column. Fails with XL_ENOTFOUND (no database),
 * XL_EPARSE (invalid JSON or entries), XL_ENOMEM.
 */
int xl_cdb_load(xl_cdb **out, const char *build_dir, xl_error *err);

/*
 * Find compile_commands.json in the directory of `file` or its parents (as
 * clang-tidy does without -p); *out_dir gets the directory (caller frees) or
 * NULL when there is none. Returns XL_OK or XL_ENOMEM.
 */
int xl_cdb_discover(char **out_dir, const char *file);

/* Release a database. Accepts NULL. */
void xl_cdb_free(xl_cdb *db);

#endif /* XL_CDB_H */
