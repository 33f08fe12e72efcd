/*
 * library.cpp: the files whose bodies the skip parse treats as a
 * library's (library.h).
 */
#include "library.h"

#include <string>

using namespace clang;

namespace xlp {

bool LibraryFiles::contains(const SourceManager &sm, SourceLocation loc) {
  if (loc.isInvalid())
    return false;
  loc = sm.getExpansionLoc(loc);
  return contains(sm, sm.getFileID(loc), sm.getFileCharacteristic(loc));
}

bool LibraryFiles::contains(const SourceManager &sm, FileID fid,
                            SrcMgr::CharacteristicKind kind) {
  if (SrcMgr::isSystem(kind))
    return true;
  if (!shown_ || fid.isInvalid() || fid == sm.getMainFileID())
    return false;
  auto it = hidden_.find(fid);
  if (it != hidden_.end())
    return it->second;
  OptionalFileEntryRef fe = sm.getFileEntryRefForID(fid);
  bool hidden = false;
  if (fe) {
    std::string name = fe->getName().str();
    hidden = shown_(ctx_, name.c_str()) == 0;
  }
  hidden_[fid] = hidden;
  return hidden;
}

} // namespace xlp
