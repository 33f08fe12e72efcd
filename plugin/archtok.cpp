/*
 * archtok.cpp: the token answer's recording (each side's user-file tokens)
 * and the host's plan (its bodies, lambdas and variables, free of the
 * host's AST); the answer itself is archtok_answer.cpp (archtok.h says
 * when and why it is exact).
 */
#include "archtok_impl.h"

#include <algorithm>
#include <map>

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/DynamicRecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

#include "plugin.h"

extern "C" {
#include "frontend/fe.h"
}

using namespace clang;

namespace xlp {

/* Beyond this many user-file tokens a side keeps none and no answer is
 * tried. The host keeps 4 bytes a token while it parses (a raw location),
 * 8 while the plan is made with its AST alive (and an offset), 16 once
 * settled after its AST is freed (Tok); the device 16: at the cap 8, 16,
 * 32 and 32 MB. In CCCL's own database (its headers are user headers)
 * cudax's segmented_algorithm.cu records 1,375,000 a side, test_bulk.cu
 * 870,000. */
static const size_t MAX_TOKENS = 2000000;

/* A token's text as a side keeps it (a name's or a literal's, in texts;
 * null for other tokens). */
static const char *token_text(TokTexts &texts, const Preprocessor &pp,
                              const Token &t) {
  const IdentifierInfo *ii = t.getIdentifierInfo();

  if (ii)
    return texts.name(ii);
  if (t.isLiteral() && t.getLiteralData())
    return texts.save(StringRef(t.getLiteralData(), t.getLength()));
  if (t.isLiteral())
    return texts.save(pp.getSpelling(t));
  return nullptr;
}

UserTokens::UserTokens(bool device) : impl(new Impl) {
  impl->device = device;
}
UserTokens::~UserTokens() = default;

bool UserTokens::overflowed() const { return impl->overflow; }

void UserTokens::release() {
  impl.reset(new Impl);
  impl->overflow = true; /* nothing more is kept */
}

void UserTokens::add(const Preprocessor &pp, const SourceManager &sm,
                     const Token &t) {
  Impl &m = *impl;
  SourceLocation loc = t.getLocation();

  if (m.overflow || t.isAnnotation() || t.is(tok::eof) || loc.isInvalid())
    return;
  if (!m.where || &m.where->source_manager() != &sm)
    m.where.reset(new LocCache(sm));
  FileIDAndOffset fo = m.where->expansion(loc);
  int f = m.file_of(sm, fo.first);
  /* each token comes once (a token clang's parser reads again, when it
   * backtracks, is not reported again); were one to come twice, the
   * answer would only see a hunk more, or an unordered file */
  if (f < 0)
    return;
  m.count++;
  if (m.count > MAX_TOKENS) {
    m.overflow = true;
    m.files.clear();
    return;
  }
  FileToks &ft = m.files[f];
  if (!m.device) {
    ft.raws.push_back(loc.getRawEncoding()); /* the rest: settle */
    return;
  }
  if (!ft.toks.empty() && ft.toks.back().off > fo.second)
    ft.ordered = false;
  Tok k{fo.second, t.getKind(), true, token_text(*m.texts, pp, t)};
  k.plain = loc.isFileID() || m.where->spelling(loc) ==
                                  sm.getComposedLoc(fo.first, fo.second);
  ft.toks.push_back(k);
}

/* The kind and text of the token spelled at loc (a file location), lexed
 * again as the preprocessor lexed it; false if it cannot be. */
static bool relex(Tok *k, const Preprocessor &pp, SourceLocation loc,
                  TokTexts &texts) {
  Token t;

  if (Lexer::getRawToken(loc, t, pp.getSourceManager(), pp.getLangOpts()))
    return false;
  if (t.is(tok::raw_identifier))
    pp.LookUpIdentifierInfo(t); /* its identifier and kind, as lexed */
  k->kind = t.getKind();
  k->txt = token_text(texts, pp, t);
  return true;
}

bool UserTokens::place(const SourceManager &sm) {
  Impl &m = *impl;

  if (m.overflow)
    return false;
  LocCache where(sm);
  for (FileToks &ft : m.files) {
    ft.offs.reserve(ft.raws.size());
    for (unsigned raw : ft.raws) {
      SourceLocation loc = SourceLocation::getFromRawEncoding(raw);
      unsigned off = where.expansion(loc).second;
      if (!ft.offs.empty() && ft.offs.back() > off)
        ft.ordered = false;
      ft.offs.push_back(off);
    }
  }
  return true;
}

/* Lex the tokens of f again (settle_token_plan); false if one cannot be. */
static bool settle_file(FileToks &f, const Preprocessor &pp,
                        TokTexts &texts) {
  LocCache where(pp.getSourceManager());

  f.toks.reserve(f.raws.size());
  for (size_t i = 0; i < f.raws.size(); i++) {
    SourceLocation loc = SourceLocation::getFromRawEncoding(f.raws[i]);
    Tok k{f.offs[i], tok::unknown, true, nullptr};
    if (!relex(&k, pp, where.spelling(loc), texts))
      return false;
    f.toks.push_back(k);
  }
  std::vector<unsigned>().swap(f.raws);
  std::vector<unsigned>().swap(f.offs);
  return true;
}

void UserTokens::watch(Preprocessor &pp, const SourceManager &sm) {
  pp.setTokenWatcher(
      [this, &pp, &sm](const Token &t) { this->add(pp, sm, t); });
}

TokenPlan::TokenPlan() = default;
TokenPlan::~TokenPlan() = default;
bool TokenPlan::viable() const { return data && data->viable; }
void TokenPlan::release() { data.reset(); }

namespace {

xl_loc host_loc(const TokenPlanData &p, SourceLocation loc) {
  if (loc.isInvalid())
    return xl_loc_none();
  SourceLocation e = p.sm->getExpansionLoc(loc);
  FileIDAndOffset fo = p.sm->getDecomposedLoc(e);
  return facts_loc(p, fo.first, fo.second,
               loc.isFileID() || p.sm->getSpellingLoc(loc) == e);
}

/* Host AST locations to (file, token index): the file of the location's
 * expansion, then a binary search of its offset among that file's tokens
 * (ordered), then the token of that raw location among those of the
 * offset (a macro's expansion). No index is built: a map of every token
 * cost 24 MB at the token cap, while the host's AST was alive. */
class TokIndex {
public:
  TokIndex(const std::vector<FileToks> &files, const SourceManager &sm,
           const llvm::DenseMap<FileID, int> &by_fid)
      : files_(files), sm_(sm), by_fid_(by_fid) {}
  /* -1 when loc is no recorded token's */
  int find(SourceLocation loc, int file) const {
    if (loc.isInvalid() || file < 0 || file_of_expansion(loc) != file)
      return -1;
    const FileToks &f = files_[file];
    unsigned off = sm_.getDecomposedLoc(sm_.getExpansionLoc(loc)).second;
    for (int i = first_at(f, off);
         i < (int)f.offs.size() && f.offs[i] == off; i++)
      if (f.raws[i] == loc.getRawEncoding())
        return i;
    return -1;
  }
  int file_of(SourceLocation loc) const {
    int f = loc.isValid() ? file_of_expansion(loc) : -1;
    return f >= 0 && find(loc, f) >= 0 ? f : -1;
  }

private:
  int file_of_expansion(SourceLocation loc) const {
    auto it = by_fid_.find(sm_.getFileID(sm_.getExpansionLoc(loc)));
    return it == by_fid_.end() ? -1 : it->second;
  }

