/*
 * scope.c: what surrounds a lambda.
 *
 * The enclosing classes (records: unnamed, local, private, templates and
 * their specializations), the template parameters of the enclosing function
 * and classes, the enclosing function's declaration (access specifier,
 * deduced return type, constexpr, body), and the lambda's own surroundings
 * (its closure type, the variable it initialises, a '__host__' written
 * directly, an annotation that nvcc reads as annotating operator()).
 */
#include <stdlib.h>
#include <string.h>

#include "fe.h"
#include "util/lex.h"

/* ---- small cursor predicates ------------------------------------------- */

int xl_fe_is_class(CXCursor c) {
  switch (clang_getCursorKind(c)) {
  case CXCursor_StructDecl: case CXCursor_ClassDecl: case CXCursor_UnionDecl:
  case CXCursor_ClassTemplate:
  case CXCursor_ClassTemplatePartialSpecialization:
    return 1;
  default:
    return 0;
  }
}

static int is_function_or_lambda(enum CXCursorKind k) {
  return k == CXCursor_FunctionDecl || k == CXCursor_CXXMethod ||
         k == CXCursor_Constructor || k == CXCursor_Destructor ||
         k == CXCursor_FunctionTemplate || k == CXCursor_ConversionFunction ||
         k == CXCursor_LambdaExpr;
}

int xl_fe_in_function(CXCursor decl) {
  CXCursor p = clang_getCursorSemanticParent(decl);

  while (!clang_Cursor_isNull(p) && !clang_isTranslationUnit(p.kind) &&
         !clang_isInvalid(p.kind)) {
    if (is_function_or_lambda(clang_getCursorKind(p)))
      return 1;
    p = clang_getCursorSemanticParent(p);
  }
  return 0;
}

/* ---- access specifiers -------------------------------------------------- */

typedef struct access_scan {
  CXFile file;
  unsigned before;
  CXCursor last;
  int have;
} access_scan;

static enum CXChildVisitResult find_access(CXCursor c, CXCursor p,
                                           CXClientData data) {
  access_scan *s = data;
  CXFile file;
  unsigned off;
  (void)p;

  if (clang_getCursorKind(c) != CXCursor_CXXAccessSpecifier)
    return CXChildVisit_Continue;
  clang_getExpansionLocation(clang_getCursorLocation(c), &file, NULL, NULL,
                             &off);
  if (clang_File_isEqual(file, s->file) && off < s->before) {
    s->last = c;
    s->have = 1;
  }
  return CXChildVisit_Continue;
}

xl_loc xl_fe_access_loc(xl_fe *fe, CXCursor decl) {
  access_scan s;
  CXCursor in_class = clang_getCanonicalCursor(decl);

  memset(&s, 0, sizeof(s));
  clang_getExpansionLocation(clang_getCursorLocation(in_class), &s.file, NULL,
                             NULL, &s.before);
  clang_visitChildren(clang_getCursorSemanticParent(decl), find_access, &s);
  return s.have ? xl_fe_loc(fe, clang_getCursorLocation(s.last))
                : xl_loc_none();
}

/* ---- types around a type ------------------------------------------------ */

xl_id xl_fe_type_parent(xl_fe *fe, CXCursor decl) {
  CXCursor p = clang_getCursorSemanticParent(decl);
  CXType t;

  if (!xl_fe_is_class(p))
    return XL_NONE;
  t = clang_getCursorType(p);
  if (t.kind == CXType_Invalid)
    return XL_NONE;
  return xl_fe_type(fe, t);
}

static enum CXChildVisitResult find_call_op(CXCursor c, CXCursor p,
                                            CXClientData data) {
  CXString s;
  int is_op;
  (void)p;

  if (clang_getCursorKind(c) != CXCursor_CXXMethod &&
      clang_getCursorKind(c) != CXCursor_FunctionTemplate)
    return CXChildVisit_Continue;
  s = clang_getCursorSpelling(c);
  is_op = strcmp(clang_getCString(s), "operator()") == 0;
  clang_disposeString(s);
  if (!is_op)
    return CXChildVisit_Continue;
  *(CXCursor *)data = c;
  return CXChildVisit_Break;
}

int xl_fe_closure_is_device(CXCursor closure) {
  CXCursor op = clang_getNullCursor();
  xl_space sp;

  clang_visitChildren(closure, find_call_op, &op);
  if (clang_Cursor_isNull(op))
    return 0;
  sp = xl_fe_decl_space(op, NULL);
  return sp == XL_SPACE_DEVICE || sp == XL_SPACE_HOST_DEVICE;
}

