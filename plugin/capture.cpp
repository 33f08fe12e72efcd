/*
 * capture.cpp: a lambda's captures (lib/frontend/capture.c). A concrete
 * closure's fields are the truth; a dependent closure (a template pattern)
 * has none, so its captures come from the uses the walk recorded.
 */
#include "fe.h"

#include <cstring>

namespace xlp {

/* ---- recording uses ---------------------------------------------------- */

static bool is_local_var(const Cursor &d) {
  if (d.kind == CXCursor_ParmDecl)
    return true;
  return d.kind == CXCursor_VarDecl && !has_global_storage(d);
}

/* A member access whose base is the implicit 'this'. */
static bool implicit_this_member(const Cursor &ref, const Cursor &decl) {
  bool has_base = false;

  if (decl.kind == CXCursor_CXXMethod && method_is_static(decl))
    return false;
  if (decl.kind != CXCursor_FieldDecl && decl.kind != CXCursor_CXXMethod)
    return false;
  visit_children(ref, [&](const Cursor &, const Cursor &) {
    has_base = true;
    return CXChildVisit_Break;
  });
  return !has_base;
}

static void add_ref(FeLambdaFrame &fr, const Cursor &c, const Cursor &decl,
                    bool is_this, unsigned unevaluated) {
  FeRef r;

  r.where = location(c);
  r.offset = expansion(r.where).offset;
  r.decl = decl;
  r.is_this = is_this;
  r.in_constexpr_if = fr.constexpr_if_depth > 0;
  r.unevaluated = unevaluated > 0;
  fr.refs.push_back(r);
}

void fe_note_ref(Fe &fe, const Cursor &c, const Cursor &parent) {
  Cursor decl = referenced(c);
  bool is_this = false;

  if (c.kind == CXCursor_CXXThisExpr)
    is_this = true;
  else if (c.kind == CXCursor_MemberRefExpr)
    is_this = implicit_this_member(c, decl);
  if (!is_this && (c.kind != CXCursor_DeclRefExpr || !is_local_var(decl)))
    return;
  unsigned decl_off = expansion(location(decl)).offset;
  for (size_t i = fe.lambdas.size(); i-- > 0;) {
    FeLambdaFrame &fr = fe.lambdas[i];
    /* a local declared inside this lambda is not captured by it */
    if (!is_this && decl_off >= fr.begin && decl_off < fr.end)
      break;
    /* the lambda's own capture initialisers are uses in the outer scope */
    if (equal(parent, fr.cursor))
      continue;
    add_ref(fr, c, decl, is_this, fe.unevaluated);
  }
}

/* ---- explicit captures -------------------------------------------------- */

struct ExplicitRefs {
  Cursor refs[XL_CAPLIST_MAX]; /* variables named in the list */
  clang::OptionalFileEntryRef files[XL_CAPLIST_MAX];
  unsigned offsets[XL_CAPLIST_MAX];
  unsigned n = 0;
};

/* Look through implicit conversions (array-to-pointer decay, ...). */
static Cursor strip_implicit(Cursor c) {
  while (c.kind == CXCursor_UnexposedExpr) {
    Cursor child;
    visit_children(c, [&](const Cursor &k, const Cursor &) {
      child = k;
      return CXChildVisit_Break;
    });
    if (is_null(child) || !is_expr_kind(child.kind))
      break;
    c = child;
  }
  return c;
}

/* The VariableRef children of a LambdaExpr name its explicit captures. */
static void find_varrefs(const Cursor &lambda, ExplicitRefs &e) {
  visit_children(lambda, [&](const Cursor &c, const Cursor &) {
    if (c.kind == CXCursor_VariableRef && e.n < XL_CAPLIST_MAX) {
      FileLoc s = spelling_loc(location(c));
      e.files[e.n] = s.file;
      e.offsets[e.n] = s.offset;
      e.refs[e.n++] = referenced(c);
    }
    return CXChildVisit_Continue;
  });
}

struct CapCtx {
  Fe &fe;
  FeLambdaFrame &fr;
  xl_caplist caps;
  const FeFile *intro = nullptr;
  ExplicitRefs ex;
  bool used[XL_CAPLIST_MAX] = {};
  CapCtx(Fe &f, FeLambdaFrame &r) : fe(f), fr(r) {}
};

static xl_loc intro_loc(CapCtx &cx, size_t offset) {
  const xl_lambda &l = cx.fe.facts->lambdas[cx.fr.id];

  if (l.flags & XL_LAMBDA_MACRO)
    return l.loc;
  return fe_loc_at(cx.fe, cx.intro, offset);
}

static xl_range intro_range(CapCtx &cx, size_t b, size_t e) {
  xl_range r;

  r.begin = intro_loc(cx, b);
  r.end = intro_loc(cx, e);
  return r;
}

static const char *text(CapCtx &cx, size_t b, size_t e) {
  return xl_facts_strndup(cx.fe.facts, cx.intro->buf.data() + b, e - b);
}

/* Append a capture for the frame's lambda; returns its id (XL_NONE: OOM). */
static xl_id new_capture(CapCtx &cx) {
  xl_capture *c;
  xl_id id;

  if (xl_facts_add_capture(&c, &id, cx.fe.facts) < 0) {
    fe_oom(cx.fe);
    return XL_NONE;
  }
  xl_lambda &l = cx.fe.facts->lambdas[cx.fr.id];
  if (l.first_capture == XL_NONE)
    l.first_capture = id;
  l.ncaptures++;
  c->lambda = cx.fr.id;
  return id;
}

static xl_capture &cap(CapCtx &cx, xl_id id) {
  return cx.fe.facts->captures[id];
}

static void set_decl(CapCtx &cx, xl_id id, const Cursor &decl) {
  xl_id ty = fe_type(cx.fe, cursor_type(decl));
  xl_loc loc = fe_loc(cx.fe, location(decl));

  cap(cx, id).decl = loc;
  cap(cx, id).var_type = ty;
  if (ty != XL_NONE && (cx.fe.facts->types[ty].flags & XL_TYPE_PACK))
    cap(cx, id).flags |= XL_CAPTURE_PACK;
}

static void fill_explicit_init(CapCtx &cx, xl_id id, const xl_capitem *it) {
  xl_range init = intro_range(cx, it->init_begin, it->init_end);
  const char *itext = text(cx, it->init_begin, it->init_end);

  cap(cx, id).init = init;
  cap(cx, id).init_text = itext;
  for (unsigned j = 0; j < cx.ex.n; j++) {
    if (cx.ex.offsets[j] != it->name_begin)
      continue;
    /* the initialiser's own type: an array stays an array */
    Cursor init_c = var_init(cx.ex.refs[j]);
    if (!is_null(init_c)) {
      xl_id t = fe_type(cx.fe, cursor_type(strip_implicit(init_c)));
      cap(cx, id).var_type = t;
    }
    break;
  }
}

/* Fill a capture from an explicit item of the introducer. */
static void fill_explicit(CapCtx &cx, xl_id id, unsigned i) {
  const xl_capitem *it = &cx.caps.items[i];
  xl_capture &c = cap(cx, id);

  c.flags |= XL_CAPTURE_EXPLICIT;
  c.flags |= it->byref ? XL_CAPTURE_BYREF : 0;
  c.flags |= it->pack ? XL_CAPTURE_PACK : 0;
  c.flags |= it->init_braced ? XL_CAPTURE_INIT_BRACED : 0;
  c.kind = it->is_star_this ? XL_CAPTURE_STAR_THIS
           : it->is_this    ? XL_CAPTURE_THIS
           : it->is_init    ? XL_CAPTURE_INIT
                            : XL_CAPTURE_VAR;
  const char *name = c.kind == XL_CAPTURE_STAR_THIS
                         ? "*this"
                         : text(cx, it->name_begin, it->name_end);
  cap(cx, id).name = name;
  xl_loc loc = intro_loc(cx, it->name_begin);
  xl_range range = intro_range(cx, it->begin, it->end);
  cap(cx, id).loc = loc;
  cap(cx, id).range = range;
  if (it->is_init)
    fill_explicit_init(cx, id, it);
  for (unsigned j = 0; j < cx.ex.n && cap(cx, id).kind == XL_CAPTURE_VAR; j++)
    if (cx.ex.offsets[j] >= it->begin && cx.ex.offsets[j] < it->end)
      set_decl(cx, id, cx.ex.refs[j]);
  cx.used[i] = true;
}

/* The explicit item whose text holds the spelled offset, or -1. */
static int item_at(CapCtx &cx, const Loc &where) {
  if (!cx.intro)
    return -1;
  FileLoc s = spelling_loc(where);
  if (!file_equal(s.file, cx.intro->file))
    return -1;
  for (unsigned i = 0; i < cx.caps.nitems; i++)
    if (s.offset >= cx.caps.items[i].begin && s.offset < cx.caps.items[i].end)
      return static_cast<int>(i);
  return -1;
}

/* The VariableRef spelled where `where` is spelled, or -1. */
static int varref_at(CapCtx &cx, const Loc &where) {
  FileLoc s = spelling_loc(where);

  for (unsigned j = 0; j < cx.ex.n; j++)
    if (cx.ex.offsets[j] == s.offset && file_equal(cx.ex.files[j], s.file))
      return static_cast<int>(j);
  return -1;
}

/* An explicit capture whose text could not be read: what cursors say. */
static void fill_varref(CapCtx &cx, xl_id id, unsigned j, const Loc &where,
                        const CType &field) {
  Cursor decl = cx.ex.refs[j];
  unsigned off = expansion(location(decl)).offset;

  cap(cx, id).flags |= XL_CAPTURE_EXPLICIT;
  if (field.kind == CXType_LValueReference ||
      field.kind == CXType_RValueReference)
    cap(cx, id).flags |= XL_CAPTURE_BYREF;
  const char *name = fe_spelling_of(cx.fe, decl);
  xl_loc loc = fe_loc(cx.fe, where);
  cap(cx, id).name = name;
  cap(cx, id).loc = loc;
  if (off >= cx.fr.begin && off < cx.fr.end) {
    cap(cx, id).kind = XL_CAPTURE_INIT; /* declared by the introducer */
    return;
  }
  cap(cx, id).kind = XL_CAPTURE_VAR;
  set_decl(cx, id, decl);
}

static void fill_implicit(CapCtx &cx, xl_id id, const FeRef &r) {
  char def = cx.fe.facts->lambdas[cx.fr.id].capture_default;
  xl_loc loc = fe_loc(cx.fe, r.where);

  cap(cx, id).loc = loc;
  cap(cx, id).flags |= r.in_constexpr_if ? XL_CAPTURE_IN_CONSTEXPR_IF : 0;
  if (r.is_this) {
    cap(cx, id).kind = XL_CAPTURE_THIS;
    cap(cx, id).name = "this";
    xl_loc d = fe_loc(cx.fe, location(r.decl));
    cap(cx, id).decl = d;
    return;
  }
  cap(cx, id).kind = XL_CAPTURE_VAR;
  const char *name = fe_spelling_of(cx.fe, r.decl);
  cap(cx, id).name = name;
  cap(cx, id).flags |= def == '&' ? XL_CAPTURE_BYREF : 0;
  set_decl(cx, id, r.decl);
}

/* ---- captures from the closure's fields --------------------------------- */

/* The recorded use spelled where `where` is spelled, else the first one at
 * the same expansion position (uses inside one macro expansion share it). */
static const FeRef *ref_at(const FeLambdaFrame &fr, const Loc &where) {
  FileLoc s = spelling_loc(where);

  for (const FeRef &r : fr.refs) {
    FileLoc rs = spelling_loc(r.where);
    if (rs.offset == s.offset && file_equal(s.file, rs.file))
      return &r;
  }
  FileLoc e = expansion(where);
  for (const FeRef &r : fr.refs) {
    if (r.offset != e.offset)
      continue;
    if (file_equal(e.file, expansion(r.where).file))
      return &r;
  }
  return nullptr;
}

static void from_field(CapCtx &cx, const Cursor &field) {
  Loc where = location(field);
  CType ft = cursor_type(field);
  int i = item_at(cx, where);
  int j = i < 0 ? varref_at(cx, where) : -1;
  const FeRef *r = i < 0 && j < 0 ? ref_at(cx.fr, where) : nullptr;
  xl_id id = new_capture(cx);

  if (id == XL_NONE)
    return;
  if (i >= 0 && !cx.used[i]) {
    fill_explicit(cx, id, static_cast<unsigned>(i));
  } else if (j >= 0) {
    fill_varref(cx, id, static_cast<unsigned>(j), where, ft);
  } else if (r) {
    fill_implicit(cx, id, *r);
  } else {
    cap(cx, id).kind = XL_CAPTURE_VAR;
    cap(cx, id).name = "?";
    xl_loc loc = fe_loc(cx.fe, where);
    cap(cx, id).loc = loc;
  }
  xl_id ty = fe_type(cx.fe, ft);
  cap(cx, id).type = ty;
  if (cap(cx, id).var_type == XL_NONE)
    cap(cx, id).var_type = ty;
}

static void from_fields(CapCtx &cx, const CType &closure) {
  std::vector<Cursor> fields;

  visit_fields(closure, [&](const Cursor &f) {
    fields.push_back(f);
    return true;
  });
  for (const Cursor &f : fields) {
    from_field(cx, f);
    if (cx.fe.status != XL_OK)
      break;
  }
}

/* ---- captures from the uses (dependent closures) ------------------------ */

/* A const variable of scalar type with an initializer: using it as a value
 * is not an odr-use, so it is not captured. */
static bool constant_use(const Cursor &decl) {
  CType t = canonical_type(cursor_type(decl));

  if (decl.kind != CXCursor_VarDecl || !is_const_qualified(t))
    return false;
  if (!((t.kind >= CXType_FirstBuiltin && t.kind <= CXType_LastBuiltin) ||
        t.kind == CXType_Enum))
    return false;
  return !is_null(var_init(decl));
}

static bool already_captured(CapCtx &cx, const FeRef &r, size_t upto) {
  for (unsigned j = 0; j < cx.caps.nitems; j++) {
    const xl_capitem &it = cx.caps.items[j];
    if (r.is_this && (it.is_this || it.is_star_this))
      return true;
  }
  for (unsigned j = 0; j < cx.ex.n && !r.is_this; j++)
    if (equal(cx.ex.refs[j], r.decl))
      return true;
  for (size_t i = 0; i < upto; i++) {
    const FeRef &p = cx.fr.refs[i];
    if (p.unevaluated || (!p.is_this && constant_use(p.decl)))
      continue;
    if (p.is_this ? r.is_this : (!r.is_this && equal(p.decl, r.decl)))
      return true;
  }
  return false;
}

static void from_uses(CapCtx &cx) {
  for (unsigned i = 0; i < cx.caps.nitems; i++) {
    xl_id id = new_capture(cx);
    if (id == XL_NONE)
      return;
    fill_explicit(cx, id, i);
    if (cap(cx, id).var_type != XL_NONE)
      cap(cx, id).type = cap(cx, id).var_type;
  }
  if (!cx.caps.def)
    return;
  for (size_t k = 0; k < cx.fr.refs.size(); k++) {
    const FeRef &r = cx.fr.refs[k];
    if (r.unevaluated || (!r.is_this && constant_use(r.decl)) ||
        already_captured(cx, r, k))
      continue;
    xl_id id = new_capture(cx);
    if (id == XL_NONE)
      return;
    fill_implicit(cx, id, r);
    cap(cx, id).type = cap(cx, id).var_type;
  }
}

void fe_lambda_end(Fe &fe, FeLambdaFrame &fr) {
  auto cx = std::make_unique<CapCtx>(fe, fr);
  CType closure = cursor_type(fr.cursor);
  unsigned off;

  cx->intro = fe_spelling(fe, location(fr.cursor), &off);
  if (!cx->intro || !cx->intro->buf.data() ||
      xl_lex_caplist(&cx->caps, cx->intro->buf.data(), cx->intro->buf.size(),
                     off) < 0) {
    memset(&cx->caps, 0, sizeof(cx->caps));
    cx->intro = nullptr;
  }
  find_varrefs(fr.cursor, cx->ex);
  if (size_is_dependent(closure))
    from_uses(*cx);
  else
    from_fields(*cx, closure);
  fr.refs.clear();
}

} // namespace xlp
