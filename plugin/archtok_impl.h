/*
 * archtok_impl.h: what archtok.cpp (the recording and the host's plan) and
 * archtok_answer.cpp (the diff and the answer) share; see archtok.h.
 */
#ifndef XLP_ARCHTOK_IMPL_H
#define XLP_ARCHTOK_IMPL_H

#include <map>
#include <set>
#include <string>
#include <vector>

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Allocator.h"
#include "llvm/Support/StringSaver.h"

#include "archtok.h"

namespace xlp {

/* The texts of a side's names and literals, each kept once (a Tok holds
 * a pointer to its text: 16 bytes a token on LP64, not 56). */
struct TokTexts {
  llvm::BumpPtrAllocator alloc;
  llvm::UniqueStringSaver saver{alloc};
  llvm::DenseMap<const clang::IdentifierInfo *, const char *> names;

  const char *save(llvm::StringRef s) { return saver.save(s).data(); }
  const char *name(const clang::IdentifierInfo *ii) {
    const char *&t = names[ii];
    if (!t)
      t = save(ii->getName());
    return t;
  }
};

/* One token a side's preprocessor returned. */
struct Tok {
  unsigned off; /* offset of its expansion in its file */
  clang::tok::TokenKind kind;
  bool plain; /* device side: spelled where it is expanded (not from a
                 macro) */
  const char *txt; /* a name's or a literal's, in its side's TokTexts */
  llvm::StringRef text() const { return txt ? llvm::StringRef(txt) : ""; }
};

/* The tokens of one user file, in the order the preprocessor returned
 * them. */
struct FileToks {
  llvm::sys::fs::UniqueID uid;
  std::vector<Tok> toks;
  /* host, until settle_token_plan: each token's raw location, and the
   * offset of its expansion (UserTokens::place), read by the plan */
  std::vector<unsigned> raws, offs;
  bool ordered = true;  /* offsets never decrease (the file entered once) */
  clang::FileID fid;    /* its first entry in the side's source manager */
  xl_id fact = XL_NONE; /* host: its number in the host facts */
  /* What comes before its first token (Impl::before_first): the index
   * of the user file whose tokens it follows and how many of that file's
   * tokens came before it (the last is the one before the #include), or
   * INC_FRESH (no token: it is the main file, or the command line
   * includes it, or so is each file up the chain of #includes that had
   * no token yet) or INC_UNKNOWN (a system header or the device prelude
   * comes first up that chain). starts_statement reads it. */
  int inc_file = INC_UNKNOWN;
  size_t inc_pos = 0;
  enum { INC_FRESH = -2, INC_UNKNOWN = -1 };
};

/* Whether the first token of files[f] begins a statement: the token
 * before it (the including file's, before the #include) is ';', '{' or
 * '}', or there is none (FileToks::inc_file). False when not known. The
 * side's tokens must have their kinds (the host's: settle_token_plan). */
bool starts_statement(const std::vector<FileToks> &files, int f);

/* Where a location is expanded (the file location of
 * SourceManager::getExpansionLoc, decomposed) and where it is spelled
 * (getSpellingLoc), with the range of locations of the last file and of
 * the last macro expansion asked about kept: a side's tokens come in runs
 * of one file or of one expansion, and each SourceManager::getFileID that
 * is not its own last answer is a binary search over every source entry
 * (CCCL's units make millions). Exact: the expansion of a macro location
 * depends only on its entry (the chain of getExpansionLocStart), its
 * spelling is its entry's spelling location plus its offset in the entry
 * (when that is a file location; else clang is asked), and a file's
 * locations are its entry's offset plus the offset in the file. */
class LocCache {
public:
  explicit LocCache(const clang::SourceManager &sm) : sm_(sm) {}
  const clang::SourceManager &source_manager() const { return sm_; }
  clang::FileIDAndOffset expansion(clang::SourceLocation loc) {
    Run &r = loc.isMacroID() ? macro_ : file_;
    clang::SourceLocation::UIntTy raw = loc.getRawEncoding();
    if (raw - r.lo >= r.size)
      fill(&r, loc);
    if (loc.isFileID())
      return {r.fid, raw - r.lo};
    if (!r.expanded) {
      clang::FileIDAndOffset e = expansion(sm_.getExpansionLoc(loc));
      r.fid = e.first;
      r.off = e.second;
      r.expanded = true;
    }
    return {r.fid, r.off};
  }
  clang::SourceLocation spelling(clang::SourceLocation loc) {
    if (loc.isFileID())
      return loc;
    clang::SourceLocation::UIntTy raw = loc.getRawEncoding();
    if (raw - macro_.lo >= macro_.size)
      fill(&macro_, loc);
    if (macro_.spelled.isFileID())
      return macro_.spelled.getLocWithOffset(raw - macro_.lo);
    return sm_.getSpellingLoc(loc);
  }

private:
  struct Run {
    /* raw locations [lo, lo + size) */
    clang::SourceLocation::UIntTy lo = 0, size = 0;
    clang::FileID fid;         /* a file's own; a macro's expansion's */
    unsigned off = 0;          /* a macro's: its expansion's offset */
    bool expanded = false;     /* a macro's: fid and off are known */
    clang::SourceLocation spelled; /* a macro's: its entry's spelling */
  };
  /* Make r the run of loc's entry. */
  void fill(Run *r, clang::SourceLocation loc) {
    clang::FileID fid = sm_.getFileID(loc);
    const clang::SrcMgr::SLocEntry &e = sm_.getSLocEntry(fid);
    r->lo = sm_.getComposedLoc(fid, 0).getRawEncoding();
    r->size = sm_.getFileIDSize(fid) + 1; /* its end is a location too */
    r->fid = fid;
    r->off = 0;
    r->expanded = false;
    r->spelled = e.isExpansion() ? e.getExpansion().getSpellingLoc()
                                 : clang::SourceLocation();
  }
  const clang::SourceManager &sm_;
  Run file_, macro_;
};

/* A side's recording (UserTokens::add). */
struct UserTokens::Impl {
  std::vector<FileToks> files;
  std::map<llvm::sys::fs::UniqueID, int> by_uid;
  llvm::DenseMap<clang::FileID, int> by_fid;
  size_t count = 0;
  bool overflow = false;
  bool device = false; /* the device side's: plain is told */
  std::shared_ptr<TokTexts> texts = std::make_shared<TokTexts>();
  std::unique_ptr<LocCache> where; /* set by the first add */
  clang::FileID last_fid;  /* file_of's last answer */
  int last_idx = -1;

