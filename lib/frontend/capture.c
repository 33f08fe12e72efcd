/*
 * capture.c: a lambda's captures.
 *
 * Where the closure type is concrete, its fields are the truth: one field per
 * capture, in layout order, located at the explicit capture or at the first
 * use in the body, with the captured type. In a template pattern the closure
 * is dependent and has no fields, so the captures are derived from the uses
 * the walk recorded (odr-uses of outer locals and of 'this'), as nvcc does
 * when it checks a template definition.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fe.h"
#include "util/lex.h"

/* ---- recording uses ---------------------------------------------------- */

static int is_local_var(CXCursor d) {
  enum CXCursorKind k = clang_getCursorKind(d);

  if (k == CXCursor_ParmDecl)
    return 1;
  return k == CXCursor_VarDecl && !clang_Cursor_hasVarDeclGlobalStorage(d);
}

/* A member access whose base is the implicit 'this'. */
static enum CXChildVisitResult any_child(CXCursor c, CXCursor p,
                                         CXClientData data) {
  (void)c;
  (void)p;
  *(int *)data = 1;
  return CXChildVisit_Break;
}

static int implicit_this_member(CXCursor ref, CXCursor decl) {
  enum CXCursorKind k = clang_getCursorKind(decl);
  int has_base = 0;

  if (k == CXCursor_CXXMethod && clang_CXXMethod_isStatic(decl))
    return 0;
  if (k != CXCursor_FieldDecl && k != CXCursor_CXXMethod)
    return 0;
  clang_visitChildren(ref, any_child, &has_base);
  return !has_base;
}

/* Append a use of decl at cursor c to *refs; NULL when memory runs out. */
static fe_ref *push_ref(xl_fe *fe, fe_ref **refs, size_t *n, size_t *cap,
                        CXCursor c, CXCursor decl) {
  fe_ref *r;
  CXFile file;
  unsigned off;

  if (XL_GROW(*refs, *cap, *n + 1) < 0) {
    xl_fe_oom(fe);
    return NULL;
  }
  r = &(*refs)[(*n)++];
  memset(r, 0, sizeof(*r));
  r->where = clang_getCursorLocation(c);
  clang_getExpansionLocation(r->where, &file, NULL, NULL, &off);
  r->offset = off;
  r->decl = decl;
  return r;
}

static void add_ref(xl_fe *fe, fe_lambda_frame *fr, CXCursor c, CXCursor decl,
                    int is_this, unsigned unevaluated) {
  fe_ref *r = push_ref(fe, &fr->refs, &fr->nrefs, &fr->cap, c, decl);

  if (!r)
    return;
  r->is_this = is_this;
  r->in_constexpr_if = fr->constexpr_if_depth > 0;
  r->unevaluated = unevaluated > 0;
}

/* A use of a lambda's own local or init-capture (for renames). */
static void add_own(xl_fe *fe, fe_lambda_frame *fr, CXCursor c,
                    CXCursor decl) {
  (void)push_ref(fe, &fr->own, &fr->nown, &fr->own_cap, c, decl);
}

void xl_fe_note_ref(xl_fe *fe, CXCursor c, CXCursor parent) {
  enum CXCursorKind k = clang_getCursorKind(c);
  CXCursor decl = clang_getCursorReferenced(c);
  int is_this = 0;
  unsigned i, decl_off;
  CXFile decl_file;
  unsigned unevaluated = fe->at.unevaluated;

  if (k == CXCursor_CXXThisExpr)
    is_this = 1;
  else if (k == CXCursor_MemberRefExpr)
    is_this = implicit_this_member(c, decl);
  if (!is_this && (k != CXCursor_DeclRefExpr || !is_local_var(decl)))
    return;
  clang_getExpansionLocation(clang_getCursorLocation(decl), &decl_file, NULL,
                             NULL, &decl_off);
  for (i = fe->at.nlambdas; i-- > 0;) {
    fe_lambda_frame *fr = &fe->at.lambdas[i];
    /* a local declared inside this lambda is not captured by it */
    if (!is_this && decl_off >= fr->begin && decl_off < fr->end) {
      add_own(fe, fr, c, decl);
      break;
    }
    /* the lambda's own capture initialisers are uses in the outer scope */
    if (clang_equalCursors(parent, fr->cursor))
      continue;
    add_ref(fe, fr, c, decl, is_this, unevaluated);
  }
}

