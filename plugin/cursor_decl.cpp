/*
 * cursor_decl.cpp: what libclang 22 says about declarations and calls
 * (CIndexCXX.cpp, CXCursor.cpp, CIndex.cpp): templates, access, types,
 * arguments, initialisers, special members, USRs.
 */
#include "cursor.h"

#include "clang/Index/USRGeneration.h"

using namespace clang;

namespace xlp {

Cursor specialized_template(const Cursor &c) {
  const Decl *d = is_decl_kind(c.kind) ? decl_of(c) : nullptr;
  const Decl *tmpl = nullptr;

  if (!d)
    return null_cursor();
  if (const auto *rd = dyn_cast<CXXRecordDecl>(d)) {
    if (const auto *ps = dyn_cast<ClassTemplatePartialSpecializationDecl>(rd))
      tmpl = ps->getSpecializedTemplate();
    else if (const auto *cs = dyn_cast<ClassTemplateSpecializationDecl>(rd)) {
      auto r = cs->getSpecializedTemplateOrPartial();
      if (isa<ClassTemplateDecl *>(r))
        tmpl = cast<ClassTemplateDecl *>(r);
      else
        tmpl = cast<ClassTemplatePartialSpecializationDecl *>(r);
    } else
      tmpl = rd->getInstantiatedFromMemberClass();
  } else if (const auto *fd = dyn_cast<FunctionDecl>(d)) {
    tmpl = fd->getPrimaryTemplate();
    if (!tmpl)
      tmpl = fd->getInstantiatedFromMemberFunction();
  } else if (const auto *vd = dyn_cast<VarDecl>(d)) {
    if (vd->isStaticDataMember())
      tmpl = vd->getInstantiatedFromStaticDataMember();
  } else if (const auto *rt = dyn_cast<RedeclarableTemplateDecl>(d)) {
    tmpl = rt->getInstantiatedFromMemberTemplate();
  }
  return tmpl ? make_decl(tmpl, c.tu) : null_cursor();
}

CX_CXXAccessSpecifier access(const Cursor &c) {
  AccessSpecifier spec;

  if (c.kind == CXCursor_CXXAccessSpecifier || is_decl_kind(c.kind))
    spec = decl_of(c)->getAccess();
  else if (c.kind == CXCursor_CXXBaseSpecifier)
    spec = base_of(c)->getAccessSpecifier();
  else
    return CX_CXXInvalidAccessSpecifier;
  switch (spec) {
  case AS_public: return CX_CXXPublic;
  case AS_protected: return CX_CXXProtected;
  case AS_private: return CX_CXXPrivate;
  default: return CX_CXXInvalidAccessSpecifier;
  }
}

static CType decl_type(const Decl *d, const Tu *tu) {
  if (const auto *td = dyn_cast<TypeDecl>(d))
    return make_type(tu->ctx.getTypeDeclType(td), tu);
  if (const auto *dd = dyn_cast<DeclaratorDecl>(d))
    return make_type(dd->getType(), tu);
  if (const auto *vd = dyn_cast<ValueDecl>(d))
    return make_type(vd->getType(), tu);
  if (const auto *ft = dyn_cast<FunctionTemplateDecl>(d))
    return make_type(ft->getTemplatedDecl()->getType(), tu);
  return make_type(QualType(), tu);
}

CType cursor_type(const Cursor &c) {
  if (is_expr_kind(c.kind))
    return make_type(expr_of(c)->getType(), c.tu);
  if (is_decl_kind(c.kind))
    return decl_of(c) ? decl_type(decl_of(c), c.tu) : make_type(QualType(), c.tu);
  switch (c.kind) {
  case CXCursor_TypeRef:
    return make_type(c.tu->ctx.getTypeDeclType(
                         static_cast<const TypeDecl *>(ref_entity(c))),
                     c.tu);
  case CXCursor_CXXBaseSpecifier:
    return make_type(base_of(c)->getType(), c.tu);
  case CXCursor_MemberRef:
  case CXCursor_VariableRef:
    return make_type(static_cast<const ValueDecl *>(ref_entity(c))->getType(),
                     c.tu);
  default:
    return make_type(QualType(), c.tu);
  }
}

int num_arguments(const Cursor &c) {
  if (is_decl_kind(c.kind))
    if (const auto *fd = dyn_cast_or_null<FunctionDecl>(decl_of(c)))
      return static_cast<int>(fd->param_size());
  if (is_expr_kind(c.kind)) {
    if (const auto *ce = dyn_cast<CallExpr>(expr_of(c)))
      return static_cast<int>(ce->getNumArgs());
    if (const auto *ce = dyn_cast<CXXConstructExpr>(expr_of(c)))
      return static_cast<int>(ce->getNumArgs());
  }
  return -1;
}

Cursor argument(const Cursor &c, unsigned i) {
  if (is_decl_kind(c.kind)) {
    if (const auto *fd = dyn_cast_or_null<FunctionDecl>(decl_of(c)))
      if (i < fd->param_size())
        return make_decl(fd->getParamDecl(i), c.tu);
    return null_cursor();
  }
  if (is_expr_kind(c.kind)) {
    if (const auto *ce = dyn_cast<CallExpr>(expr_of(c)))
      if (i < ce->getNumArgs())
        return make_stmt(ce->getArg(i), decl_of(c), c.tu);
    if (const auto *ce = dyn_cast<CXXConstructExpr>(expr_of(c)))
      if (i < ce->getNumArgs())
        return make_stmt(ce->getArg(i), decl_of(c), c.tu);
  }
  return null_cursor();
}

/* clang_Cursor_getTemplateArgument: 0 and *ta, or a negative status. */
static int template_argument(const Cursor &c, unsigned i,
                             TemplateArgument *ta) {
  if (c.kind != CXCursor_FunctionDecl && c.kind != CXCursor_StructDecl &&
      c.kind != CXCursor_ClassDecl &&
      c.kind != CXCursor_ClassTemplatePartialSpecialization)
    return -1;
  if (const auto *fd = dyn_cast_or_null<FunctionDecl>(decl_of(c))) {
    const FunctionTemplateSpecializationInfo *si =
        fd->getTemplateSpecializationInfo();
    if (!si)
      return -3;
    if (i >= si->TemplateArguments->size())
      return -4;
    *ta = si->TemplateArguments->get(i);
    return 0;
  }
  if (const auto *sd =
          dyn_cast_or_null<ClassTemplateSpecializationDecl>(decl_of(c))) {
    if (i >= sd->getTemplateArgs().size())
      return -4;
    *ta = sd->getTemplateArgs()[i];
    return 0;
  }
  return -2;
}

int num_template_arguments(const Cursor &c) {
  if (c.kind != CXCursor_FunctionDecl && c.kind != CXCursor_StructDecl &&
      c.kind != CXCursor_ClassDecl &&
      c.kind != CXCursor_ClassTemplatePartialSpecialization)
    return -1;
  if (const auto *fd = dyn_cast_or_null<FunctionDecl>(decl_of(c))) {
    const FunctionTemplateSpecializationInfo *si =
        fd->getTemplateSpecializationInfo();
    return si ? static_cast<int>(si->TemplateArguments->size()) : -1;
  }
  if (const auto *sd =
          dyn_cast_or_null<ClassTemplateSpecializationDecl>(decl_of(c)))
    return static_cast<int>(sd->getTemplateArgs().size());
  return -1;
}

CXTemplateArgumentKind template_argument_kind(const Cursor &c, unsigned i) {
  TemplateArgument ta;

  if (template_argument(c, i, &ta))
    return CXTemplateArgumentKind_Invalid;
  switch (ta.getKind()) {
  case TemplateArgument::Null: return CXTemplateArgumentKind_Null;
  case TemplateArgument::Type: return CXTemplateArgumentKind_Type;
  case TemplateArgument::Declaration:
    return CXTemplateArgumentKind_Declaration;
  case TemplateArgument::NullPtr: return CXTemplateArgumentKind_NullPtr;
  case TemplateArgument::Integral: return CXTemplateArgumentKind_Integral;
  case TemplateArgument::Template: return CXTemplateArgumentKind_Template;
  case TemplateArgument::TemplateExpansion:
    return CXTemplateArgumentKind_TemplateExpansion;
  case TemplateArgument::Expression: return CXTemplateArgumentKind_Expression;
  case TemplateArgument::Pack: return CXTemplateArgumentKind_Pack;
  default: return CXTemplateArgumentKind_Invalid;
  }
}

CType template_argument_type(const Cursor &c, unsigned i) {
  TemplateArgument ta;

  if (template_argument(c, i, &ta) || ta.getKind() != TemplateArgument::Type)
    return make_type(QualType(), c.tu);
  return make_type(ta.getAsType(), c.tu);
}

Cursor var_init(const Cursor &c) {
  const auto *vd = dyn_cast_or_null<VarDecl>(decl_of(c));

  if (!is_decl_kind(c.kind) || !vd || !vd->getInit())
    return null_cursor();
  return make_stmt(vd->getInit(), vd, c.tu);
}

int has_global_storage(const Cursor &c) {
  const auto *vd = dyn_cast_or_null<VarDecl>(decl_of(c));

  if (!is_decl_kind(c.kind) || !vd)
    return -1;
  return vd->hasGlobalStorage();
}

static const CXXMethodDecl *method_of(const Cursor &c) {
  const Decl *d = is_decl_kind(c.kind) ? decl_of(c) : nullptr;

  return d ? dyn_cast_or_null<CXXMethodDecl>(d->getAsFunction()) : nullptr;
}

static const CXXConstructorDecl *ctor_of(const Cursor &c) {
  const Decl *d = is_decl_kind(c.kind) ? decl_of(c) : nullptr;

  return d ? dyn_cast_or_null<CXXConstructorDecl>(d->getAsFunction())
           : nullptr;
}

bool method_is_static(const Cursor &c) {
  const CXXMethodDecl *m = method_of(c);
  return m && m->isStatic();
}
bool method_is_deleted(const Cursor &c) {
  const CXXMethodDecl *m = method_of(c);
  return m && m->isDeleted();
}
bool method_is_defaulted(const Cursor &c) {
  const CXXMethodDecl *m = method_of(c);
  return m && m->isDefaulted();
}
bool method_is_copy_assign(const Cursor &c) {
  const CXXMethodDecl *m = method_of(c);
  return m && m->isCopyAssignmentOperator();
}
bool method_is_move_assign(const Cursor &c) {
  const CXXMethodDecl *m = method_of(c);
  return m && m->isMoveAssignmentOperator();
}
bool ctor_is_default(const Cursor &c) {
  const CXXConstructorDecl *k = ctor_of(c);
  return k && k->isDefaultConstructor();
}
bool ctor_is_copy(const Cursor &c) {
  const CXXConstructorDecl *k = ctor_of(c);
  return k && k->isCopyConstructor();
}
bool ctor_is_move(const Cursor &c) {
  const CXXConstructorDecl *k = ctor_of(c);
  return k && k->isMoveConstructor();
}

bool is_anonymous(const Cursor &c) {
  const Decl *d = is_decl_kind(c.kind) ? decl_of(c) : nullptr;

  if (const auto *nd = dyn_cast_or_null<NamespaceDecl>(d))
    return nd->isAnonymousNamespace();
  if (const auto *td = dyn_cast_or_null<TagDecl>(d))
    return td->getTypedefNameForAnonDecl() == nullptr &&
           td->getIdentifier() == nullptr;
  return false;
}

bool is_inline_namespace(const Cursor &c) {
  const auto *nd = is_decl_kind(c.kind)
                       ? dyn_cast_or_null<NamespaceDecl>(decl_of(c))
                       : nullptr;
  return nd && nd->isInline();
}

std::string usr(const Cursor &c) {
  llvm::SmallString<128> buf;

  if (!is_decl_kind(c.kind) || !decl_of(c) ||
      index::generateUSRForDecl(decl_of(c), buf))
    return "";
  return std::string(buf.str());
}

std::string pretty_printed_terse(const Cursor &c) {
  std::string s;
  llvm::raw_string_ostream os(s);
  PrintingPolicy pp = c.tu->ctx.getPrintingPolicy();

  if (!is_decl_kind(c.kind) || !decl_of(c))
    return s;
  pp.TerseOutput = true;
  decl_of(c)->print(os, pp);
  return os.str();
}

} // namespace xlp
