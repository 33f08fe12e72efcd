/*
 * driver.cpp: the parse of `xlambda check --parse=skip` (issue 20), in the
 * shared library xlambda_cdriver (lib/frontend/cdriver.h).
 *
 * libclang's C API parses every function body. This file drives clang's
 * own front end in-process instead (libclang-cpp, as the plugin runs inside
 * clang), with -fskip-function-bodies and an ASTConsumer whose
 * shouldSkipFunctionBody keeps every body a rule may read, then walks the
 * AST with lib/frontend's walk over the plugin's libclang shim
 * (cx_shim.cpp) and, when the file needs it, parses the device side in
 * full (device.cpp, sides.cpp), as the plugin does.
 *
 * The skip decision (skippable()). A body is kept when it is
 *   - in the main file, or outside any file;
 *   - in a header that is not a system header (instances.c walks the
 *     instantiations of user templates, uses.c follows closures into
 *     them, introspect_tmpl.c lexes their patterns, the walk reads every
 *     declaration of a user header);
 *   - a templated function anywhere (a function template, a member of a
 *     class template, a generic lambda): a closure reaches only a
 *     templated body, and uses.c's launcher search follows closures
 *     through library templates (thrust::for_each down to CUB's launch),
 *     adl.c's hazard and the host introspection read them.
 * So only the bodies of non-templated functions in system headers are
 * skipped (and in the headers whose findings the run hides, treated as
 * system headers here and in instantiate.cpp: library.h): the walk skips
 * system-header declarations whole, instances.c
 * walks no specialization of a system template, and a non-templated
 * function cannot receive a closure by its own type. (clang itself keeps
 * constexpr bodies and bodies with a deduced return type.)
 *
 * Templated bodies of system headers are parsed late instead
 * (DelaySystemTemplates): only when the unit instantiates them, which is
 * when a closure or anything else can reach them. A user header's are
 * parsed at their definition, as the full parse parses them: the walk
 * reads the lambdas of uninstantiated patterns, and the unit's clang
 * errors in user files are then the full parse's. The unit's end-of-unit
 * instantiations are limited to those the walk can read (instantiate.h,
 * called from EndOfUnit): a system template's specialization is
 * instantiated only over a closure.
 *
 * The device side, when the file needs it, skips more (archpp.h): every
 * body of a system header, and every user body whose text the host parse's
 * preprocessor found alike in both compilations (no #if group on
 * __CUDA_ARCH__ or an arch macro meets it, no arch macro is expanded in
 * it). Only the bodies that can change what the two device-side rules
 * compare are parsed; the host lambdas whose function is not are flagged
 * XL_LAMBDA_DEVICE_SKIPPED (the device compilation defines them alike).
 * Before that parse, the device side is preprocessed only, and when its
 * tokens show what every compared lambda captures there (alike or not,
 * where no device error the tokens cannot show may leave --parse=full
 * quiet), no device parse runs (archtok.h). A unit with an extended
 * lambda that captures by reference has its device side parsed whole
 * (clang's device side rejects such a capture where a kernel, a body the
 * skip leaves out, reaches the lambda). With host errors outside system
 * headers the device skip keeps the bodies that hold them, and the device
 * side is parsed whole when that parse has no error or when an error lies
 * in a region (mark_host_errors).
 *
 * A parse with clang errors is walked, as the full parse walks it, and
 * its errors are handed to parse.c in libclang's terms (RecordErrors).
 * It gives way to the full parse (parse.c parses again) on the errors the
 * full parse treats apart: a fatal one, one without a file, and those
 * recover.c repairs with a second parse (made fatal here, so that the
 * parse given up stops there).
 */
#include "plugin.h"
#include "library.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Basic/DiagnosticParse.h"
#include "clang/Driver/CreateInvocationFromArgs.h"
#include "clang/Frontend/CompilerInvocation.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Sema/ExternalSemaSource.h"
#include "clang/Sema/Sema.h"
#include "clang/Sema/SemaConsumer.h"
#include "llvm/Support/VirtualFileSystem.h"

#ifdef __GLIBC__
#include <malloc.h> /* malloc_trim */
#endif

