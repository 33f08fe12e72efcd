/*
 * srcmap.c: files, buffers and source locations for the libclang frontend.
 */
#include <stdlib.h>
#include <string.h>

#include "fe.h"

#ifndef XL_SEAM_CHEAP_FILE_CONTENTS /* seam_prefix.h's, in the plugin */
#define XL_SEAM_CHEAP_FILE_CONTENTS 0
#endif

void xl_fe_oom(xl_fe *fe) { fe->status = XL_ENOMEM; }

/* ---- files by CXFile pointer --------------------------------------------- */

/* The slot of key in the pointer map (power of two, linear probing). */
static size_t fmap_slot(const xl_fe *fe, CXFile key) {
  size_t mask = fe->src.fmap_cap - 1;
  size_t s = (size_t)(((uintptr_t)key >> 4) * 2654435761u) & mask;

  while (fe->src.fmap_keys[s] && fe->src.fmap_keys[s] != key)
    s = (s + 1) & mask;
  return s;
}

/* Remember that the pointer `key` names f (a cache: failures are ignored). */
static void fmap_put(xl_fe *fe, CXFile key, fe_file *f) {
  CXFile *keys = fe->src.fmap_keys;
  fe_file **vals = fe->src.fmap_vals;
  size_t i, cap = fe->src.fmap_cap;

  if (2 * (fe->src.fmap_n + 1) > fe->src.fmap_cap) {
    fe->src.fmap_cap = cap ? cap * 2 : 256;
    fe->src.fmap_keys = calloc(fe->src.fmap_cap, sizeof(*fe->src.fmap_keys));
    fe->src.fmap_vals = calloc(fe->src.fmap_cap, sizeof(*fe->src.fmap_vals));
    if (!fe->src.fmap_keys || !fe->src.fmap_vals) {
      free(fe->src.fmap_keys);
      free(fe->src.fmap_vals);
      fe->src.fmap_keys = keys;
      fe->src.fmap_vals = vals;
      fe->src.fmap_cap = cap;
      return;
    }
    fe->src.fmap_n = 0;
    for (i = 0; i < cap; i++)
      if (keys[i])
        fmap_put(fe, keys[i], vals[i]);
    free(keys);
    free(vals);
  }
  i = fmap_slot(fe, key);
  if (!fe->src.fmap_keys[i])
    fe->src.fmap_n++;
  fe->src.fmap_keys[i] = key;
  fe->src.fmap_vals[i] = f;
}

fe_file *xl_fe_file_known(xl_fe *fe, CXFile file) {
  size_t i;

  if (!file)
    return NULL;
  if (fe->src.fmap_cap) {
    i = fmap_slot(fe, file);
    if (fe->src.fmap_keys[i])
      return fe->src.fmap_vals[i];
  }
  /* another pointer may name a file seen already */
  for (i = 0; i < fe->src.nfiles; i++) {
    if (clang_File_isEqual(fe->src.files[i]->file, file)) {
      fmap_put(fe, file, fe->src.files[i]);
      return fe->src.files[i];
    }
  }
  return NULL;
}

/*
 * The start of `file` as a location. libclang's clang_getLocationForOffset
 * finds a file by scanning every source entry of the translation unit (a
 * cost proportional to its size, for each new file), so when the caller
 * has a location in the file, `hint` at byte `off` (a file location: its
 * spelling and expansion are the same place), the start is derived from
 * it: a CXSourceLocation holds clang's raw SourceLocation, in which one
 * file's places are consecutive. The result is checked to be offset 0 of
 * the file; otherwise (or without a hint) libclang is asked.
 */
static CXSourceLocation file_start(xl_fe *fe, CXFile file,
                                   const CXSourceLocation *hint, unsigned off) {
  CXSourceLocation s;
  CXFile sf = NULL, ef = NULL;
  unsigned so = 1, eo = 1;

  if (hint && hint->int_data >= off) {
    s = *hint;
    s.int_data -= off;
    clang_getSpellingLocation(s, &sf, NULL, NULL, &so);
    clang_getExpansionLocation(s, &ef, NULL, NULL, &eo);
    if (sf && ef && so == 0 && eo == 0 && clang_File_isEqual(sf, file) &&
        clang_File_isEqual(ef, file))
      return s;
  }
  return clang_getLocationForOffset(fe->tu, file, 0);
}