/* ---- template parameters ------------------------------------------------ */

/* An unnamed pack ('typename...'): the extent ends before the '...', the
 * location is after it. */
static uint32_t unnamed_pack(xl_fe *fe, CXCursor c, const fe_file *f,
                             unsigned e) {
  unsigned at;
  xl_lexer lx;
  xl_tok t;

  if (xl_fe_spelling(fe, clang_getCursorLocation(c), &at) != f || at <= e ||
      at > f->len)
    return 0;
  xl_lex_init(&lx, f->buf, at, e);
  while (xl_lex_next(&lx, &t) != XL_TOK_EOF)
    if (xl_tok_is(&lx, &t, "..."))
      return XL_TPARAM_PACK;
  return 0;
}

/* Pack ('...') and default ('=') of a template parameter, from its tokens. */
static uint32_t tparam_token_flags(xl_fe *fe, CXCursor c) {
  CXSourceRange ext = clang_getCursorExtent(c);
  unsigned b, e;
  const fe_file *f = xl_fe_spelling(fe, clang_getRangeStart(ext), &b);
  const fe_file *fe2 = xl_fe_spelling(fe, clang_getRangeEnd(ext), &e);
  xl_lexer lx;
  xl_tok t;
  int depth = 0;
  uint32_t flags = 0;

  if (!f || f != fe2 || !f->buf || e > f->len)
    return 0;
  xl_lex_init(&lx, f->buf, e, b);
  while (xl_lex_next(&lx, &t) != XL_TOK_EOF) {
    if (xl_tok_is(&lx, &t, "<") || xl_tok_is(&lx, &t, "("))
      depth++;
    else if (xl_tok_is(&lx, &t, ">") || xl_tok_is(&lx, &t, ")"))
      depth--;
    else if (depth == 0 && xl_tok_is(&lx, &t, "..."))
      flags |= XL_TPARAM_PACK;
    else if (depth == 0 && xl_tok_is(&lx, &t, "=")) {
      flags |= XL_TPARAM_DEFAULT;
      break;
    }
  }
  return flags | unnamed_pack(fe, c, f, e);
}

/*
 * Where a name goes in an unnamed template parameter: right after its last
 * token before a default ('=') or the list's ',' / '>' (the keyword, the
 * type or '...'). None when the parameter comes from a macro.
 */
static xl_loc tparam_name_at(xl_fe *fe, CXCursor c) {
  CXSourceLocation at = clang_getCursorLocation(c);
  CXSourceRange ext = clang_getCursorExtent(c);
  unsigned b, e;
  const fe_file *f = xl_fe_spelling(fe, clang_getRangeStart(ext), &b);
  const fe_file *f2 = xl_fe_spelling(fe, at, &e);
  xl_lexer lx;
  xl_tok t;
  int depth = 0;
  size_t last = 0;

  if (!f || f != f2 || !f->buf || e > f->len || e < b ||
      (xl_fe_loc(fe, at).flags & XL_LOC_MACRO))
    return xl_loc_none();
  /* clang places an unnamed parameter at the token after it (',', '>',
     '='): its tokens are those before */
  xl_lex_init(&lx, f->buf, f->len, b);
  while (xl_lex_next(&lx, &t) != XL_TOK_EOF && t.begin < e) {
    if (xl_tok_is(&lx, &t, "<") || xl_tok_is(&lx, &t, "("))
      depth++;
    else if (xl_tok_is(&lx, &t, ">") || xl_tok_is(&lx, &t, ")"))
      depth--;
    if (depth < 0 || (depth == 0 && (xl_tok_is(&lx, &t, "=") ||
                                     xl_tok_is(&lx, &t, ","))))
      break;
    last = t.end;
  }
  return last ? xl_fe_loc_at(fe, f, last) : xl_loc_none();
}

typedef struct tparam_scan {
  xl_fe *fe;
  xl_id first;
  uint32_t n;
} tparam_scan;

