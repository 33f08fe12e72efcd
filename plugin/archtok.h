/*
 * archtok.h: the device side of `xlambda check --parse=skip` answered from
 * the device preprocessor's tokens, without a device parse (issue 20;
 * archtok.cpp, in xlambda_cdriver).
 *
 * The two device-side rules compare, per function, which extended lambdas
 * each compilation defines and what each captures, by name and in order
 * (archpp.h). When the host parse finds bodies that meet a __CUDA_ARCH__
 * region, the device side parses the unit again (a declarations parse of
 * every header, the bodies that meet a region whole), which for units whose
 * every lambda tests __CUDA_ARCH__ (AMReX's GPU macros) costs about what
 * the host side does. Here the device side is only preprocessed: the
 * tokens of every user file, host and device, are aligned (by offset in
 * the file; a macro's differing expansions by a diff; a stretch both
 * sides spell alike is no difference), and
 * the answer "both compilations define the same lambdas with the same
 * captures" is given when every differing stretch (a hunk) is harmless:
 *
 *   - no hunk holds a lambda introducer ('[' not after a name, ')' or ']'
 *     or '[') or a CUDA annotation ('__device__', '__host__', 'device'
 *     and 'host' in '__attribute__((...))'), but whole lambdas with no
 *     annotation outside every lambda, an annotation on a variable of
 *     namespace scope that only says where it lives, and annotated whole
 *     declarations outside every body whose names redeclare no function
 *     of an extended lambda (docs/internals/device-side.md);
 *   - a hunk inside a lambda's body: every lambda around it is in a
 *     non-templated function at namespace scope, is not generic, captures
 *     no 'this' and holds no other lambda, and the device side's captures
 *     can be read from its tokens (below);
 *   - a hunk in a function body outside every lambda: no extended lambda
 *     of that body begins after it;
 *   - any other hunk (namespace or class scope): none of its names
 *     appears in an extended lambda, but those inside a body or a braced
 *     initializer, which are local there: one the hunk opens, or one open
 *     before it (a body the host did not parse, such as a hidden
 *     header's template).
 *
 * For each lambda that holds a hunk, the device side's captures are read
 * from its device tokens: its explicit captures, then each variable
 * of the enclosing function, in scope, in the order its name first
 * appears; exact because every such first appearance must be an odr-use
 * (no unevaluated operand, 'constexpr' or 'this' in the body; the variable
 * is not usable in constant expressions; the name is not a member, a
 * label or declared there: plain_use).
 *
 * When every compared lambda captures alike on both sides, the rules say
 * nothing, as after a device parse (which finds the same captures, or has
 * an error and leaves the rules quiet). A difference is reported from the
 * tokens too, unless the device compilation may have an error the tokens
 * cannot show, with which --parse=full's comparing rules say nothing: a
 * reference capture in an extended lambda (the host side sends such a
 * unit to the whole device parse), or a device name of a hunk or of the
 * differing lambda's body that spells what device code cannot use (a
 * host variable, a host-only function, where the name's place lets it
 * find one: name_reach; a member access the host resolved alike in the
 * same function finds none: member_twin) or what no host declaration has
 * (an undeclared name; plan_host_only_names). Those, a
 * lambda the host facts number but the AST walk did not meet, an error of
 * the device preprocessor, and too many tokens (2,000,000 a side) go to
 * the device parse.
 */
#ifndef XLP_ARCHTOK_H
#define XLP_ARCHTOK_H

#include <memory>
#include <string>
#include <vector>

#include "clang/AST/DeclBase.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Lex/Preprocessor.h"

extern "C" {
#include "xlambda/sys/facts.h"
}