/* Whether recover.c parsed an unsaved copy of path (its blanked text). */
static int is_blanked(const xl_fe *fe, const char *path) {
  size_t i;

  for (i = 0; i < fe->nblanked; i++)
    if (strcmp(fe->blanked[i].path, path) == 0)
      return 1;
  return 0;
}

/* The editor's text of path when a document's unit parsed it from an
 * unsaved copy (another open document), else NULL. */
static const char *unsaved_text(const xl_fe *fe, const char *path,
                                size_t *len) {
  unsigned i;

  for (i = 0; i < fe->doc->nunsaved; i++)
    if (strcmp(fe->doc->unsaved[i].Filename, path) == 0) {
      *len = (size_t)fe->doc->unsaved[i].Length;
      return fe->doc->unsaved[i].Contents;
    }
  return NULL;
}

/* f's text from disk (path, absolute), as the document's last check read
 * it while the file is unchanged (inclusions.c), else read now; buf stays
 * NULL for the main file or a file that cannot be read. */
static void disk_text(xl_fe *fe, fe_file *f, const char *path) {
  CXFile main_file;

  f->buf = xl_fe_incl_text(fe->doc->incl, path, &f->len, &f->hash);
  f->hashed = f->buf != NULL;
  if (f->buf)
    return;
  main_file = clang_getFile(fe->tu, fe->facts->main_file);
  if (!(main_file && clang_File_isEqual(main_file, f->file)) &&
      xl_read_file(&f->own, &f->len, path, NULL) == XL_OK)
    f->buf = f->own;
}

/*
 * f's text as parsed. clang_getFileContents, like clang_getLocationForOffset,
 * finds a file other than the main file by scanning every source entry of
 * the translation unit (macro expansions included): a cost proportional to
 * the TU's size for each new file, seconds in big template-heavy units with
 * hundreds of user headers. So a header clang read from disk (an absolute
 * path that is no unsaved copy) is read again here; the main file (which
 * libclang finds at once), recover.c's blanked copies, the device side's
 * prelude and anything that cannot be read come from libclang. The plugin's
 * shim finds any file at once (XL_SEAM_CHEAP_FILE_CONTENTS): there every
 * text is clang's own buffer, and no header is read twice. A language-server
 * document's main file is its editor text, given with the unit (the unit
 * may have parsed it with its leading block blanked, docpch.c); another
 * open document is its editor text too, never the file on disk; a header
 * of a document is the text its last check read while the file is as it
 * was (inclusions.c keeps it).
 */
static void read_contents(xl_fe *fe, fe_file *f, const char *path) {
  if (fe->doc->main_text && path &&
      strcmp(path, fe->facts->main_file) == 0) {
    f->buf = fe->doc->main_text; /* a document's, its block not blanked */
    f->len = fe->doc->main_len;
    return;
  }
  if (path && !is_blanked(fe, path)) {
    f->buf = unsaved_text(fe, path, &f->len);
    if (!f->buf && !XL_SEAM_CHEAP_FILE_CONTENTS && path[0] == '/')
      disk_text(fe, f, path);
    if (f->buf)
      return;
  }
  f->buf = clang_getFileContents(fe->tu, f->file, &f->len);
}

/* xl_fe_file, with a location in the file when the caller has one. */
static fe_file *file_at(xl_fe *fe, CXFile file, const CXSourceLocation *hint,
                        unsigned off) {
  fe_file *f = xl_fe_file_known(fe, file);
  CXString name;
  const char *path;
  int rc;

  if (!file || f)
    return f;
  f = calloc(1, sizeof(*f));
  if (!f || XL_GROW(fe->src.files, fe->src.cap_files, fe->src.nfiles + 1) < 0) {
    free(f);
    xl_fe_oom(fe);
    return NULL;
  }
  fe->src.files[fe->src.nfiles] = f; /* callers keep fe_file pointers: never moved */
  f->file = file;
  name = clang_getFileName(file);
  path = clang_getCString(name);
  read_contents(fe, f, path);
  f->system =
      clang_Location_isInSystemHeader(file_start(fe, file, hint, off));
  rc = xl_facts_add_file(&f->id, fe->facts, path ? path : "",
                         f->system ? XL_FILE_SYSTEM : 0);
  clang_disposeString(name);
  if (rc < 0) {
    free(f->own);
    free(f);
    xl_fe_oom(fe);
    return NULL;
  }
  /* what was parsed, so --fix can refuse a file edited since */
  if (!f->system && f->buf && !f->hashed) {
    f->hash = xl_hash_bytes(XL_FNV_INIT, f->buf, f->len);
    f->hashed = 1;
  }
  if (!f->system && f->buf)
    fe->facts->file_hashes[f->id] = f->hash;
  fmap_put(fe, file, f);
  fe->src.nfiles++;
  return f;
}