#include "archpp.h"
#include "archtok.h"
#include "instantiate.h"
#include "cursor.h"
#include "driver.h"

extern "C" {
#include "frontend/cdriver.h"
}

using namespace clang;

namespace xlp {
namespace {

/* Whether no rule reads the body of d (see the top of this file). */
bool skippable(LibraryFiles &lib, const SourceManager &sm, const Decl *d) {
  const FunctionDecl *fd = d->getAsFunction();
  SourceLocation loc = sm.getExpansionLoc(d->getLocation());

  if (!fd || loc.isInvalid() || sm.isWrittenInMainFile(loc))
    return false;
  if (!lib.contains(sm, loc))
    return false;
  return !fd->isTemplated();
}

/* clang's errors of the host side, recorded as libclang's full parse
 * reports them (parse.c's collect_errors): clang_getDiagnosticSpelling's
 * text at clang_getExpansionLocation's place. give_way: an error the full
 * parse treats apart (see the top of this file). */
class RecordErrors : public DiagnosticConsumer {
public:
  struct Error {
    std::string file, msg;
    unsigned line, col, offset;
    FileID fid; /* in the host parse's source manager */
    bool system; /* in a system header */
  };
  std::vector<Error> errors;
  bool give_way = false;

  void HandleDiagnostic(DiagnosticsEngine::Level level,
                        const Diagnostic &info) override {
    /* not counted (DiagnosticConsumer's would): clang would print "N
       errors generated" */
    if (level < DiagnosticsEngine::Error || give_way)
      return;
    if (level == DiagnosticsEngine::Fatal || !info.hasSourceManager() ||
        info.getLocation().isInvalid()) {
      give_way = true;
      return;
    }
    const SourceManager &sm = info.getSourceManager();
    SourceLocation loc = sm.getExpansionLoc(info.getLocation());
    std::pair<FileID, unsigned> at = sm.getDecomposedLoc(loc);
    OptionalFileEntryRef fe = sm.getFileEntryRefForID(at.first);
    if (!fe) {
      give_way = true;
      return;
    }
    SmallString<256> msg;
    info.FormatDiagnostic(msg);
    errors.push_back({fe->getName().str(), msg.str().str(),
                      sm.getExpansionLineNumber(loc),
                      sm.getExpansionColumnNumber(loc), at.second, at.first,
                      sm.isInSystemHeader(loc)});
  }
};

/* What the parse produced, for xl_cdriver_parse. */
struct Job {
  Job(xl_facts *f, unsigned flags, ShownFn shown, void *shown_ctx)
      : facts(f), walk_flags(flags), library(shown, shown_ctx) {}
  xl_facts *facts;
  unsigned walk_flags;
  LibraryFiles library; /* whose bodies are skipped or parsed late */
  int rc = XL_OK;
  bool walked = false;
  bool needs_device = false; /* the device pass runs after the host AST is
                                freed: one AST in memory, as in parse.c */
  ArchRegions regions;       /* the host preprocessor's (archpp.h) */
  std::vector<const Decl *> bodies; /* user-file bodies the host kept */
  DeviceSkip device_skip;    /* what the device pass may skip */
  RecordErrors errors;       /* the host side's */
  bool device_planned = false; /* device_skip holds the plan */
  bool host_erred = false; /* the plan keeps the bodies of host errors
                              (mark_host_errors) */
  UserTokens tokens;           /* the host's, for the token answer */
  TokenPlan token_plan;        /* (archtok.h) */
};

/* Performs, at the end of the unit, the instantiations the walk can read
 * (instantiate.h). Clang asks an external source for pending
 * instantiations inside Sema::ActOnEndOfTranslationUnit, before its own
 * loop over them and while the unit's scope still exists (from
 * HandleTranslationUnit, the scope is gone: a builtin's lazy declaration,
 * met in a late-parsed body, crashed on a null scope; CCCL's
 * thrust_device_data_place_allocator.cu). */
class EndOfUnit : public ExternalSemaSource {
public:
  EndOfUnit(Sema &s, LibraryFiles &lib) : sema_(s), lib_(lib) {}

