/*
 * types.c: interning clang types as xl_type nodes.
 *
 * Each distinct canonical type is described once (memoised by a hash of its
 * canonical spelling), with its kind, flags, array rank and the types inside
 * it (pointee, element, template arguments, parameters), so rules can walk
 * the graph without clang.
 */
#include <stdlib.h>
#include <string.h>

#include "fe.h"

#define MAX_TYPE_DEPTH 12

/*
 * The memo key: the canonical spelling, plus the declaration for records and
 * enums, since two local classes (or the closures of one lambda in two
 * instantiations) can print alike.
 */
static uint64_t type_key(CXType canon, int kind) {
  CXString s = clang_getTypeSpelling(canon);
  const char *text = clang_getCString(s);
  uint64_t h = xl_hash_bytes(XL_FNV_INIT, &kind, sizeof(kind));
  CXCursor decl = clang_getTypeDeclaration(canon);
  unsigned dh;

  h = xl_hash_bytes(h, text ? text : "", text ? strlen(text) : 0);
  clang_disposeString(s);
  if ((kind == XL_TYPE_RECORD || kind == XL_TYPE_ENUM) &&
      !clang_Cursor_isNull(decl) && !clang_isInvalid(decl.kind)) {
    dh = clang_hashCursor(decl);
    h = xl_hash_bytes(h, &dh, sizeof(dh));
  }
  return h ? h : 1;
}

static xl_id memo_get(xl_fe *fe, uint64_t key) {
  size_t i;

  if (!fe->types.type_cap)
    return XL_NONE;
  for (i = key & (fe->types.type_cap - 1); fe->types.type_keys[i];
       i = (i + 1) & (fe->types.type_cap - 1))
    if (fe->types.type_keys[i] == key)
      return fe->types.type_vals[i];
  return XL_NONE;
}

static int memo_put(xl_fe *fe, uint64_t key, xl_id id) {
  size_t i;

  if ((fe->types.type_count + 1) * 2 > fe->types.type_cap) {
    size_t ncap = fe->types.type_cap ? fe->types.type_cap * 2 : 256, j;
    uint64_t *keys = calloc(ncap, sizeof(*keys));
    xl_id *vals = calloc(ncap, sizeof(*vals));
    if (!keys || !vals) {
      free(keys);
      free(vals);
      return XL_ENOMEM;
    }
    for (j = 0; j < fe->types.type_cap; j++) {
      if (!fe->types.type_keys[j])
        continue;
      for (i = fe->types.type_keys[j] & (ncap - 1); keys[i]; i = (i + 1) & (ncap - 1))
        ;
      keys[i] = fe->types.type_keys[j];
      vals[i] = fe->types.type_vals[j];
    }
    free(fe->types.type_keys);
    free(fe->types.type_vals);
    fe->types.type_keys = keys;
    fe->types.type_vals = vals;
    fe->types.type_cap = ncap;
  }
  for (i = key & (fe->types.type_cap - 1); fe->types.type_keys[i];
       i = (i + 1) & (fe->types.type_cap - 1))
    ;
  fe->types.type_keys[i] = key;
  fe->types.type_vals[i] = id;
  fe->types.type_count++;
  return XL_OK;
}

void xl_fe_types_free(xl_fe *fe) {
  free(fe->types.type_keys);
  free(fe->types.type_vals);
  fe->types.type_keys = NULL;
  fe->types.type_vals = NULL;
  fe->types.type_cap = fe->types.type_count = 0;
}

static xl_type_kind kind_of(CXType c) {
  switch (c.kind) {
  case CXType_Pointer: case CXType_BlockPointer: return XL_TYPE_POINTER;
  case CXType_LValueReference: return XL_TYPE_LVALUE_REF;
  case CXType_RValueReference: return XL_TYPE_RVALUE_REF;
  case CXType_ConstantArray: case CXType_IncompleteArray:
  case CXType_VariableArray: case CXType_DependentSizedArray:
    return XL_TYPE_ARRAY;
  case CXType_Record: return XL_TYPE_RECORD;
  case CXType_Enum: return XL_TYPE_ENUM;
  case CXType_FunctionProto: case CXType_FunctionNoProto:
    return XL_TYPE_FUNCTION;
  case CXType_MemberPointer: return XL_TYPE_MEMBER_POINTER;
  case CXType_Unexposed: case CXType_Dependent: return XL_TYPE_DEPENDENT;
  default:
    if (c.kind >= CXType_FirstBuiltin && c.kind <= CXType_LastBuiltin)
      return XL_TYPE_BUILTIN;
    return XL_TYPE_OTHER;
  }
}

static int in_function(CXCursor decl) {
  CXCursor p = clang_getCursorSemanticParent(decl);

  while (!clang_Cursor_isNull(p) && !clang_isTranslationUnit(p.kind)) {
    switch (clang_getCursorKind(p)) {
    case CXCursor_FunctionDecl: case CXCursor_CXXMethod:
    case CXCursor_Constructor: case CXCursor_Destructor:
    case CXCursor_FunctionTemplate: case CXCursor_ConversionFunction:
    case CXCursor_LambdaExpr:
      return 1;
    default:
      break;
    }
    p = clang_getCursorSemanticParent(p);
  }
  return 0;
}

