/*
 * archtok_names.cpp: the host's names that device code cannot use, for the
 * token answer of a lambda whose captures differ (archtok.h).
 *
 * A difference the tokens show is reported only when the device
 * compilation has no error that --parse=full's device parse would see
 * (such an error leaves the comparing rules quiet). The commonest error
 * of a device arm is naming what only the host has: a variable of
 * namespace or class scope without __device__, __constant__ or
 * __shared__ (clang: "reference to __host__ variable in __device__
 * function"), or a function with no declaration device code may call.
 * A name nothing of the host's declares (a typo: "use of undeclared
 * identifier"; a variable of the enclosing function and a builtin of
 * the GPU target count as declared) declines too, as does one only the
 * device compilation declares. Names are compared by spelling: a device
 * arm that spells one of these anywhere declines the answer (the device
 * parse decides), which errs only towards the parse. A static data
 * member's name (std::ios_base::out) declines only where it can name a
 * member: after '::', '.' or '->', or outside the body of a non-member
 * function of namespace scope with no class of its own; a local variable
 * 'out' in an AMReX-style kernel's device arm does not.
 *
 * The same walk keeps the head of each variable of namespace scope in a
 * user file (add_var_head), where an annotation may differ harmlessly.
 */
#include "archtok_impl.h"

#include <algorithm>

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/Attr.h"
#include "clang/Basic/Builtins.h"
#include "clang/Basic/IdentifierTable.h"

using namespace clang;

namespace xlp {
namespace {

struct HostNames {
  std::set<std::string> vars, members, host_fns, device_fns;
  llvm::StringSet<> *declared;
  TokenPlanData *plan;

  /* in_record: a static data member, which only a qualified name, a
   * member access or a lookup from inside a class finds */
  void var(const VarDecl *v, bool in_record) {
    if (!v || !v->getDeclName().isIdentifier() || v->isConstexpr() ||
        v->hasAttr<CUDADeviceAttr>() || v->hasAttr<CUDAConstantAttr>() ||
        v->hasAttr<CUDASharedAttr>())
      return;
    if (v->hasGlobalStorage() && !v->isLocalVarDeclOrParm())
      (in_record ? members : vars).insert(v->getName().str());
  }

  /* A function of namespace scope (members are left out: see
   * docs/internals/device-side.md). */
  void fn(const FunctionDecl *f) {
    if (!f || isa<CXXMethodDecl>(f) || !f->getDeclName().isIdentifier())
      return;
    bool device = f->isConstexpr() || f->hasAttr<CUDADeviceAttr>();
    (device ? device_fns : host_fns).insert(f->getName().str());
  }

  void walk(const DeclContext *dc, bool in_record);
};

void HostNames::walk(const DeclContext *dc, bool in_record) {
  for (const Decl *d : dc->decls()) {
    const auto *nd = dyn_cast<NamedDecl>(d);
    if (nd && nd->getDeclName().isIdentifier())
      declared->insert(nd->getName());
    if (isa<NamespaceDecl>(d) || isa<LinkageSpecDecl>(d) ||
        isa<ExportDecl>(d))
      walk(cast<DeclContext>(d), false);
    else if (const auto *vt = dyn_cast<VarTemplateDecl>(d)) {
      var(vt->getTemplatedDecl(), in_record);
      if (!in_record)
        add_var_head(*plan, vt, vt->getTemplatedDecl());
    } else if (const auto *v = dyn_cast<VarDecl>(d)) {
      var(v, in_record); /* a static data member too */
      if (!in_record)
        add_var_head(*plan, v, v);
    } else if (const auto *ct = dyn_cast<ClassTemplateDecl>(d))
      walk(ct->getTemplatedDecl(), true);
    else if (const auto *rd = dyn_cast<CXXRecordDecl>(d)) {
      /* a specialization's members are its pattern's names */
      if (!isa<ClassTemplateSpecializationDecl>(rd))
        walk(rd, true);
    } else if (const auto *ed = dyn_cast<EnumDecl>(d))
      walk(ed, true); /* its enumerators' names */
    else if (in_record)
      continue;
    else if (const auto *ft = dyn_cast<FunctionTemplateDecl>(d))
      fn(ft->getTemplatedDecl());
    else if (const auto *f = dyn_cast<FunctionDecl>(d))
      fn(f);
  }
}

/* Add to declared the builtins device code may call: clang declares a
 * builtin only where it is used (__syncthreads, the GPU target's, is an
 * "aux" builtin on the host side); the host target's own are left out. */
void add_builtins(llvm::StringSet<> *declared, const ASTContext &ctx) {
  const Builtin::Context &b = ctx.BuiltinInfo;

  for (const auto &e : ctx.Idents) {
    unsigned id = e.getValue()->getBuiltinID();
    if (id != 0 && (b.isAuxBuiltinID(id) || !b.isTSBuiltin(id)))
      declared->insert(e.getKey());
  }
}

} // namespace

void keep_member_fields(TokenPlanData *p) {
  for (FuncInfo &f : p->funcs) {
    const std::vector<Tok> &t = p->files[f.file].toks;
    auto gone = [&](const std::pair<int, int> &e) {
      return !p->host_only_members.count(t[e.second].text().str());
    };
    f.fields.erase(std::remove_if(f.fields.begin(), f.fields.end(), gone),
                   f.fields.end());
    f.fields.shrink_to_fit();
  }
}

void plan_host_only_names(TokenPlan *plan, const ASTContext &ctx) {
  HostNames n;

  if (!plan->viable())
    return;
  n.declared = &plan->data->declared;
  n.plan = plan->data.get();
  n.walk(ctx.getTranslationUnitDecl(), false);
  for (const FuncInfo &f : plan->data->funcs)
    for (const VarInfo &v : f.vars)
      n.declared->insert(v.name);
  add_builtins(n.declared, ctx);
  std::set<std::string> &out = plan->data->host_only;
  out = std::move(n.vars);
  for (const std::string &f : n.host_fns)
    if (!n.device_fns.count(f))
      out.insert(f);
  plan->data->host_only_members = std::move(n.members);
}

} // namespace xlp
