/*
 * blockpch.cpp: a language-server document's leading block of headers,
 * precompiled with the command line's skip decision (issue 20), in the
 * shared library xlambda_cdriver (lib/frontend/cdriver.h).
 *
 * libclang's precompiled preamble skips the function bodies of all of its
 * headers or of none. The first costs findings: a lambda of the document
 * that reaches a user header's template (which asks for the lambda's
 * return type, say) is found by `xlambda check` and was not by the server.
 * The second costs about four times the time of an edit of a file that
 * includes Thrust: every library template the document instantiates then
 * has its body. So document.c precompiles the block here instead and
 * parses the rest of the document with it (-include-pch, the block's text
 * blanked), and this parse keeps what a document's walk can read:
 *   - a templated body of a user header (a function template, a member of
 *     a class template, a generic lambda): the document's closures reach
 *     it through an instantiation made in the document's parse, which the
 *     walk reads (instances.c, uses.c, introspect_tmpl.c, adl.c);
 *   - nothing else: the walk does not visit the block's declarations (the
 *     index hides a PCH's), a non-templated function cannot receive a
 *     closure, and a library's bodies are skipped as the preamble skipped
 *     them (the command line parses those it instantiates;
 *     docs/editors.md says what the server leaves out). A library's
 *     header is a system header, or a header whose findings the header
 *     filters hide (library.h), as for the command line's skip parse.
 * (clang itself keeps constexpr bodies and bodies with a deduced return
 * type.)
 */
#include "clang/AST/ASTConsumer.h"
#include "clang/AST/DeclBase.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Frontend/MultiplexConsumer.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "clang/Sema/Sema.h"
#include "clang/Sema/SemaConsumer.h"
#include "llvm/Support/MemoryBuffer.h"

#include <cstdlib>
#include <algorithm>
#include <cstring>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "driver.h"
#include "library.h"

extern "C" {
#include "frontend/cdriver.h"
}

using namespace clang;

namespace xlp {
namespace {

/* The skip decision (see the top of this file). */
class BlockSkip : public ASTConsumer {
public:
  BlockSkip(const SourceManager &sm, ShownFn shown, void *shown_ctx)
      : sm_(sm), lib_(shown, shown_ctx) {}

  bool shouldSkipFunctionBody(Decl *d) override {
    const FunctionDecl *fd = d->getAsFunction();
    SourceLocation loc = sm_.getExpansionLoc(d->getLocation());

    if (!fd || loc.isInvalid())
      return false;
    return !fd->isTemplated() || lib_.contains(sm_, loc);
  }

private:
  const SourceManager &sm_;
  LibraryFiles lib_;
};

/*
 * Two lists of the block's Sema that clang writes into the PCH, emptied
 * before it does. The document's parse reads each of them whole at its end,
 * every entry deserialized, on every edit (perf on a block that includes
 * Thrust: 6 in 10 of the parse of an otherwise empty document):
 *   - the declarations to check for CUDA's deferred diagnostics: a block
 *     function's own deferred diagnostics are not written into a PCH, so
 *     the check finds none there; the document's are its own list;
 *   - the unused file-scoped declarations, read only for clang's
 *     -Wunused warnings, which the server does not show.
 */
class BlockTrim : public SemaConsumer {
public:
  void InitializeSema(Sema &s) override { sema_ = &s; }
  void ForgetSema() override { sema_ = nullptr; }

  void HandleTranslationUnit(ASTContext &) override {
    if (!sema_)
      return;
    sema_->DeclsToCheckForDeferredDiags.clear();
    sema_->UnusedFileScopedDecls = Sema::UnusedFileScopedDeclsType();
  }

private:
  Sema *sema_ = nullptr;
};

/* A function the block declares at namespace scope, as BlockFunctions
 * finds it in the block's AST. */
struct BlockFn {
  std::string name;
  const std::string *ns; /* in BlockFnList::ns */
  FileID fid;
  unsigned offset;
  SourceLocation::UIntTy loc; /* raw encoding */
};

struct BlockFnList {
  std::vector<BlockFn> fns;
  std::set<std::string> ns; /* the namespaces' qualified names */
  bool kernels = false;     /* a __global__ function template among them */
};

/*
 * The functions and function templates the block's headers declare at
 * namespace scope (in a namespace, the translation unit or a linkage
 * specification: where adl.c's visit of a unit finds them), named by an
 * identifier and declared at a place in a file (not in a macro), for the
 * language server's lookups of a header's functions (docfuncs.c): the
 * document's index hides the PCH's declarations from the walk.
 */
class BlockFunctions : public ASTConsumer {
public:
  explicit BlockFunctions(BlockFnList &out) : out_(out) {}