static enum CXChildVisitResult add_tparam(CXCursor c, CXCursor p,
                                          CXClientData data) {
  tparam_scan *s = data;
  enum CXCursorKind k = clang_getCursorKind(c);
  xl_tparam *tp;
  xl_id id;
  uint32_t flags;
  (void)p;

  if (k == CXCursor_TemplateTypeParameter)
    flags = XL_TPARAM_TYPE;
  else if (k == CXCursor_NonTypeTemplateParameter)
    flags = XL_TPARAM_NONTYPE;
  else if (k == CXCursor_TemplateTemplateParameter)
    flags = XL_TPARAM_TEMPLATE;
  else
    return CXChildVisit_Continue;
  flags |= tparam_token_flags(s->fe, c);
  if (xl_facts_add_tparam(&tp, &id, s->fe->facts) < 0) {
    xl_fe_oom(s->fe);
    return CXChildVisit_Break;
  }
  if (s->n++ == 0)
    s->first = id;
  tp = &s->fe->facts->tparams[id];
  tp->flags = flags;
  tp->loc = xl_fe_loc(s->fe, clang_getCursorLocation(c));
  tp->name = xl_fe_spelling_of(s->fe, c);
  if (!tp->name) {
    xl_loc at = tparam_name_at(s->fe, c);
    s->fe->facts->tparams[id].name_at = at;
  }
  return CXChildVisit_Continue;
}

uint32_t xl_fe_tparams(xl_fe *fe, CXCursor tmpl, xl_id *first) {
  tparam_scan s;

  s.fe = fe;
  s.first = XL_NONE;
  s.n = 0;
  if (!clang_Cursor_isNull(tmpl))
    clang_visitChildren(tmpl, add_tparam, &s);
  *first = s.first;
  return s.n;
}

/* ---- records ------------------------------------------------------------ */

static int is_unnamed(CXCursor cls) {
  CXString s = clang_getCursorSpelling(cls);
  const char *n = clang_getCString(s);
  int unnamed = !n || !*n || strncmp(n, "(unnamed", 8) == 0 ||
                strncmp(n, "(anonymous", 10) == 0;

  clang_disposeString(s);
  return unnamed || clang_Cursor_isAnonymous(cls);
}

static int is_partial(CXCursor c) {
  return clang_getCursorKind(c) == CXCursor_ClassTemplatePartialSpecialization;
}

static uint32_t record_flags(CXCursor cls) {
  CXCursor parent = clang_getCursorSemanticParent(cls);
  uint32_t flags = 0;

  if (is_unnamed(cls))
    flags |= XL_RECORD_UNNAMED;
  if (xl_fe_in_function(cls))
    flags |= XL_RECORD_LOCAL;
  if (xl_fe_is_class(parent)) {
    enum CX_CXXAccessSpecifier a = clang_getCXXAccessSpecifier(cls);
    flags |= a == CX_CXXPrivate     ? XL_RECORD_PRIVATE
             : a == CX_CXXProtected ? XL_RECORD_PROTECTED
                                    : 0;
  }
  if (clang_getCursorKind(cls) == CXCursor_ClassTemplate || is_partial(cls))
    flags |= XL_RECORD_TEMPLATE;
  else if (!clang_Cursor_isNull(clang_getSpecializedCursorTemplate(cls)))
    flags |= XL_RECORD_SPECIALIZATION;
  return flags;
}

/* The record's type arguments, when it is a specialization. */
static void record_targs(xl_fe *fe, xl_id id, CXType t) {
  xl_id args[32];
  uint32_t n = 0;
  int i, count = clang_Type_getNumTemplateArguments(t);

  for (i = 0; i < count && n < 32; i++) {
    CXType a = clang_Type_getTemplateArgumentAsType(t, (unsigned)i);
    if (a.kind != CXType_Invalid)
      args[n++] = xl_fe_type(fe, a);
  }
  fe->facts->records[id].targs = xl_facts_ids(fe->facts, args, n);
  fe->facts->records[id].ntargs = fe->facts->records[id].targs ? n : 0;
}

/* An unnamed class: the end of its 'struct'/'class'/'union' keyword when a
 * '{' or ':' follows it (nothing else between), else none. */
