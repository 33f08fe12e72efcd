/*
 * driver.h: what the two parses of the xlambda_cdriver library share: the
 * check's skip parse (driver.cpp) and a document's precompiled block of
 * headers (blockpch.cpp).
 */
#ifndef XLP_DRIVER_H
#define XLP_DRIVER_H

#include <memory>

#include "clang/Frontend/CompilerInvocation.h"
#include "llvm/Support/VirtualFileSystem.h"

namespace xlp {

/*
 * The cc1 invocation of the host side for the clang driver arguments
 * argv[0..argc) and `file`, as libclang makes it (the program name
 * "clang", the file last, no spell checking), set to parse only, with
 * -fskip-function-bodies: the caller's consumer decides which bodies.
 * Returns null when the driver refuses the arguments or reports an error
 * about them. The caller owns the result.
 */
std::shared_ptr<clang::CompilerInvocation>
cdriver_invocation(const char *file, const char *const *argv, int argc,
                   llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> vfs);

/* Return the pages the heap freed to the system (glibc's malloc_trim), so
 * that the next parse's peak is not added to the last one's. */
void give_back_pages();

} // namespace xlp

#endif /* XLP_DRIVER_H */