/* ---- explicit captures -------------------------------------------------- */

typedef struct explicit_refs {
  CXCursor refs[XL_CAPLIST_MAX];     /* variables named in the list */
  CXFile files[XL_CAPLIST_MAX];
  unsigned offsets[XL_CAPLIST_MAX];
  unsigned n;
} explicit_refs;

/* Look through implicit conversions (array-to-pointer decay, ...). */
static enum CXChildVisitResult first_child(CXCursor c, CXCursor p,
                                           CXClientData data) {
  (void)p;
  *(CXCursor *)data = c;
  return CXChildVisit_Break;
}

static CXCursor strip_implicit(CXCursor c) {
  while (clang_getCursorKind(c) == CXCursor_UnexposedExpr) {
    CXCursor child = clang_getNullCursor();
    clang_visitChildren(c, first_child, &child);
    if (clang_Cursor_isNull(child) || !clang_isExpression(child.kind))
      break;
    c = child;
  }
  return c;
}

/* The VariableRef children of a LambdaExpr name its explicit captures
 * (init-captures included: they refer to the init-capture variable). */
static enum CXChildVisitResult find_varrefs(CXCursor c, CXCursor p,
                                            CXClientData data) {
  explicit_refs *e = data;
  (void)p;

  if (clang_getCursorKind(c) == CXCursor_VariableRef && e->n < XL_CAPLIST_MAX) {
    clang_getSpellingLocation(clang_getCursorLocation(c), &e->files[e->n],
                              NULL, NULL, &e->offsets[e->n]);
    e->refs[e->n++] = clang_getCursorReferenced(c);
  }
  return CXChildVisit_Continue;
}

typedef struct cap_ctx {
  xl_fe *fe;
  fe_lambda_frame *fr;
  xl_lambda *lambda;      /* refreshed after each append */
  xl_caplist caps;
  const fe_file *intro;   /* file where the introducer is spelled */
  explicit_refs ex;
  int used[XL_CAPLIST_MAX];
} cap_ctx;

static xl_loc intro_loc(cap_ctx *cx, size_t offset) {
  xl_lambda *l = &cx->fe->facts->lambdas[cx->fr->id];

  if (l->flags & XL_LAMBDA_MACRO)
    return l->loc;
  return xl_fe_loc_spelled(cx->fe, cx->intro, offset); /* plain text */
}

static xl_range intro_range(cap_ctx *cx, size_t b, size_t e) {
  xl_range r;

  r.begin = intro_loc(cx, b);
  r.end = intro_loc(cx, e);
  return r;
}

static const char *text(cap_ctx *cx, size_t b, size_t e) {
  return xl_facts_strndup(cx->fe->facts, cx->intro->buf + b, e - b);
}

/* Append a capture for lambda fr->id; returns it (NULL when out of memory). */
static xl_capture *new_capture(cap_ctx *cx) {
  xl_capture *c;
  xl_id id;
  xl_lambda *l = &cx->fe->facts->lambdas[cx->fr->id];

  if (xl_facts_add_capture(&c, &id, cx->fe->facts) < 0) {
    xl_fe_oom(cx->fe);
    return NULL;
  }
  if (l->first_capture == XL_NONE)
    l->first_capture = id;
  l->ncaptures++;
  c->lambda = cx->fr->id;
  return c;
}

static void set_decl(cap_ctx *cx, xl_capture *c, CXCursor decl) {
  CXType t = clang_getCursorType(decl);
  xl_id ty = xl_fe_type(cx->fe, t);

  c->decl = xl_fe_loc(cx->fe, clang_getCursorLocation(decl));
  c->var_type = ty;
  if (xl_facts_type(cx->fe->facts, ty) &&
      (cx->fe->facts->types[ty].flags & XL_TYPE_PACK))
    c->flags |= XL_CAPTURE_PACK;
}

