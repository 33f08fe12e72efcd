/*
 * srcmap.c: files, buffers and source locations for the libclang frontend.
 */
#include <stdlib.h>
#include <string.h>

#include "fe.h"

void xl_fe_oom(xl_fe *fe) { fe->status = XL_ENOMEM; }

fe_file *xl_fe_file(xl_fe *fe, CXFile file) {
  fe_file *f;
  CXString name;
  const char *path;
  size_t i;
  int rc;

  if (!file)
    return NULL;
  for (i = 0; i < fe->nfiles; i++)
    if (clang_File_isEqual(fe->files[i]->file, file))
      return fe->files[i];
  f = calloc(1, sizeof(*f));
  if (!f || XL_GROW(fe->files, fe->cap_files, fe->nfiles + 1) < 0) {
    free(f);
    xl_fe_oom(fe);
    return NULL;
  }
  fe->files[fe->nfiles] = f; /* callers keep fe_file pointers: never moved */
  f->file = file;
  f->buf = clang_getFileContents(fe->tu, file, &f->len);
  f->system = clang_Location_isInSystemHeader(
      clang_getLocationForOffset(fe->tu, file, 0));
  name = clang_getFileName(file);
  path = clang_getCString(name);
  rc = xl_facts_add_file(&f->id, fe->facts, path ? path : "",
                         f->system ? XL_FILE_SYSTEM : 0);
  clang_disposeString(name);
  if (rc < 0) {
    free(f);
    xl_fe_oom(fe);
    return NULL;
  }
  /* what was parsed, so --fix can refuse a file edited since */
  if (!f->system && f->buf)
    fe->facts->file_hashes[f->id] = xl_hash_bytes(XL_FNV_INIT, f->buf, f->len);
  fe->nfiles++;
  return f;
}

void xl_fe_files_free(xl_fe *fe) {
  size_t i;

  for (i = 0; i < fe->nfiles; i++)
    free(fe->files[i]);
  free(fe->files);
  fe->files = NULL;
  fe->nfiles = fe->cap_files = 0;
}

xl_loc xl_fe_loc(xl_fe *fe, CXSourceLocation loc) {
  CXFile file, sfile;
  unsigned line, col, off, soff;
  fe_file *f;
  xl_loc out = xl_loc_none();

  clang_getExpansionLocation(loc, &file, &line, &col, &off);
  f = xl_fe_file(fe, file);
  if (!f)
    return out;
  out.file = f->id;
  out.line = line;
  out.col = col;
  out.offset = off;
  clang_getSpellingLocation(loc, &sfile, NULL, NULL, &soff);
  if (!sfile || !clang_File_isEqual(file, sfile) || soff != off)
    out.flags |= XL_LOC_MACRO;
  return out;
}

xl_loc xl_fe_loc_at(xl_fe *fe, const fe_file *f, size_t offset) {
  CXSourceLocation loc =
      clang_getLocationForOffset(fe->tu, f->file, (unsigned)offset);
  xl_loc out = xl_fe_loc(fe, loc);

  out.flags &= ~XL_LOC_MACRO;
  return out;
}

xl_range xl_fe_range(xl_fe *fe, CXCursor c) {
  CXSourceRange r = clang_getCursorExtent(c);
  xl_range out;

  out.begin = xl_fe_loc(fe, clang_getRangeStart(r));
  out.end = xl_fe_loc(fe, clang_getRangeEnd(r));
  return out;
}

int xl_fe_in_system(CXCursor c) {
  return clang_Location_isInSystemHeader(clang_getCursorLocation(c));
}

fe_file *xl_fe_spelling(xl_fe *fe, CXSourceLocation loc, unsigned *offset) {
  CXFile file;

  clang_getSpellingLocation(loc, &file, NULL, NULL, offset);
  return xl_fe_file(fe, file);
}

const char *xl_fe_spelling_of(xl_fe *fe, CXCursor c) {
  CXString s = clang_getCursorSpelling(c);
  const char *text = clang_getCString(s);
  const char *copy = NULL;

  if (text && *text) {
    copy = xl_facts_strdup(fe->facts, text);
    if (!copy)
      xl_fe_oom(fe);
  }
  clang_disposeString(s);
  return copy;
}

/* Prepend the names of c's semantic parents (namespaces and classes). */
static void qualify(xl_buf *out, CXCursor c) {
  CXCursor parent = clang_getCursorSemanticParent(c);
  enum CXCursorKind k = clang_getCursorKind(parent);
  CXString s;

  if (k == CXCursor_Namespace || k == CXCursor_StructDecl ||
      k == CXCursor_ClassDecl || k == CXCursor_ClassTemplate ||
      k == CXCursor_UnionDecl ||
      k == CXCursor_ClassTemplatePartialSpecialization) {
    qualify(out, parent);
    s = clang_getCursorSpelling(parent);
    /* clang 22 spells unnamed classes "(unnamed struct at f.cu:3:1)" */
    xl_buf_puts(out, *clang_getCString(s) && *clang_getCString(s) != '('
                         ? clang_getCString(s)
                         : "(anonymous)");
    xl_buf_puts(out, "::");
    clang_disposeString(s);
  }
}

const char *xl_fe_qualified_name(xl_fe *fe, CXCursor c) {
  xl_buf buf = XL_BUF_INIT;
  CXString s;
  const char *copy;

  qualify(&buf, c);
  s = clang_getCursorSpelling(c);
  xl_buf_puts(&buf, clang_getCString(s) ? clang_getCString(s) : "");
  clang_disposeString(s);
  copy = buf.oom ? NULL : xl_facts_strdup(fe->facts, buf.data ? buf.data : "");
  if (!copy)
    xl_fe_oom(fe);
  xl_buf_free(&buf);
  return copy;
}