static xl_loc record_name_at(xl_fe *fe, CXCursor cls) {
  CXSourceLocation at = clang_getCursorLocation(cls);
  unsigned off;
  const fe_file *f = xl_fe_spelling(fe, at, &off);
  xl_lexer lx;
  xl_tok kw, next;

  if (!f || !f->buf || off >= f->len || (xl_fe_loc(fe, at).flags & XL_LOC_MACRO))
    return xl_loc_none();
  xl_lex_init(&lx, f->buf, f->len, off);
  if (xl_lex_next(&lx, &kw) == XL_TOK_EOF || xl_lex_next(&lx, &next) == XL_TOK_EOF)
    return xl_loc_none();
  if (!(xl_tok_is(&lx, &kw, "struct") || xl_tok_is(&lx, &kw, "class") ||
        xl_tok_is(&lx, &kw, "union")) ||
      !(xl_tok_is(&lx, &next, "{") || xl_tok_is(&lx, &next, ":")))
    return xl_loc_none();
  return xl_fe_loc_at(fe, f, kw.end);
}

static xl_id find_record(xl_fe *fe, CXCursor cls) {
  size_t i;

  for (i = 0; i < fe->recs.nrecs; i++)
    if (clang_equalCursors(fe->recs.rec_cursors[i], cls))
      return fe->recs.rec_ids[i];
  return XL_NONE;
}

static int remember_record(xl_fe *fe, CXCursor cls, xl_id id) {
  if (XL_GROW(fe->recs.rec_cursors, fe->recs.cap_rec_cursors, fe->recs.nrecs + 1) < 0 ||
      XL_GROW(fe->recs.rec_ids, fe->recs.cap_rec_ids, fe->recs.nrecs + 1) < 0) {
    xl_fe_oom(fe);
    return XL_ENOMEM;
  }
  fe->recs.rec_cursors[fe->recs.nrecs] = cls;
  fe->recs.rec_ids[fe->recs.nrecs++] = id;
  return XL_OK;
}

static const char *record_name(xl_fe *fe, CXCursor cls, uint32_t flags) {
  CXString s;
  const char *name;

  if (!(flags & XL_RECORD_SPECIALIZATION))
    return xl_fe_qualified_name(fe, cls);
  s = clang_getTypeSpelling(clang_getCursorType(cls));
  name = xl_facts_strdup(fe->facts, clang_getCString(s));
  clang_disposeString(s);
  return name;
}

/* Fill the record's template side: parameters, arguments, pattern. */
static void record_templates(xl_fe *fe, xl_id id, CXCursor cls) {
  CXCursor tmpl = clang_getSpecializedCursorTemplate(cls);
  uint32_t flags = fe->facts->records[id].flags;
  xl_id first = XL_NONE, pattern = XL_NONE;
  uint32_t n = 0;

  if (flags & XL_RECORD_TEMPLATE)
    n = xl_fe_tparams(fe, cls, &first);
  else if (flags & XL_RECORD_SPECIALIZATION)
    n = xl_fe_tparams(fe, tmpl, &first);
  if (flags & XL_RECORD_SPECIALIZATION) {
    record_targs(fe, id, clang_getCursorType(cls));
    pattern = xl_fe_record(fe, tmpl);
  }
  fe->facts->records[id].first_tparam = first;
  fe->facts->records[id].ntparams = n;
  fe->facts->records[id].pattern = pattern;
}

xl_id xl_fe_record(xl_fe *fe, CXCursor cls) {
  xl_record *r;
  xl_id id = find_record(fe, cls), parent = XL_NONE, type = XL_NONE;
  CXCursor pc = clang_getCursorSemanticParent(cls);
  CXType t = clang_getCursorType(cls);
  uint32_t flags;

  if (id != XL_NONE || !xl_fe_is_class(cls))
    return id;
  if (xl_fe_is_class(pc))
    parent = xl_fe_record(fe, pc);
  if (t.kind != CXType_Invalid && t.kind != CXType_Unexposed)
    type = xl_fe_type(fe, t);
  flags = record_flags(cls);
  if (xl_facts_add_record(&r, &id, fe->facts) < 0 ||
      remember_record(fe, cls, id) < 0) {
    xl_fe_oom(fe);
    return XL_NONE;
  }
  r->loc = xl_fe_loc(fe, clang_getCursorLocation(cls));
  r->flags = flags;
  r->parent = parent;
  r->type = type;
  r->name = record_name(fe, cls, flags);
  if (flags & XL_RECORD_UNNAMED) {
    xl_loc at = record_name_at(fe, cls);
    fe->facts->records[id].name_at = at;
  }
  if (flags & (XL_RECORD_PRIVATE | XL_RECORD_PROTECTED)) {
    xl_loc acc = xl_fe_access_loc(fe, cls);
    xl_widen w = xl_fe_widen(fe, cls);
    fe->facts->records[id].access = acc;
    fe->facts->records[id].widen = w;
  }
  record_templates(fe, id, cls);
  return id;
}