/*
 * 1 when the init-capture's name occurs nowhere in the enclosing function
 * (its parameters included) but as the capture's own name and inside the
 * lambda's body: a local of that name declared before the statement then
 * redeclares nothing, hides nothing the function uses and is not in its own
 * initializer (issue 18: extended_lambda_hd_init_capture's hoisting).
 */
/* The enclosing function's text in the introducer's file: [*b, *e). */
static int function_text(cap_ctx *cx, unsigned *b, unsigned *e) {
  const xl_lambda *l = &cx->fe->facts->lambdas[cx->fr->id];
  CXSourceRange ext;
  CXFile fb, fend;

  if ((l->flags & XL_LAMBDA_MACRO) || l->body.file != cx->intro->id ||
      !cx->fe->at.in_function)
    return 0;
  ext = clang_getCursorExtent(cx->fe->at.func_cursor);
  clang_getExpansionLocation(clang_getRangeStart(ext), &fb, NULL, NULL, b);
  clang_getExpansionLocation(clang_getRangeEnd(ext), &fend, NULL, NULL, e);
  return xl_fe_file(cx->fe, fb) == cx->intro &&
         clang_File_isEqual(fb, fend) && *e <= cx->intro->len;
}

/* The identifier tokens spelling s[0..n) in [b, e) of the introducer's file,
   outside [skip_b, skip_e) and other than the one at `self`. */
static unsigned occurrences(cap_ctx *cx, const char *s, size_t n, unsigned b,
                            unsigned e, size_t self, unsigned skip_b,
                            unsigned skip_e) {
  const char *buf = cx->intro->buf;
  unsigned count = 0;
  xl_lexer lx;
  xl_tok t;

  xl_lex_init(&lx, buf, e, b); /* comments and strings are skipped */
  while (xl_lex_next(&lx, &t) != XL_TOK_EOF) {
    if (t.kind != XL_TOK_IDENT || t.end - t.begin != n ||
        memcmp(buf + t.begin, s, n) != 0 || t.begin == self ||
        (t.begin >= skip_b && t.begin < skip_e))
      continue;
    count++;
  }
  return count;
}

static int fresh_name(cap_ctx *cx, const xl_capitem *it) {
  const xl_lambda *l = &cx->fe->facts->lambdas[cx->fr->id];
  size_t n = it->name_end - it->name_begin;
  unsigned b, e;

  if (!n || !function_text(cx, &b, &e))
    return 0;
  return occurrences(cx, cx->intro->buf + it->name_begin, n, b, e,
                     it->name_begin, l->body.offset, cx->fr->end) == 0;
}

/* 1 when the identifier at off of f's text is s[0..n). */
static int spells(const fe_file *f, unsigned off, const char *s, size_t n) {
  unsigned char next;

  if (off + n > f->len || memcmp(f->buf + off, s, n) != 0)
    return 0;
  next = off + n < f->len ? (unsigned char)f->buf[off + n] : 0;
  return !(isalnum(next) || next == '_');
}

/*
 * Every use of init-capture var in the body into locs (at most 64), each
 * spelling its name nm[0..n); 0 when a use comes from a macro, there are too
 * many, or a token of the name in the body is something else.
 */
static int collect_uses(cap_ctx *cx, CXCursor var, const char *nm, size_t n,
                        xl_loc *locs, uint32_t *nlocs) {
  const xl_lambda *l = &cx->fe->facts->lambdas[cx->fr->id];
  size_t k;
  unsigned i;

  *nlocs = 0;
  for (k = 0; k < cx->fr->nown; k++) {
    const fe_ref *r = &cx->fr->own[k];
    CXFile sf;
    unsigned soff;
    if (!clang_equalCursors(r->decl, var))
      continue;
    clang_getSpellingLocation(r->where, &sf, NULL, NULL, &soff);
    if (soff != r->offset || !clang_File_isEqual(sf, cx->intro->file) ||
        *nlocs == 64)
      return 0; /* spelled by a macro, or too many */
    if (!spells(cx->intro, soff, nm, n))
      continue; /* implicit (an inner lambda's capture): no name written */
    for (i = 0; i < *nlocs && locs[i].offset != soff; i++)
      ;
    if (i == *nlocs)
      locs[(*nlocs)++] = xl_fe_loc_spelled(cx->fe, cx->intro, soff);
  }
  return occurrences(cx, nm, n, l->body.offset, cx->fr->end, (size_t)-1, 0,
                     0) == *nlocs;
}