  void HandleTranslationUnit(ASTContext &ctx) override {
    sm_ = &ctx.getSourceManager();
    visit(ctx.getTranslationUnitDecl(), &empty_);
  }

private:
  void visit(const DeclContext *dc, const std::string *ns) {
    for (const Decl *d : dc->decls()) {
      if (const auto *n = dyn_cast<NamespaceDecl>(d))
        visit(n, qualified(n, ns));
      else if (isa<LinkageSpecDecl>(d) || isa<ExportDecl>(d))
        visit(cast<DeclContext>(d), ns);
      else if (const auto *t = dyn_cast<FunctionTemplateDecl>(d)) {
        add(t, ns);
        out_.kernels |= t->getTemplatedDecl()->hasAttr<CUDAGlobalAttr>();
      }
      else if (const auto *f = dyn_cast<FunctionDecl>(d))
        add(f, ns);
    }
  }

  /* "std::__detail" for the namespace n in `outer` ("" for the global) */
  const std::string *qualified(const NamespaceDecl *n,
                               const std::string *outer) {
    std::string name = n->isAnonymousNamespace() ? "(anonymous)"
                                                 : n->getNameAsString();
    return &*out_.ns.insert(outer->empty() ? name : *outer + "::" + name)
                 .first;
  }

  void add(const NamedDecl *d, const std::string *ns) {
    SourceLocation loc = d->getLocation();
    if (!d->getDeclName().isIdentifier() || loc.isInvalid() || loc.isMacroID())
      return;
    std::pair<FileID, unsigned> at = sm_->getDecomposedLoc(loc);
    out_.fns.push_back(
        {d->getName().str(), ns, at.first, at.second, loc.getRawEncoding()});
  }

  BlockFnList &out_;
  const std::string empty_;
  const SourceManager *sm_ = nullptr;
};

/* clang's PCH, its consumer joined by the skip decision: a body is skipped
 * only when every consumer agrees (MultiplexConsumer), and PCHGenerator
 * agrees to all. BlockTrim comes first, so that the PCH is written after
 * it. */
class BlockPchAction : public GeneratePCHAction {
public:
  BlockPchAction(ShownFn shown, void *shown_ctx)
      : shown_(shown), shown_ctx_(shown_ctx) {}

  BlockFnList fns; /* BlockFunctions' */

protected:
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &ci,
                                                 StringRef in) override {
    std::unique_ptr<ASTConsumer> pch =
        GeneratePCHAction::CreateASTConsumer(ci, in);
    if (!pch)
      return nullptr;
    std::vector<std::unique_ptr<ASTConsumer>> all;
    all.push_back(std::make_unique<BlockTrim>());
    all.push_back(std::make_unique<BlockFunctions>(fns));
    all.push_back(std::move(pch));
    all.push_back(std::make_unique<BlockSkip>(ci.getSourceManager(), shown_,
                                              shown_ctx_));
    return std::make_unique<MultiplexConsumer>(std::move(all));
  }

private:
  ShownFn shown_;
  void *shown_ctx_;
};

/* The files sm entered, src left out, as clang opened them, in the order
 * they were first entered: the user files, or (all) every file. */
std::vector<std::string> entered_files(const SourceManager &sm,
                                       const char *src, bool all) {
  std::vector<std::string> out;
  std::set<std::string> seen;

  for (unsigned i = 0, n = sm.local_sloc_entry_size(); i < n; i++) {
    const SrcMgr::SLocEntry &e = sm.getLocalSLocEntry(i);
    if (!e.isFile() ||
        (!all && SrcMgr::isSystem(e.getFile().getFileCharacteristic())))
      continue;
    OptionalFileEntryRef fe = e.getFile().getContentCache().OrigEntry;
    if (fe && fe->getName() != src && seen.insert(fe->getName().str()).second)
      out.push_back(fe->getName().str());
  }
  return out;
}

/* names as a NULL-terminated array of malloc'd strings; null without
 * memory. */
char **to_c(const std::vector<std::string> &names) {
  char **out = static_cast<char **>(calloc(names.size() + 1, sizeof(char *)));
  size_t k = 0;

  if (!out)
    return nullptr;
  for (const std::string &name : names) {
    out[k] = strdup(name.c_str());
    if (!out[k]) {
      for (size_t j = 0; j < k; j++)
        free(out[j]);
      free(out);
      return nullptr;
    }
    k++;
  }
  return out;
}

/* to_c's array freed; null is nothing. */
void free_c(char **names) {
  for (size_t k = 0; names && names[k]; k++)
    free(names[k]);
  free(names);
}

/* A C string of the pool at `at`, copied from s. */
const char *pooled(char *pool, size_t *at, const std::string &s) {
  char *p = pool + *at;
  memcpy(p, s.c_str(), s.size() + 1);
  *at += s.size() + 1;
  return p;
}

/*
 * list's functions as one malloc'd block: the array of *n entries, sorted
 * by name, header, offset, then the strings; an entry whose file is not
 * among headers (the block's own text) is left out. Null without memory.
 */
xl_cdriver_fn *to_c_fns(size_t *n, const BlockFnList &list,
                        const SourceManager &sm,
                        const std::vector<std::string> &headers) {
  std::map<std::string, unsigned> index;
  std::map<const std::string *, const char *> ns_at;
  std::vector<std::pair<const BlockFn *, unsigned>> kept;
  size_t bytes = 0, at;

  for (unsigned i = 0; i < headers.size(); i++)
    index.emplace(headers[i], i);
  for (const BlockFn &f : list.fns) {
    OptionalFileEntryRef fe = sm.getFileEntryRefForID(f.fid);
    auto it = fe ? index.find(fe->getName().str()) : index.end();
    if (it == index.end())
      continue;
    kept.push_back({&f, it->second});
    bytes += f.name.size() + 1;
  }
  for (const std::string &ns : list.ns)
    bytes += ns.size() + 1;
  std::sort(kept.begin(), kept.end(), [](const auto &a, const auto &b) {
    int c = a.first->name.compare(b.first->name);
    if (c != 0)
      return c < 0;
    if (a.second != b.second)
      return a.second < b.second;
    return a.first->offset < b.first->offset;
  });
  at = kept.size() * sizeof(xl_cdriver_fn);
  char *block = static_cast<char *>(malloc(at + bytes + 1));
  if (!block)
    return nullptr;
  block[at] = '\0'; /* the global namespace's "" */
  const char *global = block + at++;
  for (const std::string &ns : list.ns)
    ns_at[&ns] = pooled(block, &at, ns);
  xl_cdriver_fn *out = reinterpret_cast<xl_cdriver_fn *>(block);
  for (size_t k = 0; k < kept.size(); k++) {
    const BlockFn &f = *kept[k].first;
    auto ns = ns_at.find(f.ns);
    out[k].ns = ns == ns_at.end() ? global : ns->second;
    out[k].name = pooled(block, &at, f.name);
    out[k].header = kept[k].second;
    out[k].offset = f.offset;
    out[k].loc = f.loc;
  }
  *n = kept.size();
  return out;
}

} // namespace
} // namespace xlp

