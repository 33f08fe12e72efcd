/*
 * sides.cpp: parsing the main file again, in-process, as the other side of
 * the CUDA compilation.
 *
 * The invocation is made from the running job's own cc1 options (so include
 * paths, macros and the language standard are the compile's), with the
 * triples swapped: for the device side the GPU triple, -fcuda-is-device and
 * the compile's first GPU architecture (the first entry of
 * __CUDA_ARCH_LIST__; sm_75, nvcc 13.0's default, when there is none); for
 * the host side the host triple. Diagnostics of the second parse are
 * dropped; the caller learns whether there were errors outside system
 * headers.
 */
#include "plugin.h"

#include "clang/Frontend/FrontendAction.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace clang;

namespace xlp {

/* clang's device-side Sema looks up cudaConfigureCall for a <<<...>>> launch
 * in host code, which the CUDA headers declare only for the host
 * (lib/frontend/device.c adds the same prelude). */
static const char PRELUDE_PATH[] = "/xlambda-device-prelude.h";
static const char PRELUDE[] =
    "#if defined(__CUDA_ARCH__)\n"
    "extern \"C\" int cudaConfigureCall(dim3, dim3, size_t = 0,\n"
    "                                   cudaStream_t = 0);\n"
    "#endif\n";

/* "sm_90" for -D__CUDA_ARCH_LIST__=900,..., else nvcc 13.0's sm_75. */
std::string first_gpu_arch(CompilerInstance &ci) {
  for (const auto &m : ci.getPreprocessorOpts().Macros) {
    StringRef def(m.first);
    if (m.second || !def.consume_front("__CUDA_ARCH_LIST__="))
      continue;
    StringRef first = def.split(',').first;
    unsigned v;
    if (!first.getAsInteger(10, v) && v >= 100)
      return "sm_" + std::to_string(v / 10);
  }
  return "sm_75";
}

static bool dropped(StringRef a, bool *with_value) {
  *with_value = a == "-triple" || a == "-aux-triple" || a == "-target-cpu" ||
                a == "-tune-cpu" || a == "-target-feature" || a == "-load" ||
                a == "-plugin-arg-xlambda" || a == "-add-plugin" ||
                a == "-aux-target-cpu" || a == "-aux-target-feature" ||
                a == "-main-file-name" || a == "-o";
  return *with_value || a == "-fcuda-is-device";
}

/* The running job's cc1 arguments turned into the other side's. */
static std::vector<std::string> side_args(CompilerInstance &ci, bool device,
                                          const std::string &arch) {
  std::vector<std::string> cur = ci.getInvocation().getCC1CommandLine();
  const TargetOptions &to = ci.getTargetOpts();
  const FrontendOptions &fo = ci.getFrontendOpts();
  std::vector<std::string> out;
  bool value;

  for (size_t i = 0; i < cur.size(); i++) {
    if (!dropped(cur[i], &value))
      out.push_back(cur[i]);
    else if (value)
      i++;
  }
  out.insert(out.end(), {"-triple", fo.AuxTriple, "-aux-triple", to.Triple});
  if (device)
    out.insert(out.end(), {"-aux-target-cpu", to.CPU, "-target-cpu",
                           arch.empty() ? first_gpu_arch(ci) : arch,
                           "-fcuda-is-device", "-include",
                           PRELUDE_PATH});
  else if (fo.AuxTargetCPU)
    out.insert(out.end(), {"-target-cpu", *fo.AuxTargetCPU});
  return out;
}

static std::shared_ptr<CompilerInvocation>
side_invocation(CompilerInstance &ci, bool device, DiagnosticsEngine &diags,
                const std::string &arch, bool skip_bodies) {
  std::vector<std::string> args = side_args(ci, device, arch);
  std::vector<const char *> argv;
  auto inv = std::make_shared<CompilerInvocation>();

  for (const std::string &a : args)
    argv.push_back(a.c_str());
  if (!CompilerInvocation::CreateFromArgs(*inv, argv, diags))
    return nullptr;
  FrontendOptions &fo = inv->getFrontendOpts();
  fo.ProgramAction = frontend::ParseSyntaxOnly;
  fo.Inputs = ci.getFrontendOpts().Inputs;
  fo.OutputFile.clear();
  /* `check --parse=skip` skips the host's bodies; the device side's only
   * where its caller says so (archpp.h) */
  fo.SkipFunctionBodies = skip_bodies;
  /* under -verify the job's checker would hold back the second parse's
   * diagnostics (and check it against the job's directives) */
  inv->getDiagnosticOpts().VerifyDiagnostics = false;
  fo.Plugins.clear();
  fo.AddPluginActions.clear();
  fo.PluginArgs.clear();
  /* the plugin is registered in this process: its consumer in the second
   * parse must stay idle */
  fo.PluginArgs["xlambda"].push_back("internal-nested");
  if (device)
    inv->getPreprocessorOpts().addRemappedFile(
        PRELUDE_PATH, llvm::MemoryBuffer::getMemBuffer(PRELUDE).release());
  return inv;
}

namespace {

using SideFn = llvm::function_ref<void(CompilerInstance &, ASTContext &)>;

class SideConsumer : public ASTConsumer {
public:
  SideConsumer(CompilerInstance &ci, SideFn fn, SkipFn skip)
      : ci_(ci), fn_(fn), skip_(skip) {}
  void HandleTranslationUnit(ASTContext &ctx) override { fn_(ci_, ctx); }
  bool shouldSkipFunctionBody(Decl *d) override {
    return skip_ && skip_(ci_.getSourceManager(), d);
  }

private:
  CompilerInstance &ci_;
  SideFn fn_;
  SkipFn skip_;
};

/* Counts the errors outside system headers (and those without a place). */
class CountUserErrors : public DiagnosticConsumer {
public:
  unsigned user_errors = 0;