typedef struct record_scan {
  int ctors, default_ctor, deleted_default, copy_assign_deleted;
  int ref_or_const_member, user_move;
} record_scan;

static enum CXChildVisitResult scan_member(CXCursor c, CXCursor parent,
                                           CXClientData data) {
  record_scan *s = data;
  (void)parent;

  switch (clang_getCursorKind(c)) {
  case CXCursor_Constructor:
    s->ctors++;
    if (clang_CXXConstructor_isDefaultConstructor(c)) {
      s->default_ctor = 1;
      s->deleted_default |= (int)clang_CXXMethod_isDeleted(c);
    }
    if (clang_CXXConstructor_isMoveConstructor(c))
      s->user_move = 1;
    break;
  case CXCursor_CXXMethod:
    if (clang_CXXMethod_isCopyAssignmentOperator(c) &&
        clang_CXXMethod_isDeleted(c))
      s->copy_assign_deleted = 1;
    if (clang_CXXMethod_isMoveAssignmentOperator(c))
      s->user_move = 1;
    break;
  case CXCursor_FieldDecl: {
    CXType t = clang_getCursorType(c);
    if (t.kind == CXType_LValueReference || t.kind == CXType_RValueReference ||
        clang_isConstQualifiedType(t))
      s->ref_or_const_member = 1;
    break;
  }
  default:
    break;
  }
  return CXChildVisit_Continue;
}

/* Flags that come from the declaration of a record or enum. */
static uint32_t decl_flags(xl_fe *fe, CXCursor decl, xl_type *out) {
  uint32_t flags = 0;
  enum CX_CXXAccessSpecifier acc = clang_getCXXAccessSpecifier(decl);
  CXString name = clang_getCursorSpelling(decl);
  CXCursor tmpl = clang_getSpecializedCursorTemplate(decl);
  record_scan s;

  if (acc != CX_CXXPrivate && acc != CX_CXXProtected &&
      !clang_Cursor_isNull(tmpl)) /* C::PT<int> of a private C::PT */
    acc = clang_getCXXAccessSpecifier(tmpl);
  if (in_function(decl))
    flags |= XL_TYPE_LOCAL;
  if (acc == CX_CXXPrivate)
    flags |= XL_TYPE_PRIVATE;
  else if (acc == CX_CXXProtected)
    flags |= XL_TYPE_PROTECTED;
  if (strcmp(clang_getCString(name), "initializer_list") == 0)
    flags |= XL_TYPE_INITIALIZER_LIST;
  clang_disposeString(name);
  out->decl = xl_fe_loc(fe, clang_getCursorLocation(decl));
  if (acc == CX_CXXPrivate || acc == CX_CXXProtected) {
    out->access = xl_fe_access_loc(fe, clang_Cursor_isNull(tmpl) ? decl : tmpl);
    out->widen = xl_fe_widen(fe, clang_Cursor_isNull(tmpl) ? decl : tmpl);
  }
  if (clang_getCursorKind(decl) == CXCursor_EnumDecl)
    return flags;
  memset(&s, 0, sizeof(s));
  clang_visitChildren(decl, scan_member, &s);
  if ((s.ctors && !s.default_ctor) || s.deleted_default)
    flags |= XL_TYPE_NO_DEFAULT_CTOR;
  if (s.copy_assign_deleted || s.ref_or_const_member || s.user_move)
    flags |= XL_TYPE_NO_COPY_ASSIGN;
  return flags;
}

/* Fill inner/args/rank for compound types; recursion goes through xl_fe_type. */
static void describe_parts(xl_fe *fe, xl_id id, CXType c, xl_type_kind kind) {
  xl_id args[32];
  uint32_t n = 0, rank = 0;
  int i, count;
  xl_id inner = XL_NONE;
  CXType e = c;

  if (kind == XL_TYPE_POINTER || kind == XL_TYPE_LVALUE_REF ||
      kind == XL_TYPE_RVALUE_REF || kind == XL_TYPE_MEMBER_POINTER) {
    inner = xl_fe_type(fe, clang_getPointeeType(c));
    if (kind == XL_TYPE_MEMBER_POINTER)
      args[n++] = xl_fe_type(fe, clang_Type_getClassType(c));
  } else if (kind == XL_TYPE_ARRAY) {
    while (kind_of(e) == XL_TYPE_ARRAY) {
      rank++;
      e = clang_getArrayElementType(e);
    }
    inner = xl_fe_type(fe, clang_getArrayElementType(c));
  } else if (kind == XL_TYPE_FUNCTION) {
    inner = xl_fe_type(fe, clang_getResultType(c));
    count = clang_getNumArgTypes(c);
    for (i = 0; i < count && n < 32; i++)
      args[n++] = xl_fe_type(fe, clang_getArgType(c, (unsigned)i));
  } else if (kind == XL_TYPE_RECORD) {
    count = clang_Type_getNumTemplateArguments(c);
    for (i = 0; i < count && n < 32; i++) {
      CXType a = clang_Type_getTemplateArgumentAsType(c, (unsigned)i);
      if (a.kind != CXType_Invalid)
        args[n++] = xl_fe_type(fe, a);
    }
  }
  fe->facts->types[id].inner = inner;
  fe->facts->types[id].array_rank = rank;
  fe->facts->types[id].args = xl_facts_ids(fe->facts, args, n);
  fe->facts->types[id].nargs = fe->facts->types[id].args ? n : 0;
}

