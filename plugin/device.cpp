/*
 * device.cpp: the device side of a translation unit (lib/frontend/device.c).
 *
 * When a function holding an extended lambda depends on __CUDA_ARCH__
 * (archscan.cpp), the plugin parses the file a second time as the device
 * compilation would (sides.cpp) and walks it into facts->device. The
 * extended lambdas of the two sides are then numbered and paired exactly as
 * device.c does.
 */
#include "plugin.h"

#include "fe.h"

using namespace clang;

namespace xlp {

Fe::Fe() = default;
Fe::~Fe() { delete uses; }

/* Device facts share the host's file numbering: seed, then copy back. */
static int seed_files(xl_facts *dev, const xl_facts *host) {
  xl_id id;

  for (uint32_t i = 0; i < host->nfiles; i++)
    if (xl_facts_add_file(&id, dev, host->files[i], host->file_flags[i]) < 0)
      return XL_ENOMEM;
  return XL_OK;
}

static int sync_files(xl_facts *host, const xl_facts *dev) {
  xl_id id;

  for (uint32_t i = host->nfiles; i < dev->nfiles; i++)
    if (xl_facts_add_file(&id, host, dev->files[i], dev->file_flags[i]) < 0 ||
        id != i)
      return XL_ENOMEM;
  return XL_OK;
}

/* Parse the device side and walk it into *out (null when clang refuses the
 * invocation: the rules that need it stay quiet, as in device.c). */
static int parse_device(xl_facts **out, CompilerInstance &ci,
                        const xl_facts *host) {
  xl_facts *dev = nullptr;
  int walked = 1; /* 1 until the device AST was walked */
  bool errors = false;

  *out = nullptr;
  if (xl_facts_new(&dev, host->main_file) < 0 || seed_files(dev, host) < 0) {
    xl_facts_free(dev);
    return XL_ENOMEM;
  }
  dev->cxx_std = host->cxx_std;
  dev->cuda_major = host->cuda_major;
  dev->cuda_minor = host->cuda_minor;
  dev->flags = (host->flags & ~XL_FACTS_INCOMPLETE) | XL_FACTS_DEVICE_SIDE;
  parse_other_side(
      ci, true,
      [&](CompilerInstance &dci, ASTContext &ctx) {
        Tu tu{ctx, dci.getSourceManager(), dci.getLangOpts()};
        walked = walk_tu(dev, &tu, false);
      },
      &errors);
  if (errors)
    dev->flags |= XL_FACTS_INCOMPLETE; /* a parse with errors keeps facts */
  if (walked == XL_OK) {
    *out = dev;
    return XL_OK;
  }
  xl_facts_free(dev);
  return walked < 0 ? walked : XL_OK;
}

/* ---- pairing (device.c) --------------------------------------------------- */

static bool numbered(const xl_lambda &l) {
  return (l.flags & XL_LAMBDA_EXTENDED) && l.func != XL_NONE &&
         !(l.flags & XL_LAMBDA_INSTANCE);
}

static bool same_func(const xl_facts *a, xl_id fa, const xl_facts *b,
                      xl_id fb) {
  const xl_func &x = a->funcs[fa], &y = b->funcs[fb];

  return x.loc.file == y.loc.file && x.loc.offset == y.loc.offset && x.name &&
         y.name && strcmp(x.name, y.name) == 0;
}

static bool same_loc(xl_loc a, xl_loc b) {
  return a.file == b.file && a.offset == b.offset;
}

/* The innermost arch-dependent arm that holds loc, or XL_NONE. */
static xl_id arm_of(const xl_facts *host, xl_loc loc) {
  xl_id best = XL_NONE;

  for (uint32_t i = 0; i < host->nconds; i++) {
    const xl_cond &c = host->conds[i];
    if (c.range.begin.file != loc.file || loc.offset < c.range.begin.offset ||
        loc.offset >= c.range.end.offset)
      continue;
    if (best == XL_NONE ||
        c.range.begin.offset > host->conds[best].range.begin.offset)
      best = i;
  }
  return best;
}

static bool alternatives(const xl_facts *host, const xl_lambda &h,
                         const xl_lambda &d) {
  xl_id a = arm_of(host, h.spelling), b = arm_of(host, d.spelling);

  return a != XL_NONE && b != XL_NONE && a != b &&
         host->conds[a].group == host->conds[b].group &&
         host->conds[a].loc.file == host->conds[b].loc.file;
}

static void list_func(std::vector<xl_id> &out, xl_facts *f, xl_id fn) {
  out.clear();
  for (uint32_t i = 0; i < f->nlambdas; i++) {
    if (f->lambdas[i].func != fn || !numbered(f->lambdas[i]))
      continue;
    out.push_back(i);
    f->lambdas[i].number = static_cast<uint32_t>(out.size());
  }
}

static void pair_lists(xl_facts *host, xl_facts *dev,
                       const std::vector<xl_id> &h,
                       const std::vector<xl_id> &d) {
  bool positional = h.size() == d.size();

  for (size_t i = 0; i < h.size() && positional; i++) {
    const xl_lambda &a = host->lambdas[h[i]], &b = dev->lambdas[d[i]];
    positional = same_loc(a.loc, b.loc) || alternatives(host, a, b);
  }
  for (size_t i = 0; i < h.size(); i++)
    for (size_t j = 0; j < d.size(); j++) {
      xl_lambda &a = host->lambdas[h[i]], &b = dev->lambdas[d[j]];
      if (positional ? i == j : same_loc(a.loc, b.loc)) {
        a.peer = d[j];
        b.peer = h[i];
        break;
      }
    }
}

static void pair_sides(xl_facts *host, xl_facts *dev) {
  std::vector<xl_id> h, d;

  for (uint32_t fd = 0; fd < dev->nfuncs; fd++)
    list_func(d, dev, fd);
  for (uint32_t fh = 0; fh < host->nfuncs; fh++) {
    list_func(h, host, fh);
    for (uint32_t fd = 0; fd < dev->nfuncs && !h.empty(); fd++) {
      if (!same_func(host, fh, dev, fd))
        continue;
      list_func(d, dev, fd);
      pair_lists(host, dev, h, d);
      break;
    }
  }
}

int device_pass(CompilerInstance &ci, xl_facts *host, const Tu *tu,
                const Options &opts) {
  Fe fe;
  bool needed = false;
  xl_facts *dev = nullptr;

  (void)opts;
  fe.tu = tu;
  fe.facts = host;
  int rc = fe_arch_scan(&needed, fe);
  if (rc < 0 || !needed)
    return rc;
  rc = parse_device(&dev, ci, host);
  if (rc < 0 || !dev)
    return rc;
  rc = sync_files(host, dev);
  if (rc == XL_OK)
    pair_sides(host, dev);
  host->device = dev;
  return rc;
}

} // namespace xlp