  void ReadPendingInstantiations(
      SmallVectorImpl<std::pair<ValueDecl *, SourceLocation>> &) override {
    /* the late template parser (system headers' templates) is installed
       at the end of the unit, just before clang asks */
    if (done_ || !sema_.LateTemplateParser)
      return;
    done_ = true; /* asked once per unit; be safe if asked again */
    instantiate_reached(sema_, lib_);
  }

private:
  Sema &sema_;
  LibraryFiles &lib_;
  bool done_ = false;
};

/* Whether an extended lambda of facts captures a variable by reference
 * (clang's device compilation rejects it: --parse=full's device facts are
 * then incomplete, and the comparing rules say nothing). */
bool captures_by_reference(const xl_facts *facts) {
  for (uint32_t i = 0; i < facts->ncaptures; i++) {
    const xl_capture *c = &facts->captures[i];
    if (c->kind == XL_CAPTURE_VAR && (c->flags & XL_CAPTURE_BYREF) &&
        c->lambda < facts->nlambdas &&
        (facts->lambdas[c->lambda].flags & XL_LAMBDA_EXTENDED))
      return true;
  }
  return false;
}

class SkipConsumer : public SemaConsumer {
public:
  SkipConsumer(CompilerInstance &ci, Job &job) : ci_(ci), job_(job) {}

  void InitializeSema(Sema &s) override {
    s.addExternalSource(
        llvm::makeIntrusiveRefCnt<EndOfUnit>(s, job_.library));
  }

  bool shouldSkipFunctionBody(Decl *d) override {
    const SourceManager &sm = ci_.getSourceManager();

    if (skippable(job_.library, sm, d))
      return true;
    if (d->getAsFunction() &&
        !sm.isInSystemHeader(sm.getExpansionLoc(d->getLocation())))
      job_.bodies.push_back(d);
    return false;
  }

  void HandleTranslationUnit(ASTContext &ctx) override {
    bool needs_device = false;

    if (job_.errors.give_way)
      return; /* parse.c parses again in full */
    Tu tu{ctx, ci_.getSourceManager(), ci_.getLangOpts()};
    job_.walked = true;
    job_.rc = walk_tu(job_.facts, tu, &needs_device, job_.walk_flags);
    job_.needs_device = needs_device;
    if (job_.rc != XL_OK || !needs_device)
      return;
    /* The device side is parsed whole after a reference capture in an
     * extended lambda, which clang's device side rejects only where a
     * kernel's body (skipped there) reaches the lambda */
    if (captures_by_reference(job_.facts))
      return;
    if (!mark_host_errors(&job_.host_erred))
      return;
    job_.device_planned = true;
    job_.rc = plan_device_skip(&job_.device_skip, job_.facts,
                               ci_.getSourceManager(), job_.regions,
                               job_.bodies);
    /* the tokens cannot show clang's errors, with which --parse=full's
     * comparing rules say nothing */
    if (job_.rc != XL_OK || job_.host_erred)
      return;
    plan_token_answer(&job_.token_plan, job_.facts, ci_.getSourceManager(),
                      job_.tokens, job_.bodies);
    plan_host_only_names(&job_.token_plan, ctx);
  }

private:
  /* With clang errors outside system headers, --parse=full's device facts
   * are incomplete (the comparing rules stay quiet) on such an error
   * anywhere in the device compilation's user files. When every such error
   * is where the text is alike in both compilations (no region), the
   * device side most often has it too: each error's place becomes a
   * region, so the device skip parses the bodies that hold one, and
   * device_pass parses the device side whole only when that parse has no
   * error (*erred). An error inside a region (say, under #ifndef
   * __CUDA_ARCH__) may be the host's alone: false, the device side is
   * parsed whole. Call after the walk; finishes the regions. */
  bool mark_host_errors(bool *erred) {
    *erred = false;
    job_.regions.finish();
    for (const RecordErrors::Error &e : job_.errors.errors)
      if (!e.system && (e.fid.isInvalid() ||
                        job_.regions.hot(e.fid, e.offset, e.offset)))
        return false;
    for (const RecordErrors::Error &e : job_.errors.errors) {
      if (e.system)
        continue;
      job_.regions.add(e.fid, e.offset, e.offset);
      *erred = true;
    }
    if (*erred)
      job_.regions.finish();
    return true;
  }

