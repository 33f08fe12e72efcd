/*
 * srcmap.cpp: files, buffers and source locations (lib/frontend/srcmap.c).
 */
#include "fe.h"

namespace xlp {

void fe_oom(Fe &fe) { fe.status = XL_ENOMEM; }

const char *fe_strdup(Fe &fe, const std::string &s) {
  const char *copy = xl_facts_strdup(fe.facts, s.c_str());

  if (!copy)
    fe_oom(fe);
  return copy;
}

FeFile *fe_file(Fe &fe, clang::OptionalFileEntryRef file) {
  if (!file)
    return nullptr;
  for (auto &f : fe.files)
    if (f->file == *file)
      return f.get();
  auto f = std::make_unique<FeFile>(*file);
  f->buf = file_contents(fe.tu, *file);
  f->system = in_system_header(location_for_offset(fe.tu, *file, 0));
  std::string name = file->getName().str();
  if (xl_facts_add_file(&f->id, fe.facts, name.c_str(),
                        f->system ? XL_FILE_SYSTEM : 0) < 0) {
    fe_oom(fe);
    return nullptr;
  }
  /* what was parsed, so --fix can refuse a file edited since */
  if (!f->system && f->buf.data())
    fe.facts->file_hashes[f->id] =
        xl_hash_bytes(XL_FNV_INIT, f->buf.data(), f->buf.size());
  fe.files.push_back(std::move(f));
  return fe.files.back().get();
}

xl_loc fe_loc(Fe &fe, const Loc &l) {
  FileLoc e = expansion(l);
  FeFile *f = fe_file(fe, e.file);
  xl_loc out = xl_loc_none();

  if (!f)
    return out;
  out.file = f->id;
  out.line = e.line;
  out.col = e.col;
  out.offset = e.offset;
  FileLoc s = spelling_loc(l);
  if (!s.file || !file_equal(e.file, s.file) || s.offset != e.offset)
    out.flags |= XL_LOC_MACRO;
  return out;
}

xl_loc fe_loc_at(Fe &fe, const FeFile *f, size_t offset) {
  xl_loc out = fe_loc(fe, location_for_offset(fe.tu, f->file,
                                              static_cast<unsigned>(offset)));
  out.flags &= ~XL_LOC_MACRO;
  return out;
}

xl_range fe_range(Fe &fe, const Cursor &c) {
  Range r = extent(c);
  xl_range out;

  out.begin = fe_loc(fe, r.begin);
  out.end = fe_loc(fe, r.end);
  return out;
}

bool fe_in_system(const Cursor &c) { return in_system_header(location(c)); }

FeFile *fe_spelling(Fe &fe, const Loc &l, unsigned *offset) {
  FileLoc s = spelling_loc(l);

  *offset = s.offset;
  return fe_file(fe, s.file);
}

const char *fe_spelling_of(Fe &fe, const Cursor &c) {
  std::string s = spelling(c);

  if (s.empty())
    return nullptr;
  return fe_strdup(fe, s);
}

/* Prepend the names of c's semantic parents (namespaces and classes). */
static void qualify(std::string &out, const Cursor &c) {
  Cursor parent = semantic_parent(c);
  CXCursorKind k = parent.kind;

  if (k == CXCursor_Namespace || k == CXCursor_StructDecl ||
      k == CXCursor_ClassDecl || k == CXCursor_ClassTemplate ||
      k == CXCursor_UnionDecl ||
      k == CXCursor_ClassTemplatePartialSpecialization) {
    qualify(out, parent);
    std::string s = spelling(parent);
    /* clang 22 spells unnamed classes "(unnamed struct at f.cu:3:1)" */
    out += !s.empty() && s[0] != '(' ? s : "(anonymous)";
    out += "::";
  }
}

const char *fe_qualified_name(Fe &fe, const Cursor &c) {
  std::string s;

  qualify(s, c);
  s += spelling(c);
  return fe_strdup(fe, s);
}

} // namespace xlp