  const std::vector<FileToks> &files_;
  const SourceManager &sm_;
  const llvm::DenseMap<FileID, int> &by_fid_;
};

/* The lambdas and variables of one function body. */
class Collector : public DynamicRecursiveASTVisitor {
public:
  Collector(TokenPlanData &d, const TokIndex &ix, int func)
      : d_(d), ix_(ix), func_(func), file_(d.funcs[func].file) {}

  bool VisitVarDecl(VarDecl *v) override {
    /* a parameter has no initializer: never a constant; another variable
     * may be one (a name of it then need not odr-use it) */
    return add_var(v, !isa<ParmVarDecl>(v) &&
                          v->mightBeUsableInConstantExpressions(
                              v->getASTContext()),
                   false);
  }
  bool VisitBindingDecl(BindingDecl *b) override {
    return add_var(b, true, false);
  }
  bool VisitLambdaExpr(LambdaExpr *l) override;
  bool VisitMemberExpr(MemberExpr *m) override;
  /* v, a variable (risky: its name may not odr-use it; param: a
   * parameter of the function itself) */
  bool add_var(const NamedDecl *v, bool risky, bool param) {
    if (!v->getIdentifier() || !seen_.insert(v).second)
      return true;
    d_.funcs[func_].vars.push_back({v->getName().str(),
                                    ix_.find(v->getLocation(), file_), risky,
                                    param, host_loc(d_, v->getLocation())});
    return true;
  }

private:
  TokenPlanData &d_;
  const TokIndex &ix_;
  int func_, file_;
  llvm::DenseSet<const NamedDecl *> seen_;
};

/* The name of the variable a member access's object is reached from
 * through built-in subscripts and accesses of members that are no static
 * data members ('p[i].a.id'), if it is a parameter or local variable;
 * else null. */
const DeclRefExpr *access_root(const MemberExpr *m) {
  const Expr *e = m->getBase()->IgnoreParenImpCasts();

  for (;;) {
    if (const auto *s = dyn_cast<ArraySubscriptExpr>(e))
      e = s->getBase()->IgnoreParenImpCasts();
    else if (const auto *b = dyn_cast<MemberExpr>(e)) {
      if (isa<VarDecl>(b->getMemberDecl()))
        return nullptr;
      e = b->getBase()->IgnoreParenImpCasts();
    } else
      break;
  }
  const auto *r = dyn_cast<DeclRefExpr>(e);
  const auto *v = r ? dyn_cast<VarDecl>(r->getDecl()) : nullptr;
  return v && v->isLocalVarDeclOrParm() ? r : nullptr;
}

/* Keep member access m when it names no static data member from a
 * variable of the function (FuncInfo::fields). */
bool Collector::VisitMemberExpr(MemberExpr *m) {
  const DeclRefExpr *r = nullptr;

  if (!isa<VarDecl>(m->getMemberDecl()) &&
      m->getMemberDecl()->getDeclName().isIdentifier())
    r = access_root(m);
  if (!r)
    return true;
  int ri = ix_.find(r->getLocation(), file_);
  int mi = ix_.find(m->getMemberLoc(), file_);
  if (ri >= 0 && mi > ri)
    d_.funcs[func_].fields.push_back({ri, mi});
  return true;
}

/* Whether lambda l is inside a class local to its function (whose
 * members' names capture 'this'). */
bool in_local_class(const LambdaExpr *l) {
  for (const DeclContext *dc = l->getLambdaClass()->getParent();
       dc && !dc->isFileContext(); dc = dc->getParent()) {
    const auto *r = dyn_cast<CXXRecordDecl>(dc);
    if (r && !r->isLambda())
      return true;
  }
  return false;
}

bool Collector::VisitLambdaExpr(LambdaExpr *l) {
  const CXXMethodDecl *op = l->getCallOperator();
  const CompoundStmt *body = l->getCompoundStmtBody();
  LambdaInfo li;

  li.file = file_;
  li.func = func_;
  li.begin = ix_.find(l->getBeginLoc(), file_);
  li.lbrace = body ? ix_.find(body->getLBracLoc(), file_) : -1;
  li.end = ix_.find(l->getEndLoc(), file_);
  /* written by the user: clang gives a lambda of a __host__ __device__
   * function an implicit one (no extended lambda: the facts' lambda.c) */
  const CUDADeviceAttr *dev = op ? op->getAttr<CUDADeviceAttr>() : nullptr;
  li.extended = dev && !dev->isImplicit();
  li.answerable = d_.funcs[func_].simple && !in_local_class(l) &&
                  !l->isGenericLambda() && li.begin >= 0 && li.lbrace >= 0 &&
                  li.end >= 0;
  for (const LambdaCapture &c : l->captures())
    if (!c.capturesVariable())
      li.answerable = false; /* 'this', '*this', a VLA */
  if (op)
    for (const ParmVarDecl *p : op->parameters())
      add_var(p, false, false);
  d_.lambdas.push_back(std::move(li));
  return true;
}

/* Add body d as a function of plan (its token span from its expansion
 * range) and collect its lambdas and variables. */
void add_body(TokenPlanData &p, const TokIndex &ix, const SourceManager &sm,
              const UserTokens &ut, const Decl *d) {
  CharSourceRange r = sm.getExpansionRange(d->getSourceRange());
  FileIDAndOffset b = sm.getDecomposedLoc(r.getBegin());
  FileIDAndOffset e = sm.getDecomposedLoc(r.getEnd());
  auto fi = ut.impl->by_fid.find(b.first);
  const FunctionDecl *fd = d->getAsFunction();

  if (!fd || b.first != e.first || fi == ut.impl->by_fid.end() ||
      fi->second < 0)
    return;
  const FileToks &ft = p.files[fi->second];
  FuncInfo f;
  f.file = fi->second;
  f.begin = first_at(ft, b.second);
  f.end = last_at(ft, e.second);
  f.simple = !fd->isTemplated() && !isa<CXXMethodDecl>(fd) &&
             fd->getLexicalDeclContext()->isFileContext();
  if (fd->getDeclName().isIdentifier())
    f.name = fd->getName().str();
  if (f.begin > f.end)
    return;
  p.funcs.push_back(std::move(f));
  Collector c(p, ix, (int)p.funcs.size() - 1);
  for (const ParmVarDecl *pv : fd->parameters())
    c.add_var(pv, false, true);
  c.TraverseDecl(const_cast<Decl *>(d));
}


/* Give each met lambda its host facts' lambda; false when a compared one
 * was not met in a body, or met twice (one macro writes two lambdas). */
bool match_facts(TokenPlanData &p, const xl_facts *host,
                 const SourceManager &sm) {
  std::map<std::pair<llvm::sys::fs::UniqueID, unsigned>, int> met;

  for (size_t i = 0; i < p.lambdas.size(); i++) {
    const LambdaInfo &l = p.lambdas[i];
    if (!l.extended || l.begin < 0)
      continue;
    const FileToks &f = p.files[l.file];
    auto key = std::make_pair(f.uid, f.offs[l.begin]);
    if (!met.emplace(key, (int)i).second)
      met[key] = -1;
  }
  for (uint32_t i = 0; i < host->nlambdas; i++) {
    const xl_lambda *l = &host->lambdas[i];
    if (!compared(l, host))
      continue;
    if (l->range.begin.file >= host->nfiles)
      return false;
    OptionalFileEntryRef fe = sm.getFileManager().getOptionalFileRef(
        host->files[l->range.begin.file]);
    auto it = fe ? met.find({fe->getUniqueID(), l->range.begin.offset})
                 : met.end();
    if (it == met.end() || it->second < 0 ||
        p.lambdas[it->second].fact != XL_NONE)
      return false;
    p.lambdas[it->second].fact = i;
  }
  return true;
}

/* Number each recorded file as the host facts do. */
void number_files(TokenPlanData &p, const xl_facts *host,
                  const SourceManager &sm) {
  for (size_t i = 0; i < p.files.size(); i++)
    p.by_uid[p.files[i].uid] = (int)i;
  for (uint32_t i = 0; i < host->nfiles; i++) {
    OptionalFileEntryRef fe =
        sm.getFileManager().getOptionalFileRef(host->files[i]);
    auto it = fe ? p.by_uid.find(fe->getUniqueID()) : p.by_uid.end();
    if (it != p.by_uid.end() && p.files[it->second].fact == XL_NONE)
      p.files[it->second].fact = i;
  }
}

} // namespace

int first_at(const FileToks &f, unsigned off) {
  auto it = std::lower_bound(f.offs.begin(), f.offs.end(), off);
  return (int)(it - f.offs.begin());
}

int last_at(const FileToks &f, unsigned off) {
  auto it = std::upper_bound(f.offs.begin(), f.offs.end(), off);
  return (int)(it - f.offs.begin()) - 1;
}

void add_var_head(TokenPlanData &p, const Decl *outer, const VarDecl *v) {
  const SourceManager &sm = *p.sm;
  SourceLocation b = sm.getExpansionLoc(outer->getBeginLoc());
  SourceLocation n = sm.getExpansionLoc(v->getLocation());

  if (b.isInvalid() || n.isInvalid() || sm.isInSystemHeader(b))
    return;
  FileIDAndOffset bo = sm.getDecomposedLoc(b), no = sm.getDecomposedLoc(n);
  OptionalFileEntryRef fe = sm.getFileEntryRefForID(bo.first);
  auto it = fe ? p.by_uid.find(fe->getUniqueID()) : p.by_uid.end();
  if (bo.first != no.first || it == p.by_uid.end())
    return;
  const FileToks &ft = p.files[it->second];
  int i = first_at(ft, bo.second), j = first_at(ft, no.second);
  if (i <= j && j < (int)ft.offs.size() && ft.offs[j] == no.second)
    p.var_heads.push_back({it->second, i, j});
}

void plan_token_answer(TokenPlan *out, const xl_facts *host,
                       const SourceManager &sm, UserTokens &host_tokens,
                       const std::vector<const Decl *> &bodies) {
  out->data.reset(new TokenPlanData);
  TokenPlanData &p = *out->data;

  if (!host_tokens.place(sm))
    return;
  p.sm = &sm;
  p.host = host;
  p.files = std::move(host_tokens.impl->files);
  p.texts = host_tokens.impl->texts;
  for (const FileToks &f : p.files)
    if (!f.ordered)
      return;
  number_files(p, host, sm);
  TokIndex ix(p.files, sm, host_tokens.impl->by_fid);
  for (const Decl *d : bodies)
    add_body(p, ix, sm, host_tokens, d);
  p.viable = match_facts(p, host, sm);
}

void settle_token_plan(TokenPlan *plan, const Preprocessor &pp) {
  if (!plan->viable())
    return;
  TokenPlanData &p = *plan->data;
  for (FileToks &f : p.files)
    if (!settle_file(f, pp, *p.texts)) {
      plan->release(); /* no answer: the device side is parsed */
      return;
    }
  keep_member_fields(&p);
}

xl_loc facts_loc(const TokenPlanData &p, FileID fid, unsigned off,
                 bool plain) {
  xl_loc out = xl_loc_none();
  OptionalFileEntryRef fe = p.sm->getFileEntryRefForID(fid);
  auto it = fe ? p.by_uid.find(fe->getUniqueID()) : p.by_uid.end();

  if (it == p.by_uid.end() || p.files[it->second].fact == XL_NONE)
    return out;
  out.file = p.files[it->second].fact;
  out.line = p.sm->getLineNumber(fid, off);
  out.col = p.sm->getColumnNumber(fid, off);
  out.offset = off;
  out.flags = plain ? 0 : XL_LOC_MACRO;
  return out;
}

bool compared(const xl_lambda *l, const xl_facts *host) {
  return (l->flags & XL_LAMBDA_EXTENDED) && !(l->flags & XL_LAMBDA_INSTANCE) &&
         l->func < host->nfuncs && !(l->flags & XL_LAMBDA_DEVICE_SKIPPED);
}

} // namespace xlp
