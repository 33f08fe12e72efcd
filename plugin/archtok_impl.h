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

#include "archtok.h"

namespace xlp {

/* One token a side's preprocessor returned. */
struct Tok {
  unsigned raw, off; /* raw location; offset of its expansion in its file */
  clang::tok::TokenKind kind;
  bool plain; /* device side: spelled where it is expanded (not from a
                 macro) */
  const clang::IdentifierInfo *ii; /* until UserTokens::name_tokens */
  std::string text; /* a name's (after name_tokens), a literal's */
};

/* The tokens of one user file, in the order the preprocessor returned
 * them. */
struct FileToks {
  llvm::sys::fs::UniqueID uid;
  std::vector<Tok> toks;
  bool ordered = true;  /* offsets never decrease (the file entered once) */
  clang::FileID fid;    /* its first entry in the side's source manager */
  xl_id fact = XL_NONE; /* host: its number in the host facts */
};

/* A side's recording (UserTokens::add). */
struct UserTokens::Impl {
  std::vector<FileToks> files;
  std::map<llvm::sys::fs::UniqueID, int> by_uid;
  llvm::DenseMap<clang::FileID, int> by_fid;
  size_t count = 0;
  bool overflow = false;
  bool texts_now = false; /* names' texts read as they come */
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
    int idx = -1;
    clang::OptionalFileEntryRef fe = sm.getFileEntryRefForID(fid);
    if (fe && !clang::SrcMgr::isSystem(sm.getFileCharacteristic(
                  sm.getLocForStartOfFile(fid))) &&
        fe->getName() != "/xlambda-device-prelude.h") {
      auto ins = by_uid.emplace(fe->getUniqueID(), (int)files.size());
      if (ins.second) {
        files.emplace_back();
        files.back().uid = fe->getUniqueID();
        files.back().fid = fid;
      }
      idx = ins.first->second;
    }
    by_fid[fid] = idx;
    last_fid = fid;
    return last_idx = idx;
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

/* A function body the host kept (or a template body it never parsed). */
struct FuncInfo {
  int file, begin, end; /* token span of the whole definition */
  bool simple;          /* non-templated, at namespace scope, no method */
  std::vector<VarInfo> vars;
};

/* A lambda of such a body (not of an instantiation). */
struct LambdaInfo {
  int file, begin, lbrace, end; /* token indices of '[', '{', '}' */
  int func;                     /* in funcs */
  xl_id fact = XL_NONE;         /* the host facts' lambda, if compared */
  bool extended, answerable;
};

/* What the host leaves for the answer (TokenPlan). */
struct TokenPlanData {
  const clang::SourceManager *sm = nullptr; /* the host's (alive until answered) */
  const xl_facts *host = nullptr;
  std::vector<FileToks> files; /* the host's */
  std::map<llvm::sys::fs::UniqueID, int> by_uid; /* into files */
  std::vector<FuncInfo> funcs;
  std::vector<LambdaInfo> lambdas;
  /* names device code cannot use (plan_host_only_names) */
  std::set<std::string> host_only;
  llvm::StringSet<> declared; /* every name a host declaration has */
  bool viable = false;
};

/* loc (file fid of the host's manager, offset off; plain: not from a
 * macro) in the host facts' terms, as lib/frontend's xl_fe_loc makes it:
 * the expansion's place, XL_LOC_MACRO when spelled elsewhere; none when
 * the host facts lack the file. (archtok.cpp) */
xl_loc facts_loc(const TokenPlanData &p, clang::FileID fid, unsigned off,
                 bool plain);

/* Whether lambda l of host is one the device side compares: numbered
 * (pair.c) and not XL_LAMBDA_DEVICE_SKIPPED. (archtok.cpp) */
bool compared(const xl_lambda *l, const xl_facts *host);

} // namespace xlp

#endif /* XLP_ARCHTOK_IMPL_H */
