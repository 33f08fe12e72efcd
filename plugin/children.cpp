/*
 * children.cpp: the children of declarations and type locations, in
 * libclang 22's order (CursorVisitor in clang/tools/libclang/CIndex.cpp).
 * Statements are in worklist.cpp.
 */
#include "walker.h"

#include "clang/AST/Attr.h"
#include "clang/AST/DeclFriend.h"

using namespace clang;

namespace xlp {

bool visit_children(const Cursor &parent, Visitor v) {
  Walker w(parent.tu, v);
  return w.children(parent);
}

bool Walker::visit(const Cursor &c) {
  if (is_invalid_kind(c.kind))
    return false;
  if (is_decl_kind(c.kind)) {
    const Decl *d = decl_of(c);
    if (!d)
      return true;
    if (d->isImplicit())
      return false;
  }
  switch (v_(c, parent_)) {
  case CXChildVisit_Break: return true;
  case CXChildVisit_Continue: return false;
  case CXChildVisit_Recurse: return children(c);
  }
  return false;
}

bool Walker::children(const Cursor &c) {
  if (is_ref_kind(c.kind) && c.kind != CXCursor_CXXBaseSpecifier)
    return false;
  ParentScope scope(*this, c);
  if (c.kind == CXCursor_TranslationUnit)
    return visit_decl_context(tu_->ctx.getTranslationUnitDecl());
  if (is_decl_kind(c.kind)) {
    const Decl *d = decl_of(c);
    return d && (visit_attributes(d) || decl_children(d));
  }
  if (is_stmt_kind(c.kind) || is_expr_kind(c.kind))
    return stmt_of(c) && visit_stmt_children(stmt_of(c));
  if (c.kind == CXCursor_CXXBaseSpecifier) {
    if (TypeSourceInfo *ts = base_of(c)->getTypeSourceInfo())
      return Visit(ts->getTypeLoc());
  }
  return false;
}

bool Walker::visit_attributes(const Decl *d) {
  for (const Attr *a : d->attrs())
    if (!a->isImplicit() && visit(make_attr(a, d, tu_)))
      return true;
  return false;
}

bool Walker::visit_decl_context(const DeclContext *dc) {
  for (const Decl *d : dc->decls()) {
    if (d->getLexicalDeclContext() != dc)
      continue;
    if (visit(make_decl(d, tu_)))
      return true;
  }
  return false;
}

/* ---- declarations --------------------------------------------------------- */

bool Walker::visit_declarator(const DeclaratorDecl *dd) {
  for (unsigned i = 0, n = dd->getNumTemplateParameterLists(); i < n; i++)
    if (visit_template_params(dd->getTemplateParameterList(i)))
      return true;
  if (TypeSourceInfo *ts = dd->getTypeSourceInfo())
    if (Visit(ts->getTypeLoc()))
      return true;
  if (NestedNameSpecifierLoc q = dd->getQualifierLoc())
    return visit_nns(q);
  return false;
}

static bool has_trailing_return(const FunctionDecl *fd) {
  if (const auto *ft = fd->getType()->getAs<FunctionType>())
    if (const auto *fp = dyn_cast<FunctionProtoType>(ft))
      return fp->hasTrailingReturn();
  return false;
}

bool Walker::visit_function_signature(const FunctionDecl *fd) {
  TypeSourceInfo *ts = fd->getTypeSourceInfo();
  if (!ts)
    return false;
  TypeLoc tl = ts->getTypeLoc().IgnoreParens();
  FunctionTypeLoc ftl = tl.getAs<FunctionTypeLoc>();
  bool trailing = has_trailing_return(fd);

  if ((ftl && !isa<CXXConversionDecl>(fd) && !trailing &&
       Visit(ftl.getReturnLoc())) ||
      (!ftl && Visit(tl)))
    return true;
  if (NestedNameSpecifierLoc q = fd->getQualifierLoc())
    if (visit_nns(q))
      return true;
  if (!isa<CXXDestructorDecl>(fd) && visit_name_info(fd->getNameInfo()))
    return true;
  if (ftl && VisitFunctionTypeLoc(ftl, true))
    return true;
  return ftl && trailing && Visit(ftl.getReturnLoc());
}

bool Walker::visit_ctor_inits(const CXXConstructorDecl *ctor) {
  llvm::SmallVector<const CXXCtorInitializer *, 4> written;

  for (const CXXCtorInitializer *init : ctor->inits())
    if (init->isWritten())
      written.push_back(init);
  llvm::sort(written, [](const CXXCtorInitializer *a,
                         const CXXCtorInitializer *b) {
    return a->getSourceOrder() < b->getSourceOrder();
  });
  for (const CXXCtorInitializer *init : written) {
    if (init->isAnyMemberInitializer()) {
      if (visit_ref(CXCursor_MemberRef, init->getAnyMember(),
                    init->getMemberLocation()))
        return true;
    } else if (TypeSourceInfo *ts = init->getTypeSourceInfo()) {
      if (Visit(ts->getTypeLoc()))
        return true;
    }
    if (const Expr *e = init->getInit())
      if (visit_expr(e, ctor))
        return true;
  }
  return false;
}

bool Walker::visit_function(const FunctionDecl *fd) {
  for (unsigned i = 0, n = fd->getNumTemplateParameterLists(); i < n; i++)
    if (visit_template_params(fd->getTemplateParameterList(i)))
      return true;
  if (visit_function_signature(fd))
    return true;
  if (const Expr *e = fd->getTrailingRequiresClause().ConstraintExpr)
    if (visit_expr(e, stmt_parent_))
      return true;
  if (!fd->doesThisDeclarationHaveABody() || fd->isLateTemplateParsed())
    return false;
  if (const auto *ctor = dyn_cast<CXXConstructorDecl>(fd))
    if (visit_ctor_inits(ctor))
      return true;
  return visit_expr(fd->getBody(), stmt_parent_);
}

bool Walker::visit_record(const CXXRecordDecl *rd) {
  if (NestedNameSpecifierLoc q = rd->getQualifierLoc())
    if (visit_nns(q))
      return true;
  if (rd->isCompleteDefinition())
    for (const CXXBaseSpecifier &b : rd->bases())
      if (visit(make_base(&b, tu_)))
        return true;
  return visit_decl_context(rd);
}

bool Walker::visit_class_spec(const ClassTemplateSpecializationDecl *d) {
  bool body = false;

  switch (d->getSpecializationKind()) {
  case TSK_Undeclared:
  case TSK_ImplicitInstantiation:
    return false;
  case TSK_ExplicitSpecialization:
    body = true;
    break;
  default:
    break;
  }
  if (const auto *args = d->getTemplateArgsAsWritten())
    for (const TemplateArgumentLoc &a : args->arguments())
      if (visit_template_arg(a))
        return true;
  return body && visit_record(d);
}

bool Walker::visit_var(const VarDecl *vd) {
  if (visit_declarator(vd))
    return true;
  if (const Expr *init = vd->getInit())
    return visit_expr(init, stmt_parent_);
  return false;
}

/* Templates and template parameters. *handled says whether d was one. */
bool Walker::visit_template_decls(const Decl *d, bool *handled) {
  *handled = true;
  if (const auto *ft = dyn_cast<FunctionTemplateDecl>(d)) {
    const FunctionDecl *fd = ft->getTemplatedDecl();
    return visit_template_params(ft->getTemplateParameters()) ||
           visit_attributes(fd) || visit_function(fd);
  }
  if (const auto *ct = dyn_cast<ClassTemplateDecl>(d)) {
    const CXXRecordDecl *rd = ct->getTemplatedDecl();
    return visit_template_params(ct->getTemplateParameters()) ||
           visit_attributes(rd) || visit_record(rd);
  }
  if (const auto *ta = dyn_cast<TypeAliasTemplateDecl>(d))
    return visit_template_params(ta->getTemplateParameters()) ||
           visit_decl_cursor(ta->getTemplatedDecl());
  if (const auto *tt = dyn_cast<TemplateTypeParmDecl>(d)) {
    if (tt->hasDefaultArgument() && !tt->defaultArgumentWasInherited())
      return visit_template_arg(tt->getDefaultArgument());
    return false;
  }
  if (const auto *nt = dyn_cast<NonTypeTemplateParmDecl>(d)) {
    if (visit_declarator(nt))
      return true;
    if (nt->hasDefaultArgument() && !nt->defaultArgumentWasInherited())
      return visit_template_arg(nt->getDefaultArgument());
    return false;
  }
  if (const auto *tp = dyn_cast<TemplateTemplateParmDecl>(d)) {
    if (visit_template_params(tp->getTemplateParameters()))
      return true;
    if (tp->hasDefaultArgument() && !tp->defaultArgumentWasInherited())
      return visit_template_arg(tp->getDefaultArgument());
    return false;
  }
  *handled = false;
  return false;
}

bool Walker::visit_using_decls(const Decl *d, bool *handled) {
  *handled = true;
  if (const auto *ud = dyn_cast<UsingDirectiveDecl>(d)) {
    if (NestedNameSpecifierLoc q = ud->getQualifierLoc())
      if (visit_nns(q))
        return true;
    return visit_ref(CXCursor_NamespaceRef, ud->getNominatedNamespaceAsWritten(),
                     ud->getIdentLocation());
  }
  if (const auto *ud = dyn_cast<UsingDecl>(d)) {
    if (NestedNameSpecifierLoc q = ud->getQualifierLoc())
      if (visit_nns(q))
        return true;
    return visit_name_info(ud->getNameInfo());
  }
  if (const auto *na = dyn_cast<NamespaceAliasDecl>(d)) {
    if (NestedNameSpecifierLoc q = na->getQualifierLoc())
      if (visit_nns(q))
        return true;
    return visit_ref(CXCursor_NamespaceRef, na->getAliasedNamespace(),
                     na->getTargetNameLoc());
  }
  if (const auto *uv = dyn_cast<UnresolvedUsingValueDecl>(d)) {
    if (NestedNameSpecifierLoc q = uv->getQualifierLoc())
      if (visit_nns(q))
        return true;
    return visit_name_info(uv->getNameInfo());
  }
  if (const auto *ut = dyn_cast<UnresolvedUsingTypenameDecl>(d)) {
    if (NestedNameSpecifierLoc q = ut->getQualifierLoc())
      return visit_nns(q);
    return false;
  }
  *handled = false;
  return false;
}

/* Classes, enumerators, functions, fields and variables. *handled says
 * whether d was one. */
bool Walker::visit_value_decls(const Decl *d, bool *handled) {
  *handled = true;
  if (const auto *ps = dyn_cast<ClassTemplatePartialSpecializationDecl>(d)) {
    if (visit_template_params(ps->getTemplateParameters()))
      return true;
    for (const TemplateArgumentLoc &a :
         ps->getTemplateArgsAsWritten()->arguments())
      if (visit_template_arg(a))
        return true;
    return visit_record(ps);
  }
  if (const auto *cs = dyn_cast<ClassTemplateSpecializationDecl>(d))
    return visit_class_spec(cs);
  if (const auto *rd = dyn_cast<CXXRecordDecl>(d))
    return visit_record(rd);
  if (const auto *tag = dyn_cast<TagDecl>(d))
    return visit_decl_context(tag);
  if (const auto *ec = dyn_cast<EnumConstantDecl>(d))
    return ec->getInitExpr() && visit_expr(ec->getInitExpr(), stmt_parent_);
  if (const auto *fd = dyn_cast<FunctionDecl>(d))
    return visit_function(fd);
  if (const auto *fld = dyn_cast<FieldDecl>(d)) {
    if (visit_declarator(fld))
      return true;
    if (const Expr *bw = fld->getBitWidth())
      return visit_expr(bw, stmt_parent_);
    const Expr *init = fld->getInClassInitializer();
    return init && visit_expr(init, stmt_parent_);
  }
  if (const auto *dd = dyn_cast<DecompositionDecl>(d)) {
    for (const BindingDecl *b : dd->bindings())
      if (visit_decl_cursor(b))
        return true;
    return visit_var(dd);
  }
  if (const auto *vd = dyn_cast<VarDecl>(d))
    return visit_var(vd);
  if (const auto *dd = dyn_cast<DeclaratorDecl>(d))
    return visit_declarator(dd);
  *handled = false;
  return false;
}

/* DeclVisitor dispatch: the most specific Visit*Decl libclang defines. */
bool Walker::decl_children(const Decl *d) {
  bool handled = false;
  bool r = visit_template_decls(d, &handled);

  if (!handled)
    r = visit_using_decls(d, &handled);
  if (!handled)
    r = visit_value_decls(d, &handled);
  if (handled)
    return r;
  if (const auto *td = dyn_cast<TypedefNameDecl>(d)) {
    TypeSourceInfo *ts = td->getTypeSourceInfo();
    return ts && Visit(ts->getTypeLoc());
  }
  if (isa<NamespaceDecl>(d) || isa<LinkageSpecDecl>(d))
    return visit_decl_context(cast<DeclContext>(d));
  if (const auto *sa = dyn_cast<StaticAssertDecl>(d)) {
    if (visit_expr(sa->getAssertExpr(), stmt_parent_))
      return true;
    return sa->getMessage() && visit_expr(sa->getMessage(), stmt_parent_);
  }
  if (const auto *fr = dyn_cast<FriendDecl>(d)) {
    if (const NamedDecl *nd = fr->getFriendDecl())
      return visit_decl_cursor(nd);
    TypeSourceInfo *ts = fr->getFriendType();
    return ts && Visit(ts->getTypeLoc());
  }
  if (const auto *cd = dyn_cast<ConceptDecl>(d)) {
    if (visit_template_params(cd->getTemplateParameters()))
      return true;
    return cd->getConstraintExpr() && visit_expr(cd->getConstraintExpr(), cd);
  }
  return false;
}

/* ---- names, qualifiers, template arguments -------------------------------- */

bool Walker::visit_name_info(const DeclarationNameInfo &name) {
  switch (name.getName().getNameKind()) {
  case DeclarationName::CXXConstructorName:
  case DeclarationName::CXXDestructorName:
  case DeclarationName::CXXConversionFunctionName:
    if (TypeSourceInfo *ts = name.getNamedTypeInfo())
      return Visit(ts->getTypeLoc());
    return false;
  default:
    return false;
  }
}

bool Walker::visit_nns(NestedNameSpecifierLoc q) {
  NestedNameSpecifier nns = q.getNestedNameSpecifier();

  switch (nns.getKind()) {
  case NestedNameSpecifier::Kind::Namespace: {
    auto [ns, prefix] = q.castAsNamespaceAndPrefix();
    if (visit_nns(prefix))
      return true;
    return visit_ref(CXCursor_NamespaceRef, ns, q.getLocalBeginLoc());
  }
  case NestedNameSpecifier::Kind::Type:
    return Visit(q.castAsTypeLoc());
  default:
    return false;
  }
}

bool Walker::visit_template_params(const TemplateParameterList *p) {
  if (!p)
    return false;
  for (const NamedDecl *d : *p)
    if (visit_decl_cursor(d))
      return true;
  if (const Expr *e = p->getRequiresClause())
    return visit_expr(e, nullptr);
  return false;
}

bool Walker::visit_template_name(TemplateName n, SourceLocation loc,
                                 NestedNameSpecifierLoc q) {
  switch (n.getKind()) {
  case TemplateName::QualifiedTemplate:
    if (visit_nns(q))
      return true;
    return visit_template_name(
        n.getAsQualifiedTemplateName()->getUnderlyingTemplate(), loc,
        NestedNameSpecifierLoc());
  case TemplateName::Template:
  case TemplateName::UsingTemplate:
    return visit_ref(CXCursor_TemplateRef, n.getAsTemplateDecl(), loc);
  case TemplateName::DependentTemplate:
    return visit_nns(q);
  case TemplateName::SubstTemplateTemplateParm:
    return visit_ref(CXCursor_TemplateRef,
                     n.getAsSubstTemplateTemplateParm()->getParameter(), loc);
  case TemplateName::SubstTemplateTemplateParmPack:
    return visit_ref(CXCursor_TemplateRef,
                     n.getAsSubstTemplateTemplateParmPack()->getParameterPack(),
                     loc);
  default:
    return false; /* overloaded and assumed templates: nothing we read */
  }
}

bool Walker::visit_template_arg(const TemplateArgumentLoc &a) {
  switch (a.getArgument().getKind()) {
  case TemplateArgument::Type:
    if (TypeSourceInfo *ts = a.getTypeSourceInfo())
      return Visit(ts->getTypeLoc());
    return false;
  case TemplateArgument::Declaration:
    if (Expr *e = a.getSourceDeclExpression())
      return visit_expr(e, stmt_parent_);
    return false;
  case TemplateArgument::StructuralValue:
    if (Expr *e = a.getSourceStructuralValueExpression())
      return visit_expr(e, stmt_parent_);
    return false;
  case TemplateArgument::NullPtr:
    if (Expr *e = a.getSourceNullPtrExpression())
      return visit_expr(e, stmt_parent_);
    return false;
  case TemplateArgument::Expression:
    if (Expr *e = a.getSourceExpression())
      return visit_expr(e, stmt_parent_);
    return false;
  case TemplateArgument::Template:
  case TemplateArgument::TemplateExpansion:
    return visit_template_name(
        a.getArgument().getAsTemplateOrTemplatePattern(),
        a.getTemplateNameLoc(), a.getTemplateQualifierLoc());
  default:
    return false;
  }
}

} // namespace xlp
