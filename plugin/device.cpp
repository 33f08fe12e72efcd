/*
 * device.cpp: the device side of a translation unit (lib/frontend/device.c).
 *
 * When a function holding an extended lambda depends on __CUDA_ARCH__
 * (lib/frontend/archscan.c, during the walk), the plugin parses the file a
 * second time as the device compilation would (sides.cpp), walks it into
 * facts->device, and numbers and pairs the extended lambdas of the two
 * sides with lib/frontend/pair.c, as device.c does.
 */
#include "plugin.h"

#include "cursor.h"

extern "C" {
#include "frontend/fe.h"
}

using namespace clang;

namespace xlp {

/* Parse the device side and walk it into *out (null when clang refuses the
 * invocation: the rules that need it stay quiet, as in device.c). */
static int parse_device(xl_facts **out, CompilerInstance &ci,
                        const xl_facts *host, const std::string &arch,
                        SkipFn skip) {
  xl_facts *dev = nullptr;
  int walked = 1; /* 1 until the device AST was walked */
  bool errors = false;

  *out = nullptr;
  if (xl_fe_device_facts_new(&dev, host) < 0)
    return XL_ENOMEM;
  parse_other_side(
      ci, true,
      [&](CompilerInstance &dci, ASTContext &ctx) {
        Tu tu{ctx, dci.getSourceManager(), dci.getLangOpts()};
        walked = walk_tu(dev, tu, nullptr);
      },
      &errors, arch, skip);
  if (skip)
    dev->flags |= XL_FACTS_BODIES_SKIPPED;
  if (errors)
    dev->flags |= XL_FACTS_INCOMPLETE; /* a parse with errors keeps facts */
  if (walked == XL_OK) {
    *out = dev;
    return XL_OK;
  }
  xl_facts_free(dev);
  return walked < 0 ? walked : XL_OK;
}

int device_pass(CompilerInstance &ci, xl_facts *host, const std::string &arch,
                SkipFn skip) {
  xl_facts *dev = nullptr;
  int rc = parse_device(&dev, ci, host, arch, skip);

  if (rc < 0 || !dev)
    return rc;
  return xl_fe_join_sides(host, dev);
}

} // namespace xlp
