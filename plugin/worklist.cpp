/*
 * worklist.cpp: the children of statements and expressions, visited through
 * libclang 22's data-recursive work list (EnqueueVisitor and
 * RunVisitorWorkList in clang/tools/libclang/CIndex.cpp): the same order,
 * the same parents, the same jobs.
 */
#include "walker.h"

#include "clang/AST/StmtVisitor.h"

using namespace clang;

namespace xlp {

namespace {

enum JobKind {
  JobStmt, JobDecl, JobTypeLoc, JobTemplateArgs, JobNNS, JobNameInfo,
  JobMemberRef, JobMemberParts, JobDeclRefParts, JobOverloadParts,
  JobSizeOfPackParts, JobLambdaParts, JobConceptSpec, JobRequires
};

struct Job {
  JobKind kind;
  Cursor parent;
  const void *a = nullptr;
  const void *b = nullptr;
  bool first = true;
  TypeLoc tl;
  NestedNameSpecifierLoc nns;
  SourceLocation loc;
};

using WorkList = llvm::SmallVector<Job, 16>;

class Enqueue : public ConstStmtVisitor<Enqueue, void> {
public:
  Enqueue(WorkList &wl, const Cursor &parent) : wl_(wl), parent_(parent) {}

  void add_stmt(const Stmt *s) {
    if (s)
      push(JobStmt, s);
  }
  void add_decl(const Decl *d, bool first = true) {
    if (!d)
      return;
    Job &j = push(JobDecl, d);
    j.first = first;
  }
  void add_typeloc(const TypeSourceInfo *ts) {
    if (!ts)
      return;
    Job &j = push(JobTypeLoc, nullptr);
    j.tl = ts->getTypeLoc();
  }
  void add_nns(NestedNameSpecifierLoc q) {
    if (!q)
      return;
    Job &j = push(JobNNS, nullptr);
    j.nns = q;
  }
  void add_template_args(const TemplateArgumentLoc *a, unsigned n) {
    push(JobTemplateArgs, a, a + n);
  }
  void add_member_ref(const FieldDecl *d, SourceLocation l) {
    if (!d)
      return;
    Job &j = push(JobMemberRef, d);
    j.loc = l;
  }
  Job &push(JobKind k, const void *a, const void *b = nullptr) {
    Job j;
    j.kind = k;
    j.parent = parent_;
    j.a = a;
    j.b = b;
    wl_.push_back(j);
    return wl_.back();
  }
  /* EnqueueChildren: children() in order (reversed onto the stack). */
  void enqueue_children(const Stmt *s) {
    size_t size = wl_.size();
    for (const Stmt *sub : s->children())
      add_stmt(sub);
    std::reverse(wl_.begin() + size, wl_.end());
  }

