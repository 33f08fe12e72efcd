/*
 * typeloc.cpp: the cursors inside written types (TypeRef, TemplateRef and
 * the expressions of decltype, array bounds, ...), as libclang 22's
 * CursorVisitor finds them.
 */
#include "walker.h"

using namespace clang;

namespace xlp {

bool Walker::VisitQualifiedTypeLoc(QualifiedTypeLoc tl) {
  return Visit(tl.getUnqualifiedLoc());
}

bool Walker::VisitTypedefTypeLoc(TypedefTypeLoc tl) {
  if (visit_nns(tl.getQualifierLoc()))
    return true;
  return visit_ref(CXCursor_TypeRef, tl.getDecl(), tl.getNameLoc());
}

bool Walker::VisitUnresolvedUsingTypeLoc(UnresolvedUsingTypeLoc tl) {
  if (visit_nns(tl.getQualifierLoc()))
    return true;
  return visit_ref(CXCursor_TypeRef, tl.getDecl(), tl.getNameLoc());
}

bool Walker::VisitTagTypeLoc(TagTypeLoc tl) {
  if (visit_nns(tl.getQualifierLoc()))
    return true;
  if (tl.isDefinition())
    return visit(make_decl(tl.getDecl(), tu_));
  return visit_ref(CXCursor_TypeRef, tl.getDecl(), tl.getNameLoc());
}

bool Walker::VisitTemplateTypeParmTypeLoc(TemplateTypeParmTypeLoc tl) {
  return visit_ref(CXCursor_TypeRef, tl.getDecl(), tl.getNameLoc());
}

bool Walker::VisitParenTypeLoc(ParenTypeLoc tl) {
  return Visit(tl.getInnerLoc());
}
bool Walker::VisitMacroQualifiedTypeLoc(MacroQualifiedTypeLoc tl) {
  return Visit(tl.getInnerLoc());
}
bool Walker::VisitPointerTypeLoc(PointerTypeLoc tl) {
  return Visit(tl.getPointeeLoc());
}
bool Walker::VisitBlockPointerTypeLoc(BlockPointerTypeLoc tl) {
  return Visit(tl.getPointeeLoc());
}
bool Walker::VisitMemberPointerTypeLoc(MemberPointerTypeLoc tl) {
  return Visit(tl.getPointeeLoc());
}
bool Walker::VisitLValueReferenceTypeLoc(LValueReferenceTypeLoc tl) {
  return Visit(tl.getPointeeLoc());
}
bool Walker::VisitRValueReferenceTypeLoc(RValueReferenceTypeLoc tl) {
  return Visit(tl.getPointeeLoc());
}

bool Walker::VisitUsingTypeLoc(UsingTypeLoc tl) {
  if (visit_nns(tl.getQualifierLoc()))
    return true;
  if (const TagDecl *d = tl.getTypePtr()->getAsTagDecl())
    return visit_ref(CXCursor_TypeRef, d, tl.getNameLoc());
  return false;
}

bool Walker::VisitAttributedTypeLoc(AttributedTypeLoc tl) {
  return Visit(tl.getModifiedLoc());
}
bool Walker::VisitCountAttributedTypeLoc(CountAttributedTypeLoc tl) {
  return Visit(tl.getInnerLoc());
}
bool Walker::VisitBTFTagAttributedTypeLoc(BTFTagAttributedTypeLoc tl) {
  return Visit(tl.getWrappedLoc());
}

bool Walker::VisitFunctionTypeLoc(FunctionTypeLoc tl, bool skip_result) {
  if (!skip_result && Visit(tl.getReturnLoc()))
    return true;
  for (unsigned i = 0, n = tl.getNumParams(); i < n; i++)
    if (const Decl *d = tl.getParam(i))
      if (visit_decl_cursor(d))
        return true;
  return false;
}

bool Walker::VisitArrayTypeLoc(ArrayTypeLoc tl) {
  if (Visit(tl.getElementLoc()))
    return true;
  if (const Expr *size = tl.getSizeExpr())
    return visit_expr(size, stmt_parent_);
  return false;
}

bool Walker::VisitDecayedTypeLoc(DecayedTypeLoc tl) {
  return Visit(tl.getOriginalLoc());
}
bool Walker::VisitAdjustedTypeLoc(AdjustedTypeLoc tl) {
  return Visit(tl.getOriginalLoc());
}

bool Walker::VisitAutoTypeLoc(AutoTypeLoc tl) {
  if (tl.isConstrained())
    if (const ConceptReference *cr = tl.getConceptReference())
      if (cr->getNamedConcept())
        return visit_ref(CXCursor_TemplateRef, cr->getNamedConcept(),
                         cr->getConceptNameLoc());
  return false;
}

bool Walker::VisitDeducedTemplateSpecializationTypeLoc(
    DeducedTemplateSpecializationTypeLoc tl) {
  return visit_template_name(tl.getTypePtr()->getTemplateName(),
                             tl.getTemplateNameLoc(), tl.getQualifierLoc());
}

bool Walker::VisitTemplateSpecializationTypeLoc(
    TemplateSpecializationTypeLoc tl) {
  if (visit_template_name(tl.getTypePtr()->getTemplateName(),
                          tl.getTemplateNameLoc(), tl.getQualifierLoc()))
    return true;
  for (unsigned i = 0, n = tl.getNumArgs(); i < n; i++)
    if (visit_template_arg(tl.getArgLoc(i)))
      return true;
  return false;
}

bool Walker::VisitTypeOfExprTypeLoc(TypeOfExprTypeLoc tl) {
  return visit_expr(tl.getUnderlyingExpr(), stmt_parent_);
}

bool Walker::VisitTypeOfTypeLoc(TypeOfTypeLoc tl) {
  if (TypeSourceInfo *ts = tl.getUnmodifiedTInfo())
    return Visit(ts->getTypeLoc());
  return false;
}

bool Walker::VisitUnaryTransformTypeLoc(UnaryTransformTypeLoc tl) {
  if (TypeSourceInfo *ts = tl.getUnderlyingTInfo())
    return Visit(ts->getTypeLoc());
  return false;
}

bool Walker::VisitDependentNameTypeLoc(DependentNameTypeLoc tl) {
  return visit_nns(tl.getQualifierLoc());
}

bool Walker::VisitPackExpansionTypeLoc(PackExpansionTypeLoc tl) {
  return Visit(tl.getPatternLoc());
}

bool Walker::VisitDecltypeTypeLoc(DecltypeTypeLoc tl) {
  if (const Expr *e = tl.getUnderlyingExpr())
    return visit_expr(e, stmt_parent_);
  return false;
}

bool Walker::VisitPackIndexingTypeLoc(PackIndexingTypeLoc tl) {
  if (Visit(tl.getPatternLoc()))
    return true;
  return visit_expr(tl.getIndexExpr(), stmt_parent_);
}

bool Walker::VisitInjectedClassNameTypeLoc(InjectedClassNameTypeLoc tl) {
  return visit_ref(CXCursor_TypeRef, tl.getDecl(), tl.getNameLoc());
}

bool Walker::VisitAtomicTypeLoc(AtomicTypeLoc tl) {
  return Visit(tl.getValueLoc());
}
bool Walker::VisitPipeTypeLoc(PipeTypeLoc tl) {
  return Visit(tl.getValueLoc());
}

} // namespace xlp