/* ---- the enclosing function's declaration ------------------------------- */

/* The function template whose parameters a function has, or null. */
static CXCursor template_of(CXCursor fn) {
  CXCursor t;

  if (clang_getCursorKind(fn) == CXCursor_FunctionTemplate)
    return fn;
  t = clang_getSpecializedCursorTemplate(fn);
  if (!clang_Cursor_isNull(t) &&
      clang_getCursorKind(t) == CXCursor_FunctionTemplate)
    return t;
  return clang_getNullCursor();
}

static enum CXChildVisitResult find_body(CXCursor c, CXCursor p,
                                         CXClientData data) {
  (void)p;
  if (clang_getCursorKind(c) != CXCursor_CompoundStmt)
    return CXChildVisit_Continue;
  *(CXCursor *)data = c;
  return CXChildVisit_Break;
}

typedef struct decl_tokens {
  uint32_t flags;        /* XL_FUNC_CONSTEXPR / XL_FUNC_CONSTEVAL */
  size_t cx_begin, cx_end; /* 'constexpr' and its blanks, when cx_end */
  size_t auto_begin, auto_end;
  int have_auto;
} decl_tokens;

/* 'decltype ( auto )' starting at t: its range into d. */
static void scan_decltype_auto(decl_tokens *d, xl_lexer *lx, const xl_tok *t) {
  xl_tok a, b, c;

  if (xl_lex_next(lx, &a) == XL_TOK_EOF || !xl_tok_is(lx, &a, "(") ||
      xl_lex_next(lx, &b) == XL_TOK_EOF || !xl_tok_is(lx, &b, "auto") ||
      xl_lex_next(lx, &c) == XL_TOK_EOF || !xl_tok_is(lx, &c, ")"))
    return;
  d->auto_begin = t->begin;
  d->auto_end = c.end;
  d->have_auto = 1;
}

/*
 * Scan the tokens before the function's name: 'constexpr', 'consteval' and
 * the 'auto' / 'decltype(auto)' of a deduced return type (skipping the
 * template head, whose 'auto' would be a parameter).
 */
static void scan_decl(decl_tokens *d, const char *buf, size_t begin,
                      size_t name) {
  xl_lexer lx;
  xl_tok t;
  int angle = 0, after_template = 0;

  memset(d, 0, sizeof(*d));
  xl_lex_init(&lx, buf, name, begin);
  while (xl_lex_next(&lx, &t) != XL_TOK_EOF) {
    if (xl_tok_is(&lx, &t, "template"))
      after_template = 1;
    else if (after_template && xl_tok_is(&lx, &t, "<"))
      angle++;
    else if (angle > 0 && xl_tok_is(&lx, &t, ">") && --angle == 0)
      after_template = 0;
    else if (angle > 0)
      continue;
    else if (xl_tok_is(&lx, &t, "constexpr")) {
      d->flags |= XL_FUNC_CONSTEXPR;
      d->cx_begin = t.begin;
      d->cx_end = t.end;
      while (d->cx_end < name &&
             (buf[d->cx_end] == ' ' || buf[d->cx_end] == '\t'))
        d->cx_end++;
    } else if (xl_tok_is(&lx, &t, "consteval"))
      d->flags |= XL_FUNC_CONSTEVAL;
    else if (!d->have_auto && xl_tok_is(&lx, &t, "decltype"))
      scan_decltype_auto(d, &lx, &t);
    else if (!d->have_auto && xl_tok_is(&lx, &t, "auto")) {
      d->auto_begin = t.begin;
      d->auto_end = t.end;
      d->have_auto = 1;
    }
  }
}

/* A template pattern's plain 'auto': the type its returns spell, if any. */
static void read_pattern_return(xl_fe *fe, xl_id id, CXType rt,
                                CXCursor body) {
  CXString s = clang_getTypeSpelling(rt);
  int plain = strcmp(clang_getCString(s), "auto") == 0;
  char *spelled;

  clang_disposeString(s);
  if (!plain) /* 'decltype(auto)' keeps references: not read here */
    return;
  spelled = xl_fe_pattern_return(body);
  if (!spelled)
    return;
  fe->facts->funcs[id].ret_spelling = xl_facts_strdup(fe->facts, spelled);
  fe->facts->funcs[id].flags |= XL_FUNC_RET_FROM_PATTERN;
  free(spelled);
}