static const char *type_spelling(xl_fe *fe, CXType t) {
  CXString s = clang_getTypeSpelling(t);
  const char *copy = xl_facts_strdup(fe->facts, clang_getCString(s));

  clang_disposeString(s);
  return copy;
}

xl_id xl_fe_type(xl_fe *fe, CXType t) {
  CXType c = clang_getCanonicalType(t);
  xl_type_kind kind = kind_of(c);
  uint64_t key;
  xl_id id;
  xl_type *ty;
  CXCursor decl;
  uint32_t flags = 0;

  if (t.kind == CXType_Invalid || fe->types.type_depth > MAX_TYPE_DEPTH)
    return XL_NONE;
  key = type_key(c, (int)kind);
  id = memo_get(fe, key);
  if (id != XL_NONE)
    return id;
  if (xl_facts_add_type(&ty, &id, fe->facts) < 0 || memo_put(fe, key, id) < 0) {
    xl_fe_oom(fe);
    return XL_NONE;
  }
  ty->kind = kind;
  /* records and enums print fully qualified, as nvcc names them */
  ty->spelling = type_spelling(fe, (kind == XL_TYPE_RECORD ||
                                    kind == XL_TYPE_ENUM)
                                       ? clang_getUnqualifiedType(c)
                                       : t);
  if (ty->spelling && xl_str_endswith(ty->spelling, "..."))
    flags |= XL_TYPE_PACK; /* "Ts...", not "View<T, Ps...>" */
  /* "(lambda at f.cu:5:19)" or "N::(lambda at ...)", but not a template
     whose arguments name one, "wrap<(lambda at ...)>" */
  if (kind == XL_TYPE_RECORD && ty->spelling &&
      strstr(ty->spelling, "(lambda at ") &&
      xl_str_endswith(ty->spelling, ")"))
    flags |= XL_TYPE_CLOSURE;
  if (clang_isConstQualifiedType(t))
    flags |= XL_TYPE_CONST;
  decl = clang_getTypeDeclaration(c);
  fe->types.type_depth++;
  if ((kind == XL_TYPE_RECORD || kind == XL_TYPE_ENUM) &&
      !clang_Cursor_isNull(decl) && !clang_isInvalid(decl.kind)) {
    flags |= decl_flags(fe, decl, &fe->facts->types[id]);
    if ((flags & XL_TYPE_CLOSURE) && xl_fe_closure_is_device(decl))
      flags |= XL_TYPE_EXTENDED_CLOSURE;
    fe->facts->types[id].flags = flags;
    fe->facts->types[id].parent = xl_fe_type_parent(fe, decl);
    if ((flags & XL_TYPE_LOCAL) && !(flags & XL_TYPE_CLOSURE))
      xl_fe_type_hoist(fe, decl, id);
  }
  fe->facts->types[id].flags = flags;
  describe_parts(fe, id, c, kind);
  fe->types.type_depth--;
  return id;
}

xl_id xl_fe_template_name_type(xl_fe *fe, CXCursor tmpl) {
  enum CX_CXXAccessSpecifier acc = clang_getCXXAccessSpecifier(tmpl);
  unsigned dh = clang_hashCursor(tmpl);
  uint64_t key = xl_hash_bytes(xl_hash_bytes(XL_FNV_INIT, "template-name", 13),
                               &dh, sizeof(dh));
  xl_id id = memo_get(fe, key ? key : 1), parent;
  xl_type *ty;
  uint32_t flags = XL_TYPE_TEMPLATE_NAME;

  if (id != XL_NONE)
    return id;
  if (xl_facts_add_type(&ty, &id, fe->facts) < 0 ||
      memo_put(fe, key ? key : 1, id) < 0) {
    xl_fe_oom(fe);
    return XL_NONE;
  }
  flags |= acc == CX_CXXPrivate     ? XL_TYPE_PRIVATE
           : acc == CX_CXXProtected ? XL_TYPE_PROTECTED
                                    : 0;
  if (in_function(tmpl))
    flags |= XL_TYPE_LOCAL;
  ty->kind = XL_TYPE_OTHER;
  ty->flags = flags;
  ty->spelling = xl_fe_qualified_name(fe, tmpl);
  ty->decl = xl_fe_loc(fe, clang_getCursorLocation(tmpl));
  if (flags & (XL_TYPE_PRIVATE | XL_TYPE_PROTECTED)) {
    xl_widen w = xl_fe_widen(fe, tmpl);
    fe->facts->types[id].access = xl_fe_access_loc(fe, tmpl);
    fe->facts->types[id].widen = w;
  }
  parent = xl_fe_type_parent(fe, tmpl);
  fe->facts->types[id].parent = parent;
  return id;
}
