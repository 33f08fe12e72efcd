/*
 * archpp.cpp: the regions of the host parse whose text may differ in the
 * device compilation, and which bodies the device side of `xlambda check
 * --parse=skip` may therefore skip (see archpp.h).
 *
 * The preprocessor reports each conditional directive (If, Ifdef, Elif,
 * Else, Endif, ...) of the innermost open group, in order; the directives
 * nested in an arm it skips are not reported, and the skipped range is
 * reported after the directives of its group (SourceRangeSkipped), which
 * is why the group of the last directive seen is the skipped arm's group.
 */
#include "archpp.h"
#include "cursor.h"

#include <algorithm>
#include <string>

#include "clang/Lex/Lexer.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/PPCallbacks.h"
#include "llvm/ADT/DenseSet.h"

using namespace clang;

namespace xlp {

/* ---- regions ------------------------------------------------------------ */

void ArchRegions::add(FileID f, unsigned begin, unsigned end) {
  spans_[f].push_back(Span{begin, end, end});
}

void ArchRegions::finish() {
  for (auto &entry : spans_) {
    std::vector<Span> &v = entry.second;
    unsigned max_end = 0;

    std::sort(v.begin(), v.end(),
              [](const Span &a, const Span &b) { return a.begin < b.begin; });
    for (Span &s : v) {
      max_end = std::max(max_end, s.end);
      s.max_end = max_end;
    }
  }
}

bool ArchRegions::hot(FileID f, unsigned begin, unsigned end) const {
  auto it = spans_.find(f);

  if (it == spans_.end())
    return false;
  const std::vector<Span> &v = it->second;
  /* the spans that start at or before end; one of them must reach begin */
  auto past = std::upper_bound(
      v.begin(), v.end(), end,
      [](unsigned off, const Span &s) { return off < s.begin; });
  return past != v.begin() && (past - 1)->max_end >= begin;
}

namespace {

/* CCCL's target macros (nv/target), as lib/frontend/archscan.c knows them. */
bool known_arch_name(StringRef n) {
  if (n.starts_with("__CUDA_ARCH"))
    return n != "__CUDA_ARCH_LIST__";
  return n == "NV_IF_TARGET" || n == "NV_IF_ELSE_TARGET" ||
         n == "NV_DISPATCH_TARGET";
}

/* One open #if group: where it starts, and whether a directive of it so
 * far named an arch name. */
struct Group {
  SourceLocation if_loc;
  bool arch;
};

class ArchCallbacks : public PPCallbacks {
public:
  ArchCallbacks(Preprocessor &pp, ArchRegions *out)
      : pp_(pp), sm_(pp.getSourceManager()), out_(out) {}

  void MacroExpands(const Token &name, const MacroDefinition &,
                    SourceRange range, const MacroArgs *) override {
    if (!is_arch(name.getIdentifierInfo()))
      return;
    last_expansion_ = sm_.getExpansionLoc(range.getBegin());
    add_region(last_expansion_, last_expansion_);
  }

  void MacroDefined(const Token &name, const MacroDirective *md) override {
    const MacroInfo *mi = md ? md->getMacroInfo() : nullptr;
    bool arch = inside_arch_arm();

    for (unsigned i = 0; mi && !arch && i < mi->getNumTokens(); i++)
      arch = is_arch(mi->getReplacementToken(i).getIdentifierInfo());
    if (arch)
      arch_.insert(name.getIdentifierInfo());
  }

  void MacroUndefined(const Token &name, const MacroDefinition &,
                      const MacroDirective *) override {
    if (inside_arch_arm())
      arch_.insert(name.getIdentifierInfo());
  }

  void If(SourceLocation loc, SourceRange cond, ConditionValueKind) override {
    open(loc, condition_is_arch(cond));
  }
  void Ifdef(SourceLocation loc, const Token &name,
             const MacroDefinition &) override {
    open(loc, is_arch(name.getIdentifierInfo()));
  }
  void Ifndef(SourceLocation loc, const Token &name,
              const MacroDefinition &) override {
    open(loc, is_arch(name.getIdentifierInfo()));
  }
  void Elif(SourceLocation, SourceRange cond, ConditionValueKind,
            SourceLocation) override {
    touch(condition_is_arch(cond));
  }
  void Elifdef(SourceLocation, const Token &name,
               const MacroDefinition &) override {
    touch(is_arch(name.getIdentifierInfo()));
  }
  void Elifdef(SourceLocation, SourceRange cond, SourceLocation) override {
    touch(condition_is_arch(cond));
  }
  void Elifndef(SourceLocation, const Token &name,
                const MacroDefinition &) override {
    touch(is_arch(name.getIdentifierInfo()));
  }
  void Elifndef(SourceLocation, SourceRange cond, SourceLocation) override {
    touch(condition_is_arch(cond));
  }
  void Else(SourceLocation, SourceLocation) override { touch(false); }