namespace xlp {

struct TokenPlanData; /* archtok.cpp */

/* The tokens of the user files (not system headers, not the device
 * prelude) as one preprocessor returned them, per file. */
class UserTokens {
public:
  /* device: the device side's recording, which also tells each token
   * spelled where it is expanded (Tok::plain). */
  explicit UserTokens(bool device = false);
  ~UserTokens();
  /* Record pp's tokens from now on (pp and sm outlive the recording). */
  void watch(clang::Preprocessor &pp, const clang::SourceManager &sm);
  /* Record one token (the device side calls it for each token). */
  void add(const clang::Preprocessor &pp, const clang::SourceManager &sm,
           const clang::Token &t);
  /* Whether more tokens came than are kept (no answer then). */
  bool overflowed() const;
  /* The host side's recording keeps, while the host parses, only each
   * token's raw location (4 bytes a token, not the 20 its token costs: most
   * units never need the tokens). Give each token the offset of its
   * expansion (4 bytes more), which is what plan_token_answer reads while
   * the host's AST is alive; kind and text come once it is freed
   * (settle_token_plan). false, and nothing kept, on overflow. */
  bool place(const clang::SourceManager &sm);
  /* Free the recording (what plan_token_answer did not take with it);
   * record nothing after. */
  void release();

  struct Impl;
  std::unique_ptr<Impl> impl;
};

/* What the host side leaves for the answer, free of the host's AST. */
class TokenPlan {
public:
  TokenPlan();
  ~TokenPlan();
  /* Whether the device side may be answered from tokens at all. */
  bool viable() const;
  /* Free what the plan holds (the host's tokens); viable() is then
   * false. */
  void release();

  std::unique_ptr<TokenPlanData> data;
};

/*
 * After the host walk and plan_device_skip: fill *out from the host AST
 * (bodies: the user-file bodies the host kept), the host's tokens (placed
 * with sm, the host's source manager, then moved into *out: host_tokens
 * keeps none) and the host facts. out->viable() is false when no answer
 * can be tried. Allocation failure is not reported (LLVM aborts).
 */
void plan_token_answer(TokenPlan *out, const xl_facts *host,
                       const clang::SourceManager &sm,
                       UserTokens &host_tokens,
                       const std::vector<const clang::Decl *> &bodies);

/*
 * After plan_host_only_names, with the host's AST freed and pp, the host's
 * preprocessor, still alive: lex each of the plan's host tokens again, at
 * its spelling location, for its kind and text as the device side's
 * recording has them (the identifier looked up in pp, as clang's lexer
 * does), and drop the raw locations and offsets. Then keep of each body's
 * member accesses only those whose member's name is a static data
 * member's too. The plan is no longer viable when a token cannot be
 * lexed again. Allocation failure is not reported (LLVM aborts).
 */
void settle_token_plan(TokenPlan *plan, const clang::Preprocessor &pp);

/*
 * After plan_token_answer, the host AST still alive: keep in plan, by
 * spelling, the names of what device code cannot use (variables of
 * namespace or class scope that are not __device__, __constant__,
 * __shared__ or constexpr; functions of namespace scope none of whose
 * declarations device code may call), every name a host declaration has
 * (archtok_names.cpp), and the head of each variable of namespace scope
 * in a user file; keep of each body's member accesses (FuncInfo::fields)
 * only those whose member's name is a static data member's too. Nothing
 * when the plan is not viable.
 * Allocation failure is not reported (LLVM aborts).
 */
void plan_host_only_names(TokenPlan *plan, const clang::ASTContext &ctx);

/*
 * After the host parse (its SourceManager still alive, its AST gone):
 * preprocess the main file of ci as the device side (for `arch`, else the
 * compile's first GPU architecture), and when the tokens answer (see the
 * top of this file), join to host device facts that hold, for every
 * extended lambda the device side compares, a copy of the host's lambda
 * with the device compilation's captures (*answered true); the lambdas
 * the plan skipped keep XL_LAMBDA_DEVICE_SKIPPED. *answered false: the
 * device parse must decide (host unchanged). Returns XL_OK or XL_ENOMEM.
 */
int answer_device_by_tokens(bool *answered, clang::CompilerInstance &ci,
                            const TokenPlan &plan, xl_facts *host,
                            const std::string &arch);

/*
 * Whether n is a name that annotates a lambda for CUDA in clang's tokens:
 * 'device' or 'host' (what __device__ and __host__ expand to,
 * __attribute__((device))), or '__device__', '__host__' themselves.
 */
bool cuda_annotation_name(llvm::StringRef n);

} // namespace xlp

#endif /* XLP_ARCHTOK_H */
