/*
 * lsp_cdb.c: compile command discovery, interpolation and the cache.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "frontend/cdb.h"
#include "core/command.h"
#include "lsp_cdb.h"
#include "util/util.h"

typedef struct cached_db {
  char *dir;
  struct timespec mtime;
  off_t size;
  xl_cdb *db;
} cached_db;

struct lsp_cdbs {
  char *dir; /* --compile-commands-dir */
  cached_db *items;
  size_t n, cap;
};

int xl_lsp_cdbs_new(lsp_cdbs **out, const char *dir) {
  lsp_cdbs *c = calloc(1, sizeof(*c));

  *out = NULL;
  if (!c)
    return XL_ENOMEM;
  if (dir && !(c->dir = xl_path_absolute(dir, NULL))) {
    free(c);
    return XL_ENOMEM;
  }
  *out = c;
  return XL_OK;
}

void xl_lsp_cdbs_free(lsp_cdbs *c) {
  size_t i;

  if (!c)
    return;
  for (i = 0; i < c->n; i++) {
    free(c->items[i].dir);
    xl_cdb_free(c->items[i].db);
  }
  free(c->items);
  free(c->dir);
  free(c);
}

void xl_lsp_command_free(lsp_command *cmd) {
  if (!cmd)
    return;
  xl_argv_free(cmd->argv);
  free(cmd->directory);
  free(cmd->origin);
  memset(cmd, 0, sizeof(*cmd));
}

/* ---- discovery --------------------------------------------------------- */

typedef enum found_kind { FOUND_NONE, FOUND_DB, FOUND_FLAGS } found_kind;

static int is_file(const char *dir, const char *name) {
  xl_buf p = XL_BUF_INIT;
  struct stat st;
  int ok;

  xl_buf_printf(&p, "%s/%s", dir, name);
  ok = !p.oom && stat(p.data, &st) == 0 && S_ISREG(st.st_mode);
  xl_buf_free(&p);
  return ok;
}

/* Look in one directory; *where gets the directory that holds the file. */
static found_kind probe(const char *dir, char **where) {
  xl_buf b = XL_BUF_INIT;

  if (is_file(dir, "compile_commands.json")) {
    *where = xl_strdup(dir);
    return FOUND_DB;
  }
  if (is_file(dir, "build/compile_commands.json")) {
    xl_buf_printf(&b, "%s/build", dir);
    *where = xl_buf_detach(&b);
    return FOUND_DB;
  }
  if (is_file(dir, "compile_flags.txt")) {
    *where = xl_strdup(dir);
    return FOUND_FLAGS;
  }
  return FOUND_NONE;
}

/* Walk up from the file's directory. *where is NULL when out of memory. */
static found_kind discover(const lsp_cdbs *c, const char *path, char **where) {
  char *dir;
  char *slash;
  found_kind k = FOUND_NONE;

  *where = NULL;
  if (c->dir)
    return probe(c->dir, where);
  dir = xl_strdup(path);
  slash = dir ? strrchr(dir, '/') : NULL;
  while (slash) {
    *slash = '\0';
    k = probe(*dir ? dir : "/", where);
    if (k != FOUND_NONE || !*dir)
      break;
    slash = strrchr(dir, '/');
  }
  free(dir);
  return k;
}

/* ---- the cache --------------------------------------------------------- */

static int same_stat(const cached_db *e, const struct stat *st) {
  return e->mtime.tv_sec == st->st_mtim.tv_sec &&
         e->mtime.tv_nsec == st->st_mtim.tv_nsec && e->size == st->st_size;
}

