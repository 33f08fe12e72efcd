/*
 * walker.h: the port of libclang's CursorVisitor (clang/tools/libclang,
 * CIndex.cpp): which children a cursor has and in what order. Declarations
 * and type locations are visited recursively (children.cpp); statements
 * through the same work list as libclang (worklist.cpp), so that parents,
 * the order of events and the statement-parent declaration recorded in
 * expression cursors all match.
 */
#ifndef XLP_WALKER_H
#define XLP_WALKER_H

#include "cursor.h"

#include "clang/AST/TypeLocVisitor.h"

namespace xlp {

class Walker : public clang::TypeLocVisitor<Walker, bool> {
public:
  Walker(const Tu *tu, Visitor v) : tu_(tu), v_(v) {}

  /* VisitChildren: true when the visit was broken off. */
  bool children(const Cursor &c);

  /* Visit(CXCursor): the visitor's verdict on c, then its children. */
  bool visit(const Cursor &c);

  /* ---- type locations (TypeLocVisitor; the methods libclang defines) --- */
  bool VisitQualifiedTypeLoc(clang::QualifiedTypeLoc tl);
  bool VisitTypedefTypeLoc(clang::TypedefTypeLoc tl);
  bool VisitUnresolvedUsingTypeLoc(clang::UnresolvedUsingTypeLoc tl);
  bool VisitTagTypeLoc(clang::TagTypeLoc tl);
  bool VisitTemplateTypeParmTypeLoc(clang::TemplateTypeParmTypeLoc tl);
  bool VisitParenTypeLoc(clang::ParenTypeLoc tl);
  bool VisitMacroQualifiedTypeLoc(clang::MacroQualifiedTypeLoc tl);
  bool VisitPointerTypeLoc(clang::PointerTypeLoc tl);
  bool VisitBlockPointerTypeLoc(clang::BlockPointerTypeLoc tl);
  bool VisitMemberPointerTypeLoc(clang::MemberPointerTypeLoc tl);
  bool VisitLValueReferenceTypeLoc(clang::LValueReferenceTypeLoc tl);
  bool VisitRValueReferenceTypeLoc(clang::RValueReferenceTypeLoc tl);
  bool VisitUsingTypeLoc(clang::UsingTypeLoc tl);
  bool VisitAttributedTypeLoc(clang::AttributedTypeLoc tl);
  bool VisitCountAttributedTypeLoc(clang::CountAttributedTypeLoc tl);
  bool VisitBTFTagAttributedTypeLoc(clang::BTFTagAttributedTypeLoc tl);
  bool VisitFunctionTypeLoc(clang::FunctionTypeLoc tl, bool skip_result = false);
  bool VisitArrayTypeLoc(clang::ArrayTypeLoc tl);
  bool VisitDecayedTypeLoc(clang::DecayedTypeLoc tl);
  bool VisitAdjustedTypeLoc(clang::AdjustedTypeLoc tl);
  bool VisitAutoTypeLoc(clang::AutoTypeLoc tl);
  bool VisitDeducedTemplateSpecializationTypeLoc(
      clang::DeducedTemplateSpecializationTypeLoc tl);
  bool VisitTemplateSpecializationTypeLoc(
      clang::TemplateSpecializationTypeLoc tl);
  bool VisitTypeOfExprTypeLoc(clang::TypeOfExprTypeLoc tl);
  bool VisitTypeOfTypeLoc(clang::TypeOfTypeLoc tl);
  bool VisitUnaryTransformTypeLoc(clang::UnaryTransformTypeLoc tl);
  bool VisitDependentNameTypeLoc(clang::DependentNameTypeLoc tl);
  bool VisitPackExpansionTypeLoc(clang::PackExpansionTypeLoc tl);
  bool VisitDecltypeTypeLoc(clang::DecltypeTypeLoc tl);
  bool VisitPackIndexingTypeLoc(clang::PackIndexingTypeLoc tl);
  bool VisitInjectedClassNameTypeLoc(clang::InjectedClassNameTypeLoc tl);
  bool VisitAtomicTypeLoc(clang::AtomicTypeLoc tl);
  bool VisitPipeTypeLoc(clang::PipeTypeLoc tl);

  /* ---- pieces shared with the statement work list ---------------------- */
  bool visit_typeloc(clang::TypeLoc tl) { return Visit(tl); }
  bool visit_nns(clang::NestedNameSpecifierLoc q);
  bool visit_name_info(const clang::DeclarationNameInfo &name);
  bool visit_template_arg(const clang::TemplateArgumentLoc &a);
  bool visit_template_name(clang::TemplateName n, clang::SourceLocation loc,
                           clang::NestedNameSpecifierLoc q);
  bool visit_template_params(const clang::TemplateParameterList *p);
  bool visit_stmt_children(const clang::Stmt *s); /* Visit(const Stmt *) */
  bool visit_decl_cursor(const clang::Decl *d, bool first = true) {
    return visit(make_decl(d, tu_, first));
  }
  bool visit_expr(const clang::Stmt *s, const clang::Decl *parent) {
    return visit(make_stmt(s, parent, tu_));
  }
  bool visit_ref(CXCursorKind k, const void *e, clang::SourceLocation l) {
    return visit(make_ref(k, e, l, tu_));
  }

  const Tu *tu() const { return tu_; }
  const clang::Decl *stmt_parent() const { return stmt_parent_; }
  const Cursor &parent() const { return parent_; }

  /* SetParentRAII */
  struct ParentScope {
    ParentScope(Walker &w, const Cursor &p)
        : w_(w), old_(w.parent_), old_stmt_(w.stmt_parent_) {
      w.parent_ = p;
      if (is_decl_kind(p.kind))
        w.stmt_parent_ = decl_of(p);
    }
    ~ParentScope() {
      w_.parent_ = old_;
      w_.stmt_parent_ = old_stmt_;
    }
    Walker &w_;
    Cursor old_;
    const clang::Decl *old_stmt_;
  };

  Visitor callback() const { return v_; }

private:
  bool decl_children(const clang::Decl *d);
  bool visit_attributes(const clang::Decl *d);
  bool visit_decl_context(const clang::DeclContext *dc);
  bool visit_declarator(const clang::DeclaratorDecl *dd);
  bool visit_function(const clang::FunctionDecl *fd);
  bool visit_function_signature(const clang::FunctionDecl *fd);
  bool visit_ctor_inits(const clang::CXXConstructorDecl *ctor);
  bool visit_record(const clang::CXXRecordDecl *rd);
  bool visit_class_spec(const clang::ClassTemplateSpecializationDecl *d);
  bool visit_var(const clang::VarDecl *vd);
  bool visit_template_decls(const clang::Decl *d, bool *handled);
  bool visit_using_decls(const clang::Decl *d, bool *handled);
  bool visit_value_decls(const clang::Decl *d, bool *handled);

  const Tu *tu_;
  Visitor v_;
  Cursor parent_;
  const clang::Decl *stmt_parent_ = nullptr;
};

} // namespace xlp

#endif /* XLP_WALKER_H */
