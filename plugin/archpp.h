/*
 * archpp.h: which function bodies the device side of `xlambda check
 * --parse=skip` may skip (issue 20), decided from the host parse's
 * preprocessor and facts (archpp.cpp, in xlambda_cdriver).
 *
 * The device-side rules (extended_lambda_arch_dependent_definition and
 * _capture) compare the extended lambdas nvcc numbers, function by
 * function, with their counterparts in the device compilation
 * (lib/frontend/pair.c). A function whose text is preprocessed alike in
 * both compilations defines the same lambdas with the same captures on both
 * sides, so its device-side body is not needed. Its text can differ only
 * where the host parse's preprocessor saw
 *   - an #if/#ifdef/#ifndef group one of whose conditions names
 *     __CUDA_ARCH__ (any name starting __CUDA_ARCH but __CUDA_ARCH_LIST__),
 *     CCCL's NV_IF_TARGET, NV_IF_ELSE_TARGET, NV_DISPATCH_TARGET, or an
 *     arch macro (the whole group, #if to #endif, is a region);
 *   - the expansion of an arch macro (a point), nested expansions included,
 *     at the place the outermost macro is written;
 * where an arch macro is one #defined or #undefined inside an arm of such a
 * group (taken on the host or skipped: skipped arms are lexed for their
 * #define and #undef lines), or whose replacement names one of the above.
 * Macros and groups of system headers count, regions are kept for the
 * other files only (the walk reads no system-header function).
 */
#ifndef XLP_ARCHPP_H
#define XLP_ARCHPP_H

#include <set>
#include <utility>
#include <vector>

#include "clang/AST/DeclBase.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/DenseMap.h"

extern "C" {
#include "xlambda/sys/facts.h"
}

namespace xlp {

/* The regions, per file of the host parse, as byte offsets. */
class ArchRegions {
public:
  /* Add [begin, end] of file f (end included). */
  void add(clang::FileID f, unsigned begin, unsigned end);
  /* Sort the regions; call once, after the parse and before hot(). */
  void finish();
  /* Whether [begin, end] of f meets a region. */
  bool hot(clang::FileID f, unsigned begin, unsigned end) const;

private:
  struct Span {
    unsigned begin, end, max_end; /* max_end: of the spans up to this one */
  };
  llvm::DenseMap<clang::FileID, std::vector<Span>> spans_;
};

/*
 * Add to pp the callbacks that fill *regions while pp preprocesses the host
 * side. regions must outlive the preprocessing; pp owns the callbacks.
 */
void watch_arch(clang::Preprocessor &pp, ArchRegions *regions);

/* A function body across compiler instances: its file's unique id and the
 * offset where its declaration starts (expansion location). */
using BodyKey = std::pair<llvm::sys::fs::UniqueID, unsigned>;

/* What the device parse may skip: the bodies of system headers, and the
 * user bodies the host parse found cold (that meet no region). */
struct DeviceSkip {
  std::set<BodyKey> cold;

  /* Whether the device parse may skip d's body (sm: the device parse's). */
  bool skippable(const clang::SourceManager &sm, const clang::Decl *d) const;
};

/*
 * After the host walk: fill out->cold with the key of every body in
 * `bodies` (the user-file bodies the host parse kept, in sm) that meets no
 * region of `regions` (finished) and holds no lambda the device side
 * compares, unless another body of that key does not qualify (one macro
 * expansion writes bodies with one key); and flag XL_LAMBDA_DEVICE_SKIPPED
 * every lambda of host that nvcc numbers and whose function meets no
 * region (the device side does not parse it, and would define it alike).
 * Returns XL_OK or XL_ENOMEM (out and host then partly filled).
 */
int plan_device_skip(DeviceSkip *out, xl_facts *host,
                     const clang::SourceManager &sm,
                     const ArchRegions &regions,
                     const std::vector<const clang::Decl *> &bodies);

} // namespace xlp

#endif /* XLP_ARCHPP_H */
