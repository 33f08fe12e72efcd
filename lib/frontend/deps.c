/*
 * deps.c: the files a parse read (libclang's inclusion list), each with a
 * hash of its contents as clang read them, for the result cache
 * (lib/core/cache.c). A file recover.c parsed from a blanked copy counts
 * with the hash of its text before blanking, which is what is on disk.
 */
#include <string.h>

#include "fe.h"
#include "recover.h"

typedef struct deps_ctx {
  xl_facts *facts;
  CXTranslationUnit tu;
  const xl_recovery *rec;
  const char *skip;
  int rc;
} deps_ctx;

/* The hash of path's text before recover.c blanked it, or 0 if it did not. */
static uint64_t original_hash(const xl_recovery *rec, const char *path) {
  size_t i;

  for (i = 0; rec && i < rec->nunsaved; i++)
    if (strcmp(rec->unsaved[i].Filename, path) == 0)
      return rec->orig_hashes[i];
  return 0;
}

static void visit(CXFile file, CXSourceLocation *stack, unsigned depth,
                  CXClientData data) {
  deps_ctx *c = data;
  CXString name = clang_getFileName(file);
  const char *path = clang_getCString(name);
  const char *text;
  size_t len = 0;
  uint64_t h;

  (void)stack;
  (void)depth;
  if (c->rc == XL_OK && path && *path &&
      !(c->skip && strcmp(path, c->skip) == 0)) {
    h = original_hash(c->rec, path);
    if (!h) {
      text = clang_getFileContents(c->tu, file, &len);
      h = xl_hash_bytes(XL_FNV_INIT, text ? text : "", text ? len : 0);
    }
    c->rc = xl_facts_add_dep(c->facts, path, h);
  }
  clang_disposeString(name);
}

int xl_fe_record_deps(xl_facts *facts, CXTranslationUnit tu,
                      const struct xl_recovery *rec, const char *skip) {
  deps_ctx c;

  c.facts = facts;
  c.tu = tu;
  c.rec = rec;
  c.skip = skip;
  c.rc = XL_OK;
  clang_getInclusions(tu, visit, &c);
  return c.rc;
}
