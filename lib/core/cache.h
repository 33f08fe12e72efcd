/*
 * cache.h: the result cache (`--cache-dir`), in the manner of ccache's
 * direct mode.
 *
 * An entry holds one translation unit's result (its findings with notes,
 * ranges and fix-its, and the file table the command line needs) and the
 * files the parse read, each with the hash of its contents. It is found by
 * its key: the tool's identity, the rule configuration, the clang
 * arguments, the main file's name and the hash of its contents. A lookup
 * is a hit only when every recorded file still has the recorded contents;
 * a new header that would now be found earlier on the include path is not
 * noticed (ccache's direct mode has the same limit).
 *
 * Entries are written to a temporary file and renamed, so concurrent
 * checks (threads or processes) sharing a directory see an entry whole or
 * not at all; the last writer of a key wins.
 */
#ifndef XL_CACHE_H
#define XL_CACHE_H

#include "core/diag_impl.h"
#include "core/ruletable.h"
#include "xlambda/sys/facts.h"

/*
 * The identity of this build into *out (heap string, caller frees): the
 * version, the hash of the executable or library holding this code, and
 * `clang_version` (libclang's own words). XL_OK or XL_ENOMEM.
 */
int xl_cache_tool_id(char **out, const char *clang_version);

/*
 * The key text into *out (heap string, caller frees) from the tool's
 * identity, the rule configuration, `extra` (other settings that change
 * findings, one line) and the clang arguments. XL_OK or XL_ENOMEM.
 */
int xl_cache_key(char **out, const char *tool, const xl_rule_config *rules,
                 const char *extra, const char *const *args, int nargs);

/*
 * Look `key` up in dir for main_file (absolute). On a hit *diags and *facts
 * (caller frees both) hold the stored result (the facts have only the file
 * table, the flags and the versions) and 1 is returned; 0 on a miss (no
 * entry, a file whose contents changed, an unreadable or malformed entry).
 * Negative only for XL_ENOMEM.
 */
int xl_cache_get(xl_diags **diags, xl_facts **facts, const char *dir,
                 const char *key, const char *main_file);

/*
 * Store the result (diags, and facts with their dependencies) under key in
 * dir, creating directories as needed. Returns XL_OK, XL_EIO (nothing
 * stored: the cache is best effort) or XL_ENOMEM.
 */
int xl_cache_put(const char *dir, const char *key, const xl_diags *diags,
                 const xl_facts *facts);

/* ---- cache_json.c: the entry format ----------------------------------- */

/*
 * The entry text (JSON) for key, diags and facts into *out (heap string,
 * caller frees). XL_OK or XL_ENOMEM.
 */
int xl_cache_entry_write(char **out, const char *key, const xl_diags *diags,
                         const xl_facts *facts);

/* A parsed entry: the JSON document (jansson's json_t, opaque here). */
typedef struct xl_cache_entry xl_cache_entry;

/*
 * Parse an entry and check that it was stored under key. *out gets it
 * (caller frees) or NULL when the text is malformed or for another key.
 * XL_OK or XL_ENOMEM.
 */
int xl_cache_entry_read(xl_cache_entry **out, const char *text, size_t len,
                        const char *key);

/* The entry's i-th dependency: 1 and *path, *hash; 0 past the end. */
int xl_cache_entry_dep(const xl_cache_entry *e, size_t i, const char **path,
                       uint64_t *hash);

/*
 * Rebuild the stored result into *diags and *facts (caller frees both).
 * XL_OK, XL_EPARSE (a malformed entry) or XL_ENOMEM.
 */
int xl_cache_entry_result(xl_diags **diags, xl_facts **facts,
                          const xl_cache_entry *e);

/* Release an entry. Accepts NULL. */
void xl_cache_entry_free(xl_cache_entry *e);

#endif /* XL_CACHE_H */