  /* The index in files of fid's file, -1 for a system header, the device
   * prelude or a buffer without a file. */
  int file_of(const clang::SourceManager &sm, clang::FileID fid) {
    if (fid == last_fid)
      return last_idx; /* most tokens follow one of their own file */
    auto it = by_fid.find(fid);
    if (it != by_fid.end()) {
      last_fid = fid;
      return last_idx = it->second;
    }
    int idx = user_file(sm, fid) ? add_file(sm, fid) : -1;
    by_fid[fid] = idx;
    last_fid = fid;
    return last_idx = idx;
  }

  /* The index in files of user file fid's file, added as its first token
   * comes. */
  int add_file(const clang::SourceManager &sm, clang::FileID fid) {
    llvm::sys::fs::UniqueID uid = sm.getFileEntryRefForID(fid)->getUniqueID();
    auto ins = by_uid.emplace(uid, (int)files.size());
    if (ins.second) {
      FileToks ft;
      ft.uid = uid;
      ft.fid = fid;
      before_first(&ft, sm, fid);
      files.push_back(std::move(ft));
    }
    return ins.first->second;
  }

  /* Whether fid is a user file's entry: a file, no system header, not
   * the device prelude. */
  static bool user_file(const clang::SourceManager &sm, clang::FileID fid) {
    clang::OptionalFileEntryRef fe = sm.getFileEntryRefForID(fid);
    return fe &&
           !clang::SrcMgr::isSystem(
               sm.getFileCharacteristic(sm.getLocForStartOfFile(fid))) &&
           fe->getName() != "/xlambda-device-prelude.h";
  }

