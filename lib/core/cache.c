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

int xl_cache_tool_id(char **out, const char *frontend) {
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
                (unsigned long long)h, frontend ? frontend : "");
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

/* The entry's name for key and the main file's hash: 32 hex digits and a
 * NUL into name. */
static void entry_name(char name[33], const char *key, uint64_t main_hash) {
  uint64_t h1 = xl_hash_bytes(XL_FNV_INIT, key, strlen(key));
  uint64_t h2 = xl_hash_bytes(SEED2, key, strlen(key));

  h1 = xl_hash_bytes(h1, &main_hash, sizeof(main_hash));
  snprintf(name, 33, "%016llx%016llx", (unsigned long long)h1,
           (unsigned long long)h2);
}

/* DIR/xx/rest.json for an entry's name (heap string). */
static char *entry_path(const char *dir, const char *name) {
  xl_buf b = XL_BUF_INIT;

  xl_buf_printf(&b, "%s/%.2s/%s.json", dir, name, name + 2);
  return b.oom ? NULL : xl_buf_detach(&b);
}

/* ---- the frame of a remote object --------------------------------------- */

#define XL_FRAME_MAGIC "xlambda-remote 1"

/* The two checksums of n bytes. */
static void checksum(uint64_t h[2], const char *text, size_t n) {
  h[0] = xl_hash_bytes(XL_FNV_INIT, text, n);
  h[1] = xl_hash_bytes(SEED2, text, n);
}

int xl_cache_frame(char **out, size_t *out_len, const char *text) {
  xl_buf b = XL_BUF_INIT;
  size_t n = strlen(text);
  uint64_t h[2];

  *out = NULL;
  *out_len = 0;
  checksum(h, text, n);
  xl_buf_printf(&b, "%s %zu %016llx%016llx\n", XL_FRAME_MAGIC, n,
                (unsigned long long)h[0], (unsigned long long)h[1]);
  xl_buf_put(&b, text, n);
  if (b.oom)
    return XL_ENOMEM;
  *out_len = b.len;
  *out = xl_buf_detach(&b);
  return *out ? XL_OK : XL_ENOMEM;
}

const char *xl_cache_unframe(size_t *text_len, const char *obj, size_t len) {
  char head[96], want[40];
  const char *nl = len ? memchr(obj, '\n', len < 95 ? len : 95) : NULL;
  unsigned long long n;
  uint64_t h[2];
  int used = 0;

  *text_len = 0;
  if (!nl)
    return NULL;
  memcpy(head, obj, (size_t)(nl - obj));
  head[nl - obj] = '\0';
  if (sscanf(head, XL_FRAME_MAGIC " %llu %32[0-9a-f]%n", &n, want, &used) !=
          2 ||
      used != nl - obj || strlen(want) != 32 ||
      n != len - (size_t)(nl + 1 - obj))
    return NULL; /* not ours, or truncated */
  checksum(h, nl + 1, (size_t)n);
  snprintf(head, sizeof(head), "%016llx%016llx", (unsigned long long)h[0],
           (unsigned long long)h[1]);
  if (strcmp(head, want) != 0)
    return NULL; /* corrupted */
  *text_len = (size_t)n;
  return nl + 1;
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

/*
 * The result in text (len bytes) for key, when its files are unchanged:
 * 1 with *diags and *facts, 0 (a miss), XL_ENOMEM.
 */
static int replay(xl_diags **diags, xl_facts **facts, const char *text,
                  size_t len, const char *key) {
  xl_cache_entry *e = NULL;
  int rc = xl_cache_entry_read(&e, text, len, key);

  if (rc == XL_OK && e && deps_unchanged(e)) {
    rc = xl_cache_entry_result(diags, facts, e);
    rc = rc == XL_OK ? 1 : rc == XL_ENOMEM ? XL_ENOMEM : 0;
  }
  xl_cache_entry_free(e);
  return rc;
}

static int make_parents(const char *path);

/* The entry named name from remote (verified): 1, 0 (a miss), XL_ENOMEM.
 * A hit is kept in dir too (best effort). */
static int remote_get(xl_diags **diags, xl_facts **facts, const char *dir,
                      const xl_cache_store *remote, const char *name,
                      const char *key) {
  char *obj = NULL, *path = NULL;
  const char *text = NULL;
  size_t len = 0, tlen = 0;
  int rc = remote->get(remote->ctx, &obj, &len, name);

  if (rc == 1)
    text = xl_cache_unframe(&tlen, obj, len);
  if (rc == 1 && !text && remote->damaged)
    remote->damaged(remote->ctx, name);
  rc = text ? replay(diags, facts, text, tlen, key) : rc < 0 ? rc : 0;
  if (rc == 1 && dir && (path = entry_path(dir, name)) != NULL &&
      make_parents(path) == XL_OK)
    (void)xl_write_file_atomic(path, text, tlen, NULL);
  free(path);
  free(obj);
  return rc;
}

int xl_cache_get(xl_diags **diags, xl_facts **facts, const char *dir,
                 const xl_cache_store *remote, const char *key,
                 const char *main_file) {
  char name[33], *path = NULL, *text = NULL;
  size_t len = 0;
  uint64_t main_hash;
  int ok, rc = 0;

  *diags = NULL;
  *facts = NULL;
  main_hash = hash_file(main_file, &ok);
  if (!ok)
    return 0;
  entry_name(name, key, main_hash);
  path = dir ? entry_path(dir, name) : NULL;
  if (dir && !path)
    return XL_ENOMEM;
  if (path && xl_read_file(&text, &len, path, NULL) == XL_OK)
    rc = replay(diags, facts, text, len, key);
  if (rc == 1) /* used now: pruning by age keeps it */
    (void)utimensat(AT_FDCWD, path, NULL, 0);
  if (rc == 0 && remote)
    rc = remote_get(diags, facts, dir, remote, name, key);
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

/* Send text to remote under name, framed. XL_OK, XL_EIO or XL_ENOMEM. */
static int remote_put(const xl_cache_store *remote, const char *name,
                      const char *text) {
  char *obj = NULL;
  size_t len = 0;
  int rc = xl_cache_frame(&obj, &len, text);

  if (rc == XL_OK)
    rc = remote->put(remote->ctx, name, obj, len);
  free(obj);
  return rc;
}

int xl_cache_put(const char *dir, const xl_cache_store *remote,
                 const char *key, const xl_diags *diags,
                 const xl_facts *facts) {
  char name[33], *path = NULL, *text = NULL;
  uint64_t main_hash = main_hash_of(facts, facts->main_file);
  int rc, rc2 = XL_OK;

  if (!main_hash)
    return XL_EIO; /* the parse did not record its files: nothing to check */
  entry_name(name, key, main_hash);
  rc = xl_cache_entry_write(&text, key, diags, facts);
  if (rc == XL_OK && dir) {
    path = entry_path(dir, name);
    rc = path ? make_parents(path) : XL_ENOMEM;
    if (rc == XL_OK && xl_write_file_atomic(path, text, strlen(text), NULL) < 0)
      rc = XL_EIO;
  }
  if (rc != XL_ENOMEM && text && remote)
    rc2 = remote_put(remote, name, text);
  free(text);
  free(path);
  return rc < 0 ? rc : rc2;
}