fe_file *xl_fe_file(xl_fe *fe, CXFile file) {
  return file_at(fe, file, NULL, 0);
}

xl_loc xl_fe_loc(xl_fe *fe, CXSourceLocation loc) {
  CXFile file, sfile;
  unsigned line, col, off, soff;
  fe_file *f;
  xl_loc out = xl_loc_none();

  int plain;

  clang_getExpansionLocation(loc, &file, &line, &col, &off);
  clang_getSpellingLocation(loc, &sfile, NULL, NULL, &soff);
  plain = sfile && clang_File_isEqual(file, sfile) && soff == off;
  f = file_at(fe, file, plain ? &loc : NULL, off);
  if (!f)
    return out;
  out.file = f->id;
  out.line = line;
  out.col = col;
  out.offset = off;
  if (!plain)
    out.flags |= XL_LOC_MACRO;
  return out;
}

void xl_fe_files_free(xl_fe *fe) {
  size_t i;

  for (i = 0; i < fe->src.nfiles; i++) {
    free(fe->src.files[i]->line_starts);
    free(fe->src.files[i]->memo_keys);
    free(fe->src.files[i]->memo_vals);
    free(fe->src.files[i]->own);
    free(fe->src.files[i]);
  }
  free(fe->src.files);
  free(fe->src.fmap_keys);
  free(fe->src.fmap_vals);
  memset(&fe->src, 0, sizeof(fe->src));
}

/* The memo slot of key in f (a power-of-two table, linear probing). */
static size_t memo_slot(const fe_file *f, uint32_t key) {
  size_t mask = f->memo_cap - 1, s = (key * 2654435761u) & mask;

  while (f->memo_keys[s] && f->memo_keys[s] != key)
    s = (s + 1) & mask;
  return s;
}

/* Make room for one more memo entry (kept at most half full). */
static int memo_grow(fe_file *f) {
  fe_file old = *f;
  size_t i, cap = f->memo_cap ? f->memo_cap * 2 : 64;

  if (2 * (f->memo_n + 1) <= f->memo_cap)
    return XL_OK;
  f->memo_keys = calloc(cap, sizeof(*f->memo_keys));
  f->memo_vals = calloc(cap, sizeof(*f->memo_vals));
  if (!f->memo_keys || !f->memo_vals) {
    free(f->memo_keys);
    free(f->memo_vals);
    *f = old;
    return XL_ENOMEM;
  }
  f->memo_cap = cap;
  for (i = 0; i < old.memo_cap; i++) {
    if (old.memo_keys[i]) {
      size_t s = memo_slot(f, old.memo_keys[i]);
      f->memo_keys[s] = old.memo_keys[i];
      f->memo_vals[s] = old.memo_vals[i];
    }
  }
  free(old.memo_keys);
  free(old.memo_vals);
  return XL_OK;
}

/* The offsets where f's lines start: as clang counts them, '\n', '\r',
 * "\r\n" and "\n\r" end a line. */
static int line_table(fe_file *f) {
  size_t i, cap = 0;

  if (XL_GROW(f->line_starts, cap, 1) < 0)
    return XL_ENOMEM;
  f->line_starts[f->nlines++] = 0;
  for (i = 0; i < f->len; i++) {
    char c = f->buf[i];
    if (c != '\n' && c != '\r')
      continue;
    if (i + 1 < f->len && (f->buf[i + 1] == '\n' || f->buf[i + 1] == '\r') &&
        f->buf[i + 1] != c)
      i++;
    if (XL_GROW(f->line_starts, cap, f->nlines + 1) < 0)
      return XL_ENOMEM;
    f->line_starts[f->nlines++] = (uint32_t)(i + 1);
  }
  return XL_OK;
}

xl_loc xl_fe_loc_spelled(xl_fe *fe, const fe_file *cf, size_t offset) {
  fe_file *f = (fe_file *)cf; /* the line table is a cache */
  xl_loc out = xl_loc_none();
  size_t lo = 0, hi;

  if (!f->nlines && line_table(f) < 0) {
    xl_fe_oom(fe);
    return out;
  }
  if (offset > f->len)
    return out;
  hi = f->nlines; /* the last line start <= offset */
  while (hi - lo > 1) {
    size_t mid = lo + (hi - lo) / 2;
    if (f->line_starts[mid] <= offset)
      lo = mid;
    else
      hi = mid;
  }
  out.file = f->id;
  out.line = (uint32_t)lo + 1;
  out.col = (uint32_t)(offset - f->line_starts[lo]) + 1;
  out.offset = (uint32_t)offset;
  return out;
}