/*
 * An init-capture whose name is taken (issue 18): a new name for the hoisted
 * local ('n_1', the first of n_1..n_9 the function never spells) and every
 * use of the capture in the body, when each token of its name there is such
 * a use (no other entity of that name in the body, none from a macro).
 */
static void plan_rename(cap_ctx *cx, xl_capture *c, const xl_capitem *it,
                        CXCursor var) {
  const char *nm = cx->intro->buf + it->name_begin;
  size_t n = it->name_end - it->name_begin;
  xl_loc locs[64];
  uint32_t nlocs;
  char fresh[80];
  unsigned b, e, i;

  if (n + 3 > sizeof(fresh) || !function_text(cx, &b, &e) ||
      !collect_uses(cx, var, nm, n, locs, &nlocs))
    return;
  for (i = 1; i <= 9; i++) {
    snprintf(fresh, sizeof(fresh), "%.*s_%u", (int)n, nm, i);
    if (occurrences(cx, fresh, strlen(fresh), b, e, (size_t)-1, 0, 0) == 0)
      break;
  }
  if (i > 9)
    return;
  c->rename = xl_facts_strdup(cx->fe->facts, fresh);
  c->uses = xl_facts_locs(cx->fe->facts, locs, nlocs);
  c->nuses = c->uses || nlocs == 0 ? nlocs : 0;
}

/* The expression names a variable with static storage duration. */
static int names_global(CXCursor e) {
  CXCursor v = clang_getCursorReferenced(e);

  return clang_getCursorKind(e) == CXCursor_DeclRefExpr &&
         clang_getCursorKind(v) == CXCursor_VarDecl &&
         clang_Cursor_hasVarDeclGlobalStorage(v) == 1;
}

/*
 * An init-capture of a __device__ lambda initialised by the bare name of a
 * local array ('[t = table]', extended_lambda_init_capture_array): the array
 * can be captured itself when the body never spells its name; `rename` gets
 * the array's name, `uses` the capture's uses (XL_CAPTURE_ARRAY_LOCAL).
 */
static void plan_array(cap_ctx *cx, xl_capture *c, const xl_capitem *it,
                       CXCursor var, CXCursor init) {
  const xl_lambda *l = &cx->fe->facts->lambdas[cx->fr->id];
  CXCursor arr = clang_getCursorReferenced(init);
  xl_loc locs[64];
  uint32_t nlocs;
  unsigned b, e;

  if (l->space != XL_SPACE_DEVICE ||
      clang_getCursorKind(init) != CXCursor_DeclRefExpr || !is_local_var(arr) ||
      clang_getCursorType(arr).kind != CXType_ConstantArray ||
      !function_text(cx, &b, &e) ||
      !collect_uses(cx, var, cx->intro->buf + it->name_begin,
                    it->name_end - it->name_begin, locs, &nlocs))
    return;
  if (!spells(cx->intro, it->init_begin, c->init_text, strlen(c->init_text)) ||
      it->init_begin + strlen(c->init_text) != it->init_end ||
      occurrences(cx, c->init_text, strlen(c->init_text), l->body.offset,
                  cx->fr->end, (size_t)-1, 0, 0) != 0)
    return;
  c->rename = c->init_text;
  c->uses = xl_facts_locs(cx->fe->facts, locs, nlocs);
  c->nuses = c->uses || nlocs == 0 ? nlocs : 0;
  if (c->uses || nlocs == 0)
    c->flags |= XL_CAPTURE_ARRAY_LOCAL;
}

