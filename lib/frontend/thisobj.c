/*
 * thisobj.c: the members of a class whose '*this' an extended lambda copies.
 *
 * '[=, *this]' puts a copy of the whole object into the closure, so the
 * object is copied when the closure is, and destroyed on the device when the
 * kernel's copy of the closure goes away. A member whose destructor or copy
 * constructor is host code (std::vector, std::string, any class with a
 * user-written destructor or copy constructor not marked __device__, or one
 * that contains such a member or base) cannot live there. The members and
 * bases of the class are recorded as xl_field facts, host-only ones marked.
 */
#include <string.h>

#include "fe.h"
#include "util/lex.h"

#define MAX_DEPTH 8

typedef struct why {
  CXCursor decl; /* the host-only destructor or copy constructor */
  int found;
  int dtor;      /* decl is the destructor (preferred: it runs on the device) */
} why;

static int host_only_type(CXType t, why *w, unsigned depth);

typedef struct member_scan {
  why *w;
  unsigned depth;
} member_scan;

static int user_provided(CXCursor m) {
  return !clang_CXXMethod_isDefaulted(m) && !clang_CXXMethod_isDeleted(m);
}

static int host_code(CXCursor m) {
  xl_space s = xl_fe_decl_space(m, NULL);

  return s != XL_SPACE_DEVICE && s != XL_SPACE_HOST_DEVICE;
}

static enum CXChildVisitResult scan_member(CXCursor c, CXCursor p,
                                           CXClientData data) {
  member_scan *ms = data;
  enum CXCursorKind k = clang_getCursorKind(c);
  (void)p;

  if (k == CXCursor_Destructor && user_provided(c) && host_code(c)) {
    ms->w->decl = c;
    ms->w->found = ms->w->dtor = 1;
  } else if (k == CXCursor_Constructor && !ms->w->found &&
             clang_CXXConstructor_isCopyConstructor(c) && user_provided(c) &&
             host_code(c)) {
    ms->w->decl = c;
    ms->w->found = 1;
  } else if ((k == CXCursor_FieldDecl || k == CXCursor_CXXBaseSpecifier) &&
             !ms->w->found) {
    host_only_type(clang_getCursorType(c), ms->w, ms->depth + 1);
  }
  return ms->w->dtor ? CXChildVisit_Break : CXChildVisit_Continue;
}

/* 1 when copying or destroying a t runs host-only code; *w says where. */
static int host_only_type(CXType t, why *w, unsigned depth) {
  CXCursor decl;
  member_scan ms;

  t = clang_getCanonicalType(t);
  while (t.kind == CXType_ConstantArray || t.kind == CXType_IncompleteArray)
    t = clang_getCanonicalType(clang_getArrayElementType(t));
  if (t.kind != CXType_Record || depth > MAX_DEPTH || w->dtor)
    return w->found;
  decl = clang_getTypeDeclaration(t);
  /* libclang does not list the members of an implicit instantiation: read
   * the template's (std::vector<int> -> std::vector) */
  if (!clang_Cursor_isNull(clang_getSpecializedCursorTemplate(decl)))
    decl = clang_getSpecializedCursorTemplate(decl);
  decl = clang_getCursorDefinition(decl);
  if (clang_Cursor_isNull(decl))
    return 0;
  ms.w = w;
  ms.depth = depth;
  clang_visitChildren(decl, scan_member, &ms);
  return w->found;
}

/* ---- recording ---------------------------------------------------------- */

typedef struct field_ctx {
  xl_fe *fe;
  xl_id owner;
} field_ctx;

static void add_field(field_ctx *fc, CXCursor c, int base) {
  xl_fe *fe = fc->fe;
  CXType t = clang_getCursorType(c);
  xl_id type = xl_fe_type(fe, t);
  why w;
  xl_field *m;
  CXString s;

  memset(&w, 0, sizeof(w));
  host_only_type(t, &w, 0);
  if (xl_facts_add_field(&m, NULL, fe->facts) < 0) {
    xl_fe_oom(fe);
    return;
  }
  m->owner = fc->owner;
  m->type = type;
  m->flags = (w.found ? XL_FIELD_HOST_ONLY : 0) | (base ? XL_FIELD_BASE : 0);
  m->name = base ? xl_facts_type(fe->facts, type)
                       ? fe->facts->types[type].spelling
                       : NULL
                 : xl_fe_spelling_of(fe, c);
  m->loc = xl_fe_loc(fe, clang_getCursorLocation(c));
  if (w.found) {
    s = clang_getCursorSpelling(clang_getCursorSemanticParent(w.decl));
    m->why_name = xl_facts_strdup(fe->facts, clang_getCString(s));
    clang_disposeString(s);
    m = &fe->facts->fields[fe->facts->nfields - 1];
    m->flags |= w.dtor ? XL_FIELD_WHY_DTOR : 0;
    m->why = xl_fe_loc(fe, clang_getCursorLocation(w.decl));
  }
}

static enum CXChildVisitResult visit_field(CXCursor c, CXCursor p,
                                           CXClientData data) {
  enum CXCursorKind k = clang_getCursorKind(c);
  (void)p;

  if (k == CXCursor_FieldDecl || k == CXCursor_CXXBaseSpecifier)
    add_field(data, c, k == CXCursor_CXXBaseSpecifier);
  return CXChildVisit_Continue;
}

/* 1 when the introducer spelled at the lambda's '[' contains '*this' or a
 * capture default. */
static int copies_this(xl_fe *fe, CXCursor lambda) {
  unsigned off, i;
  const fe_file *f = xl_fe_spelling(fe, clang_getCursorLocation(lambda), &off);
  xl_caplist caps;

  if (!f || !f->buf || xl_lex_caplist(&caps, f->buf, f->len, off) < 0)
    return 0;
  /* a capture default may capture 'this': this_addr_capture_ext_lambda
     offers '*this' only when the copy would be allowed (issue 18) */
  if (caps.def)
    return 1;
  for (i = 0; i < caps.nitems; i++)
    if (caps.items[i].is_star_this)
      return 1;
  return 0;
}

void xl_fe_this_fields(xl_fe *fe, CXCursor lambda, xl_id id) {
  CXCursor cls;
  field_ctx fc;
  uint32_t i;
  (void)id;

  if (!fe->at.in_function || !copies_this(fe, lambda))
    return;
  cls = clang_getCursorSemanticParent(fe->at.func_cursor);
  if (clang_Cursor_isNull(cls) || !clang_isDeclaration(clang_getCursorKind(cls)))
    return;
  fc.fe = fe;
  fc.owner = xl_fe_type(fe, clang_getCursorType(cls));
  if (fc.owner == XL_NONE)
    return;
  for (i = 0; i < fe->facts->nfields; i++)
    if (fe->facts->fields[i].owner == fc.owner)
      return; /* already recorded */
  clang_visitChildren(cls, visit_field, &fc);
}