  void HandleDiagnostic(DiagnosticsEngine::Level level,
                        const Diagnostic &info) override {
    if (level < DiagnosticsEngine::Error)
      return;
    if (!info.hasSourceManager() || info.getLocation().isInvalid() ||
        !info.getSourceManager().isInSystemHeader(info.getLocation()))
      user_errors++;
  }
};

class SideAction : public ASTFrontendAction {
public:
  SideAction(SideFn fn, SkipFn skip) : fn_(fn), skip_(skip) {}

protected:
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &ci,
                                                 StringRef) override {
    return std::make_unique<SideConsumer>(ci, fn_, skip_);
  }

private:
  SideFn fn_;
  SkipFn skip_;
};

/* Lexes the main file to its end, handing each token to fn. */
class LexAction : public PreprocessorFrontendAction {
public:
  explicit LexAction(TokenFn fn) : fn_(fn) {}

protected:
  void ExecuteAction() override {
    CompilerInstance &ci = getCompilerInstance();
    Preprocessor &pp = ci.getPreprocessor();
    Token t;

    pp.IgnorePragmas();
    pp.EnterMainSourceFile();
    do {
      pp.Lex(t);
      fn_(pp, ci.getSourceManager(), t);
    } while (t.isNot(tok::eof));
  }

private:
  TokenFn fn_;
};

/* Counts every error. */
class CountErrors : public DiagnosticConsumer {
public:
  unsigned errors = 0;

  void HandleDiagnostic(DiagnosticsEngine::Level level,
                        const Diagnostic &) override {
    if (level >= DiagnosticsEngine::Error)
      errors++;
  }
};

} // namespace

bool preprocess_other_side(CompilerInstance &ci, bool device, TokenFn fn,
                           bool *errors, const std::string &arch) {
  IntrusiveRefCntPtr<DiagnosticsEngine> quiet =
      CompilerInstance::createDiagnostics(ci.getVirtualFileSystem(),
                                          ci.getDiagnosticOpts(),
                                          new IgnoringDiagConsumer());
  std::shared_ptr<CompilerInvocation> inv =
      side_invocation(ci, device, *quiet, arch, false);

  *errors = false;
  if (!inv)
    return false;
  inv->getFrontendOpts().ProgramAction = frontend::RunPreprocessorOnly;
  CompilerInstance other(inv, ci.getPCHContainerOperations());
  other.setVirtualFileSystem(ci.getVirtualFileSystemPtr());
  CountErrors count;
  other.createDiagnostics(&count, false);
  LexAction act(fn);
  bool ran = other.ExecuteAction(act);
  *errors = count.errors != 0 || !ran;
  return true;
}

bool parse_other_side(CompilerInstance &ci, bool device, SideFn fn,
                      bool *errors, const std::string &arch, SkipFn skip) {
  IntrusiveRefCntPtr<DiagnosticsEngine> quiet =
      CompilerInstance::createDiagnostics(ci.getVirtualFileSystem(),
                                          ci.getDiagnosticOpts(),
                                          new IgnoringDiagConsumer());
  std::shared_ptr<CompilerInvocation> inv =
      side_invocation(ci, device, *quiet, arch, static_cast<bool>(skip));

  *errors = false;
  if (!inv)
    return false;
  CompilerInstance other(inv, ci.getPCHContainerOperations());
  other.setVirtualFileSystem(ci.getVirtualFileSystemPtr());
  CountUserErrors count;
  other.createDiagnostics(&count, false);
  SideAction act(fn, skip);
  other.ExecuteAction(act);
  *errors = count.user_errors != 0;
  return true;
}

} // namespace xlp