/* Deduced return type: its type, spelling and the written 'auto'. */
static void read_return(xl_fe *fe, xl_id id, CXCursor fn, CXCursor body) {
  CXType rt = clang_getResultType(clang_getCursorType(fn));
  CXType canon = clang_getCanonicalType(rt);
  CXString s;
  xl_id ty = XL_NONE;
  const char *text = NULL;

  if (rt.kind == CXType_Invalid)
    return;
  if (rt.kind == CXType_Auto)
    fe->facts->funcs[id].flags |= XL_FUNC_DEDUCED_RETURN;
  if (canon.kind == CXType_Auto || canon.kind == CXType_Dependent ||
      canon.kind == CXType_Unexposed) {
    if (rt.kind == CXType_Auto) /* not deduced yet (a template pattern) */
      read_pattern_return(fe, id, rt, body);
    return;
  }
  ty = xl_fe_type(fe, rt);
  s = clang_getTypeSpelling(rt);
  text = xl_facts_strdup(fe->facts, clang_getCString(s));
  clang_disposeString(s);
  fe->facts->funcs[id].ret_type = ty;
  if (rt.kind == CXType_Auto)
    fe->facts->funcs[id].ret_spelling = text;
}

/* The file and expansion offset of a location (where the user reads it). */
static fe_file *expansion(xl_fe *fe, CXSourceLocation loc, unsigned *off) {
  CXFile file;

  clang_getExpansionLocation(loc, &file, NULL, NULL, off);
  return xl_fe_file(fe, file);
}

/* 1 when token t of f's text is w. */
static int tok_is(const fe_file *f, const xl_tok *t, const char *w) {
  size_t n = strlen(w);

  return t->end - t->begin == n && memcmp(f->buf + t->begin, w, n) == 0;
}

/*
 * 1 when the file writes 'T *p' rather than 'T* p', counted over its tokens
 * (comments and strings skipped): a '*' or '&' between two names, with a
 * blank on one side only ('return *p' is no declaration).
 */
static int binds_right(const fe_file *f) {
  size_t right = 0, left = 0;
  xl_lexer lx;
  xl_tok a = {XL_TOK_EOF, 0, 0}, b = a, c;

  xl_lex_init(&lx, f->buf, f->len, 0);
  while (xl_lex_next(&lx, &c) != XL_TOK_EOF) {
    if (a.kind == XL_TOK_IDENT && !tok_is(f, &a, "return") &&
        b.kind == XL_TOK_PUNCT && b.end == b.begin + 1 &&
        (f->buf[b.begin] == '*' || f->buf[b.begin] == '&') &&
        c.kind == XL_TOK_IDENT) {
      right += a.end < b.begin && b.end == c.begin;
      left += a.end == b.begin && b.end < c.begin;
    }
    a = b;
    b = c;
  }
  return right >= left;
}

/*
 * The deduced return type as the file would write it (issue 18): clang
 * prints 'float *' and 'Pool &'; a file that writes 'T* p' gets 'float*',
 * one that writes 'T *p' gets 'float *' with the blanks after 'auto'
 * replaced too ('float *run(').
 */
static void restyle_return(xl_fe *fe, const fe_file *f, xl_func *fx,
                           unsigned auto_end) {
  const char *t = fx->ret_spelling;
  size_t n = t ? strlen(t) : 0, k = n;
  unsigned e = auto_end;
  char *out;

  while (k > 0 && (t[k - 1] == '*' || t[k - 1] == '&'))
    k--;
  if (k == n || k < 2 || t[k - 1] != ' ')
    return; /* not a pointer or reference as clang prints it */
  out = (char *)xl_facts_strdup(fe->facts, t);
  if (!out)
    return;
  if (binds_right(f)) {
    while (e < f->len && (f->buf[e] == ' ' || f->buf[e] == '\t'))
      e++;
    fx->ret_range.end = xl_fe_loc_at(fe, f, e);
  } else {
    memmove(out + k - 1, out + k, n - k + 1); /* 'float *' -> 'float*' */
  }
  fx->ret_spelling = out;
}

