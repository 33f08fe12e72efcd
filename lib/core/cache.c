/*
 * cache.c: the result cache: keys, lookups and stores (see cache.h; the
 * entry format is in cache_json.c).
 *
 * An entry lives in DIR/xx/yyyy....json, named by two 64-bit hashes of the
 * key text followed by the main file's contents hash; the entry repeats the
 * key, so a collision of names is a miss, never a wrong result.
 */
#define _GNU_SOURCE /* dladdr */
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cache.h"
#include "util/util.h"

#define XL_CACHE_FORMAT "xlambda-cache 1"
#define SEED2 0x9e3779b97f4a7c15ULL

/* ---- keys ---------------------------------------------------------------- */

int xl_cache_tool_id(char **out, const char *clang_version) {
  xl_buf b = XL_BUF_INIT;
  Dl_info info;
  char *self = NULL;
  size_t len = 0;
  uint64_t h = 0;

  *out = NULL;
  memset(&info, 0, sizeof(info));
  /* the code that computes the findings: a rebuilt xlambda is a new tool */
  if (dladdr((void *)&xl_cache_tool_id, &info) && info.dli_fname &&
      xl_read_file(&self, &len, info.dli_fname, NULL) == XL_OK)
    h = xl_hash_bytes(XL_FNV_INIT, self, len);
  free(self);
  xl_buf_printf(&b, "xlambda %s build %016llx; %s", XL_VERSION_STRING,
                (unsigned long long)h, clang_version ? clang_version : "");
  if (b.oom)
    return XL_ENOMEM;
  *out = xl_buf_detach(&b);
  return *out ? XL_OK : XL_ENOMEM;
}

static void put_bytes(xl_buf *b, const char *name, const void *v, size_t n) {
  const unsigned char *p = v;
  size_t i;

  xl_buf_printf(b, "%s ", name);
  for (i = 0; i < n; i++)
    xl_buf_printf(b, "%02x", p[i]);
  xl_buf_putc(b, '\n');
}

int xl_cache_key(char **out, const char *tool, const xl_rule_config *rules,
                 const char *extra, const char *const *args, int nargs) {
  xl_buf b = XL_BUF_INIT;
  int i;

  *out = NULL;
  xl_buf_printf(&b, "%s\ntool %s\nrules %d\n", XL_CACHE_FORMAT, tool,
                (int)XL_R__COUNT);
  put_bytes(&b, "enabled", rules->enabled, sizeof(rules->enabled));
  put_bytes(&b, "severity", rules->severity, sizeof(rules->severity));
  put_bytes(&b, "as-error", rules->as_error, sizeof(rules->as_error));
  xl_buf_printf(&b, "extra %s\n", extra ? extra : "");
  for (i = 0; i < nargs; i++)
    xl_buf_printf(&b, "arg %s\n", args[i]); /* clang args hold no newline */
  if (b.oom)
    return XL_ENOMEM;
  *out = xl_buf_detach(&b);
  return *out ? XL_OK : XL_ENOMEM;
}

/* DIR/xx/rest.json for key and the main file's hash (heap string). */
static char *entry_path(const char *dir, const char *key, uint64_t main_hash) {
  uint64_t h1 = xl_hash_bytes(XL_FNV_INIT, key, strlen(key));
  uint64_t h2 = xl_hash_bytes(SEED2, key, strlen(key));
  char name[64];
  xl_buf b = XL_BUF_INIT;

  h1 = xl_hash_bytes(h1, &main_hash, sizeof(main_hash));
  snprintf(name, sizeof(name), "%016llx%016llx", (unsigned long long)h1,
           (unsigned long long)h2);
  xl_buf_printf(&b, "%s/%.2s/%s.json", dir, name, name + 2);
  return b.oom ? NULL : xl_buf_detach(&b);
}

/* The hash of a file's contents now; 0 with *ok = 0 when unreadable. */
static uint64_t hash_file(const char *path, int *ok) {
  char *text = NULL;
  size_t len = 0;
  uint64_t h = 0;

  *ok = xl_read_file(&text, &len, path, NULL) == XL_OK;
  if (*ok)
    h = xl_hash_bytes(XL_FNV_INIT, text, len);
  free(text);
  return h;
}

/* ---- lookups ------------------------------------------------------------- */

/* 1 when every dependency of e still has its recorded contents. */
static int deps_unchanged(const xl_cache_entry *e) {
  const char *path;
  uint64_t want;
  size_t i;
  int ok;

  for (i = 0; xl_cache_entry_dep(e, i, &path, &want); i++)
    if (hash_file(path, &ok) != want || !ok)
      return 0;
  return 1;
}

int xl_cache_get(xl_diags **diags, xl_facts **facts, const char *dir,
                 const char *key, const char *main_file) {
  xl_cache_entry *e = NULL;
  char *path = NULL, *text = NULL;
  size_t len = 0;
  uint64_t main_hash;
  int ok, rc = 0;

  *diags = NULL;
  *facts = NULL;
  main_hash = hash_file(main_file, &ok);
  if (!ok)
    return 0;
  path = entry_path(dir, key, main_hash);
  if (!path)
    return XL_ENOMEM;
  if (xl_read_file(&text, &len, path, NULL) == XL_OK)
    rc = xl_cache_entry_read(&e, text, len, key);
  if (rc == XL_OK && e && deps_unchanged(e)) {
    rc = xl_cache_entry_result(diags, facts, e);
    rc = rc == XL_OK ? 1 : rc == XL_ENOMEM ? XL_ENOMEM : 0;
  }
  if (rc == 1) /* used now: pruning by age keeps it */
    (void)utimensat(AT_FDCWD, path, NULL, 0);
  xl_cache_entry_free(e);
  free(text);
  free(path);
  return rc;
}

/* ---- stores -------------------------------------------------------------- */

/* mkdir -p for the directory part of path. XL_OK or XL_EIO. */
static int make_parents(const char *path) {
  char *copy = xl_strdup(path);
  char *p;
  int rc = XL_OK;

  if (!copy)
    return XL_ENOMEM;
  for (p = copy + 1; rc == XL_OK && (p = strchr(p, '/')) != NULL; p++) {
    *p = '\0';
    if (mkdir(copy, 0777) < 0 && errno != EEXIST)
      rc = XL_EIO;
    *p = '/';
  }
  free(copy);
  return rc;
}

/* The recorded hash of the main file (it is a dependency), or 0. */
static uint64_t main_hash_of(const xl_facts *f, const char *main_file) {
  uint32_t i;

  for (i = 0; i < f->ndeps; i++)
    if (strcmp(f->deps[i], main_file) == 0)
      return f->dep_hashes[i];
  return 0;
}

int xl_cache_put(const char *dir, const char *key, const xl_diags *diags,
                 const xl_facts *facts) {
  char *path = NULL, *text = NULL;
  uint64_t main_hash = main_hash_of(facts, facts->main_file);
  int rc;

  if (!main_hash)
    return XL_EIO; /* the parse did not record its files: nothing to check */
  path = entry_path(dir, key, main_hash);
  rc = path ? xl_cache_entry_write(&text, key, diags, facts) : XL_ENOMEM;
  if (rc == XL_OK)
    rc = make_parents(path);
  if (rc == XL_OK && xl_write_file_atomic(path, text, strlen(text), NULL) < 0)
    rc = XL_EIO;
  free(text);
  free(path);
  return rc;
}