/* Fill a capture from an explicit item of the introducer. */
static void fill_explicit(cap_ctx *cx, xl_capture *c, unsigned i) {
  const xl_capitem *it = &cx->caps.items[i];
  unsigned j;

  c->flags |= XL_CAPTURE_EXPLICIT;
  c->flags |= it->byref ? XL_CAPTURE_BYREF : 0;
  c->flags |= it->pack ? XL_CAPTURE_PACK : 0;
  c->flags |= it->init_braced ? XL_CAPTURE_INIT_BRACED : 0;
  c->kind = it->is_star_this ? XL_CAPTURE_STAR_THIS
            : it->is_this    ? XL_CAPTURE_THIS
            : it->is_init    ? XL_CAPTURE_INIT
                             : XL_CAPTURE_VAR;
  c->name = c->kind == XL_CAPTURE_STAR_THIS ? "*this"
                                            : text(cx, it->name_begin, it->name_end);
  c->loc = intro_loc(cx, it->name_begin);
  c->range = intro_range(cx, it->begin, it->end);
  if (it->is_init) {
    c->init = intro_range(cx, it->init_begin, it->init_end);
    c->init_text = text(cx, it->init_begin, it->init_end);
    c->flags |= fresh_name(cx, it) ? XL_CAPTURE_NAME_FRESH : 0;
  }
  for (j = 0; j < cx->ex.n && it->is_init; j++) {
    if (cx->ex.offsets[j] == it->name_begin) {
      /* the initialiser's own type: an array stays an array */
      CXCursor init = clang_Cursor_getVarDeclInitializer(cx->ex.refs[j]);
      if (!clang_Cursor_isNull(init)) {
        c->var_type =
            xl_fe_type(cx->fe, clang_getCursorType(strip_implicit(init)));
        plan_array(cx, c, it, cx->ex.refs[j], strip_implicit(init));
        if (names_global(strip_implicit(init)))
          c->flags |= XL_CAPTURE_INIT_GLOBAL;
      }
      if (!(c->flags & (XL_CAPTURE_NAME_FRESH | XL_CAPTURE_ARRAY_LOCAL)))
        plan_rename(cx, c, it, cx->ex.refs[j]);
      break;
    }
  }
  for (j = 0; j < cx->ex.n && c->kind == XL_CAPTURE_VAR; j++)
    if (cx->ex.offsets[j] >= it->begin && cx->ex.offsets[j] < it->end)
      set_decl(cx, c, cx->ex.refs[j]);
  cx->used[i] = 1;
}

/* The explicit item whose text holds the spelled offset, or -1. */
static int item_at(cap_ctx *cx, CXSourceLocation where) {
  CXFile file;
  unsigned off, i;

  if (!cx->intro)
    return -1;
  clang_getSpellingLocation(where, &file, NULL, NULL, &off);
  if (!clang_File_isEqual(file, cx->intro->file))
    return -1;
  for (i = 0; i < cx->caps.nitems; i++)
    if (off >= cx->caps.items[i].begin && off < cx->caps.items[i].end)
      return (int)i;
  return -1;
}

/* The VariableRef spelled where `where` is spelled, or -1. */
static int varref_at(cap_ctx *cx, CXSourceLocation where) {
  CXFile file;
  unsigned off, j;

  clang_getSpellingLocation(where, &file, NULL, NULL, &off);
  for (j = 0; j < cx->ex.n; j++)
    if (cx->ex.offsets[j] == off && clang_File_isEqual(cx->ex.files[j], file))
      return (int)j;
  return -1;
}

/*
 * An explicit capture whose text could not be read (a capture list built by
 * a function-like macro from its arguments): what the cursors say.
 */
