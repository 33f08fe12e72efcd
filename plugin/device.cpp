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

/* Clear the flag the device skip's plan put on host's lambdas (the device
 * side is then parsed whole, as --parse=full parses it). */
static void unflag_skipped(xl_facts *host) {
  for (uint32_t i = 0; i < host->nlambdas; i++)
    host->lambdas[i].flags &= ~(uint32_t)XL_LAMBDA_DEVICE_SKIPPED;
}

int device_pass(CompilerInstance &ci, xl_facts *host, const std::string &arch,
                SkipFn skip, bool host_erred) {
  xl_facts *dev = nullptr;
  int rc = parse_device(&dev, ci, host, arch, skip);

  /* The skip parse's errors are among the whole parse's (it parses fewer
   * bodies and instantiates less), so one of them settles that
   * --parse=full's device facts are incomplete too; none settles
   * nothing. */
  if (rc == XL_OK && dev && skip && host_erred &&
      !(dev->flags & XL_FACTS_INCOMPLETE)) {
    xl_facts_free(dev);
    dev = nullptr;
    unflag_skipped(host);
    rc = parse_device(&dev, ci, host, arch, SkipFn());
  }
  if (rc < 0 || !dev)
    return rc;
  return xl_fe_join_sides(host, dev);
}

} // namespace xlp