namespace xlp {
namespace {

/* What the block entered, into out (xl_cdriver_block), after act. */
int block_outputs(xl_cdriver_block *out, const SourceManager &sm,
                  const char *src, const BlockPchAction &act) {
  std::vector<std::string> headers = entered_files(sm, src, true);

  out->files = to_c(entered_files(sm, src, false));
  out->headers = to_c(headers);
  out->fns = to_c_fns(&out->nfns, act.fns, sm, headers);
  out->kernel_templates = act.fns.kernels;
  if (out->files && out->headers && out->fns)
    return XL_OK;
  free_c(out->files);
  free_c(out->headers);
  free(out->fns);
  memset(out, 0, sizeof(*out));
  return XL_ENOMEM;
}

/* xl_cdriver_block_pch, but for giving the pages back. */
int build_block_pch(int *out_built, xl_cdriver_block *out, const char *pch,
                    const char *src, const char *text, size_t len,
                    const char *const *argv, int argc,
                    const xl_unsaved_file *files, size_t nfiles,
                    ShownFn shown, void *shown_ctx) {
  IntrusiveRefCntPtr<llvm::vfs::FileSystem> vfs =
      llvm::vfs::createPhysicalFileSystem();
  std::shared_ptr<CompilerInvocation> inv =
      cdriver_invocation(src, argv, argc, vfs);
  if (!inv || inv->getFrontendOpts().Inputs.size() != 1)
    return XL_OK;
  FrontendOptions &fo = inv->getFrontendOpts();
  fo.ProgramAction = frontend::GeneratePCH;
  fo.OutputFile = pch;
  PreprocessorOptions &ppo = inv->getPreprocessorOpts();
  ppo.RetainRemappedFileBuffers = false; /* the instance frees them */
  ppo.addRemappedFile(src, llvm::MemoryBuffer::getMemBufferCopy(
                               StringRef(text, len), src).release());
  for (size_t i = 0; i < nfiles; i++)
    ppo.addRemappedFile(files[i].path,
                        llvm::MemoryBuffer::getMemBufferCopy(
                            StringRef(files[i].text, files[i].len),
                            files[i].path).release());
  CompilerInstance ci(inv);
  ci.setVirtualFileSystem(vfs);
  ci.createDiagnostics(new IgnoringDiagConsumer(), true);
  BlockPchAction act(shown, shown_ctx);
  if (!ci.ExecuteAction(act) || ci.getDiagnostics().hasErrorOccurred())
    return XL_OK;
  if (block_outputs(out, ci.getSourceManager(), src, act) < 0)
    return XL_ENOMEM;
  *out_built = 1;
  return XL_OK;
}

} // namespace
} // namespace xlp

extern "C" __attribute__((visibility("default"))) int
xl_cdriver_block_pch(int *out_built, xl_cdriver_block *out, const char *pch,
                     const char *src, const char *text, size_t len,
                     const char *const *argv, int argc,
                     const xl_unsaved_file *files, size_t nfiles,
                     xl_cdriver_shown_fn shown, void *shown_ctx) {
  *out_built = 0;
  memset(out, 0, sizeof(*out));
  int rc = xlp::build_block_pch(out_built, out, pch, src, text, len, argv,
                                argc, files, nfiles, shown, shown_ctx);
  xlp::give_back_pages(); /* the block's AST, before the document's parse:
                             the server's peak is the larger of the two */
  return rc;
}