static void fill_varref(cap_ctx *cx, xl_capture *c, unsigned j,
                        CXSourceLocation where, CXType field) {
  CXCursor decl = cx->ex.refs[j];
  unsigned off;

  clang_getExpansionLocation(clang_getCursorLocation(decl), NULL, NULL, NULL,
                             &off);
  c->flags |= XL_CAPTURE_EXPLICIT;
  if (field.kind == CXType_LValueReference ||
      field.kind == CXType_RValueReference)
    c->flags |= XL_CAPTURE_BYREF;
  c->name = xl_fe_spelling_of(cx->fe, decl);
  c->loc = xl_fe_loc(cx->fe, where);
  if (off >= cx->fr->begin && off < cx->fr->end) {
    c->kind = XL_CAPTURE_INIT; /* declared by the introducer itself */
    return;
  }
  c->kind = XL_CAPTURE_VAR;
  set_decl(cx, c, decl);
}

static void fill_implicit(cap_ctx *cx, xl_capture *c, const fe_ref *r) {
  char def = cx->fe->facts->lambdas[cx->fr->id].capture_default;

  c->loc = xl_fe_loc(cx->fe, r->where);
  c->flags |= r->in_constexpr_if ? XL_CAPTURE_IN_CONSTEXPR_IF : 0;
  if (r->is_this) {
    c->kind = XL_CAPTURE_THIS;
    c->name = "this";
    c->decl = xl_fe_loc(cx->fe, clang_getCursorLocation(r->decl));
    return;
  }
  c->kind = XL_CAPTURE_VAR;
  c->name = xl_fe_spelling_of(cx->fe, r->decl);
  c->flags |= def == '&' ? XL_CAPTURE_BYREF : 0;
  set_decl(cx, c, r->decl);
}

/* ---- captures from the closure's fields --------------------------------- */

typedef struct field_list {
  CXCursor *items;
  size_t n, cap;
  int oom;
} field_list;

static enum CXVisitorResult collect_field(CXCursor c, CXClientData data) {
  field_list *fl = data;

  if (XL_GROW(fl->items, fl->cap, fl->n + 1) < 0) {
    fl->oom = 1;
    return CXVisit_Break;
  }
  fl->items[fl->n++] = c;
  return CXVisit_Continue;
}

/* The recorded use spelled where `where` is spelled, else the first one at
 * the same expansion position (uses inside one macro expansion share it). */
static const fe_ref *ref_at(const fe_lambda_frame *fr, CXSourceLocation where) {
  CXFile file, rfile;
  unsigned off, roff;
  size_t i;

  clang_getSpellingLocation(where, &file, NULL, NULL, &off);
  for (i = 0; i < fr->nrefs; i++) {
    clang_getSpellingLocation(fr->refs[i].where, &rfile, NULL, NULL, &roff);
    if (roff == off && clang_File_isEqual(file, rfile))
      return &fr->refs[i];
  }
  clang_getExpansionLocation(where, &file, NULL, NULL, &off);
  for (i = 0; i < fr->nrefs; i++) {
    if (fr->refs[i].offset != off)
      continue;
    clang_getExpansionLocation(fr->refs[i].where, &rfile, NULL, NULL, &roff);
    if (clang_File_isEqual(file, rfile))
      return &fr->refs[i];
  }
  return NULL;
}

static void from_fields(cap_ctx *cx, CXType closure) {
  field_list fl;
  size_t k;

  memset(&fl, 0, sizeof(fl));
  clang_Type_visitFields(closure, collect_field, &fl);
  if (fl.oom)
    xl_fe_oom(cx->fe);
  for (k = 0; k < fl.n; k++) {
    CXSourceLocation where = clang_getCursorLocation(fl.items[k]);
    CXType ft = clang_getCursorType(fl.items[k]);
    int i = item_at(cx, where);
    int j = i < 0 ? varref_at(cx, where) : -1;
    const fe_ref *r = i < 0 && j < 0 ? ref_at(cx->fr, where) : NULL;
    xl_capture *c = new_capture(cx);
    xl_id ty;

    if (!c)
      break;
    if (i >= 0 && !cx->used[i]) {
      fill_explicit(cx, c, (unsigned)i);
    } else if (j >= 0) {
      fill_varref(cx, c, (unsigned)j, where, ft);
    } else if (r) {
      fill_implicit(cx, c, r);
    } else {
      c->kind = XL_CAPTURE_VAR;
      c->name = "?";
      c->loc = xl_fe_loc(cx->fe, where);
    }
    ty = xl_fe_type(cx->fe, ft);
    c = &cx->fe->facts->captures[cx->fe->facts->ncaptures - 1];
    c->type = ty;
    if (c->var_type == XL_NONE)
      c->var_type = ty;
  }
  free(fl.items);
}

