/*
 * cursor.cpp: cursor kinds, construction, identity and the properties
 * lib/frontend asks for, computed as libclang 22 computes them
 * (clang/tools/libclang/CXCursor.cpp, CIndex.cpp).
 */
#include "cursor.h"

#include "clang/AST/Attr.h"
#include "clang/AST/ExprObjC.h"
#include "clang/Lex/Lexer.h"
#include "clang/Sema/CodeCompleteConsumer.h"

using namespace clang;

namespace xlp {

/* ---- kinds ---------------------------------------------------------------- */

bool is_decl_kind(CXCursorKind k) {
  return (k >= CXCursor_FirstDecl && k <= CXCursor_LastDecl) ||
         (k >= CXCursor_FirstExtraDecl && k <= CXCursor_LastExtraDecl);
}
bool is_expr_kind(CXCursorKind k) {
  return k >= CXCursor_FirstExpr && k <= CXCursor_LastExpr;
}
bool is_stmt_kind(CXCursorKind k) {
  return k >= CXCursor_FirstStmt && k <= CXCursor_LastStmt;
}
bool is_ref_kind(CXCursorKind k) {
  return k >= CXCursor_FirstRef && k <= CXCursor_LastRef;
}
bool is_attr_kind(CXCursorKind k) {
  return k >= CXCursor_FirstAttr && k <= CXCursor_LastAttr;
}
bool is_invalid_kind(CXCursorKind k) {
  return k >= CXCursor_FirstInvalid && k <= CXCursor_LastInvalid;
}

/* The C++ casts (MakeCXCursor). */
static CXCursorKind cast_kind(const Stmt *s) {
  switch (s->getStmtClass()) {
  case Stmt::CXXStaticCastExprClass: return CXCursor_CXXStaticCastExpr;
  case Stmt::CXXDynamicCastExprClass: return CXCursor_CXXDynamicCastExpr;
  case Stmt::CXXReinterpretCastExprClass:
    return CXCursor_CXXReinterpretCastExpr;
  case Stmt::CXXConstCastExprClass: return CXCursor_CXXConstCastExpr;
  case Stmt::CXXFunctionalCastExprClass:
    return CXCursor_CXXFunctionalCastExpr;
  case Stmt::CXXAddrspaceCastExprClass: return CXCursor_CXXAddrspaceCastExpr;
  default: return CXCursor_UnexposedExpr;
  }
}

/* Kinds of the expressions libclang names (MakeCXCursor); the rest are
 * UnexposedExpr. */
static CXCursorKind expr_kind(const Stmt *s) {
  switch (s->getStmtClass()) {
  case Stmt::IntegerLiteralClass: return CXCursor_IntegerLiteral;
  case Stmt::FixedPointLiteralClass: return CXCursor_FixedPointLiteral;
  case Stmt::FloatingLiteralClass: return CXCursor_FloatingLiteral;
  case Stmt::ImaginaryLiteralClass: return CXCursor_ImaginaryLiteral;
  case Stmt::StringLiteralClass: return CXCursor_StringLiteral;
  case Stmt::CharacterLiteralClass: return CXCursor_CharacterLiteral;
  case Stmt::ParenExprClass: return CXCursor_ParenExpr;
  case Stmt::UnaryOperatorClass: return CXCursor_UnaryOperator;
  case Stmt::UnaryExprOrTypeTraitExprClass:
  case Stmt::CXXNoexceptExprClass: return CXCursor_UnaryExpr;
  case Stmt::MSPropertySubscriptExprClass:
  case Stmt::ArraySubscriptExprClass: return CXCursor_ArraySubscriptExpr;
  case Stmt::ArraySectionExprClass: return CXCursor_ArraySectionExpr;
  case Stmt::BinaryOperatorClass: return CXCursor_BinaryOperator;
  case Stmt::CompoundAssignOperatorClass:
    return CXCursor_CompoundAssignOperator;
  case Stmt::ConditionalOperatorClass: return CXCursor_ConditionalOperator;
  case Stmt::CStyleCastExprClass: return CXCursor_CStyleCastExpr;
  case Stmt::CompoundLiteralExprClass: return CXCursor_CompoundLiteralExpr;
  case Stmt::InitListExprClass: return CXCursor_InitListExpr;
  case Stmt::AddrLabelExprClass: return CXCursor_AddrLabelExpr;
  case Stmt::StmtExprClass: return CXCursor_StmtExpr;
  case Stmt::GenericSelectionExprClass: return CXCursor_GenericSelectionExpr;
  case Stmt::GNUNullExprClass: return CXCursor_GNUNullExpr;
  case Stmt::CXXTypeidExprClass: return CXCursor_CXXTypeidExpr;
  case Stmt::CXXBoolLiteralExprClass: return CXCursor_CXXBoolLiteralExpr;
  case Stmt::CXXNullPtrLiteralExprClass:
    return CXCursor_CXXNullPtrLiteralExpr;
  case Stmt::CXXThisExprClass: return CXCursor_CXXThisExpr;
  case Stmt::CXXThrowExprClass: return CXCursor_CXXThrowExpr;
  case Stmt::CXXNewExprClass: return CXCursor_CXXNewExpr;
  case Stmt::CXXDeleteExprClass: return CXCursor_CXXDeleteExpr;
  case Stmt::BlockExprClass: return CXCursor_BlockExpr;
  case Stmt::PackExpansionExprClass: return CXCursor_PackExpansionExpr;
  case Stmt::SizeOfPackExprClass: return CXCursor_SizeOfPackExpr;
  case Stmt::PackIndexingExprClass: return CXCursor_PackIndexingExpr;
  case Stmt::BuiltinBitCastExprClass: return CXCursor_BuiltinBitCastExpr;
  case Stmt::ConceptSpecializationExprClass:
    return CXCursor_ConceptSpecializationExpr;
  case Stmt::RequiresExprClass: return CXCursor_RequiresExpr;
  case Stmt::CXXParenListInitExprClass: return CXCursor_CXXParenListInitExpr;
  default: return cast_kind(s);
  }
}

/* References, calls and lambdas (MakeCXCursor). */
static CXCursorKind ref_expr_kind(const Stmt *s) {
  switch (s->getStmtClass()) {
  case Stmt::DeclRefExprClass:
  case Stmt::DependentScopeDeclRefExprClass:
  case Stmt::SubstNonTypeTemplateParmExprClass:
  case Stmt::SubstNonTypeTemplateParmPackExprClass:
  case Stmt::FunctionParmPackExprClass:
  case Stmt::UnresolvedLookupExprClass: return CXCursor_DeclRefExpr;
  case Stmt::CXXDependentScopeMemberExprClass:
  case Stmt::CXXPseudoDestructorExprClass:
  case Stmt::MemberExprClass:
  case Stmt::MSPropertyRefExprClass:
  case Stmt::UnresolvedMemberExprClass: return CXCursor_MemberRefExpr;
  case Stmt::CallExprClass:
  case Stmt::CXXOperatorCallExprClass:
  case Stmt::CXXMemberCallExprClass:
  case Stmt::CUDAKernelCallExprClass:
  case Stmt::CXXConstructExprClass:
  case Stmt::CXXInheritedCtorInitExprClass:
  case Stmt::CXXTemporaryObjectExprClass:
  case Stmt::CXXUnresolvedConstructExprClass:
  case Stmt::UserDefinedLiteralClass: return CXCursor_CallExpr;
  case Stmt::LambdaExprClass: return CXCursor_LambdaExpr;
  default: return CXCursor_NotImplemented;
  }
}

static CXCursorKind stmt_kind(const Stmt *s) {
  switch (s->getStmtClass()) {
  case Stmt::CaseStmtClass: return CXCursor_CaseStmt;
  case Stmt::DefaultStmtClass: return CXCursor_DefaultStmt;
  case Stmt::IfStmtClass: return CXCursor_IfStmt;
  case Stmt::SwitchStmtClass: return CXCursor_SwitchStmt;
  case Stmt::WhileStmtClass: return CXCursor_WhileStmt;
  case Stmt::DoStmtClass: return CXCursor_DoStmt;
  case Stmt::ForStmtClass: return CXCursor_ForStmt;
  case Stmt::GotoStmtClass: return CXCursor_GotoStmt;
  case Stmt::IndirectGotoStmtClass: return CXCursor_IndirectGotoStmt;
  case Stmt::ContinueStmtClass: return CXCursor_ContinueStmt;
  case Stmt::BreakStmtClass: return CXCursor_BreakStmt;
  case Stmt::ReturnStmtClass: return CXCursor_ReturnStmt;
  case Stmt::GCCAsmStmtClass: return CXCursor_GCCAsmStmt;
  case Stmt::MSAsmStmtClass: return CXCursor_MSAsmStmt;
  case Stmt::CXXCatchStmtClass: return CXCursor_CXXCatchStmt;
  case Stmt::CXXTryStmtClass: return CXCursor_CXXTryStmt;
  case Stmt::CXXForRangeStmtClass: return CXCursor_CXXForRangeStmt;
  case Stmt::CompoundStmtClass: return CXCursor_CompoundStmt;
  case Stmt::NullStmtClass: return CXCursor_NullStmt;
  case Stmt::LabelStmtClass: return CXCursor_LabelStmt;
  case Stmt::DeclStmtClass: return CXCursor_DeclStmt;
  default: break;
  }
  if (!isa<Expr>(s))
    return CXCursor_UnexposedStmt;
  CXCursorKind k = ref_expr_kind(s);
  return k != CXCursor_NotImplemented ? k : expr_kind(s);
}

static CXCursorKind attr_kind(const Attr *a) {
  switch (a->getKind()) {
  case attr::Final: return CXCursor_CXXFinalAttr;
  case attr::Override: return CXCursor_CXXOverrideAttr;
  case attr::Annotate: return CXCursor_AnnotateAttr;
  case attr::AsmLabel: return CXCursor_AsmLabelAttr;
  case attr::Packed: return CXCursor_PackedAttr;
  case attr::Pure: return CXCursor_PureAttr;
  case attr::Const: return CXCursor_ConstAttr;
  case attr::NoDuplicate: return CXCursor_NoDuplicateAttr;
  case attr::CUDAConstant: return CXCursor_CUDAConstantAttr;
  case attr::CUDADevice: return CXCursor_CUDADeviceAttr;
  case attr::CUDAGlobal: return CXCursor_CUDAGlobalAttr;
  case attr::CUDAHost: return CXCursor_CUDAHostAttr;
  case attr::CUDAShared: return CXCursor_CUDASharedAttr;
  case attr::Visibility: return CXCursor_VisibilityAttr;
  case attr::DLLExport: return CXCursor_DLLExport;
  case attr::DLLImport: return CXCursor_DLLImport;
  case attr::Convergent: return CXCursor_ConvergentAttr;
  case attr::WarnUnused: return CXCursor_WarnUnusedAttr;
  case attr::WarnUnusedResult: return CXCursor_WarnUnusedResultAttr;
  case attr::Aligned: return CXCursor_AlignedAttr;
  default: return CXCursor_UnexposedAttr;
  }
}

/* ---- construction --------------------------------------------------------- */

Cursor null_cursor() { return Cursor(); }

Cursor make_decl(const Decl *d, const Tu *tu, bool first) {
  Cursor c;
  c.kind = getCursorKindForDecl(d);
  c.d0 = d;
  c.d1 = first ? reinterpret_cast<const void *>(1) : nullptr;
  c.tu = tu;
  return c;
}

Cursor make_stmt(const Stmt *s, const Decl *parent, const Tu *tu) {
  /* transparent nodes, as in MakeCXCursor */
  if (const auto *ce = dyn_cast<ConstantExpr>(s))
    return make_stmt(ce->getSubExpr(), parent, tu);
  if (const auto *po = dyn_cast<PseudoObjectExpr>(s))
    return make_stmt(po->getSyntacticForm(), parent, tu);
  if (const auto *ov = dyn_cast<OpaqueValueExpr>(s))
    if (const Expr *src = ov->getSourceExpr())
      return make_stmt(src, parent, tu);
  Cursor c;
  c.kind = stmt_kind(s);
  c.d0 = parent;
  c.d1 = s;
  c.tu = tu;
  return c;
}

Cursor make_attr(const Attr *a, const Decl *parent, const Tu *tu) {
  Cursor c;
  c.kind = attr_kind(a);
  c.d0 = parent;
  c.d1 = a;
  c.tu = tu;
  return c;
}

Cursor make_ref(CXCursorKind k, const void *entity, SourceLocation l,
                const Tu *tu) {
  Cursor c;
  c.kind = k;
  c.d0 = entity;
  c.d1 = l.getPtrEncoding();
  c.tu = tu;
  return c;
}

Cursor make_base(const CXXBaseSpecifier *b, const Tu *tu) {
  Cursor c;
  c.kind = CXCursor_CXXBaseSpecifier;
  c.d0 = b;
  c.tu = tu;
  return c;
}

Cursor tu_cursor(const Tu *tu) {
  return make_decl(tu->ctx.getTranslationUnitDecl(), tu);
}

/* ---- identity ------------------------------------------------------------- */

bool is_null(const Cursor &c) { return equal(c, null_cursor()); }

bool equal(const Cursor &a, const Cursor &b) {
  const void *a1 = is_decl_kind(a.kind) ? nullptr : a.d1;
  const void *b1 = is_decl_kind(b.kind) ? nullptr : b.d1;

  return a.kind == b.kind && a.d0 == b.d0 && a1 == b1 && a.tu == b.tu;
}

unsigned hash(const Cursor &c) {
  const void *p = (is_expr_kind(c.kind) || is_stmt_kind(c.kind)) ? c.d1 : c.d0;
  return llvm::DenseMapInfo<std::pair<unsigned, const void *>>::getHashValue(
      std::make_pair(static_cast<unsigned>(c.kind), p));
}

const Decl *decl_of(const Cursor &c) {
  return static_cast<const Decl *>(c.d0);
}
const Stmt *stmt_of(const Cursor &c) {
  return static_cast<const Stmt *>(c.d1);
}
const Expr *expr_of(const Cursor &c) {
  return dyn_cast_or_null<Expr>(stmt_of(c));
}
const Attr *attr_of(const Cursor &c) {
  return static_cast<const Attr *>(c.d1);
}
const void *ref_entity(const Cursor &c) { return c.d0; }
const CXXBaseSpecifier *base_of(const Cursor &c) {
  return static_cast<const CXXBaseSpecifier *>(c.d0);
}

static SourceLocation ref_loc(const Cursor &c) {
  return SourceLocation::getFromPtrEncoding(c.d1);
}

/* ---- expressions (CIndex.cpp getDeclFromExpr, getLocationFromExpr) ------- */

static const Decl *decl_from_expr(const Stmt *e) {
  if (const auto *ce = dyn_cast<ImplicitCastExpr>(e))
    return decl_from_expr(ce->getSubExpr());
  if (const auto *re = dyn_cast<DeclRefExpr>(e))
    return re->getDecl();
  if (const auto *me = dyn_cast<MemberExpr>(e))
    return me->getMemberDecl();
  if (const auto *po = dyn_cast<PseudoObjectExpr>(e))
    return decl_from_expr(po->getSyntacticForm());
  if (const auto *ov = dyn_cast<OpaqueValueExpr>(e))
    if (const Expr *src = ov->getSourceExpr())
      return decl_from_expr(src);
  if (const auto *call = dyn_cast<CallExpr>(e))
    return decl_from_expr(call->getCallee());
  if (const auto *ctor = dyn_cast<CXXConstructExpr>(e))
    if (!ctor->isElidable())
      return ctor->getConstructor();
  if (const auto *inh = dyn_cast<CXXInheritedCtorInitExpr>(e))
    return inh->getConstructor();
  if (const auto *np = dyn_cast<SubstNonTypeTemplateParmPackExpr>(e))
    return np->getParameterPack();
  if (const auto *sp = dyn_cast<SizeOfPackExpr>(e))
    if (isa<NonTypeTemplateParmDecl>(sp->getPack()) ||
        isa<ParmVarDecl>(sp->getPack()))
      return sp->getPack();
  return nullptr;
}

static SourceLocation location_from_expr(const Expr *e) {
  if (const auto *ce = dyn_cast<ImplicitCastExpr>(e))
    return location_from_expr(ce->getSubExpr());
  if (const auto *re = dyn_cast<DeclRefExpr>(e))
    return re->getLocation();
  if (const auto *me = dyn_cast<MemberExpr>(e))
    return me->getMemberLoc();
  if (const auto *sp = dyn_cast<SizeOfPackExpr>(e))
    return sp->getPackLoc();
  return e->getBeginLoc();
}

/* ---- locations and extents ------------------------------------------------ */

static Loc loc_of(const Cursor &c, SourceLocation l) {
  Loc out;
  out.raw = l;
  out.tu = c.tu;
  return out;
}

static SourceLocation ref_location(const Cursor &c) {
  if (c.kind == CXCursor_CXXBaseSpecifier) {
    const CXXBaseSpecifier *b = base_of(c);
    if (TypeSourceInfo *ts = b->getTypeSourceInfo())
      return ts->getTypeLoc().getBeginLoc();
    return b->getBeginLoc();
  }
  return ref_loc(c);
}

Loc location(const Cursor &c) {
  if (is_ref_kind(c.kind))
    return loc_of(c, ref_location(c));
  if (is_expr_kind(c.kind))
    return loc_of(c, location_from_expr(expr_of(c)));
  if (is_stmt_kind(c.kind))
    return loc_of(c, stmt_of(c)->getBeginLoc());
  if (is_attr_kind(c.kind))
    return loc_of(c, attr_of(c)->getLocation());
  if (!is_decl_kind(c.kind) || !decl_of(c))
    return null_loc();
  return loc_of(c, decl_of(c)->getLocation());
}

static SourceRange raw_extent(const Cursor &c) {
  if (c.kind == CXCursor_CXXBaseSpecifier)
    return base_of(c)->getSourceRange();
  if (is_ref_kind(c.kind))
    return SourceRange(ref_loc(c));
  if (is_expr_kind(c.kind) || is_stmt_kind(c.kind))
    return stmt_of(c)->getSourceRange();
  if (is_attr_kind(c.kind))
    return attr_of(c)->getRange();
  if (c.kind == CXCursor_TranslationUnit) {
    FileID main = c.tu->sm.getMainFileID();
    return SourceRange(c.tu->sm.getLocForStartOfFile(main),
                       c.tu->sm.getLocForEndOfFile(main));
  }
  if (!is_decl_kind(c.kind) || !decl_of(c))
    return SourceRange();
  SourceRange r = decl_of(c)->getSourceRange();
  if (const auto *vd = dyn_cast<VarDecl>(decl_of(c)))
    if (!c.d1)
      r.setBegin(vd->getLocation());
  return r;
}

Range extent(const Cursor &c) {
  SourceRange r = raw_extent(c);
  if (r.isInvalid()) {
    Range none;
    none.begin = none.end = null_loc();
    return none;
  }
  return translate_range(c.tu, CharSourceRange::getTokenRange(r));
}

/* ---- spelling --------------------------------------------------------------- */

static std::string decl_spelling(const Decl *d) {
  std::string s;
  llvm::raw_string_ostream os(s);
  const auto *nd = dyn_cast_or_null<NamedDecl>(d);

  if (!nd || isa<UsingDirectiveDecl>(d))
    return s;
  nd->printName(os);
  return os.str();
}

static std::string ref_spelling(const Cursor &c) {
  switch (c.kind) {
  case CXCursor_CXXBaseSpecifier:
    return base_of(c)->getType().getAsString();
  case CXCursor_TypeRef: {
    const auto *td = static_cast<const TypeDecl *>(ref_entity(c));
    QualType t = c.tu->ctx.getTypeDeclType(td);
    PrintingPolicy pp = c.tu->ctx.getPrintingPolicy();
    pp.FullyQualifiedName = true;
    pp.SuppressTagKeyword = false;
    return t.getAsString(pp);
  }
  case CXCursor_TemplateRef:
  case CXCursor_NamespaceRef:
  case CXCursor_MemberRef:
  case CXCursor_VariableRef:
    return static_cast<const NamedDecl *>(ref_entity(c))->getNameAsString();
  case CXCursor_OverloadedDeclRef: {
    const auto *e = static_cast<const OverloadExpr *>(ref_entity(c));
    return e->getName().getAsString();
  }
  default:
    return "<not implemented>";
  }
}

std::string spelling(const Cursor &c) {
  if (is_ref_kind(c.kind))
    return ref_spelling(c);
  if (is_expr_kind(c.kind)) {
    if (c.kind == CXCursor_BinaryOperator ||
        c.kind == CXCursor_CompoundAssignOperator)
      return BinaryOperator::getOpcodeStr(
                 cast<BinaryOperator>(expr_of(c))->getOpcode())
          .str();
    return decl_spelling(decl_from_expr(expr_of(c)));
  }
  if (is_stmt_kind(c.kind)) {
    if (const auto *l = dyn_cast<LabelStmt>(stmt_of(c)))
      return l->getName();
    return "";
  }
  if (is_decl_kind(c.kind))
    return decl_spelling(decl_of(c));
  return "";
}

/* ---- references and definitions ------------------------------------------- */

Cursor referenced(const Cursor &c) {
  if (is_invalid_kind(c.kind))
    return null_cursor();
  if (is_decl_kind(c.kind))
    return c; /* UsingDecl: an overloaded-decl reference, not needed */
  if (is_expr_kind(c.kind)) {
    if (const Decl *d = decl_from_expr(expr_of(c)))
      return make_decl(d, c.tu);
    if (const auto *ovl = dyn_cast<OverloadExpr>(expr_of(c)))
      return make_ref(CXCursor_OverloadedDeclRef, ovl, ovl->getNameLoc(),
                      c.tu);
    return null_cursor();
  }
  if (!is_ref_kind(c.kind))
    return null_cursor();
  switch (c.kind) {
  case CXCursor_TypeRef:
  case CXCursor_TemplateRef:
  case CXCursor_NamespaceRef:
  case CXCursor_MemberRef:
  case CXCursor_VariableRef:
    return make_decl(static_cast<const Decl *>(ref_entity(c)), c.tu);
  case CXCursor_CXXBaseSpecifier:
    return type_declaration(make_type(base_of(c)->getType(), c.tu));
  case CXCursor_OverloadedDeclRef:
    return c;
  default:
    return null_cursor();
  }
}

static Cursor function_definition(const FunctionDecl *fd, const Tu *tu) {
  const FunctionDecl *def = nullptr;

  if (fd->getBody(def))
    return make_decl(def, tu);
  return null_cursor();
}

static Cursor definition_of(const Decl *d, const Tu *tu, const Cursor &c) {
  switch (d->getKind()) {
  case Decl::Enum: case Decl::Record: case Decl::CXXRecord:
  case Decl::ClassTemplateSpecialization:
  case Decl::ClassTemplatePartialSpecialization:
    if (const TagDecl *def = cast<TagDecl>(d)->getDefinition())
      return make_decl(def, tu);
    return null_cursor();
  case Decl::Function: case Decl::CXXMethod: case Decl::CXXConstructor:
  case Decl::CXXDestructor: case Decl::CXXConversion:
    return function_definition(cast<FunctionDecl>(d), tu);
  case Decl::Var: case Decl::VarTemplateSpecialization:
  case Decl::VarTemplatePartialSpecialization: case Decl::Decomposition:
    if (const VarDecl *def = cast<VarDecl>(d)->getDefinition())
      return make_decl(def, tu);
    return null_cursor();
  case Decl::FunctionTemplate: {
    const FunctionDecl *def = nullptr;
    if (cast<FunctionTemplateDecl>(d)->getTemplatedDecl()->getBody(def))
      return make_decl(def->getDescribedFunctionTemplate(), tu);
    return null_cursor();
  }
  case Decl::ClassTemplate: {
    const RecordDecl *def =
        cast<ClassTemplateDecl>(d)->getTemplatedDecl()->getDefinition();
    if (def)
      return make_decl(cast<CXXRecordDecl>(def)->getDescribedClassTemplate(),
                       tu);
    return null_cursor();
  }
  case Decl::UsingShadow: case Decl::ConstructorUsingShadow:
    return definition(
        make_decl(cast<UsingShadowDecl>(d)->getTargetDecl(), tu));
  case Decl::Namespace: case Decl::Typedef: case Decl::TypeAlias:
  case Decl::TypeAliasTemplate: case Decl::TemplateTypeParm:
  case Decl::EnumConstant: case Decl::Field: case Decl::ParmVar:
  case Decl::NonTypeTemplateParm: case Decl::TemplateTemplateParm:
  case Decl::AccessSpec: case Decl::LinkageSpec: case Decl::StaticAssert:
  case Decl::IndirectField: case Decl::ImplicitParam: case Decl::Binding:
  case Decl::Concept:
    return c;
  default:
    return null_cursor();
  }
}

Cursor definition(const Cursor &c) {
  Cursor d = c;

  if (is_invalid_kind(c.kind))
    return null_cursor();
  if (is_ref_kind(c.kind) || is_expr_kind(c.kind))
    d = referenced(c);
  if (!is_decl_kind(d.kind) || !decl_of(d))
    return null_cursor();
  return definition_of(decl_of(d), d.tu, d);
}

bool is_definition(const Cursor &c) {
  if (!is_decl_kind(c.kind))
    return false;
  return equal(definition(c), c);
}

Cursor canonical(const Cursor &c) {
  if (!is_decl_kind(c.kind) || !decl_of(c))
    return c;
  return make_decl(decl_of(c)->getCanonicalDecl(), c.tu);
}

/* The template a templated declaration describes (maybeGetTemplateCursor). */
static const Decl *template_cursor_decl(const Decl *d) {
  if (const auto *fd = dyn_cast<FunctionDecl>(d))
    if (FunctionTemplateDecl *t = fd->getDescribedFunctionTemplate())
      return t;
  if (const auto *rd = dyn_cast<CXXRecordDecl>(d))
    if (ClassTemplateDecl *t = rd->getDescribedClassTemplate())
      return t;
  return d;
}

Cursor semantic_parent(const Cursor &c) {
  if (is_decl_kind(c.kind) && decl_of(c)) {
    const DeclContext *dc = decl_of(c)->getDeclContext();
    if (!dc)
      return null_cursor();
    return make_decl(template_cursor_decl(cast<Decl>(dc)), c.tu);
  }
  if ((is_stmt_kind(c.kind) || is_expr_kind(c.kind)) && decl_of(c))
    return make_decl(decl_of(c), c.tu);
  return null_cursor();
}

Cursor lexical_parent(const Cursor &c) {
  if (!is_decl_kind(c.kind) || !decl_of(c))
    return null_cursor();
  const DeclContext *dc = decl_of(c)->getLexicalDeclContext();
  if (!dc)
    return null_cursor();
  return make_decl(template_cursor_decl(cast<Decl>(dc)), c.tu);
}

} // namespace xlp