  void Endif(SourceLocation loc, SourceLocation) override {
    if (stack_.empty())
      return;
    Group g = stack_.back();
    stack_.pop_back();
    last_arch_ = g.arch;
    if (g.arch)
      add_region(g.if_loc, loc);
  }

  void SourceRangeSkipped(SourceRange range, SourceLocation) override {
    if (last_arch_)
      skipped_definitions(range);
  }

private:
  bool is_arch(const IdentifierInfo *ii) const {
    return ii && (arch_.count(ii) || known_arch_name(ii->getName()));
  }

  bool inside_arch_arm() const {
    for (const Group &g : stack_)
      if (g.arch)
        return true;
    return false;
  }

  void open(SourceLocation loc, bool arch) {
    stack_.push_back(Group{loc, arch});
    last_arch_ = arch;
  }

  void touch(bool arch) {
    if (stack_.empty())
      return;
    stack_.back().arch |= arch;
    last_arch_ = stack_.back().arch;
  }

  /* [b, e] (file locations) as a region, unless in a system header. */
  void add_region(SourceLocation b, SourceLocation e) {
    if (b.isInvalid() || e.isInvalid() || !b.isFileID() || !e.isFileID() ||
        sm_.isInSystemHeader(b))
      return;
    FileIDAndOffset fb = sm_.getDecomposedLoc(b), fe = sm_.getDecomposedLoc(e);
    if (fb.first == fe.first && fb.second <= fe.second)
      out_->add(fb.first, fb.second, fe.second);
  }

  /* The text of a range of one file, from b to the end of e's token. */
  std::string text(SourceLocation b, SourceLocation e) const {
    b = sm_.getExpansionLoc(b);
    e = sm_.getExpansionLoc(e);
    FileIDAndOffset fb = sm_.getDecomposedLoc(b), fe = sm_.getDecomposedLoc(e);
    bool invalid = false;
    StringRef buf = sm_.getBufferData(fb.first, &invalid);

    if (invalid || fb.first != fe.first || fb.second > fe.second ||
        fe.second > buf.size())
      return std::string();
    unsigned end = fe.second + Lexer::MeasureTokenLength(e, sm_, pp_.getLangOpts());
    return buf.substr(fb.second, std::min<size_t>(end, buf.size()) - fb.second)
        .str();
  }

  /* Whether an #if/#elif condition names an arch name or expanded an arch
   * macro (nested in another one, say). */
  bool condition_is_arch(SourceRange cond) {
    if (cond.isInvalid())
      return false;
    if (last_expansion_.isValid() &&
        sm_.isPointWithin(last_expansion_, sm_.getExpansionLoc(cond.getBegin()),
                          sm_.getExpansionLoc(cond.getEnd())))
      return true;
    std::string s = text(cond.getBegin(), cond.getEnd());
    for (const Token &t : raw_tokens(s))
      if (t.is(tok::raw_identifier) &&
          is_arch(pp_.getIdentifierInfo(t.getRawIdentifier())))
        return true;
    return false;
  }

  /* The names an arm the host skipped #defines or #undefines. */
  void skipped_definitions(SourceRange range) {
    std::string s = text(range.getBegin(), range.getEnd());
    std::vector<Token> t = raw_tokens(s);

    for (size_t i = 0; i + 2 < t.size(); i++) {
      if (!t[i].is(tok::hash) || !t[i].isAtStartOfLine() ||
          !t[i + 1].is(tok::raw_identifier) ||
          !t[i + 2].is(tok::raw_identifier))
        continue;
      StringRef what = t[i + 1].getRawIdentifier();
      if (what == "define" || what == "undef")
        arch_.insert(pp_.getIdentifierInfo(t[i + 2].getRawIdentifier()));
    }
  }

  /* The raw tokens of s (which must outlive them), up to its end. */
  std::vector<Token> raw_tokens(const std::string &s) const {
    Lexer lx(SourceLocation(), pp_.getLangOpts(), s.c_str(), s.c_str(),
             s.c_str() + s.size());
    std::vector<Token> out;
    Token t;
    bool at_end = false;

    while (!at_end) {
      at_end = lx.LexFromRawLexer(t);
      if (t.is(tok::eof))
        break;
      out.push_back(t);
    }
    return out;
  }