  CompilerInstance &ci_;
  Job &job_;
};

/* System headers' template bodies are kept as tokens and parsed only
 * when instantiated: clang's delayed template parsing, switched on while
 * the preprocessor is in a system header (the parser reads the option at
 * each function definition). Those the unit never instantiates are not
 * parsed; those it instantiates are parsed then and instantiated as in
 * the full parse, so uses.c still follows closures through them (down to
 * CUB's launch). User files' are parsed in place. Until 2026-11-29 a
 * user header's were delayed too, and parsed at the end of the unit only
 * when instantiated or when their tokens held 'device' or 'host': 9 to 11
 * % less CPU on Kokkos' units (Kokkos' headers as user headers), but the
 * clang errors of a body so left out were missing (docs/performance.md). */
class DelaySystemTemplates : public PPCallbacks {
public:
  DelaySystemTemplates(LangOptions &lo, const SourceManager &sm,
                       LibraryFiles &lib)
      : lo_(lo), sm_(sm), lib_(lib) {}

  void FileChanged(SourceLocation loc, FileChangeReason,
                   SrcMgr::CharacteristicKind kind, FileID) override {
    FileID fid = sm_.getFileID(sm_.getExpansionLoc(loc));
    lo_.DelayedTemplateParsing = lib_.contains(sm_, fid, kind);
  }

private:
  LangOptions &lo_;
  const SourceManager &sm_;
  LibraryFiles &lib_;
};

class SkipAction : public ASTFrontendAction {
public:
  explicit SkipAction(Job &job) : job_(job) {}

protected:
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &ci,
                                                 StringRef) override {
    watch_arch(ci.getPreprocessor(), &job_.regions);
    job_.tokens.watch(ci.getPreprocessor(), ci.getSourceManager());
    ci.getPreprocessor().addPPCallbacks(std::make_unique<DelaySystemTemplates>(
        ci.getLangOpts(), ci.getSourceManager(), job_.library));
    return std::make_unique<SkipConsumer>(ci, job_);
  }

private:
  Job &job_;
};

/* The device side's architecture, as lib/frontend/device.c picks it: the
 * command's (empty: first_gpu_arch finds it), else nvcc 13.0's sm_75 (clang's
 * own default is older). */
std::string device_arch(const char *const *argv, int argc) {
  for (int i = 0; i < argc; i++) {
    StringRef a(argv[i]);
    if (a.starts_with("--cuda-gpu-arch") || a.starts_with("--offload-arch"))
      return "";
  }
  return "sm_75";
}

} // namespace
} // namespace xlp

