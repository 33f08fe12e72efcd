/*
 * thisobj.cpp: the members of a class whose '*this' an extended lambda
 * copies (lib/frontend/thisobj.c), host-only ones marked.
 */
#include "fe.h"

namespace xlp {

static const unsigned MAX_DEPTH = 8;

struct Why {
  Cursor decl; /* the host-only destructor or copy constructor */
  bool found = false;
  bool dtor = false;
};

static bool host_only_type(const CType &t, Why &w, unsigned depth);

static bool user_provided(const Cursor &m) {
  return !method_is_defaulted(m) && !method_is_deleted(m);
}

static bool host_code(const Cursor &m) {
  xl_space s = fe_decl_space(m, nullptr);
  return s != XL_SPACE_DEVICE && s != XL_SPACE_HOST_DEVICE;
}

static CXChildVisitResult scan_member(const Cursor &c, Why &w,
                                      unsigned depth) {
  CXCursorKind k = c.kind;

  if (k == CXCursor_Destructor && user_provided(c) && host_code(c)) {
    w.decl = c;
    w.found = w.dtor = true;
  } else if (k == CXCursor_Constructor && !w.found && ctor_is_copy(c) &&
             user_provided(c) && host_code(c)) {
    w.decl = c;
    w.found = true;
  } else if ((k == CXCursor_FieldDecl || k == CXCursor_CXXBaseSpecifier) &&
             !w.found) {
    host_only_type(cursor_type(c), w, depth + 1);
  }
  return w.dtor ? CXChildVisit_Break : CXChildVisit_Continue;
}

/* 1 when copying or destroying a t runs host-only code; w says where. */
static bool host_only_type(const CType &type, Why &w, unsigned depth) {
  CType t = canonical_type(type);

  while (t.kind == CXType_ConstantArray || t.kind == CXType_IncompleteArray)
    t = canonical_type(array_element_type(t));
  if (t.kind != CXType_Record || depth > MAX_DEPTH || w.dtor)
    return w.found;
  Cursor decl = type_declaration(t);
  /* libclang does not list the members of an implicit instantiation: read
   * the template's (std::vector<int> -> std::vector) */
  if (!is_null(specialized_template(decl)))
    decl = specialized_template(decl);
  decl = definition(decl);
  if (is_null(decl))
    return false;
  visit_children(decl, [&](const Cursor &c, const Cursor &) {
    return scan_member(c, w, depth);
  });
  return w.found;
}

static void add_field(Fe &fe, xl_id owner, const Cursor &c, bool base) {
  CType t = cursor_type(c);
  xl_id type = fe_type(fe, t);
  Why w;
  xl_field *m;

  host_only_type(t, w, 0);
  if (xl_facts_add_field(&m, nullptr, fe.facts) < 0) {
    fe_oom(fe);
    return;
  }
  m->owner = owner;
  m->type = type;
  m->flags = (w.found ? XL_FIELD_HOST_ONLY : 0) | (base ? XL_FIELD_BASE : 0);
  const char *name =
      base ? (type != XL_NONE ? fe.facts->types[type].spelling : nullptr)
           : fe_spelling_of(fe, c);
  xl_loc loc = fe_loc(fe, location(c));
  m = &fe.facts->fields[fe.facts->nfields - 1];
  m->name = name;
  m->loc = loc;
  if (!w.found)
    return;
  const char *why_name = fe_strdup(fe, spelling(semantic_parent(w.decl)));
  xl_loc why = fe_loc(fe, location(w.decl));
  m = &fe.facts->fields[fe.facts->nfields - 1];
  m->why_name = why_name;
  m->flags |= w.dtor ? XL_FIELD_WHY_DTOR : 0;
  m->why = why;
}

/* 1 when the introducer spelled at the lambda's '[' contains '*this'. */
static bool copies_this(Fe &fe, const Cursor &lambda) {
  unsigned off;
  const FeFile *f = fe_spelling(fe, location(lambda), &off);
  xl_caplist caps;

  if (!f || !f->buf.data() ||
      xl_lex_caplist(&caps, f->buf.data(), f->buf.size(), off) < 0)
    return false;
  for (unsigned i = 0; i < caps.nitems; i++)
    if (caps.items[i].is_star_this)
      return true;
  return false;
}

void fe_this_fields(Fe &fe, const Cursor &lambda, xl_id id) {
  (void)id;
  if (!fe.in_function || !copies_this(fe, lambda))
    return;
  Cursor cls = semantic_parent(fe.func_cursor);
  if (is_null(cls) || !is_decl_kind(cls.kind))
    return;
  xl_id owner = fe_type(fe, cursor_type(cls));
  if (owner == XL_NONE)
    return;
  for (uint32_t i = 0; i < fe.facts->nfields; i++)
    if (fe.facts->fields[i].owner == owner)
      return; /* already recorded */
  visit_children(cls, [&](const Cursor &c, const Cursor &) {
    if (c.kind == CXCursor_FieldDecl || c.kind == CXCursor_CXXBaseSpecifier)
      add_field(fe, owner, c, c.kind == CXCursor_CXXBaseSpecifier);
    return CXChildVisit_Continue;
  });
}

} // namespace xlp