  Preprocessor &pp_;
  const SourceManager &sm_;
  ArchRegions *out_;
  llvm::DenseSet<const IdentifierInfo *> arch_; /* the arch macros */
  std::vector<Group> stack_;
  bool last_arch_ = false; /* the group of the last directive seen */
  SourceLocation last_expansion_; /* of an arch macro */
};

} // namespace

void watch_arch(Preprocessor &pp, ArchRegions *regions) {
  pp.addPPCallbacks(std::make_unique<ArchCallbacks>(pp, regions));
}

/* ---- the bodies --------------------------------------------------------- */

static bool body_key(BodyKey *out, const SourceManager &sm, const Decl *d) {
  SourceLocation loc = sm.getExpansionLoc(d->getBeginLoc());

  if (loc.isInvalid())
    return false;
  FileIDAndOffset fo = sm.getDecomposedLoc(loc);
  OptionalFileEntryRef fe = sm.getFileEntryRefForID(fo.first);
  if (!fe)
    return false;
  *out = BodyKey(fe->getUniqueID(), fo.second);
  return true;
}

bool DeviceSkip::skippable(const SourceManager &sm, const Decl *d) const {
  SourceLocation loc = sm.getExpansionLoc(d->getLocation());
  BodyKey key;

  if (!d->getAsFunction() || loc.isInvalid())
    return false;
  if (sm.isInSystemHeader(loc))
    return true; /* the walk reads no system-header function on either side */
  return body_key(&key, sm, d) && cold.count(key) != 0;
}

/* Whether d's whole definition (in sm) meets no region. */
static bool cold_decl(const SourceManager &sm, const ArchRegions &regions,
                      const Decl *d) {
  CharSourceRange r = sm.getExpansionRange(d->getSourceRange());
  FileIDAndOffset b = sm.getDecomposedLoc(r.getBegin());
  FileIDAndOffset e = sm.getDecomposedLoc(r.getEnd());

  return b.first.isValid() && b.first == e.first && b.second <= e.second &&
         !regions.hot(b.first, b.second, e.second);
}

/* The FileID in sm (ids: its map) of host's file number `file` (invalid
 * if none). */
static FileID facts_file(FileIds &ids, const xl_facts *host, uint32_t file,
                         const SourceManager &sm) {
  if (file == XL_NONE || file >= host->nfiles)
    return FileID();
  OptionalFileEntryRef fe =
      sm.getFileManager().getOptionalFileRef(host->files[file]);
  return fe ? ids.get(*fe) : FileID();
}

/* Whether host function fn (facts coordinates) meets no region. */
static bool cold_func(FileIds &ids, const xl_facts *host, const xl_func *fn,
                      const SourceManager &sm, const ArchRegions &regions) {
  xl_range r = fn->range;

  if (r.begin.file != r.end.file || r.begin.offset > r.end.offset)
    return false;
  FileID fid = facts_file(ids, host, r.begin.file, sm);
  return fid.isValid() && !regions.hot(fid, r.begin.offset, r.end.offset);
}

/*
 * Flag the numbered host lambdas whose function is cold, and add the place
 * of each other one to *compared (finished). Returns false when one has no
 * place in sm: then no body may be skipped.
 */
static bool flag_lambdas(ArchRegions *compared, xl_facts *host,
                         const SourceManager &sm, const ArchRegions &regions) {
  FileIds ids(sm);
  bool placed = true;

  for (uint32_t i = 0; i < host->nlambdas; i++) {
    xl_lambda *l = &host->lambdas[i];
    if (!(l->flags & XL_LAMBDA_EXTENDED) || (l->flags & XL_LAMBDA_INSTANCE) ||
        l->func >= host->nfuncs)
      continue; /* nvcc numbers only these (pair.c) */
    if (cold_func(ids, host, &host->funcs[l->func], sm, regions)) {
      l->flags |= XL_LAMBDA_DEVICE_SKIPPED;
      continue;
    }
    FileID fid = facts_file(ids, host, l->range.begin.file, sm);
    if (fid.isInvalid())
      placed = false;
    else
      compared->add(fid, l->range.begin.offset, l->range.begin.offset);
  }
  compared->finish();
  return placed;
}

int plan_device_skip(DeviceSkip *out, xl_facts *host, const SourceManager &sm,
                     const ArchRegions &regions,
                     const std::vector<const Decl *> &bodies) {
  ArchRegions compared; /* the lambdas the device side must define */
  std::set<BodyKey> hot;
  BodyKey key;

  /* A body around a compared lambda is kept whatever cold_decl says: the
   * two can disagree (a function whose facts range lies in a macro's
   * expansion is never cold in facts coordinates). */
  if (!flag_lambdas(&compared, host, sm, regions))
    return XL_OK;
  for (const Decl *d : bodies) {
    if (!body_key(&key, sm, d))
      continue;
    if (cold_decl(sm, regions, d) && cold_decl(sm, compared, d))
      out->cold.insert(key);
    else
      hot.insert(key);
  }
  /* Bodies that one macro expansion writes share their key (Catch2's
   * TEST_CASE: a function and its registration, CCCL's
   * segmented_algorithm.cu): if one is hot, all are kept. */
  for (const BodyKey &k : hot)
    out->cold.erase(k);
  return XL_OK;
}

} // namespace xlp
