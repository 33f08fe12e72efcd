/*
 * instantiate.cpp: the end-of-unit instantiations the walk can read
 * (instantiate.h says which, and why the others are not needed).
 */
#include "instantiate.h"
#include "library.h"

#include <deque>

#include "llvm/ADT/DenseSet.h"

#include "clang/AST/DeclTemplate.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Sema/Sema.h"

using namespace clang;

namespace xlp {
namespace {

constexpr int MaxDepth = 16; /* deeper types count as naming a closure */

/* A search of types for a closure (or, with shown_in, for a class that a
 * file outside the library declares too), with the types found to name
 * none: a type's answer is then exact (a search cut at MaxDepth answers
 * yes), and shared parts of a type are looked at once (tuple<T, T> with
 * T = tuple<U, U>, and so on). */
struct TypeSearch {
  llvm::DenseSet<const Type *> none;
  LibraryFiles *shown_in = nullptr; /* library.h; null: closures only */
  const SourceManager *sm = nullptr;

  bool contains(const Type *t) const { return none.contains(t); }
  void insert(const Type *t) { none.insert(t); }
  /* Whether the class cls is what the search looks for. */
  bool found(const CXXRecordDecl *cls) {
    return cls->isLambda() ||
           (shown_in && !shown_in->contains(*sm, cls->getLocation()));
  }
};

bool type_has_closure(TypeSearch &memo, QualType t, int depth);
bool context_has_closure(TypeSearch &memo, const DeclContext *dc, int depth);

bool arg_has_closure(TypeSearch &memo, const TemplateArgument &a, int depth) {
  switch (a.getKind()) {
  case TemplateArgument::Null:
  case TemplateArgument::Integral:
  case TemplateArgument::NullPtr:
    return false;
  case TemplateArgument::Type:
    return type_has_closure(memo, a.getAsType(), depth + 1);
  case TemplateArgument::Declaration:
    return type_has_closure(memo, a.getAsDecl()->getType(), depth + 1);
  case TemplateArgument::Pack:
    for (const TemplateArgument &b : a.pack_elements())
      if (arg_has_closure(memo, b, depth + 1))
        return true;
    return false;
  default: /* a template, an expression: not looked into */
    return true;
  }
}

bool args_have_closure(TypeSearch &memo, const TemplateArgumentList *args,
                       int depth) {
  if (!args)
    return false;
  for (const TemplateArgument &a : args->asArray())
    if (arg_has_closure(memo, a, depth))
      return true;
  return false;
}

/* Whether dc, or a context around it, is a closure class or a
 * specialization (class or function) over a closure. */
bool context_has_closure(TypeSearch &memo, const DeclContext *dc, int depth) {
  for (; dc; dc = dc->getParent()) {
    if (const auto *cls = dyn_cast<CXXRecordDecl>(dc)) {
      if (memo.found(cls))
        return true;
      const auto *spec = dyn_cast<ClassTemplateSpecializationDecl>(cls);
      if (spec && args_have_closure(memo, &spec->getTemplateArgs(), depth))
        return true;
    }
    const auto *fd = dyn_cast<FunctionDecl>(dc);
    if (fd &&
        args_have_closure(memo, fd->getTemplateSpecializationArgs(), depth))
      return true;
  }
  return false;
}

bool function_type_has_closure(TypeSearch &memo, const FunctionProtoType *fp,
                               int depth) {
  if (type_has_closure(memo, fp->getReturnType(), depth + 1))
    return true;
  for (QualType p : fp->param_types())
    if (type_has_closure(memo, p, depth + 1))
      return true;
  return false;
}

/* type_has_closure's search of ty (canonical), without the memo. */
bool type_search(TypeSearch &memo, const Type *ty, int depth) {
  if (ty->isPointerType() || ty->isReferenceType())
    return type_has_closure(memo, ty->getPointeeType(), depth + 1);
  if (const auto *mp = dyn_cast<MemberPointerType>(ty)) {
    const CXXRecordDecl *cls = mp->getMostRecentCXXRecordDecl();
    return type_has_closure(memo, mp->getPointeeType(), depth + 1) ||
           (cls && context_has_closure(memo, cls, depth + 1));
  }
  if (const auto *at = dyn_cast<ArrayType>(ty))
    return type_has_closure(memo, at->getElementType(), depth + 1);
  if (const auto *fp = dyn_cast<FunctionProtoType>(ty))
    return function_type_has_closure(memo, fp, depth);
  if (const CXXRecordDecl *cls = ty->getAsCXXRecordDecl())
    return context_has_closure(memo, cls, depth);
  return false;
}

/* Whether t names a closure type anywhere in it. */
bool type_has_closure(TypeSearch &memo, QualType t, int depth) {
  if (depth > MaxDepth)
    return true;
  if (t.isNull())
    return false;
  const Type *ty = t.getCanonicalType().getTypePtr();
  if (memo.contains(ty))
    return false;
  if (type_search(memo, ty, depth))
    return true;
  memo.insert(ty);
  return false;
}

/* The location of fd's template, or an invalid one when it has none. */
SourceLocation template_loc(const FunctionDecl *fd) {
  const FunctionDecl *pattern = fd->getTemplateInstantiationPattern();
  return pattern ? pattern->getLocation() : SourceLocation();
}

bool explicit_definition(const FunctionDecl *fd) {
  return fd->getTemplateSpecializationKind() ==
         TSK_ExplicitInstantiationDefinition;
}

/* Whether fd is instantiated whatever its template: over a closure, an
 * explicit instantiation definition, or not externally visible (clang
 * requires its definition in the unit: "is used but not defined in this
 * translation unit", an error where its type has no linkage). */
bool instantiated_anyway(TypeSearch &memo, const FunctionDecl *fd) {
  return explicit_definition(fd) || !fd->isExternallyVisible() ||
         context_has_closure(memo, fd, 0);
}

/* The queue of instantiate_reached, the variables left to clang, and the
 * two searches (a closure; a closure or a shown file's class). */
struct Work {
  std::deque<Sema::PendingImplicitInstantiation> todo;
  std::deque<Sema::PendingImplicitInstantiation> variables;
  TypeSearch closures;
  TypeSearch shown;
};

/* Whether the walk can read fd's body (instantiate.h, library.h). */
bool readable(Work &w, LibraryFiles &lib, const SourceManager &sm,
              const FunctionDecl *fd) {
  SourceLocation tmpl = template_loc(fd);

  if (!lib.contains(sm, tmpl) || instantiated_anyway(w.closures, fd))
    return true;
  /* a user header whose findings are hidden: its body may call back a
     shown file's class, whose specializations instances.c walks */
  return !sm.isInSystemHeader(sm.getExpansionLoc(tmpl)) &&
         context_has_closure(w.shown, fd, 0);
}

using Pending = Sema::PendingImplicitInstantiation;

/* Instantiate one function of the queue, if the walk can read it, and
 * queue what its body asks for. */
void instantiate_one(Work &w, LibraryFiles &lib, Sema &sema,
                     const Pending &p) {
  auto *fd = cast<FunctionDecl>(p.first);
  const SourceManager &sm = sema.getSourceManager();

  if (fd->isDefined() || !readable(w, lib, sm, fd)) {
    fd->setInstantiationIsPending(false);
    return;
  }
  sema.InstantiateFunctionDefinition(p.second, fd, /*Recursive=*/false,
                                     explicit_definition(fd),
                                     /*AtEndOfTU=*/true);
  if (fd->isDefined())
    fd->setInstantiationIsPending(false);
  sema.DefineUsedVTables(); /* as clang's recursive instantiation does: the
                               virtual members of the classes it used */
  w.todo.insert(w.todo.end(), sema.PendingInstantiations.begin(),
                sema.PendingInstantiations.end());
  sema.PendingInstantiations.clear();
}

} // namespace

void instantiate_reached(Sema &sema, LibraryFiles &lib) {
  Work w;

  w.shown.shown_in = &lib;
  w.shown.sm = &sema.getSourceManager();
  if (sema.getDiagnostics().hasErrorOccurred())
    return;
  w.todo.swap(sema.PendingInstantiations);
  while (!w.todo.empty()) {
    Pending p = w.todo.front();
    w.todo.pop_front();
    if (isa<FunctionDecl>(p.first))
      instantiate_one(w, lib, sema, p);
    else
      w.variables.push_back(p);
    if (sema.getDiagnostics().hasErrorOccurred())
      break; /* from here on, as clang would */
  }
  w.variables.insert(w.variables.end(), w.todo.begin(), w.todo.end());
  sema.PendingInstantiations.insert(sema.PendingInstantiations.begin(),
                                    w.variables.begin(), w.variables.end());
}

} // namespace xlp