/* The database in dir, loaded or reloaded as needed; NULL on failure. */
static const xl_cdb *cache_get(lsp_cdbs *c, const char *dir, xl_error *err) {
  xl_buf p = XL_BUF_INIT;
  struct stat st;
  cached_db *e = NULL;
  size_t i;

  xl_buf_printf(&p, "%s/compile_commands.json", dir);
  if (p.oom || stat(p.data, &st) < 0) {
    xl_buf_free(&p);
    return NULL;
  }
  xl_buf_free(&p);
  for (i = 0; i < c->n && !e; i++)
    if (strcmp(c->items[i].dir, dir) == 0)
      e = &c->items[i];
  if (e && same_stat(e, &st) && e->db)
    return e->db;
  if (!e) {
    if (XL_GROW(c->items, c->cap, c->n + 1) < 0)
      return NULL;
    e = &c->items[c->n];
    memset(e, 0, sizeof(*e));
    if (!(e->dir = xl_strdup(dir)))
      return NULL;
    c->n++;
  }
  xl_cdb_free(e->db);
  e->db = NULL;
  e->mtime = st.st_mtim;
  e->size = st.st_size;
  if (xl_cdb_load(&e->db, dir, err) < 0)
    return NULL;
  return e->db;
}

/* ---- interpolation ----------------------------------------------------- */

static int cuda_name(const char *f) {
  return xl_str_endswith(f, ".cu") || xl_str_endswith(f, ".cuh");
}

static int cuda_entry(const xl_cdb_entry *e) {
  const char *base = strrchr(e->argv[0], '/');
  int i;

  if (cuda_name(e->file) || strstr(base ? base + 1 : e->argv[0], "nvcc"))
    return 1;
  for (i = 1; i < e->argc; i++)
    if (strcmp(e->argv[i], "-xcuda") == 0 || strcmp(e->argv[i], "-xcu") == 0 ||
        (strcmp(e->argv[i], "-x") == 0 && i + 1 < e->argc &&
         (strcmp(e->argv[i + 1], "cu") == 0 ||
          strcmp(e->argv[i + 1], "cuda") == 0)))
      return 1;
  return 0;
}

/* The file name without directory and extension, and its length. */
static const char *stem(const char *path, size_t *n) {
  const char *base = strrchr(path, '/');
  const char *dot;

  base = base ? base + 1 : path;
  dot = strrchr(base, '.');
  *n = dot ? (size_t)(dot - base) : strlen(base);
  return base;
}

static size_t score(const char *a, const char *b) {
  size_t na, nb, common = 0;
  const char *sa = stem(a, &na), *sb = stem(b, &nb);

  while (a[common] && a[common] == b[common] && a + common < sa)
    common++;
  return common + (na == nb && strncmp(sa, sb, na) == 0 ? 100000 : 0);
}

/* The CUDA entry most like path, or NULL (never for a non-CUDA path). */
static const xl_cdb_entry *interpolate(const xl_cdb *db, const char *path) {
  const xl_cdb_entry *best = NULL;
  size_t i, s, best_score = 0;

  if (!cuda_name(path))
    return NULL;
  for (i = 0; i < db->n; i++) {
    if (db->entries[i].argc < 1 || !cuda_entry(&db->entries[i]))
      continue;
    s = score(path, db->entries[i].file);
    if (!best || s > best_score) {
      best = &db->entries[i];
      best_score = s;
    }
  }
  return best;
}

/* ---- commands ---------------------------------------------------------- */

/* Copy an entry's command, its input file replaced by path. */
static int from_entry(lsp_command *out, const xl_cdb_entry *e,
                      const char *path) {
  int i;

  out->argv = calloc((size_t)e->argc + 1, sizeof(char *));
  out->directory = xl_strdup(e->directory);
  if (!out->argv || !out->directory)
    return XL_ENOMEM;
  for (i = 0; i < e->argc; i++) {
    char *abs = i ? xl_path_absolute(e->argv[i], e->directory) : NULL;
    int input = abs && strcmp(abs, e->file) == 0;
    free(abs);
    out->argv[i] = xl_strdup(input ? path : e->argv[i]);
    if (!out->argv[i])
      return XL_ENOMEM;
    out->argc = i + 1;
  }
  return XL_OK;
}

/* "clang++" followed by args; the directory is dir. */
static int from_args(lsp_command *out, char *const *args, int n,
                     const char *dir) {
  int i;

  out->argv = calloc((size_t)n + 2, sizeof(char *));
  out->directory = xl_strdup(dir);
  if (!out->argv || !out->directory || !(out->argv[0] = xl_strdup("clang++")))
    return XL_ENOMEM;
  out->argc = 1;
  for (i = 0; i < n; i++) {
    out->argv[i + 1] = xl_strdup(args[i]);
    if (!out->argv[i + 1])
      return XL_ENOMEM;
    out->argc = i + 2;
  }
  return XL_OK;
}