xl_loc xl_fe_loc_at(xl_fe *fe, const fe_file *cf, size_t offset) {
  fe_file *f = (fe_file *)cf; /* the memo is a cache: logically const */
  uint32_t key = (uint32_t)offset + 1;
  CXSourceLocation loc;
  xl_loc out;
  size_t s;

  /* a place in a buffer is a file location: the buffer tells line and
     column (as clang counts them) with no lookup among clang's entries */
  if (f->buf)
    return xl_fe_loc_spelled(fe, f, offset);
  if (f->memo_cap) {
    s = memo_slot(f, key);
    if (f->memo_keys[s])
      return f->memo_vals[s];
  }
  loc = clang_getLocationForOffset(fe->tu, f->file, (unsigned)offset);
  out = xl_fe_loc(fe, loc);
  out.flags &= ~XL_LOC_MACRO;
  if (memo_grow(f) == XL_OK) {
    s = memo_slot(f, key);
    f->memo_keys[s] = key;
    f->memo_vals[s] = out;
    f->memo_n++;
  }
  return out;
}

xl_range xl_fe_range(xl_fe *fe, CXCursor c) {
  CXSourceRange r = clang_getCursorExtent(c);
  xl_range out;

  out.begin = xl_fe_loc(fe, clang_getRangeStart(r));
  out.end = xl_fe_loc(fe, clang_getRangeEnd(r));
  return out;
}

xl_range xl_fe_range_ending(xl_fe *fe, CXCursor c, char last) {
  CXSourceRange r = clang_getCursorExtent(c);
  CXSourceLocation end = clang_getRangeEnd(r);
  xl_range out;
  CXFile file;
  unsigned off;
  fe_file *f;

  out.begin = xl_fe_loc(fe, clang_getRangeStart(r));
  out.end = xl_fe_loc(fe, end);
  clang_getExpansionLocation(end, &file, NULL, NULL, &off);
  f = file ? xl_fe_file_known(fe, file) : NULL;
  if (f && f->buf && off > 0 && off <= f->len && f->buf[off - 1] != last)
    out.end.flags |= XL_LOC_MACRO;
  return out;
}

int xl_fe_in_system(CXCursor c) {
  return clang_Location_isInSystemHeader(clang_getCursorLocation(c));
}

int xl_fe_spelled_in_place(CXSourceLocation loc, CXFile *file,
                           unsigned *offset) {
  CXFile efile;
  unsigned eoff;

  clang_getSpellingLocation(loc, file, NULL, NULL, offset);
  clang_getExpansionLocation(loc, &efile, NULL, NULL, &eoff);
  return *file && efile && eoff == *offset && clang_File_isEqual(*file, efile);
}

fe_file *xl_fe_spelling(xl_fe *fe, CXSourceLocation loc, unsigned *offset) {
  CXFile file;

  if (xl_fe_spelled_in_place(loc, &file, offset))
    return file_at(fe, file, &loc, *offset); /* a file location */
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

void xl_fe_append_scope(xl_buf *out, CXCursor c, int inline_namespaces) {
  CXCursor parent = clang_getCursorSemanticParent(c);
  enum CXCursorKind k = clang_getCursorKind(parent);
  CXString s;

  if (k == CXCursor_Namespace || k == CXCursor_StructDecl ||
      k == CXCursor_ClassDecl || k == CXCursor_ClassTemplate ||
      k == CXCursor_UnionDecl ||
      k == CXCursor_ClassTemplatePartialSpecialization) {
    xl_fe_append_scope(out, parent, inline_namespaces);
    if (!inline_namespaces && k == CXCursor_Namespace &&
        clang_Cursor_isInlineNamespace(parent))
      return;
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

  xl_fe_append_scope(&buf, c, 1);
  s = clang_getCursorSpelling(c);
  xl_buf_puts(&buf, clang_getCString(s) ? clang_getCString(s) : "");
  clang_disposeString(s);
  copy = buf.oom ? NULL : xl_facts_strdup(fe->facts, buf.data ? buf.data : "");
  if (!copy)
    xl_fe_oom(fe);
  xl_buf_free(&buf);
  return copy;
}
