/*
 * library.h: the files whose bodies the skip parse treats as a library's
 * (driver.cpp, instantiate.cpp): system headers, and the user headers
 * whose findings the run does not show (--header-filter,
 * --exclude-header-filter, and their configuration keys).
 *
 * A finding located in such a header is computed only to be hidden, so
 * the skip parse skips its non-templated bodies and parses its templates
 * late, as it does a system header's. Unlike a system header's, such a
 * header's declarations are still walked, and a specialization of its
 * templates is instantiated over a closure or over a type declared in a
 * shown file (a functor of the main file that its body calls back):
 * instances.c walks what such a body names of the shown files' templates
 * (instantiate.h).
 */
#ifndef XLP_LIBRARY_H
#define XLP_LIBRARY_H

#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseMap.h"

namespace xlp {

/* Whether the run shows the findings of `file` (a name as clang opened
 * it); 1 or 0. ctx is the caller's. */
using ShownFn = int (*)(void *ctx, const char *file);

class LibraryFiles {
public:
  /* shown may be null: then only system headers are a library's. */
  LibraryFiles(ShownFn shown, void *ctx) : shown_(shown), ctx_(ctx) {}

  /* Whether the file of loc's expansion is a system header, or a header
   * (not the main file) whose findings are not shown. An invalid location
   * is no library's. */
  bool contains(const clang::SourceManager &sm, clang::SourceLocation loc);

  /* The same for the file fid, entered with kind. */
  bool contains(const clang::SourceManager &sm, clang::FileID fid,
                clang::SrcMgr::CharacteristicKind kind);

private:
  ShownFn shown_;
  void *ctx_;
  llvm::DenseMap<clang::FileID, bool> hidden_; /* user files asked */
};

} // namespace xlp

#endif /* XLP_LIBRARY_H */
