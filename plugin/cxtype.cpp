/*
 * cxtype.cpp: types as libclang 22 presents them (CXType.cpp): the same
 * kinds, the same adjustments (attributed, paren and decayed types show
 * their original type) and the same spellings.
 */
#include "cursor.h"

using namespace clang;

namespace xlp {

static CXTypeKind builtin_kind(const BuiltinType *bt) {
  switch (bt->getKind()) {
#define BT(K) case BuiltinType::K: return CXType_##K;
  BT(Void) BT(Bool) BT(Char_U) BT(UChar) BT(Char16) BT(Char32) BT(UShort)
  BT(UInt) BT(ULong) BT(ULongLong) BT(UInt128) BT(Char_S) BT(SChar)
  BT(Short) BT(Int) BT(Long) BT(LongLong) BT(Int128) BT(Half) BT(Float)
  BT(Double) BT(LongDouble) BT(ShortAccum) BT(Accum) BT(LongAccum)
  BT(UShortAccum) BT(UAccum) BT(ULongAccum) BT(Float16) BT(Float128)
  BT(Ibm128) BT(NullPtr) BT(Overload) BT(Dependent) BT(ObjCId)
  BT(ObjCClass) BT(ObjCSel)
#undef BT
  case BuiltinType::WChar_S:
  case BuiltinType::WChar_U: return CXType_WChar;
  default: return CXType_Unexposed;
  }
}

static CXTypeKind type_kind(QualType t) {
  const Type *tp = t.getTypePtrOrNull();

  if (!tp)
    return CXType_Invalid;
  switch (tp->getTypeClass()) {
  case Type::Builtin: return builtin_kind(cast<BuiltinType>(tp));
#define TK(K) case Type::K: return CXType_##K;
  TK(Complex) TK(Pointer) TK(BlockPointer) TK(LValueReference)
  TK(RValueReference) TK(Record) TK(Enum) TK(Typedef) TK(ObjCInterface)
  TK(ObjCObject) TK(ObjCObjectPointer) TK(ObjCTypeParam) TK(FunctionNoProto)
  TK(FunctionProto) TK(ConstantArray) TK(IncompleteArray) TK(VariableArray)
  TK(DependentSizedArray) TK(Vector) TK(ExtVector) TK(MemberPointer)
  TK(Auto) TK(Pipe) TK(Attributed) TK(BTFTagAttributed) TK(Atomic)
#undef TK
  default: return CXType_Unexposed;
  }
}

CType make_type(QualType t, const Tu *tu) {
  CType out;

  out.tu = tu;
  if (tu && !t.isNull()) {
    if (const auto *at = t->getAs<AttributedType>())
      return make_type(at->getEquivalentType(), tu);
    if (const auto *bt = t->getAs<BTFTagAttributedType>())
      return make_type(bt->getWrappedType(), tu);
    if (const auto *pt = t->getAs<ParenType>())
      return make_type(pt->getInnerType(), tu);
    if (const auto *dt = t->getAs<DecayedType>())
      return make_type(dt->getOriginalType(), tu);
  }
  out.kind = type_kind(t);
  if (out.kind != CXType_Invalid)
    out.t = t;
  return out;
}

std::string type_spelling(const CType &t) {
  std::string s;
  llvm::raw_string_ostream os(s);

  if (t.t.isNull())
    return s;
  PrintingPolicy pp(t.tu->ctx.getLangOpts());
  t.t.print(os, pp);
  return os.str();
}

CType canonical_type(const CType &t) {
  if (t.kind == CXType_Invalid)
    return t;
  return make_type(t.tu->ctx.getCanonicalType(t.t), t.tu);
}

CType unqualified_type(const CType &t) {
  return make_type(t.t.getUnqualifiedType(), t.tu);
}

bool is_const_qualified(const CType &t) { return t.t.isLocalConstQualified(); }

CType pointee_type(const CType &t) {
  const Type *tp = t.t.getTypePtrOrNull();
  QualType r;

  while (tp) {
    switch (tp->getTypeClass()) {
    case Type::Pointer: r = cast<PointerType>(tp)->getPointeeType(); break;
    case Type::BlockPointer:
      r = cast<BlockPointerType>(tp)->getPointeeType();
      break;
    case Type::LValueReference:
    case Type::RValueReference:
      r = cast<ReferenceType>(tp)->getPointeeType();
      break;
    case Type::MemberPointer:
      r = cast<MemberPointerType>(tp)->getPointeeType();
      break;
    case Type::Auto:
    case Type::DeducedTemplateSpecialization:
      tp = cast<DeducedType>(tp)->getDeducedType().getTypePtrOrNull();
      continue;
    default: break;
    }
    break;
  }
  return make_type(r, t.tu);
}

CType array_element_type(const CType &t) {
  const Type *tp = t.t.getTypePtrOrNull();
  QualType r;

  if (tp && (isa<ConstantArrayType>(tp) || isa<IncompleteArrayType>(tp) ||
             isa<VariableArrayType>(tp) || isa<DependentSizedArrayType>(tp)))
    r = cast<ArrayType>(tp)->getElementType();
  return make_type(r, t.tu);
}

CType result_type(const CType &t) {
  if (!t.t.isNull())
    if (const auto *ft = t.t->getAs<FunctionType>())
      return make_type(ft->getReturnType(), t.tu);
  return make_type(QualType(), t.tu);
}

int num_arg_types(const CType &t) {
  if (t.t.isNull())
    return -1;
  if (const auto *fp = t.t->getAs<FunctionProtoType>())
    return static_cast<int>(fp->getNumParams());
  if (t.t->getAs<FunctionNoProtoType>())
    return 0;
  return -1;
}

CType arg_type(const CType &t, unsigned i) {
  if (!t.t.isNull())
    if (const auto *fp = t.t->getAs<FunctionProtoType>())
      if (i < fp->getNumParams())
        return make_type(fp->getParamType(i), t.tu);
  return make_type(QualType(), t.tu);
}

CType class_type(const CType &t) {
  const Type *tp = t.t.getTypePtrOrNull();
  QualType r;

  if (tp && tp->getTypeClass() == Type::MemberPointer)
    if (const Type *q = cast<MemberPointerType>(tp)->getQualifier().getAsType())
      r = QualType(q, 0);
  return make_type(r, t.tu);
}

static std::optional<ArrayRef<TemplateArgument>> template_args(QualType t) {
  if (const auto *ts = t->getAs<TemplateSpecializationType>())
    return ts->template_arguments();
  if (const auto *rd = t->getAsCXXRecordDecl())
    if (const auto *cs = dyn_cast<ClassTemplateSpecializationDecl>(rd))
      return cs->getTemplateArgs().asArray();
  return std::nullopt;
}

int num_type_template_arguments(const CType &t) {
  if (t.t.isNull())
    return -1;
  auto ta = template_args(t.t);
  if (!ta)
    return -1;
  unsigned n = ta->size();
  for (const TemplateArgument &a : *ta)
    if (a.getKind() == TemplateArgument::Pack)
      n += a.pack_size() - 1;
  return static_cast<int>(n);
}

static QualType arg_as_type(const TemplateArgument &a) {
  return a.getKind() == TemplateArgument::Type ? a.getAsType() : QualType();
}

CType type_template_argument(const CType &t, unsigned index) {
  unsigned cur = 0;

  if (t.t.isNull())
    return make_type(QualType(), t.tu);
  auto ta = template_args(t.t);
  if (!ta)
    return make_type(QualType(), t.tu);
  for (const TemplateArgument &a : *ta) {
    if (a.getKind() == TemplateArgument::Pack) {
      if (index < cur + a.pack_size())
        return make_type(arg_as_type(a.getPackAsArray()[index - cur]), t.tu);
      cur += a.pack_size();
      continue;
    }
    if (cur == index)
      return make_type(arg_as_type(a), t.tu);
    cur++;
  }
  return make_type(QualType(), t.tu);
}

Cursor type_declaration(const CType &t) {
  const Type *tp = t.kind == CXType_Invalid ? nullptr : t.t.getTypePtrOrNull();
  const Decl *d = nullptr;

  while (tp) {
    switch (tp->getTypeClass()) {
    case Type::Typedef: d = cast<TypedefType>(tp)->getDecl(); break;
    case Type::Record:
    case Type::Enum: d = cast<TagType>(tp)->getDecl(); break;
    case Type::TemplateSpecialization:
      if (const auto *rt = tp->getAs<RecordType>())
        d = rt->getDecl();
      else
        d = cast<TemplateSpecializationType>(tp)
                ->getTemplateName()
                .getAsTemplateDecl();
      break;
    case Type::Auto:
    case Type::DeducedTemplateSpecialization:
      tp = cast<DeducedType>(tp)->getDeducedType().getTypePtrOrNull();
      continue;
    case Type::InjectedClassName:
      d = cast<InjectedClassNameType>(tp)->getDecl();
      break;
    default: break;
    }
    break;
  }
  if (!d) {
    Cursor none; /* MakeCXCursorInvalid(CXCursor_NoDeclFound) */
    none.kind = CXCursor_NoDeclFound;
    return none;
  }
  return make_decl(d, t.tu);
}

void visit_fields(const CType &t, llvm::function_ref<bool(const Cursor &)> fn) {
  Cursor pc = type_declaration(t);

  if (is_invalid_kind(pc.kind))
    return;
  const auto *rd = dyn_cast_or_null<RecordDecl>(decl_of(pc));
  if (!rd || rd->isInvalidDecl())
    return;
  rd = rd->getDefinition();
  if (!rd || rd->isInvalidDecl())
    return;
  for (const FieldDecl *fd : rd->fields())
    if (!fn(make_decl(fd, t.tu)))
      return;
}

} // namespace xlp