  void VisitStmt(const Stmt *s) { enqueue_children(s); }
  void VisitCompoundLiteralExpr(const CompoundLiteralExpr *e);
  void VisitCompoundStmt(const CompoundStmt *s);
  void VisitCXXDefaultArgExpr(const CXXDefaultArgExpr *) {}
  void VisitCXXDependentScopeMemberExpr(const CXXDependentScopeMemberExpr *e);
  void VisitCXXNewExpr(const CXXNewExpr *e);
  void VisitCXXOperatorCallExpr(const CXXOperatorCallExpr *e);
  void VisitCXXPseudoDestructorExpr(const CXXPseudoDestructorExpr *e);
  void VisitCXXScalarValueInitExpr(const CXXScalarValueInitExpr *e);
  void VisitCXXTemporaryObjectExpr(const CXXTemporaryObjectExpr *e);
  void VisitCXXTypeidExpr(const CXXTypeidExpr *e);
  void VisitCXXUnresolvedConstructExpr(const CXXUnresolvedConstructExpr *e);
  void VisitCXXCatchStmt(const CXXCatchStmt *s);
  void VisitCXXForRangeStmt(const CXXForRangeStmt *s);
  void VisitDeclRefExpr(const DeclRefExpr *e);
  void VisitDependentScopeDeclRefExpr(const DependentScopeDeclRefExpr *e);
  void VisitDeclStmt(const DeclStmt *s);
  void VisitDesignatedInitExpr(const DesignatedInitExpr *e);
  void VisitExplicitCastExpr(const ExplicitCastExpr *e);
  void VisitForStmt(const ForStmt *s);
  void VisitGotoStmt(const GotoStmt *) {}
  void VisitIfStmt(const IfStmt *s);
  void VisitInitListExpr(const InitListExpr *e);
  void VisitMemberExpr(const MemberExpr *e);
  void VisitOffsetOfExpr(const OffsetOfExpr *e);
  void VisitOverloadExpr(const OverloadExpr *e);
  void VisitUnaryExprOrTypeTraitExpr(const UnaryExprOrTypeTraitExpr *e);
  void VisitSwitchStmt(const SwitchStmt *s);
  void VisitWhileStmt(const WhileStmt *s);
  void VisitTypeTraitExpr(const TypeTraitExpr *e);
  void VisitArrayTypeTraitExpr(const ArrayTypeTraitExpr *e);
  void VisitUnresolvedMemberExpr(const UnresolvedMemberExpr *e);
  void VisitVAArgExpr(const VAArgExpr *e);
  void VisitSizeOfPackExpr(const SizeOfPackExpr *e);
  void VisitPseudoObjectExpr(const PseudoObjectExpr *e);
  void VisitOpaqueValueExpr(const OpaqueValueExpr *e);
  void VisitLambdaExpr(const LambdaExpr *e);
  void VisitConceptSpecializationExpr(const ConceptSpecializationExpr *e);
  void VisitRequiresExpr(const RequiresExpr *e);

private:
  WorkList &wl_;
  Cursor parent_;
};

void Enqueue::VisitCompoundLiteralExpr(const CompoundLiteralExpr *e) {
  enqueue_children(e);
  add_typeloc(e->getTypeSourceInfo());
}

void Enqueue::VisitCompoundStmt(const CompoundStmt *s) {
  for (const Stmt *sub : llvm::reverse(s->body()))
    add_stmt(sub);
}

void Enqueue::VisitCXXDependentScopeMemberExpr(
    const CXXDependentScopeMemberExpr *e) {
  if (e->hasExplicitTemplateArgs())
    add_template_args(e->getTemplateArgs(), e->getNumTemplateArgs());
  push(JobNameInfo, e);
  add_nns(e->getQualifierLoc());
  if (!e->isImplicitAccess())
    add_stmt(e->getBase());
}

void Enqueue::VisitCXXNewExpr(const CXXNewExpr *e) {
  add_stmt(e->getInitializer());
  add_stmt(e->getArraySize().value_or(nullptr));
  add_typeloc(e->getAllocatedTypeSourceInfo());
  for (unsigned i = e->getNumPlacementArgs(); i > 0; --i)
    add_stmt(e->getPlacementArg(i - 1));
}

void Enqueue::VisitCXXOperatorCallExpr(const CXXOperatorCallExpr *e) {
  for (unsigned i = e->getNumArgs(); i > 1; --i)
    add_stmt(e->getArg(i - 1));
  add_stmt(e->getCallee());
  add_stmt(e->getArg(0));
}

void Enqueue::VisitCXXPseudoDestructorExpr(const CXXPseudoDestructorExpr *e) {
  add_typeloc(e->getDestroyedTypeInfo());
  add_typeloc(e->getScopeTypeInfo());
  add_nns(e->getQualifierLoc());
  add_stmt(e->getBase());
}

void Enqueue::VisitCXXScalarValueInitExpr(const CXXScalarValueInitExpr *e) {
  add_typeloc(e->getTypeSourceInfo());
}

void Enqueue::VisitCXXTemporaryObjectExpr(const CXXTemporaryObjectExpr *e) {
  enqueue_children(e);
  add_typeloc(e->getTypeSourceInfo());
}

void Enqueue::VisitCXXTypeidExpr(const CXXTypeidExpr *e) {
  enqueue_children(e);
  if (e->isTypeOperand())
    add_typeloc(e->getTypeOperandSourceInfo());
}

void Enqueue::VisitCXXUnresolvedConstructExpr(
    const CXXUnresolvedConstructExpr *e) {
  enqueue_children(e);
  add_typeloc(e->getTypeSourceInfo());
}

void Enqueue::VisitCXXCatchStmt(const CXXCatchStmt *s) {
  enqueue_children(s);
  add_decl(s->getExceptionDecl());
}

void Enqueue::VisitCXXForRangeStmt(const CXXForRangeStmt *s) {
  add_stmt(s->getBody());
  add_stmt(s->getRangeInit());
  add_decl(s->getLoopVariable());
}

void Enqueue::VisitDeclRefExpr(const DeclRefExpr *e) {
  if (e->hasExplicitTemplateArgs())
    add_template_args(e->getTemplateArgs(), e->getNumTemplateArgs());
  push(JobDeclRefParts, e);
}

void Enqueue::VisitDependentScopeDeclRefExpr(
    const DependentScopeDeclRefExpr *e) {
  if (e->hasExplicitTemplateArgs())
    add_template_args(e->getTemplateArgs(), e->getNumTemplateArgs());
  push(JobNameInfo, e);
  add_nns(e->getQualifierLoc());
}

void Enqueue::VisitDeclStmt(const DeclStmt *s) {
  size_t size = wl_.size();
  bool first = true;

  for (const Decl *d : s->decls()) {
    add_decl(d, first);
    first = false;
  }
  std::reverse(wl_.begin() + size, wl_.end());
}

void Enqueue::VisitDesignatedInitExpr(const DesignatedInitExpr *e) {
  add_stmt(e->getInit());
  for (const DesignatedInitExpr::Designator &d :
       llvm::reverse(e->designators())) {
    if (d.isFieldDesignator()) {
      add_member_ref(d.getFieldDecl(), d.getFieldLoc());
      continue;
    }
    if (d.isArrayDesignator()) {
      add_stmt(e->getArrayIndex(d));
      continue;
    }
    add_stmt(e->getArrayRangeEnd(d));
    add_stmt(e->getArrayRangeStart(d));
  }
}

void Enqueue::VisitExplicitCastExpr(const ExplicitCastExpr *e) {
  enqueue_children(e);
  add_typeloc(e->getTypeInfoAsWritten());
}

void Enqueue::VisitForStmt(const ForStmt *s) {
  add_stmt(s->getBody());
  add_stmt(s->getInc());
  add_stmt(s->getCond());
  add_decl(s->getConditionVariable());
  add_stmt(s->getInit());
}

void Enqueue::VisitIfStmt(const IfStmt *s) {
  add_stmt(s->getElse());
  add_stmt(s->getThen());
  add_stmt(s->getCond());
  add_stmt(s->getInit());
  add_decl(s->getConditionVariable());
}

void Enqueue::VisitInitListExpr(const InitListExpr *e) {
  if (const InitListExpr *syn = e->getSyntacticForm())
    e = syn;
  enqueue_children(e);
}

void Enqueue::VisitMemberExpr(const MemberExpr *e) {
  push(JobMemberParts, e);
  if (e->isImplicitAccess())
    return;
  if (const auto *sub = dyn_cast<MemberExpr>(e->getBase()))
    if (const auto *fd = dyn_cast_or_null<FieldDecl>(sub->getMemberDecl()))
      if (fd->isAnonymousStructOrUnion()) {
        add_stmt(sub->getBase());
        return;
      }
  add_stmt(e->getBase());
}

void Enqueue::VisitOffsetOfExpr(const OffsetOfExpr *e) {
  for (unsigned n = e->getNumComponents(), i = n; i > 0; --i) {
    const OffsetOfNode &node = e->getComponent(i - 1);
    if (node.getKind() == OffsetOfNode::Array)
      add_stmt(e->getIndexExpr(node.getArrayExprIndex()));
    else if (node.getKind() == OffsetOfNode::Field)
      add_member_ref(node.getField(), node.getSourceRange().getEnd());
  }
  add_typeloc(e->getTypeSourceInfo());
}

void Enqueue::VisitOverloadExpr(const OverloadExpr *e) {
  if (e->hasExplicitTemplateArgs())
    add_template_args(e->getTemplateArgs(), e->getNumTemplateArgs());
  push(JobOverloadParts, e);
}

void Enqueue::VisitUnaryExprOrTypeTraitExpr(
    const UnaryExprOrTypeTraitExpr *e) {
  enqueue_children(e);
  if (e->isArgumentType())
    add_typeloc(e->getArgumentTypeInfo());
}

void Enqueue::VisitSwitchStmt(const SwitchStmt *s) {
  add_stmt(s->getBody());
  add_stmt(s->getCond());
  add_stmt(s->getInit());
  add_decl(s->getConditionVariable());
}

void Enqueue::VisitWhileStmt(const WhileStmt *s) {
  add_stmt(s->getBody());
  add_stmt(s->getCond());
  add_decl(s->getConditionVariable());
}

void Enqueue::VisitTypeTraitExpr(const TypeTraitExpr *e) {
  for (unsigned i = e->getNumArgs(); i > 0; --i)
    add_typeloc(e->getArg(i - 1));
}

void Enqueue::VisitArrayTypeTraitExpr(const ArrayTypeTraitExpr *e) {
  add_typeloc(e->getQueriedTypeSourceInfo());
}

void Enqueue::VisitUnresolvedMemberExpr(const UnresolvedMemberExpr *e) {
  VisitOverloadExpr(e);
  if (!e->isImplicitAccess())
    add_stmt(e->getBase());
}

void Enqueue::VisitVAArgExpr(const VAArgExpr *e) {
  add_stmt(e->getSubExpr());
  add_typeloc(e->getWrittenTypeInfo());
}

void Enqueue::VisitSizeOfPackExpr(const SizeOfPackExpr *e) {
  push(JobSizeOfPackParts, e);
}

void Enqueue::VisitPseudoObjectExpr(const PseudoObjectExpr *e) {
  Visit(e->getSyntacticForm());
}

void Enqueue::VisitOpaqueValueExpr(const OpaqueValueExpr *e) {
  if (const Expr *src = e->getSourceExpr())
    Visit(src);
}

void Enqueue::VisitLambdaExpr(const LambdaExpr *e) {
  add_stmt(e->getBody());
  push(JobLambdaParts, e);
}

void Enqueue::VisitConceptSpecializationExpr(
    const ConceptSpecializationExpr *e) {
  push(JobConceptSpec, e);
}

void Enqueue::VisitRequiresExpr(const RequiresExpr *e) {
  push(JobRequires, e);
  for (const ParmVarDecl *p : e->getLocalParameters())
    add_decl(p);
}

} // namespace

/* ---- running the work list ------------------------------------------------ */

static void enqueue(WorkList &wl, const Stmt *s, const Walker &w) {
  Enqueue(wl, make_stmt(s, w.stmt_parent(), w.tu())).Visit(s);
}

/* LambdaExprParts: explicit captures, capture initialisers, parameters and
 * the written result type (clang 22). */
static bool lambda_parts(Walker &w, const LambdaExpr *e) {
  for (auto c = e->explicit_capture_begin(); c != e->explicit_capture_end();
       ++c) {
    if (!c->capturesVariable())
      continue;
    if (const auto *v = dyn_cast_or_null<VarDecl>(c->getCapturedVar()))
      if (w.visit_ref(CXCursor_VariableRef, v, c->getLocation()))
        return true;
  }
  for (const Expr *init : e->capture_inits())
    if (init && w.visit_stmt_children(init))
      return true;
  TypeLoc tl = e->getCallOperator()->getTypeSourceInfo()->getTypeLoc();
  if (FunctionProtoTypeLoc proto = tl.getAs<FunctionProtoTypeLoc>()) {
    if (e->hasExplicitParameters())
      for (unsigned i = 0, n = proto.getNumParams(); i < n; i++)
        if (w.visit_decl_cursor(proto.getParam(i)))
          return true;
    if (e->hasExplicitResultType() && w.visit_typeloc(proto.getReturnLoc()))
      return true;
  }
  return false;
}

static bool member_parts(Walker &w, const MemberExpr *m) {
  if (NestedNameSpecifierLoc q = m->getQualifierLoc())
    if (w.visit_nns(q))
      return true;
  if (w.visit_name_info(m->getMemberNameInfo()))
    return true;
  if (m->hasExplicitTemplateArgs())
    for (const TemplateArgumentLoc &a : m->template_arguments())
      if (w.visit_template_arg(a))
        return true;
  return false;
}

static bool overload_parts(Walker &w, const OverloadExpr *o) {
  if (NestedNameSpecifierLoc q = o->getQualifierLoc())
    if (w.visit_nns(q))
      return true;
  if (w.visit_name_info(o->getNameInfo()))
    return true;
  return w.visit_ref(CXCursor_OverloadedDeclRef, o, o->getNameLoc());
}

static bool sizeof_pack_parts(Walker &w, const SizeOfPackExpr *e) {
  const NamedDecl *pack = e->getPack();

  if (isa<TemplateTypeParmDecl>(pack))
    return w.visit_ref(CXCursor_TypeRef, pack, e->getPackLoc());
  if (isa<TemplateTemplateParmDecl>(pack))
    return w.visit_ref(CXCursor_TemplateRef, pack, e->getPackLoc());
  return false;
}

static DeclarationNameInfo name_info_of(const Stmt *s) {
  if (const auto *e = dyn_cast<CXXDependentScopeMemberExpr>(s))
    return e->getMemberNameInfo();
  return cast<DependentScopeDeclRefExpr>(s)->getNameInfo();
}

static bool concept_parts(Walker &w, const ConceptSpecializationExpr *e) {
  if (NestedNameSpecifierLoc q = e->getNestedNameSpecifierLoc())
    if (w.visit_nns(q))
      return true;
  if (e->getNamedConcept() &&
      w.visit_ref(CXCursor_TemplateRef, e->getNamedConcept(),
                  e->getConceptNameLoc()))
    return true;
  if (const auto *args = e->getTemplateArgsAsWritten())
    for (const TemplateArgumentLoc &a : args->arguments())
      if (w.visit_template_arg(a))
        return true;
  return false;
}

/* A statement job: the visitor's verdict, then its children on the list. */
static bool stmt_job(Walker &w, WorkList &wl, const Stmt *s) {
  Cursor c = make_stmt(s, w.stmt_parent(), w.tu());

  switch (w.callback()(c, w.parent())) {
  case CXChildVisit_Break: return true;
  case CXChildVisit_Continue: return false;
  case CXChildVisit_Recurse: enqueue(wl, s, w); return false;
  }
  return false;
}

static bool run_job(Walker &w, WorkList &wl, const Job &j) {
  switch (j.kind) {
  case JobStmt: return stmt_job(w, wl, static_cast<const Stmt *>(j.a));
  case JobDecl:
    return w.visit_decl_cursor(static_cast<const Decl *>(j.a), j.first);
  case JobTypeLoc: return w.visit_typeloc(j.tl);
  case JobNNS: return w.visit_nns(j.nns);
  case JobTemplateArgs:
    for (auto *a = static_cast<const TemplateArgumentLoc *>(j.a);
         a != static_cast<const TemplateArgumentLoc *>(j.b); ++a)
      if (w.visit_template_arg(*a))
        return true;
    return false;
  case JobNameInfo:
    return w.visit_name_info(name_info_of(static_cast<const Stmt *>(j.a)));
  case JobMemberRef: return w.visit_ref(CXCursor_MemberRef, j.a, j.loc);
  case JobMemberParts:
    return member_parts(w, static_cast<const MemberExpr *>(j.a));
  case JobDeclRefParts: {
    const auto *dr = static_cast<const DeclRefExpr *>(j.a);
    if (NestedNameSpecifierLoc q = dr->getQualifierLoc())
      if (w.visit_nns(q))
        return true;
    return w.visit_name_info(dr->getNameInfo());
  }
  case JobOverloadParts:
    return overload_parts(w, static_cast<const OverloadExpr *>(j.a));
  case JobSizeOfPackParts:
    return sizeof_pack_parts(w, static_cast<const SizeOfPackExpr *>(j.a));
  case JobLambdaParts:
    return lambda_parts(w, static_cast<const LambdaExpr *>(j.a));
  case JobConceptSpec:
    return concept_parts(w, static_cast<const ConceptSpecializationExpr *>(j.a));
  case JobRequires:
    return false; /* requirements hold nothing lib/frontend reads */
  }
  return false;
}

bool Walker::visit_stmt_children(const Stmt *s) {
  WorkList wl;

  enqueue(wl, s, *this);
  while (!wl.empty()) {
    Job j = wl.pop_back_val();
    ParentScope scope(*this, j.parent);
    if (run_job(*this, wl, j))
      return true;
  }
  return false;
}

} // namespace xlp