/* ---- captures from the uses (dependent closures) ------------------------ */

/* A const variable of scalar type with an initializer: using it as a value
 * is not an odr-use, so it is not captured. */
static int constant_use(CXCursor decl) {
  CXType t = clang_getCanonicalType(clang_getCursorType(decl));

  if (clang_getCursorKind(decl) != CXCursor_VarDecl ||
      !clang_isConstQualifiedType(t))
    return 0;
  if (!((t.kind >= CXType_FirstBuiltin && t.kind <= CXType_LastBuiltin) ||
        t.kind == CXType_Enum))
    return 0;
  return !clang_Cursor_isNull(clang_Cursor_getVarDeclInitializer(decl));
}

static int already_captured(cap_ctx *cx, const fe_ref *r, size_t upto) {
  size_t i;
  unsigned j;

  for (j = 0; j < cx->caps.nitems; j++) {
    const xl_capitem *it = &cx->caps.items[j];
    if (r->is_this && (it->is_this || it->is_star_this))
      return 1;
  }
  for (j = 0; j < cx->ex.n && !r->is_this; j++)
    if (clang_equalCursors(cx->ex.refs[j], r->decl))
      return 1;
  for (i = 0; i < upto; i++) {
    const fe_ref *p = &cx->fr->refs[i];
    if (p->unevaluated || (!p->is_this && constant_use(p->decl)))
      continue;
    if (p->is_this ? r->is_this != 0
                   : (r->is_this == 0 && clang_equalCursors(p->decl, r->decl)))
      return 1;
  }
  return 0;
}

static void from_uses(cap_ctx *cx) {
  unsigned i;
  size_t k;

  for (i = 0; i < cx->caps.nitems; i++) {
    xl_capture *c = new_capture(cx);
    if (!c)
      return;
    fill_explicit(cx, c, i);
    if (c->var_type != XL_NONE)
      c->type = c->var_type;
  }
  if (!cx->caps.def)
    return;
  for (k = 0; k < cx->fr->nrefs; k++) {
    const fe_ref *r = &cx->fr->refs[k];
    xl_capture *c;
    if (r->unevaluated || (!r->is_this && constant_use(r->decl)) ||
        already_captured(cx, r, k))
      continue;
    c = new_capture(cx);
    if (!c)
      return;
    fill_implicit(cx, c, r);
    c = &cx->fe->facts->captures[cx->fe->facts->ncaptures - 1];
    c->type = c->var_type;
  }
}

void xl_fe_lambda_end(xl_fe *fe, fe_lambda_frame *fr) {
  cap_ctx *cx = calloc(1, sizeof(*cx));
  CXType closure = clang_getCursorType(fr->cursor);
  unsigned off;

  if (!cx) {
    xl_fe_oom(fe);
    goto cleanup;
  }
  cx->fe = fe;
  cx->fr = fr;
  cx->intro = xl_fe_spelling(fe, clang_getCursorLocation(fr->cursor), &off);
  if (!cx->intro || !cx->intro->buf ||
      xl_lex_caplist(&cx->caps, cx->intro->buf, cx->intro->len, off) < 0) {
    memset(&cx->caps, 0, sizeof(cx->caps));
    cx->intro = NULL;
  }
  clang_visitChildren(fr->cursor, find_varrefs, &cx->ex);
  if (clang_Type_getSizeOf(closure) == CXTypeLayoutError_Dependent)
    from_uses(cx);
  else
    from_fields(cx, closure);
  xl_fe_copy_safety(fe, fr);
cleanup:
  free(cx);
  free(fr->refs);
  fr->refs = NULL;
  fr->nrefs = fr->cap = 0;
  free(fr->own);
  fr->own = NULL;
  fr->nown = fr->own_cap = 0;
}
