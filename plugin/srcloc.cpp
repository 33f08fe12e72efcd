/*
 * srcloc.cpp: source locations and ranges as libclang 22 decomposes them
 * (CXSourceLocation.cpp, CIndex.cpp translateSourceRange).
 */
#include "cursor.h"

#include "clang/Lex/Lexer.h"

using namespace clang;

namespace xlp {

Loc null_loc() { return Loc(); }

bool equal_locations(const Loc &a, const Loc &b) {
  if (!a.tu || !b.tu)
    return !a.tu && !b.tu;
  return a.raw == b.raw;
}

FileLoc expansion(const Loc &l) {
  FileLoc out;

  if (!l.tu || l.raw.isInvalid())
    return out;
  const SourceManager &sm = l.tu->sm;
  SourceLocation e = sm.getExpansionLoc(l.raw);
  FileID fid = sm.getFileID(e);
  bool invalid = false;
  const SrcMgr::SLocEntry &entry = sm.getSLocEntry(fid, &invalid);
  if (invalid || !entry.isFile())
    return out;
  out.file = sm.getFileEntryRefForID(fid);
  out.line = sm.getExpansionLineNumber(e);
  out.col = sm.getExpansionColumnNumber(e);
  out.offset = sm.getDecomposedLoc(e).second;
  return out;
}

FileLoc spelling_loc(const Loc &l) {
  FileLoc out;

  if (!l.tu || l.raw.isInvalid())
    return out;
  const SourceManager &sm = l.tu->sm;
  FileIDAndOffset info = sm.getDecomposedLoc(sm.getSpellingLoc(l.raw));
  if (info.first.isInvalid())
    return out;
  out.file = sm.getFileEntryRefForID(info.first);
  out.line = sm.getLineNumber(info.first, info.second);
  out.col = sm.getColumnNumber(info.first, info.second);
  out.offset = info.second;
  return out;
}

bool in_system_header(const Loc &l) {
  if (!l.tu || l.raw.isInvalid())
    return false;
  return l.tu->sm.isInSystemHeader(l.raw);
}

FileID FileIds::get(FileEntryRef f) {
  if (!made_) {
    for (unsigned i = 0, n = sm_.local_sloc_entry_size(); i < n; i++) {
      const SrcMgr::SLocEntry &e = sm_.getLocalSLocEntry(i);
      if (!e.isFile())
        continue;
      OptionalFileEntryRef fe = e.getFile().getContentCache().OrigEntry;
      SourceLocation start = SourceLocation::getFromRawEncoding(e.getOffset());
      if (fe)
        map_.try_emplace(&fe->getFileEntry(), sm_.getFileID(start));
    }
    made_ = true;
  }
  auto it = map_.find(&f.getFileEntry());
  /* not a local file: translateFile looks further (modules) */
  return it != map_.end() ? it->second : sm_.translateFile(f);
}

FileID file_id(const Tu *tu, FileEntryRef f) { return tu->file_ids.get(f); }

/* ASTUnit::getLocation(File, Offset). */
Loc location_for_offset(const Tu *tu, FileEntryRef f, unsigned off) {
  Loc out;
  FileID fid = file_id(tu, f);

  if (fid.isInvalid())
    return out;
  SourceLocation start = tu->sm.getLocForStartOfFile(fid);
  /* A file's first byte is never a macro argument's (clang refuses an
   * #include among a macro's arguments and enters no file then), so its
   * location is its own, and the file's map of macro arguments (a walk
   * over every expansion in it, made once per file) is not needed for
   * it: srcmap.c asks for each user file's start. */
  out.raw = off == 0 ? start
                     : tu->sm.getMacroArgExpandedLocation(
                           start.getLocWithOffset(off));
  out.tu = tu;
  return out;
}

/* cxloc::translateSourceRange: the end moves past the last token. */
Range translate_range(const Tu *tu, CharSourceRange r) {
  const SourceManager &sm = tu->sm;
  SourceLocation end = r.getEnd();
  bool token = r.isTokenRange();
  Range out;

  if (end.isValid() && end.isMacroID() && !sm.isMacroArgExpansion(end)) {
    CharSourceRange e = sm.getExpansionRange(end);
    end = e.getEnd();
    token = e.isTokenRange();
  }
  if (token && end.isValid())
    end = end.getLocWithOffset(
        Lexer::MeasureTokenLength(sm.getSpellingLoc(end), sm, tu->lo));
  out.begin.raw = r.getBegin();
  out.begin.tu = tu;
  out.end.raw = end;
  out.end.tu = tu;
  return out;
}

bool file_equal(OptionalFileEntryRef a, OptionalFileEntryRef b) {
  if (!a || !b)
    return !a && !b;
  return *a == *b;
}

llvm::StringRef file_contents(const Tu *tu, FileEntryRef f) {
  FileID fid = file_id(tu, f);
  std::optional<llvm::MemoryBufferRef> buf = tu->sm.getBufferOrNone(fid);

  if (!buf)
    return llvm::StringRef();
  return buf->getBuffer();
}

} // namespace xlp
