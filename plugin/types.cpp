/*
 * types.cpp: interning types as xl_type nodes (lib/frontend/types.c).
 */
#include "fe.h"

#include <cstring>

namespace xlp {

static const unsigned MAX_TYPE_DEPTH = 12;

/* The memo key: canonical spelling, kind, and the declaration for records
 * and enums (two local classes, or two instantiations' closures, print
 * alike). */
static uint64_t type_key(const CType &canon, int kind) {
  std::string text = type_spelling(canon);
  uint64_t h = xl_hash_bytes(XL_FNV_INIT, &kind, sizeof(kind));
  Cursor decl = type_declaration(canon);

  h = xl_hash_bytes(h, text.data(), text.size());
  if ((kind == XL_TYPE_RECORD || kind == XL_TYPE_ENUM) && !is_null(decl) &&
      !is_invalid_kind(decl.kind)) {
    unsigned dh = hash(decl);
    h = xl_hash_bytes(h, &dh, sizeof(dh));
  }
  return h ? h : 1;
}

static xl_id memo_get(Fe &fe, uint64_t key) {
  size_t cap = fe.type_keys.size();

  if (!cap)
    return XL_NONE;
  for (size_t i = key & (cap - 1); fe.type_keys[i]; i = (i + 1) & (cap - 1))
    if (fe.type_keys[i] == key)
      return fe.type_vals[i];
  return XL_NONE;
}

static void memo_put(Fe &fe, uint64_t key, xl_id id) {
  if ((fe.type_count + 1) * 2 > fe.type_keys.size()) {
    size_t ncap = fe.type_keys.empty() ? 256 : fe.type_keys.size() * 2;
    std::vector<uint64_t> keys(ncap, 0);
    std::vector<xl_id> vals(ncap, 0);
    for (size_t j = 0; j < fe.type_keys.size(); j++) {
      size_t i;
      if (!fe.type_keys[j])
        continue;
      for (i = fe.type_keys[j] & (ncap - 1); keys[i]; i = (i + 1) & (ncap - 1))
        ;
      keys[i] = fe.type_keys[j];
      vals[i] = fe.type_vals[j];
    }
    fe.type_keys.swap(keys);
    fe.type_vals.swap(vals);
  }
  size_t cap = fe.type_keys.size(), i;
  for (i = key & (cap - 1); fe.type_keys[i]; i = (i + 1) & (cap - 1))
    ;
  fe.type_keys[i] = key;
  fe.type_vals[i] = id;
  fe.type_count++;
}

static xl_type_kind kind_of(const CType &c) {
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

static bool in_function(const Cursor &decl) {
  for (Cursor p = semantic_parent(decl);
       !is_null(p) && p.kind != CXCursor_TranslationUnit;
       p = semantic_parent(p)) {
    switch (p.kind) {
    case CXCursor_FunctionDecl: case CXCursor_CXXMethod:
    case CXCursor_Constructor: case CXCursor_Destructor:
    case CXCursor_FunctionTemplate: case CXCursor_ConversionFunction:
    case CXCursor_LambdaExpr:
      return true;
    default:
      break;
    }
  }
  return false;
}

struct RecordScan {
  int ctors = 0;
  bool default_ctor = false, deleted_default = false;
  bool copy_assign_deleted = false, ref_or_const_member = false;
  bool user_move = false;
};

static void scan_members(const Cursor &decl, RecordScan &s) {
  visit_children(decl, [&](const Cursor &c, const Cursor &) {
    switch (c.kind) {
    case CXCursor_Constructor:
      s.ctors++;
      if (ctor_is_default(c)) {
        s.default_ctor = true;
        s.deleted_default |= method_is_deleted(c);
      }
      if (ctor_is_move(c))
        s.user_move = true;
      break;
    case CXCursor_CXXMethod:
      if (method_is_copy_assign(c) && method_is_deleted(c))
        s.copy_assign_deleted = true;
      if (method_is_move_assign(c))
        s.user_move = true;
      break;
    case CXCursor_FieldDecl: {
      CType t = cursor_type(c);
      if (t.kind == CXType_LValueReference ||
          t.kind == CXType_RValueReference || is_const_qualified(t))
        s.ref_or_const_member = true;
      break;
    }
    default:
      break;
    }
    return CXChildVisit_Continue;
  });
}

/* Flags that come from the declaration of a record or enum. */
static uint32_t decl_flags(Fe &fe, const Cursor &decl, xl_id id) {
  uint32_t flags = 0;
  CX_CXXAccessSpecifier acc = access(decl);
  Cursor tmpl = specialized_template(decl);
  RecordScan s;

  if (acc != CX_CXXPrivate && acc != CX_CXXProtected && !is_null(tmpl))
    acc = access(tmpl); /* C::PT<int> of a private C::PT */
  if (in_function(decl))
    flags |= XL_TYPE_LOCAL;
  if (acc == CX_CXXPrivate)
    flags |= XL_TYPE_PRIVATE;
  else if (acc == CX_CXXProtected)
    flags |= XL_TYPE_PROTECTED;
  if (spelling(decl) == "initializer_list")
    flags |= XL_TYPE_INITIALIZER_LIST;
  fe.facts->types[id].decl = fe_loc(fe, location(decl));
  if (acc == CX_CXXPrivate || acc == CX_CXXProtected) {
    xl_loc a = fe_access_loc(fe, is_null(tmpl) ? decl : tmpl);
    fe.facts->types[id].access = a;
  }
  if (decl.kind == CXCursor_EnumDecl)
    return flags;
  scan_members(decl, s);
  if ((s.ctors && !s.default_ctor) || s.deleted_default)
    flags |= XL_TYPE_NO_DEFAULT_CTOR;
  if (s.copy_assign_deleted || s.ref_or_const_member || s.user_move)
    flags |= XL_TYPE_NO_COPY_ASSIGN;
  return flags;
}

static void set_args(Fe &fe, xl_id id, const xl_id *args, uint32_t n) {
  fe.facts->types[id].args = xl_facts_ids(fe.facts, args, n);
  fe.facts->types[id].nargs = fe.facts->types[id].args ? n : 0;
}

/* Fill inner/args/rank for compound types; recursion goes through fe_type. */
static void describe_parts(Fe &fe, xl_id id, const CType &c,
                           xl_type_kind kind) {
  xl_id args[32];
  uint32_t n = 0, rank = 0;
  xl_id inner = XL_NONE;

  if (kind == XL_TYPE_POINTER || kind == XL_TYPE_LVALUE_REF ||
      kind == XL_TYPE_RVALUE_REF || kind == XL_TYPE_MEMBER_POINTER) {
    inner = fe_type(fe, pointee_type(c));
    if (kind == XL_TYPE_MEMBER_POINTER)
      args[n++] = fe_type(fe, class_type(c));
  } else if (kind == XL_TYPE_ARRAY) {
    for (CType e = c; kind_of(e) == XL_TYPE_ARRAY; e = array_element_type(e))
      rank++;
    inner = fe_type(fe, array_element_type(c));
  } else if (kind == XL_TYPE_FUNCTION) {
    inner = fe_type(fe, result_type(c));
    int count = num_arg_types(c);
    for (int i = 0; i < count && n < 32; i++)
      args[n++] = fe_type(fe, arg_type(c, static_cast<unsigned>(i)));
  } else if (kind == XL_TYPE_RECORD) {
    int count = num_type_template_arguments(c);
    for (int i = 0; i < count && n < 32; i++) {
      CType a = type_template_argument(c, static_cast<unsigned>(i));
      if (a.kind != CXType_Invalid)
        args[n++] = fe_type(fe, a);
    }
  }
  fe.facts->types[id].inner = inner;
  fe.facts->types[id].array_rank = rank;
  set_args(fe, id, args, n);
}

static void describe_decl(Fe &fe, xl_id id, const CType &c, xl_type_kind kind,
                          uint32_t *flags) {
  Cursor decl = type_declaration(c);

  if ((kind != XL_TYPE_RECORD && kind != XL_TYPE_ENUM) || is_null(decl) ||
      is_invalid_kind(decl.kind))
    return;
  *flags |= decl_flags(fe, decl, id);
  if ((*flags & XL_TYPE_CLOSURE) && fe_closure_is_device(decl))
    *flags |= XL_TYPE_EXTENDED_CLOSURE;
  fe.facts->types[id].flags = *flags;
  fe.facts->types[id].parent = fe_type_parent(fe, decl);
}

xl_id fe_type(Fe &fe, const CType &t) {
  CType c = canonical_type(t);
  xl_type_kind kind = kind_of(c);
  xl_type *ty;
  xl_id id;
  uint32_t flags = 0;

  if (t.kind == CXType_Invalid || fe.type_depth > MAX_TYPE_DEPTH)
    return XL_NONE;
  uint64_t key = type_key(c, static_cast<int>(kind));
  id = memo_get(fe, key);
  if (id != XL_NONE)
    return id;
  if (xl_facts_add_type(&ty, &id, fe.facts) < 0) {
    fe_oom(fe);
    return XL_NONE;
  }
  memo_put(fe, key, id);
  ty->kind = kind;
  /* records and enums print fully qualified, as nvcc names them */
  std::string sp = type_spelling(
      (kind == XL_TYPE_RECORD || kind == XL_TYPE_ENUM) ? unqualified_type(c)
                                                        : t);
  ty->spelling = fe_strdup(fe, sp);
  if (ty->spelling && xl_str_endswith(ty->spelling, "..."))
    flags |= XL_TYPE_PACK; /* "Ts...", not "View<T, Ps...>" */
  if (ty->spelling && strstr(ty->spelling, "(lambda at "))
    flags |= XL_TYPE_CLOSURE;
  if (is_const_qualified(t))
    flags |= XL_TYPE_CONST;
  fe.type_depth++;
  describe_decl(fe, id, c, kind, &flags);
  fe.facts->types[id].flags = flags;
  describe_parts(fe, id, c, kind);
  fe.type_depth--;
  return id;
}

xl_id fe_template_name_type(Fe &fe, const Cursor &tmpl) {
  CX_CXXAccessSpecifier acc = access(tmpl);
  unsigned dh = hash(tmpl);
  uint64_t key = xl_hash_bytes(xl_hash_bytes(XL_FNV_INIT, "template-name", 13),
                               &dh, sizeof(dh));
  xl_id id = memo_get(fe, key ? key : 1);
  xl_type *ty;
  uint32_t flags = XL_TYPE_TEMPLATE_NAME;

  if (id != XL_NONE)
    return id;
  if (xl_facts_add_type(&ty, &id, fe.facts) < 0) {
    fe_oom(fe);
    return XL_NONE;
  }
  memo_put(fe, key ? key : 1, id);
  flags |= acc == CX_CXXPrivate     ? XL_TYPE_PRIVATE
           : acc == CX_CXXProtected ? XL_TYPE_PROTECTED
                                    : 0;
  if (in_function(tmpl))
    flags |= XL_TYPE_LOCAL;
  ty->kind = XL_TYPE_OTHER;
  ty->flags = flags;
  ty->spelling = fe_qualified_name(fe, tmpl);
  ty->decl = fe_loc(fe, location(tmpl));
  if (flags & (XL_TYPE_PRIVATE | XL_TYPE_PROTECTED)) {
    xl_loc a = fe_access_loc(fe, tmpl);
    fe.facts->types[id].access = a;
  }
  xl_id parent = fe_type_parent(fe, tmpl);
  fe.facts->types[id].parent = parent;
  return id;
}

} // namespace xlp