namespace xlp {
namespace {


/* The skip parse of one file into job (job.walked and not
 * job.errors.give_way: it stands). */
void run_skip_parse(Job &job, const char *file, const char *const *argv,
                    int argc) {
  /* A file system with a working directory of its own: the driver moves
   * it to the compile command's -working-directory, which on
   * getRealFileSystem() is a chdir of the whole process (the other threads
   * of `--in-process -j N` and the text emitter's relative paths saw it) */
  IntrusiveRefCntPtr<llvm::vfs::FileSystem> vfs =
      llvm::vfs::createPhysicalFileSystem();
  std::shared_ptr<CompilerInvocation> inv =
      cdriver_invocation(file, argv, argc, vfs);
  if (!inv || inv->getFrontendOpts().Inputs.size() != 1)
    return;
  CompilerInstance ci(inv);
  ci.setVirtualFileSystem(vfs);
  ci.createDiagnostics(&job.errors, false);
  /* The errors recover.c repairs mean the full parse follows and this one
   * is thrown away: as fatal errors they stop it soon (clang instantiates
   * no more templates and enters no more #include files). */
  DiagnosticsEngine &de = ci.getDiagnostics();
  de.setSeverity(diag::err_expected_lambda_body, diag::Severity::Fatal, {});
  de.setSeverity(diag::err_expected_expression, diag::Severity::Fatal, {});
  SkipAction act(job);
  ci.ExecuteAction(act); /* false after errors: job says */
  if (!job.walked || job.errors.give_way || job.rc != XL_OK ||
      !job.needs_device)
    return;
  /* the host's AST goes first, then its preprocessor, once the plan's
   * tokens are lexed again: the token answer needs only the host's source
   * manager, the device pass only the invocation (sides.cpp) */
  ci.setASTContext(nullptr);
  job.bodies.clear(); /* the host's declarations, freed */
  job.tokens.release(); /* the plan holds what the answer reads */
  give_back_pages();
  settle_token_plan(&job.token_plan, ci.getPreprocessor());
  ci.setPreprocessor(nullptr);
  /* the device side answered from its preprocessor's tokens, without a
   * device parse (archtok.h) */
  bool answered = false;
  if (job.device_planned) {
    job.rc = answer_device_by_tokens(&answered, ci, job.token_plan, job.facts,
                                     device_arch(argv, argc));
    if (job.rc != XL_OK || answered)
      return;
    job.token_plan.release(); /* the host's tokens: no longer read */
  }
  ci.setSourceManager(nullptr);
  ci.setFileManager(nullptr);
  give_back_pages(); /* before the device parse */
  auto planned = [&job](const SourceManager &sm, const Decl *d) {
    return job.device_skip.skippable(sm, d);
  };
  job.rc = device_pass(ci, job.facts, device_arch(argv, argc),
                       job.device_planned ? SkipFn(planned) : SkipFn(),
                       job.host_erred);
}

} // namespace
} // namespace xlp

namespace xlp {

/* driver.h: the peak of a unit is then the larger of its two sides, not
 * their sum. */
void give_back_pages() {
#ifdef __GLIBC__
  malloc_trim(0);
#endif
}

/* driver.h. An unknown argument makes it null: the full parse then says
 * "clang rejected the arguments". */
std::shared_ptr<CompilerInvocation>
cdriver_invocation(const char *file, const char *const *argv, int argc,
                   IntrusiveRefCntPtr<llvm::vfs::FileSystem> vfs) {
  std::vector<const char *> args{XL_CLANG_EXECUTABLE}; /* its GCC search */
  DiagnosticOptions dopts;
  CreateInvocationOptions o;

  args.insert(args.end(), argv, argv + argc);
  args.push_back("-fno-spell-checking");
  args.push_back(file);
  o.Diags = CompilerInstance::createDiagnostics(*vfs, dopts,
                                                new IgnoringDiagConsumer());
  o.VFS = vfs;
  std::unique_ptr<CompilerInvocation> inv = createInvocation(args, o);
  if (!inv || o.Diags->hasErrorOccurred())
    return nullptr;
  FrontendOptions &fo = inv->getFrontendOpts();
  fo.SkipFunctionBodies = true;
  fo.DisableFree = false; /* a worker parses many files */
  fo.ProgramAction = frontend::ParseSyntaxOnly;
  fo.OutputFile.clear();
  return std::shared_ptr<CompilerInvocation>(std::move(inv));
}

} // namespace xlp

extern "C" __attribute__((visibility("default"))) int
xl_cdriver_parse(int *out_parsed, xl_facts *facts, const char *file,
                 const char *const *argv, int argc, unsigned walk_flags,
                 xl_cdriver_shown_fn shown, void *shown_ctx,
                 xl_cdriver_error_fn on_error, void *ctx) {
  xlp::Job job(facts, walk_flags, shown, shown_ctx);

  *out_parsed = 0;
  xlp::run_skip_parse(job, file, argv, argc);
  if (!job.walked || job.errors.give_way) {
    /* the full parse follows: give it the pages this one freed (without,
     * a file with errors peaked 60-70 % above --parse=full) */
    xlp::give_back_pages();
    return job.rc;
  }
  for (const xlp::RecordErrors::Error &e : job.errors.errors) {
    if (job.rc != XL_OK)
      break;
    job.rc = on_error(ctx, e.file.c_str(), e.line, e.col, e.offset,
                      e.system ? 1 : 0, e.msg.c_str());
  }
  *out_parsed = job.rc == XL_OK;
  return job.rc;
}
