/*
 * plugin.cpp: the clang plugin `xlambda`.
 *
 *   clang++ -fplugin=xlambda-plugin.so -x cuda --cuda-gpu-arch=sm_90 -c f.cu
 *
 * An AddBeforeMainAction plugin: a plain -fplugin= runs it next to the
 * compiler's own action (codegen, -fsyntax-only, -fixit), which still
 * produces the object file. Its consumer checks the translation unit once
 * the parse is complete (check.cpp); a CUDA compile runs one job per GPU
 * architecture plus the host job, and only the host job reports, so each
 * finding is printed once. See docs/plugin.md.
 */
#include "plugin.h"

#include <cstring>

#include "clang/AST/ASTConsumer.h"
#include "clang/Frontend/FrontendPluginRegistry.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"

extern "C" {
#include "util/util.h"
}

using namespace clang;

namespace xlp {

void plugin_error(DiagnosticsEngine &d, const std::string &msg) {
  unsigned id = d.getDiagnosticIDs()->getCustomDiagID(
      DiagnosticIDs::CustomDiagDesc(diag::Severity::Error, "xlambda plugin: %0",
                                    DiagnosticIDs::CLASS_ERROR));
  d.Report(id) << msg;
}

static std::string parse_version(Options *o, const std::string &v) {
  int major, minor;
  char tail;

  if (sscanf(v.c_str(), "%d.%d%c", &major, &minor, &tail) != 2 ||
      major <= 0 || minor < 0)
    return "bad CUDA version '" + v + "' (expected MAJOR.MINOR)";
  o->cuda_major = major;
  o->cuda_minor = minor;
  return "";
}

static std::string apply_globs(Options *o, const std::string &globs,
                               bool as_error) {
  xl_error *err = nullptr;
  std::string msg;

  if (xl_error_new(&err) < 0)
    return "out of memory";
  int rc = as_error ? xl_rule_config_as_error(&o->rules, globs.c_str(), err)
                    : xl_rule_config_select(&o->rules, globs.c_str(), err);
  if (rc < 0) {
    msg = xl_error_message(err);
    /* the registry names the CLI's options */
    for (const char *opt : {"--rules", "--warnings-as-errors"}) {
      size_t at = msg.find(opt);
      if (at != std::string::npos)
        msg.replace(at, strlen(opt), as_error ? "werror" : "rules=");
    }
  }
  xl_error_free(err);
  return msg;
}

static std::string parse_one(Options *o, const std::string &arg) {
  size_t eq = arg.find('=');
  std::string key = arg.substr(0, eq);
  std::string value = eq == std::string::npos ? "" : arg.substr(eq + 1);
  bool has_value = eq != std::string::npos;

  /* rules=, werror and cuda-version= are checked here, so that a bad one is
   * reported once and names the argument, and applied over the
   * configuration when the file is checked (config.cpp) */
  if (key == "rules" && has_value) {
    o->rules_arg += (o->rules_arg.empty() ? "" : ",") + value;
    return apply_globs(o, value, false);
  }
  if (key == "werror" && !has_value) {
    o->werror = true;
    return apply_globs(o, "*", true);
  }
  if (key == "cuda-version" && has_value) {
    o->cuda_version_arg = value;
    return parse_version(o, value);
  }
  if (key == "config-file" && has_value && !value.empty()) {
    o->config_file = value;
    return "";
  }
  if (key == "dump-facts" && has_value && !value.empty()) {
    o->dump_facts = value;
    return "";
  }
  if (key == "internal-nested" && !has_value) { /* sides.cpp */
    o->nested = true;
    return "";
  }
  if (key == "time-report" && !has_value) {
    o->time_report = true;
    return "";
  }
  if (key == "no-device-side" && !has_value) {
    o->device_side = false;
    return "";
  }
  return "unknown argument '" + arg +
         "' (expected rules=GLOBS, werror, cuda-version=X.Y, "
         "config-file=FILE, dump-facts=FILE, no-device-side or time-report)";
}

std::string parse_options(Options *out, const std::vector<std::string> &args) {
  xl_rule_config_init(&out->rules);
  for (const std::string &a : args) {
    std::string msg = parse_one(out, a);
    if (!msg.empty())
      return msg;
  }
  return "";
}

namespace {

class Consumer : public ASTConsumer {
public:
  Consumer(CompilerInstance &ci, const Options &opts) : ci_(ci), opts_(opts) {}
  void HandleTranslationUnit(ASTContext &ctx) override {
    check_tu(ci_, ctx, opts_);
  }

private:
  CompilerInstance &ci_;
  Options opts_;
};

/*
 * The .xlambda.yaml files the check reads are dependencies of the compile:
 * with -MD/-MMD they go into the dependency file, so that editing the
 * configuration makes the build system check again. clang's dependency
 * collector listens to the preprocessor and writes the file at the end of
 * the main file; this callback, added after it and so called before it,
 * announces each configuration file there as a file entered.
 */
class ConfigDeps : public PPCallbacks {
public:
  ConfigDeps(Preprocessor &pp, const Options &opts, std::string main,
             std::string cwd)
      : pp_(pp), opts_(opts), main_(std::move(main)), cwd_(std::move(cwd)) {}