static void read_decl_tokens(xl_fe *fe, xl_id id, CXCursor fn) {
  unsigned b, n;
  CXSourceRange ext = clang_getCursorExtent(fn);
  const fe_file *f = expansion(fe, clang_getRangeStart(ext), &b);
  const fe_file *nf = expansion(fe, clang_getCursorLocation(fn), &n);
  decl_tokens d;
  xl_func *fx;

  if (!f || f != nf || !f->buf || n < b || n > f->len)
    return;
  scan_decl(&d, f->buf, b, n);
  fx = &fe->facts->funcs[id];
  fx->flags |= d.flags;
  if (d.cx_end && !(fx->flags & XL_FUNC_HAS_DECL) &&
      !(xl_fe_loc(fe, clang_getCursorLocation(fn)).flags & XL_LOC_MACRO)) {
    fx->constexpr_range.begin = xl_fe_loc_at(fe, f, d.cx_begin);
    fx->constexpr_range.end = xl_fe_loc_at(fe, f, d.cx_end);
  }
  if (d.have_auto && (fx->flags & XL_FUNC_DEDUCED_RETURN)) {
    fx->ret_range.begin = xl_fe_loc_at(fe, f, d.auto_begin);
    fx->ret_range.end = xl_fe_loc_at(fe, f, d.auto_end);
    fx->ret_loc = fx->ret_range.begin;
    restyle_return(fe, f, fx, d.auto_end);
  }
}

void xl_fe_func_scope(xl_fe *fe, xl_id id, CXCursor fn) {
  CXCursor body = clang_getNullCursor();
  CXCursor lex = clang_getCursorLexicalParent(fn);
  CXCursor sem = clang_getCursorSemanticParent(fn);
  xl_id first;
  uint32_t n = xl_fe_tparams(fe, template_of(fn), &first), flags;
  xl_range br;
  xl_loc acc = xl_loc_none();

  /* a defaulted function has no written body: clang's synthesized one
     (once it is used) sits on the 'default' keyword */
  if (!(fe->facts->funcs[id].flags & XL_FUNC_DEFAULTED))
    clang_visitChildren(fn, find_body, &body);
  br = clang_Cursor_isNull(body) ? fe->facts->funcs[id].body
                                 : xl_fe_range_ending(fe, body, '}');
  flags = fe->facts->funcs[id].flags;
  if (flags & (XL_FUNC_PRIVATE | XL_FUNC_PROTECTED)) {
    acc = xl_fe_access_loc(fe, fn);
    fe->facts->funcs[id].widen = xl_fe_widen(fe, fn);
  }
  fe->facts->funcs[id].first_tparam = first;
  fe->facts->funcs[id].ntparams = n;
  fe->facts->funcs[id].body = br;
  fe->facts->funcs[id].access = acc;
  if (!clang_equalCursors(clang_getCanonicalCursor(fn), fn))
    fe->facts->funcs[id].flags |= XL_FUNC_HAS_DECL;
  if (xl_fe_is_class(sem) && !clang_equalCursors(lex, sem))
    fe->facts->funcs[id].flags |= XL_FUNC_OUT_OF_LINE;
  read_return(fe, id, fn, body);
  read_decl_tokens(fe, id, fn);
}

/* ---- a lambda's surroundings -------------------------------------------- */

static enum CXChildVisitResult first_child(CXCursor c, CXCursor p,
                                           CXClientData data) {
  (void)p;
  *(CXCursor *)data = c;
  return CXChildVisit_Break;
}

/* Look through implicit wrappers (copies, materialised temporaries). */
static CXCursor strip_unexposed(CXCursor c) {
  while (clang_getCursorKind(c) == CXCursor_UnexposedExpr ||
         clang_getCursorKind(c) == CXCursor_CallExpr) {
    CXCursor child = clang_getNullCursor();
    clang_visitChildren(c, first_child, &child);
    if (clang_Cursor_isNull(child))
      break;
    c = child;
  }
  return c;
}

typedef struct var_scan {
  CXCursor lambda;
  CXCursor var;
  int found;
} var_scan;

static enum CXChildVisitResult find_var(CXCursor c, CXCursor p,
                                        CXClientData data) {
  var_scan *s = data;
  CXCursor init;
  (void)p;

  if (clang_getCursorKind(c) != CXCursor_VarDecl)
    return CXChildVisit_Continue;
  init = strip_unexposed(clang_Cursor_getVarDeclInitializer(c));
  if (clang_equalCursors(init, s->lambda)) {
    s->var = c;
    s->found = 1;
    return CXChildVisit_Break;
  }
  return CXChildVisit_Continue;
}

