/*
 * check.cpp: one translation unit through the plugin: facts from the AST
 * (lib/frontend's walk through cx_shim.cpp), the device side when the file needs it (device.cpp), then
 * the same C rules as `xlambda check` (xl_pipeline_rules) and the findings
 * through clang's DiagnosticsEngine (report.cpp).
 */
#include "plugin.h"

#include <cstdio>
#include <ctime>

#include "clang/Lex/Preprocessor.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/Path.h"

#include "cursor.h"

extern "C" {
#include "pipeline/pipeline.h"
#include "util/util.h"
}

using namespace clang;

namespace xlp {

/* The directory relative paths are resolved against. */
static std::string working_dir(const CompilerInstance &ci) {
  llvm::SmallString<256> cwd;

  if (!ci.getFileSystemOpts().WorkingDir.empty())
    return ci.getFileSystemOpts().WorkingDir;
  if (llvm::sys::fs::current_path(cwd))
    return ".";
  return std::string(cwd.str());
}

static std::string main_file_path(CompilerInstance &ci, const std::string &cwd) {
  SourceManager &sm = ci.getSourceManager();
  OptionalFileEntryRef f = sm.getFileEntryRefForID(sm.getMainFileID());
  std::string name = f ? f->getName().str() : "";
  char *abs = xl_path_absolute(name.c_str(), cwd.c_str());
  std::string out = abs ? abs : name;

  free(abs);
  return out;
}

static int cxx_std(const LangOptions &lo) {
  if (lo.CPlusPlus23)
    return 23;
  if (lo.CPlusPlus20)
    return 20;
  if (lo.CPlusPlus17)
    return 17;
  if (lo.CPlusPlus14)
    return 14;
  return 11;
}

/* CUDA_VERSION as the CUDA headers define it (13000 for 13.0). */
static int cuda_version_macro(Preprocessor &pp) {
  const IdentifierInfo *ii = pp.getIdentifierInfo("CUDA_VERSION");
  const MacroInfo *mi = ii ? pp.getMacroInfo(ii) : nullptr;
  unsigned v = 0;

  if (!mi || mi->getNumTokens() != 1 ||
      !mi->getReplacementToken(0).is(tok::numeric_constant))
    return 0;
  const Token &t = mi->getReplacementToken(0);
  if (StringRef(t.getLiteralData(), t.getLength()).getAsInteger(10, v))
    return 0;
  return static_cast<int>(v);
}

static void describe(xl_facts *f, CompilerInstance &ci, const Options &o) {
  int v = cuda_version_macro(ci.getPreprocessor());

  f->cxx_std = cxx_std(ci.getLangOpts());
  f->cuda_major = o.cuda_major ? o.cuda_major : v / 1000;
  f->cuda_minor = o.cuda_major ? o.cuda_minor : (v % 1000) / 10;
  f->flags |= XL_FACTS_EXTENDED_LAMBDA; /* clang needs no flag for them */
  if (ci.getDiagnostics().hasErrorOccurred())
    f->flags |= XL_FACTS_INCOMPLETE;
}

static void dump(const xl_facts *f, const std::string &path,
                 DiagnosticsEngine &d) {
  char *json = nullptr;
  FILE *out;

  if (xl_facts_to_json(&json, f) < 0) {
    plugin_error(d, "out of memory while writing the facts");
    return;
  }
  out = fopen(path.c_str(), "w");
  if (!out || fputs(json, out) < 0 || fputc('\n', out) < 0)
    plugin_error(d, "cannot write the facts to '" + path + "'");
  if (out)
    fclose(out);
  free(json);
}

/* Facts of the host side, with the device side when the file needs it. */
static xl_facts *build_facts(CompilerInstance &ci, ASTContext &ctx,
                             const Options &opts, const std::string &cwd) {
  xl_facts *facts = nullptr;
  Tu tu{ctx, ci.getSourceManager(), ci.getLangOpts()};

  if (xl_facts_new(&facts, main_file_path(ci, cwd).c_str()) < 0)
    return nullptr;
  describe(facts, ci, opts);
  bool needs_device = false;
  int rc = walk_tu(facts, tu, opts.device_side ? &needs_device : nullptr);
  if (rc == XL_OK && needs_device)
    rc = device_pass(ci, facts);
  if (rc == XL_OK)
    rc = xl_facts_absolute_paths(facts, cwd.c_str());
  if (rc < 0) {
    xl_facts_free(facts);
    return nullptr;
  }
  return facts;
}

/* Run the rules on the facts and report through ci's DiagnosticsEngine. */
static void check_facts(CompilerInstance &ci, xl_facts *facts,
                        const Options &opts) {
  DiagnosticsEngine &d = ci.getDiagnostics();
  xl_diags *diags = nullptr;

  if (!opts.dump_facts.empty())
    dump(facts, opts.dump_facts, d);
  if (xl_diags_new(&diags) < 0 ||
      xl_pipeline_rules(diags, facts, &opts.rules) < 0) {
    plugin_error(d, "out of memory while running the rules");
  } else {
    report_diags(ci, diags, facts->main_file);
  }
  xl_diags_free(diags);
}

/*
 * A device job that failed is the compile's last job: clang's driver stops
 * at the first failing job, so the host job, where the plugin reports, will
 * not run. The plugin then parses the host side itself and reports here.
 */
static void check_from_device(CompilerInstance &ci, const Options &opts,
                              const std::string &cwd) {
  xl_facts *facts = nullptr;
  bool errors = false;

  parse_other_side(
      ci, false,
      [&](CompilerInstance &hci, ASTContext &hctx) {
        facts = build_facts(hci, hctx, opts, cwd);
      },
      &errors);
  if (facts)
    check_facts(ci, facts, opts);
  xl_facts_free(facts);
}

static void check_job(CompilerInstance &ci, ASTContext &ctx,
                      const Options &args) {
  const LangOptions &lo = ci.getLangOpts();
  DiagnosticsEngine &d = ci.getDiagnostics();

  if (!lo.CUDA || args.nested)
    return;
  /* a device job reports only when it failed; else the host job, once */
  if (lo.CUDAIsDevice && !d.hasErrorOccurred())
    return;
  std::string cwd = working_dir(ci);
  Options opts = args;
  std::string msg = apply_config(&opts, main_file_path(ci, cwd), cwd);
  if (!msg.empty()) {
    plugin_error(d, msg);
    return;
  }
  if (lo.CUDAIsDevice) {
    check_from_device(ci, opts, cwd);
    return;
  }
  xl_facts *facts = build_facts(ci, ctx, opts, cwd);
  if (!facts) {
    plugin_error(d, "out of memory while analysing the translation unit");
    return;
  }
  check_facts(ci, facts, opts);
  xl_facts_free(facts);
}

void check_tu(CompilerInstance &ci, ASTContext &ctx, const Options &opts) {
  std::clock_t start = std::clock();

  check_job(ci, ctx, opts);
  if (opts.time_report && !opts.nested)
    llvm::errs() << "xlambda plugin: "
                 << (ci.getLangOpts().CUDAIsDevice ? "device" : "host")
                 << " job: "
                 << llvm::format("%.1f", 1000.0 * (std::clock() - start) /
                                             CLOCKS_PER_SEC)
                 << " ms CPU\n";
}

} // namespace xlp
