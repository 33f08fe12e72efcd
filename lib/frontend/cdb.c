/*
 * cdb.c: compile_commands.json through libclang's compilation-database API,
 * after a validation pass with jansson for precise error messages.
 */
#define _POSIX_C_SOURCE 200809L
#include <clang-c/CXCompilationDatabase.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "frontend/cdb.h"
#include "core/command.h"
#include "util/util.h"

void xl_cdb_free(xl_cdb *db) {
  size_t i;

  if (!db)
    return;
  for (i = 0; i < db->n; i++) {
    free(db->entries[i].file);
    free(db->entries[i].directory);
    xl_argv_free(db->entries[i].argv);
  }
  free(db->entries);
  free(db->path);
  free(db);
}

/* Check the shape jansson sees; libclang gives no detail on failure. */
static int validate(const char *path, xl_error *err) {
  json_error_t je;
  json_t *doc;
  struct stat st;
  size_t i;
  int rc = XL_OK;

  if (stat(path, &st) == 0 && st.st_size == 0)
    return xl_error_set(err, XL_EPARSE, "%s is empty (a JSON array of "
                        "compile commands expected)", path);
  doc = json_load_file(path, 0, &je);
  if (!doc)
    return xl_error_set(err, XL_EPARSE, "%s:%d:%d: invalid JSON: %s", path,
                        je.line, je.column, je.text);
  if (!json_is_array(doc)) {
    rc = xl_error_set(err, XL_EPARSE, "%s: expected a JSON array of compile "
                      "commands", path);
    goto cleanup;
  }
  for (i = 0; i < json_array_size(doc); i++) {
    json_t *e = json_array_get(doc, i);
    if (!json_is_object(e) || !json_is_string(json_object_get(e, "file")) ||
        !json_is_string(json_object_get(e, "directory")) ||
        !(json_is_string(json_object_get(e, "command")) ||
          json_is_array(json_object_get(e, "arguments")))) {
      rc = xl_error_set(err, XL_EPARSE,
                        "%s: entry %zu needs \"directory\", \"file\" and "
                        "\"command\" or \"arguments\"",
                        path, i + 1);
      goto cleanup;
    }
  }
cleanup:
  json_decref(doc);
  return rc;
}

static char *take(CXString s) {
  char *copy = xl_strdup(clang_getCString(s) ? clang_getCString(s) : "");

  clang_disposeString(s);
  return copy;
}

/*
 * A relative "directory" is taken relative to the database's own directory
 * (so a database can travel with its sources), then made absolute.
 */
static char *entry_dir(CXCompileCommand cmd, const char *db_dir) {
  char *dir = take(clang_CompileCommand_getDirectory(cmd));
  char *abs;

  if (!dir)
    return NULL;
  abs = xl_path_absolute(dir, db_dir);
  free(dir);
  return abs;
}

static int add_entry(xl_cdb *db, CXCompileCommand cmd, const char *db_dir) {
  xl_cdb_entry *e;
  unsigned i, n = clang_CompileCommand_getNumArgs(cmd);
  char *file;

  if (XL_GROW(db->entries, db->cap, db->n + 1) < 0)
    return XL_ENOMEM;
  e = &db->entries[db->n];
  memset(e, 0, sizeof(*e));
  e->directory = entry_dir(cmd, db_dir);
  e->argv = calloc(n + 1, sizeof(char *));
  file = take(clang_CompileCommand_getFilename(cmd));
  if (!e->directory || !e->argv || !file)
    goto oom;
  e->file = xl_path_absolute(file, e->directory);
  if (!e->file)
    goto oom;
  for (i = 0; i < n; i++) {
    e->argv[i] = take(clang_CompileCommand_getArg(cmd, i));
    if (!e->argv[i])
      goto oom;
  }
  e->argc = (int)n;
  free(file);
  db->n++;
  return XL_OK;
oom:
  free(file);
  free(e->directory);
  free(e->file);
  xl_argv_free(e->argv);
  return XL_ENOMEM;
}

int xl_cdb_load(xl_cdb **out, const char *build_dir, xl_error *err) {
  CXCompilationDatabase_Error dberr;
  CXCompilationDatabase cdb = NULL;
  CXCompileCommands cmds = NULL;
  xl_cdb *db = calloc(1, sizeof(*db));
  xl_buf path = XL_BUF_INIT;
  struct stat st;
  unsigned i, n;
  int rc = XL_OK;
  char *db_dir = NULL;

  *out = NULL;
  xl_buf_printf(&path, "%s/compile_commands.json", build_dir);
  if (!db || path.oom) {
    rc = xl_error_set(err, XL_ENOMEM, "out of memory");
    goto cleanup;
  }
  if (stat(path.data, &st) < 0) {
    rc = xl_error_set(err, XL_ENOTFOUND, "no compilation database: '%s' does "
                      "not exist", path.data);
    goto cleanup;
  }
  rc = validate(path.data, err);
  if (rc < 0)
    goto cleanup;
  cdb = clang_CompilationDatabase_fromDirectory(build_dir, &dberr);
  if (dberr != CXCompilationDatabase_NoError) {
    rc = xl_error_set(err, XL_EPARSE, "libclang cannot load '%s'", path.data);
    goto cleanup;
  }
  cmds = clang_CompilationDatabase_getAllCompileCommands(cdb);
  n = cmds ? clang_CompileCommands_getSize(cmds) : 0;
  db_dir = xl_path_absolute(build_dir, NULL);
  for (i = 0; i < n && rc == XL_OK && db_dir; i++)
    rc = add_entry(db, clang_CompileCommands_getCommand(cmds, i), db_dir);
  if (!db_dir)
    rc = XL_ENOMEM;
  if (rc < 0) {
    xl_error_set(err, rc, "out of memory");
    goto cleanup;
  }
  db->path = xl_buf_detach(&path);
  *out = db;
  db = NULL;
cleanup:
  if (cmds)
    clang_CompileCommands_dispose(cmds);
  if (cdb)
    clang_CompilationDatabase_dispose(cdb);
  xl_buf_free(&path);
  xl_cdb_free(db);
  free(db_dir);
  return rc;
}

int xl_cdb_discover(char **out_dir, const char *file) {
  char *dir = xl_path_absolute(file, NULL);
  xl_buf probe = XL_BUF_INIT;
  struct stat st;
  char *slash;

  *out_dir = NULL;
  if (!dir)
    return XL_ENOMEM;
  for (;;) {
    slash = strrchr(dir, '/');
    if (!slash)
      break;
    *slash = '\0';
    xl_buf_clear(&probe);
    xl_buf_printf(&probe, "%s/compile_commands.json", *dir ? dir : "");
    if (probe.oom)
      break;
    if (stat(probe.data, &st) == 0 && S_ISREG(st.st_mode)) {
      *out_dir = xl_strdup(*dir ? dir : "/");
      break;
    }
    if (!*dir)
      break;
  }
  xl_buf_free(&probe);
  free(dir);
  return XL_OK;
}