/* The variable whose initializer is the lambda, when the statement is a
 * declaration. */
static void read_var(xl_fe *fe, xl_id id, CXCursor c) {
  var_scan s;

  if (!fe->at.have_stmt || clang_getCursorKind(fe->at.stmt) != CXCursor_DeclStmt)
    return;
  memset(&s, 0, sizeof(s));
  s.lambda = c;
  clang_visitChildren(fe->at.stmt, find_var, &s);
  if (!s.found)
    return;
  fe->facts->lambdas[id].var =
      xl_fe_loc(fe, clang_getCursorLocation(s.var));
  fe->facts->lambdas[id].var_name = xl_fe_spelling_of(fe, s.var);
}

/* The offset of the ')' closing the '(' at open, or 0. */
static size_t close_paren(const fe_file *f, size_t open) {
  xl_lexer lx;
  xl_tok t;
  int depth = 0;

  xl_lex_init(&lx, f->buf, f->len, open);
  while (xl_lex_next(&lx, &t) != XL_TOK_EOF) {
    if (xl_tok_is(&lx, &t, "("))
      depth++;
    else if (xl_tok_is(&lx, &t, ")") && --depth == 0)
      return t.begin;
  }
  return 0;
}

/*
 * Read the declarator between the introducer and the body: a '__host__'
 * written there (for the fix-it that removes it), a '__device__' (for the
 * one that writes '__host__' before it) and an execution-space
 * annotation after the parameter list (nvcc reads it as annotating
 * operator() itself: the lambda is then not extended).
 */
static void read_declarator(xl_fe *fe, xl_lambda *l, const fe_file *f) {
  xl_lexer lx;
  xl_tok t;
  size_t close = 0;

  if (l->params_loc.offset != l->body.offset &&
      !(l->params_loc.flags & XL_LOC_MACRO))
    close = close_paren(f, l->params_loc.offset);
  if (close && xl_loc_valid(l->annot) && l->annot.file == l->body.file &&
      l->annot.offset > close && l->annot.offset < l->body.offset) {
    l->flags |= XL_LAMBDA_OPERATOR_ANNOTATED;
    l->flags &= ~XL_LAMBDA_EXTENDED;
    xl_fe_annotation_read(fe, l, f, l->annot.offset);
  }
  if (l->flags & XL_LAMBDA_MACRO || !xl_loc_valid(l->intro.end) ||
      l->body.offset <= l->intro.end.offset || l->body.offset > f->len)
    return;
  xl_lex_init(&lx, f->buf, l->body.offset, l->intro.end.offset);
  while (xl_lex_next(&lx, &t) != XL_TOK_EOF) {
    size_t end = t.end;
    xl_range *r = xl_tok_is(&lx, &t, "__host__")     ? &l->host_annot
                  : xl_tok_is(&lx, &t, "__device__") ? &l->device_annot
                                                     : NULL;
    if (!r || xl_loc_valid(r->begin))
      continue;
    while (end < l->body.offset && (f->buf[end] == ' ' || f->buf[end] == '\t'))
      end++;
    r->begin = xl_fe_loc_at(fe, f, t.begin);
    r->end = xl_fe_loc_at(fe, f, end);
  }
}

void xl_fe_lambda_scope(xl_fe *fe, xl_id id, CXCursor c) {
  CXType ct = clang_getCursorType(c);
  xl_id closure = xl_fe_type(fe, ct);
  unsigned off;
  const fe_file *f = xl_fe_spelling(fe, clang_getCursorLocation(c), &off);
  xl_lambda *l;

  read_var(fe, id, c);
  l = &fe->facts->lambdas[id];
  l->closure = closure;
  if (closure != XL_NONE && fe->facts->types[closure].lambda == XL_NONE)
    fe->facts->types[closure].lambda = id;
  if (clang_Type_getSizeOf(ct) == CXTypeLayoutError_Dependent)
    l->flags |= XL_LAMBDA_DEPENDENT;
  if (fe->inst.instance)
    l->flags |= XL_LAMBDA_INSTANCE;
  xl_fe_macro_twin(fe, l, c);
  if (!f || !f->buf || f->id != l->body.file || f->id != l->loc.file)
    return;
  read_declarator(fe, l, f);
  xl_fe_annotation_blanked(fe, l, f);
}
