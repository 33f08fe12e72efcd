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
 *
 * A second level, shared between machines (`--cache-url`), is an
 * xl_cache_store: get and put of an entry's text by its name, filled in by
 * a layer above (lib/remote, over HTTP), so that this floor knows no
 * transport. What a store sends is framed with its length and a checksum
 * (xl_cache_frame) and verified before it is replayed: a truncated or
 * corrupted object, one for another key or one whose files changed is a
 * miss, never a wrong result.
 */
#ifndef XL_CACHE_H
#define XL_CACHE_H

#include "core/diag_impl.h"
#include "core/ruletable.h"
#include "xlambda/sys/facts.h"

/*
 * The identity of this build into *out (heap string, caller frees): the
 * version, the hash of the executable or library holding this code, and
 * `frontend` (what else computes the findings, in the frontend's words:
 * xl_frontend_identity). XL_OK or XL_ENOMEM.
 */
int xl_cache_tool_id(char **out, const char *frontend);

/*
 * The key text into *out (heap string, caller frees) from the tool's
 * identity, the rule configuration, `extra` (other settings that change
 * findings, one line) and the clang arguments. XL_OK or XL_ENOMEM.
 */
int xl_cache_key(char **out, const char *tool, const xl_rule_config *rules,
                 const char *extra, const char *const *args, int nargs);

/*
 * A second-level store of entries by name (32 hex digits, the same name as
 * the local file's). Both calls are best effort and never fail a check.
 */
typedef struct xl_cache_store {
  void *ctx;
  /* 1 and the object's bytes in *text (heap, caller frees) and *len on a
     hit, 0 on a miss or any failure, XL_ENOMEM */
  int (*get)(void *ctx, char **text, size_t *len, const char *name);
  /* store len bytes under name: XL_OK, XL_EIO or XL_ENOMEM */
  int (*put)(void *ctx, const char *name, const char *text, size_t len);
  /* told (may be NULL) when the object got for name failed its checks
     (truncated or corrupted): a miss, which the store may warn about */
  void (*damaged)(void *ctx, const char *name);
} xl_cache_store;

/*
 * The object a store keeps for an entry text: a header line with the
 * format, the text's length and checksum, then the text, into *out (heap,
 * caller frees) and *out_len. XL_OK or XL_ENOMEM.
 */
int xl_cache_frame(char **out, size_t *out_len, const char *text);

/*
 * The entry text inside an object (a pointer into obj, *text_len bytes),
 * or NULL when the header is missing or malformed, or the length or the
 * checksum do not match (a truncated or corrupted object).
 */
const char *xl_cache_unframe(size_t *text_len, const char *obj, size_t len);

/*
 * Look `key` up in dir (NULL: no local level), then in remote (NULL: none) for main_file (absolute). On a hit *diags and *facts
 * (caller frees both) hold the stored result (the facts have only the file
 * table, the flags and the versions) and 1 is returned; 0 on a miss (no
 * entry, a file whose contents changed, an unreadable or malformed entry).
 * A hit from remote is also stored in dir. Negative only for XL_ENOMEM.
 */
int xl_cache_get(xl_diags **diags, xl_facts **facts, const char *dir,
                 const xl_cache_store *remote, const char *key,
                 const char *main_file);

/*
 * Store the result (diags, and facts with their dependencies) under key in
 * dir (when not NULL), creating directories as needed, and in remote (when
 * not NULL). Returns XL_OK, XL_EIO (not stored everywhere: the cache is
 * best effort) or XL_ENOMEM.
 */
int xl_cache_put(const char *dir, const xl_cache_store *remote,
                 const char *key, const xl_diags *diags,
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