/* compile_flags.txt: one argument per line. */
static int from_flags(lsp_command *out, const char *dir, xl_error *err) {
  xl_buf p = XL_BUF_INIT;
  char *data = NULL, *line, *save = NULL;
  char **args = NULL;
  size_t len, n = 0, cap = 0;
  int rc;

  xl_buf_printf(&p, "%s/compile_flags.txt", dir);
  rc = p.oom ? XL_ENOMEM : xl_read_file(&data, &len, p.data, err);
  for (line = rc == XL_OK ? strtok_r(data, "\r\n", &save) : NULL; line;
       line = strtok_r(NULL, "\r\n", &save)) {
    if (!*line)
      continue;
    if (XL_GROW(args, cap, n + 1) < 0) {
      rc = XL_ENOMEM;
      break;
    }
    args[n++] = line;
  }
  if (rc == XL_OK)
    rc = from_args(out, args, (int)n, dir);
  free(args);
  free(data);
  xl_buf_free(&p);
  return rc;
}

/*
 * The fallback command runs in the file's directory, or its nearest
 * existing parent (a new file may be in a folder not created yet).
 */
static char *existing_parent(const char *path) {
  char *dir = xl_strdup(path);
  char *slash = dir ? strrchr(dir, '/') : NULL;
  struct stat st;

  while (slash) {
    *(slash == dir ? slash + 1 : slash) = '\0';
    if (slash == dir || (stat(dir, &st) == 0 && S_ISDIR(st.st_mode)))
      break;
    slash = strrchr(dir, '/');
  }
  return dir;
}

static char *origin(const char *fmt, const char *a, const char *b) {
  xl_buf o = XL_BUF_INIT;

  xl_buf_printf(&o, fmt, a, b);
  return xl_buf_detach(&o);
}

static int from_db(lsp_command *out, lsp_cdbs *c, const char *dir,
                   const char *path, xl_error *err) {
  const xl_cdb *db = cache_get(c, dir, err);
  const xl_cdb_entry *e = NULL;
  size_t i;

  for (i = 0; db && i < db->n && !e; i++)
    if (strcmp(db->entries[i].file, path) == 0 && db->entries[i].argc > 0)
      e = &db->entries[i];
  if (e) {
    out->origin = origin("%s%s", db->path, "");
  } else if (db) {
    e = interpolate(db, path);
    if (e)
      out->origin = origin("%s (interpolated from %s)", db->path, e->file);
  }
  if (!e)
    return XL_ENOTFOUND;
  if (!out->origin)
    return XL_ENOMEM;
  return from_entry(out, e, path);
}

int xl_lsp_cdbs_lookup(lsp_command *out, lsp_cdbs *c, const char *path,
                       char *const *fallback, int nfallback, xl_error *err) {
  char *where = NULL, *dir = NULL;
  found_kind k = discover(c, path, &where);
  int rc = XL_ENOTFOUND;

  memset(out, 0, sizeof(*out));
  if (k == FOUND_DB && where)
    rc = from_db(out, c, where, path, err);
  if (k == FOUND_FLAGS && where) {
    rc = from_flags(out, where, err);
    if (rc == XL_OK && !(out->origin = origin("%s/%s", where,
                                              "compile_flags.txt")))
      rc = XL_ENOMEM;
  }
  if (rc == XL_ENOTFOUND || rc == XL_EIO || rc == XL_EPARSE) {
    xl_lsp_command_free(out);
    dir = existing_parent(path);
    rc = dir ? from_args(out, fallback, nfallback, dir) : XL_ENOMEM;
    if (rc == XL_OK && !(out->origin = xl_strdup("fallback flags")))
      rc = XL_ENOMEM;
  }
  free(where);
  free(dir);
  if (rc < 0)
    xl_lsp_command_free(out);
  return rc;
}