  /* Fill ft's inc_file and inc_pos as its first token comes (fid): up
   * the chain of #includes to the nearest file with tokens so far. */
  void before_first(FileToks *ft, const clang::SourceManager &sm,
                    clang::FileID fid) {
    for (;;) {
      clang::SourceLocation inc = sm.getIncludeLoc(fid);
      if (inc.isInvalid()) {
        ft->inc_file = FileToks::INC_FRESH; /* the main file */
        return;
      }
      fid = sm.getFileID(inc);
      if (!sm.getFileEntryRefForID(fid)) {
        ft->inc_file = FileToks::INC_FRESH; /* the command line's buffer */
        return;
      }
      if (!user_file(sm, fid))
        return; /* INC_UNKNOWN */
      auto it = by_fid.find(fid);
      if (it != by_fid.end() && it->second >= 0) {
        const FileToks &up = files[it->second];
        ft->inc_file = it->second;
        ft->inc_pos = device ? up.toks.size() : up.raws.size();
        return;
      }
    }
  }
};

/* ---- what the host side leaves ----------------------------------------- */

/* A variable declared in a body: a parameter, a local, an init-capture, a
 * lambda's parameter or local, a binding. */
struct VarInfo {
  std::string name;
  int idx;    /* of its name among its file's tokens, -1 if not found */
  bool risky; /* may be usable in constant expressions (a constexpr or
                 const integral variable, a reference), or a binding: a
                 name of it need not odr-use it */
  bool param; /* a parameter of the function itself: in scope throughout */
  xl_loc decl; /* its name, in the host facts' terms */
};

/* A function body the host kept. */
struct FuncInfo {
  int file, begin, end; /* token span of the whole definition */
  bool simple;          /* non-templated, at namespace scope, no method */
  std::vector<VarInfo> vars;
  std::string name; /* its identifier; empty for another name */
  /* its member accesses the host found to name no static data member,
   * reached from a variable of its own ('p[i].id', 'q->a.n'), where the
   * member's name is a static data member's elsewhere: the token indices
   * of the variable's name and of the member's (Collector, filtered by
   * plan_host_only_names; Answer::member_twin) */
  std::vector<std::pair<int, int>> fields;
};

/* A lambda of such a body (not of an instantiation). */
struct LambdaInfo {
  int file, begin, lbrace, end; /* token indices of '[', '{', '}' */
  int func;                     /* in funcs */
  xl_id fact = XL_NONE;         /* the host facts' lambda, if compared */
  bool extended, answerable;
};

/* A variable of namespace scope in a user file: the tokens of its
 * declaration before its name, where CCCL's _CCCL_GLOBAL_CONSTANT is
 * 'inline constexpr' on the host and '__device__ constexpr' on the
 * device (Answer::annotated_var). */
struct VarHead {
  int file, begin, name; /* token indices: its first, its name's */
};

/* What the host leaves for the answer (TokenPlan). */
struct TokenPlanData {
  const clang::SourceManager *sm = nullptr; /* the host's (alive until answered) */
  const xl_facts *host = nullptr;
  std::vector<FileToks> files; /* the host's */
  std::shared_ptr<TokTexts> texts; /* theirs */
  std::map<llvm::sys::fs::UniqueID, int> by_uid; /* into files */
  std::vector<FuncInfo> funcs;
  std::vector<LambdaInfo> lambdas;
  /* names device code cannot use (plan_host_only_names): host_only
   * wherever they appear, host_only_members (static data members) only
   * where a name can find a class's member (Answer::member_context) */
  std::set<std::string> host_only, host_only_members;
  llvm::StringSet<> declared; /* every name a host declaration has */
  std::vector<VarHead> var_heads; /* add_var_head */
  bool viable = false;
};

/* loc (file fid of the host's manager, offset off; plain: not from a
 * macro) in the host facts' terms, as lib/frontend's xl_fe_loc makes it:
 * the expansion's place, XL_LOC_MACRO when spelled elsewhere; none when
 * the host facts lack the file. (archtok.cpp) */
xl_loc facts_loc(const TokenPlanData &p, clang::FileID fid, unsigned off,
                 bool plain);

/* Keep in each function's fields only the accesses of a member whose
 * name is a static data member's too (host_only_members): no other needs
 * a twin (Answer::member_twin). Reads the tokens' texts: after
 * settle_token_plan's lexing. (archtok_names.cpp) */
void keep_member_fields(TokenPlanData *p);

/* The first token index at or after offset `off` of file f's tokens
 * (ordered; their offsets, before settle_token_plan), and the last at or
 * before. (archtok.cpp) */
int first_at(const FileToks &f, unsigned off);
int last_at(const FileToks &f, unsigned off);

/* Add to p the head of variable v of namespace scope (outer: v, or its
 * variable template) when it lies in one recorded user file; nothing
 * otherwise. Allocation failure is not reported (LLVM aborts).
 * (archtok.cpp) */
void add_var_head(TokenPlanData &p, const clang::Decl *outer,
                  const clang::VarDecl *v);

/* ---- the alignment and the hunks (archtok_diff.cpp) -------------------- */

/* H[hb, he) of the host's tokens became D[db, de) of the device's. */
struct Hunk {
  int hb, he, db, de;
};

/* The hunks between host tokens a and device tokens b, aligned by offset
 * in the file (one macro's differing expansions by Myers' diff), into
 * *out, and the device token each host token is matched to into *h2d (-1
 * in a hunk). Both files ordered. False when one expansion's diff needs
 * more than 2,000 edits (no answer then). */
bool hunks_of(std::vector<Hunk> *out, std::vector<int> *h2d,
              const std::vector<Tok> &a, const std::vector<Tok> &b);

/* Whether two tokens (of one side or of the two) are the same: kind and
 * text. */
bool same_tok(const Tok &a, const Tok &b);
/* Whether t[i] may begin a lambda ('[' not after a name, ')' or ']', nor
 * '[[') or annotate one ('__device__', '__host__', or 'device' and 'host'
 * in '__attribute__((...))'). */
bool lambda_token(const std::vector<Tok> &t, int i);

/* What t[b, e) holds of lambda_token's, as MARK_ bits. */
enum { MARK_ANNOTATION = 1, MARK_INTRO = 2 };
int hunk_marks(const std::vector<Tok> &t, int b, int e);

/* Whether hunk k may hold what `marks` (hunk_marks of both sides) says: a
 * lambda introducer only of whole lambdas, with no annotation; an
 * annotation only in whole declarations. Where it lies is judged apart. */
bool marks_allowed(int marks, const std::vector<Tok> &h,
                   const std::vector<Tok> &d, const Hunk &k);

/* Whether t[b, e) holds only what annotates a variable for CUDA
 * ('__attribute__((device))', '((constant))', their names) and 'inline'. */
bool variable_annotation(const std::vector<Tok> &t, int b, int e);

/* Merge into (*hunks)[i] the hunks after it until each lambda it begins
 * ends in it, on both sides; unchanged when that takes more than 32. */
void merge_lambda_hunks(std::vector<Hunk> *hunks, size_t i,
                        const std::vector<Tok> &h, const std::vector<Tok> &d);

/* Widen (*hunks)[i], which holds a CUDA annotation and no introducer, over
 * the tokens alike around it and the hunks after it to whole declarations
 * on both sides; unchanged when that takes more than 4,096 steps. */
void widen_to_decls(std::vector<Hunk> *hunks, size_t i,
                    const std::vector<Tok> &h, const std::vector<Tok> &d);

/* ---- how a device name is used (archtok_uses.cpp) ----------------------- */
/* Whether the member access whose member's name is device token d[j]
 * (after '.' or '->', in host file hf's function f) names what the host
 * found the same spelling to name in f: no static data member. True when
 * f's host tokens spell the same access from a variable of f (a
 * FuncInfo::fields entry), f declares one variable of that name, and
 * nothing can make it another on the device: f is alike on both sides up
 * to the end of its declaration, no name there or in the access is one of
 * `loose` (the names of hunks outside every body: a class or alias that
 * differs), the device spells the name in f only as a use of it before
 * d[j], and it is in scope there. System headers are not compared: a
 * class of one that differs between the sides is not seen. */
bool member_twin(const TokenPlanData &p, const FuncInfo &f,
                 const std::vector<Tok> &d, const std::vector<int> &h2d,
                 int j, const std::set<std::string> &loose);
/* Whether d[j], the first appearance of an outer variable's name in a
 * lambda's device body (opened by d[db]), is a use of that variable and
 * not a declaration of another. */
bool plain_use(const std::vector<Tok> &d, int j, int db);
/* Whether no '}' or ')' closes, between token `from` and `to`, the scope
 * a variable declared at `from` lives in. */
bool in_scope(const std::vector<Tok> &h, int from, int to);
/* Whether lambda l of host is one the device side compares: numbered
 * (pair.c) and not XL_LAMBDA_DEVICE_SKIPPED. (archtok.cpp) */
bool compared(const xl_lambda *l, const xl_facts *host);

} // namespace xlp

#endif /* XLP_ARCHTOK_IMPL_H */