  void EndOfMainFile() override {
    SourceManager &sm = pp_.getSourceManager();
    for (const std::string &path : config_files(opts_, main_, cwd_)) {
      OptionalFileEntryRef fe = sm.getFileManager().getOptionalFileRef(path);
      if (!fe)
        continue;
      FileID fid = sm.createFileID(*fe, SourceLocation(), SrcMgr::C_User);
      pp_.getPPCallbacks()->LexedFileChanged(
          fid, LexedFileChangeReason::EnterFile, SrcMgr::C_User, FileID(),
          sm.getLocForStartOfFile(fid));
    }
  }

private:
  Preprocessor &pp_;
  Options opts_;
  std::string main_, cwd_;
};

/* The main file of ci's compile (absolute) and the working directory. */
static void main_and_cwd(CompilerInstance &ci, std::string *main,
                         std::string *cwd) {
  std::string dir = ci.getFileSystemOpts().WorkingDir;
  char *here = xl_path_absolute(dir.empty() ? "." : dir.c_str(), nullptr);
  *cwd = here ? here : ".";
  free(here);
  const FrontendInputFile &in = ci.getFrontendOpts().Inputs[0];
  char *abs = xl_path_absolute(in.getFile().str().c_str(), cwd->c_str());
  *main = abs ? abs : in.getFile().str();
  free(abs);
}

class Action : public PluginASTAction {
protected:
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &ci,
                                                 llvm::StringRef) override {
    if (!ci.getDependencyOutputOpts().OutputFile.empty() && !opts_.nested &&
        !ci.getFrontendOpts().Inputs.empty() &&
        ci.getFrontendOpts().Inputs[0].isFile()) {
      std::string main, cwd;
      main_and_cwd(ci, &main, &cwd);
      ci.getPreprocessor().addPPCallbacks(
          std::make_unique<ConfigDeps>(ci.getPreprocessor(), opts_, main, cwd));
    }
    return std::make_unique<Consumer>(ci, opts_);
  }

  /* Called in every job; only the host job (or a non-CUDA compile) reports
   * a bad argument, so that it is printed once. */
  bool ParseArgs(const CompilerInstance &ci,
                 const std::vector<std::string> &args) override {
    std::string msg = parse_options(&opts_, args);
    if (msg.empty())
      return true;
    if (!ci.getLangOpts().CUDAIsDevice)
      plugin_error(ci.getDiagnostics(), msg);
    return false;
  }

  ActionType getActionType() override { return AddBeforeMainAction; }

private:
  Options opts_;
};

} // namespace

} // namespace xlp

static clang::FrontendPluginRegistry::Add<xlp::Action>
    X("xlambda", "check CUDA extended lambdas (the xlambda rules)");
