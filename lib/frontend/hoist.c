/*
 * hoist.c: moving a type local to a function to namespace scope (issue 18,
 * the fix-it of the local-type rules).
 *
 * A local class or enum can move in front of the outermost declaration
 * around its function (the function, its class or its template, in the same
 * namespace) when its definition is written directly in a file, is its
 * first declaration, ends with its own ';', names nothing declared in the
 * function or the classes and templates around it, and its name (and an
 * enum's enumerators) appears nowhere else in the file outside the
 * function. The proposal is recorded on the xl_type: the text to remove,
 * the text to insert and where.
 */
#include <string.h>

#include "fe.h"
#include "util/lex.h"

#define MAX_ANCESTORS 32
#define MAX_NAMES 64

/* The definition being examined and what it must not reference. */
typedef struct hoist_ctx {
  xl_fe *fe;
  const fe_file *file;
  unsigned def_begin, def_end;     /* the definition's extent */
  unsigned outer_begin, outer_end; /* the outermost enclosing declaration */
  CXCursor ancestors[MAX_ANCESTORS]; /* the classes around the function */
  unsigned nancestors;
  const char *names[MAX_NAMES];    /* enumerators (clash-checked too) */
  unsigned nnames;
  int refused;
} hoist_ctx;

static int is_function_kind(enum CXCursorKind k) {
  return k == CXCursor_FunctionDecl || k == CXCursor_CXXMethod ||
         k == CXCursor_Constructor || k == CXCursor_Destructor ||
         k == CXCursor_ConversionFunction || k == CXCursor_FunctionTemplate;
}

static int is_scope_kind(enum CXCursorKind k) {
  return k == CXCursor_Namespace || k == CXCursor_LinkageSpec ||
         k == CXCursor_TranslationUnit;
}

/* 1 when loc is written directly in file f (not in a macro expansion);
 * *off gets its offset. */
static int plain_pos(const fe_file *f, CXSourceLocation loc, unsigned *off) {
  CXFile file;

  return xl_fe_spelled_in_place(loc, &file, off) &&
         clang_File_isEqual(file, f->file) && *off <= f->len;
}

/* The extent of c in file f, or 0 when it is elsewhere or in a macro. */
static int extent_in(CXCursor c, const fe_file *f, unsigned *b, unsigned *e) {
  CXSourceRange r = clang_getCursorExtent(c);

  return plain_pos(f, clang_getRangeStart(r), b) &&
         plain_pos(f, clang_getRangeEnd(r), e) && *b <= *e;
}

static int same_decl(CXCursor a, CXCursor b) {
  return clang_equalCursors(clang_getCanonicalCursor(a),
                            clang_getCanonicalCursor(b));
}

/* ---- what the definition references ----------------------------------- */

static int is_template_param(enum CXCursorKind k) {
  return k == CXCursor_TemplateTypeParameter ||
         k == CXCursor_NonTypeTemplateParameter ||
         k == CXCursor_TemplateTemplateParameter;
}

/* 1 when the type at namespace scope may still name r. */
static int ref_ok(hoist_ctx *h, CXCursor r) {
  CXFile file;
  unsigned off, i, depth;
  CXCursor p;

  clang_getExpansionLocation(clang_getCursorLocation(r), &file, NULL, NULL,
                             &off);
  if (file && clang_File_isEqual(file, h->file->file)) {
    if (off >= h->def_begin && off < h->def_end)
      return 1; /* declared inside the type */
    if (off >= h->outer_begin && off < h->outer_end)
      return 0; /* in the function, its class or its template */
  }
  if (is_template_param(clang_getCursorKind(r)))
    return 0;
  p = clang_getCursorSemanticParent(r);
  for (depth = 0; depth < MAX_ANCESTORS && !clang_Cursor_isNull(p) &&
                  !clang_isInvalid(clang_getCursorKind(p)) &&
                  !clang_isTranslationUnit(clang_getCursorKind(p));
       depth++) {
    if (is_function_kind(clang_getCursorKind(p)))
      return 0;
    for (i = 0; i < h->nancestors; i++)
      if (same_decl(p, h->ancestors[i]))
        return 0; /* a member of a class around the function */
    p = clang_getCursorSemanticParent(p);
  }
  return 1;
}

static enum CXChildVisitResult visit_ref(CXCursor c, CXCursor parent,
                                         CXClientData data) {
  hoist_ctx *h = data;
  enum CXCursorKind k = clang_getCursorKind(c);
  CXCursor r;
  (void)parent;

  if (k == CXCursor_EnumConstantDecl && h->nnames < MAX_NAMES) {
    h->names[h->nnames] = xl_fe_spelling_of(h->fe, c);
    h->nnames += h->names[h->nnames] != NULL;
  } else if (k == CXCursor_EnumConstantDecl) {
    h->refused = 1;
  }
  if ((k >= CXCursor_FirstRef && k <= CXCursor_LastRef) ||
      clang_isExpression(k)) {
    r = clang_getCursorReferenced(c);
    if (!clang_Cursor_isNull(r) && !clang_isInvalid(clang_getCursorKind(r)) &&
        !ref_ok(h, r))
      h->refused = 1;
  }
  return h->refused ? CXChildVisit_Break : CXChildVisit_Recurse;
}

/* ---- where the type goes ----------------------------------------------- */

/* The search for the outermost declaration around offset `at`. */
typedef struct outer_find {
  xl_fe *fe;
  const fe_file *file;
  unsigned at;
  CXCursor found;
  unsigned begin, end;
  unsigned prev_end; /* end of the last sibling in the file before it */
  int is_scope;
} outer_find;

static enum CXChildVisitResult find_outer(CXCursor c, CXCursor parent,
                                          CXClientData data) {
  outer_find *o = data;
  unsigned b, e;
  (void)parent;

  if (!extent_in(c, o->file, &b, &e))
    return CXChildVisit_Continue;
  if (e <= o->at) {
    o->prev_end = e > o->prev_end ? e : o->prev_end;
    return CXChildVisit_Continue;
  }
  if (b > o->at)
    return CXChildVisit_Continue;
  o->found = c;
  o->begin = b;
  o->end = e;
  o->is_scope = is_scope_kind(clang_getCursorKind(c));
  return CXChildVisit_Break;
}

/* 1 when only ';' and preprocessor lines lie in buf[from, to). */
static int only_semis(const fe_file *f, size_t from, size_t to) {
  xl_lexer lx;
  xl_tok t;
  size_t ls;

  xl_lex_init(&lx, f->buf, to, from);
  while (xl_lex_next(&lx, &t) != XL_TOK_EOF) {
    if (xl_tok_is(&lx, &t, ";"))
      continue;
    if (!xl_tok_is(&lx, &t, "#"))
      return 0;
    for (ls = t.begin; ls > 0 && (f->buf[ls - 1] == ' ' ||
                                  f->buf[ls - 1] == '\t'); ls--)
      ;
    if (ls > 0 && f->buf[ls - 1] != '\n')
      return 0;
    while (lx.pos < to && (f->buf[lx.pos] != '\n' ||
                           f->buf[lx.pos - 1] == '\\'))
      lx.pos++;
  }
  return 1;
}

/* The offset just after the '{' of a namespace or linkage block that starts
 * at b; (size_t)-1 when there is none before e. */
static size_t after_brace(const fe_file *f, unsigned b, unsigned e) {
  xl_lexer lx;
  xl_tok t;

  xl_lex_init(&lx, f->buf, e, b);
  while (xl_lex_next(&lx, &t) != XL_TOK_EOF)
    if (xl_tok_is(&lx, &t, "{"))
      return t.end;
  return (size_t)-1;
}

static size_t line_start(const fe_file *f, size_t at) {
  while (at > 0 && f->buf[at - 1] != '\n')
    at--;
  return at;
}

static int blanks(const fe_file *f, size_t from, size_t to) {
  for (; from < to; from++)
    if (f->buf[from] != ' ' && f->buf[from] != '\t')
      return 0;
  return 1;
}

/*
 * The outermost declaration around offset `at` directly inside a namespace
 * (or the file): fills h->outer_begin/end and returns the insertion offset
 * (its line's start), or (size_t)-1 when something else precedes it there.
 */
static size_t insertion_point(hoist_ctx *h, unsigned at) {
  outer_find o;
  CXCursor scope = clang_getTranslationUnitCursor(h->fe->tu);
  size_t from = 0, ls;
  unsigned depth;

  memset(&o, 0, sizeof(o));
  o.fe = h->fe;
  o.file = h->file;
  o.at = at;
  for (depth = 0; depth < MAX_ANCESTORS; depth++) {
    o.found = clang_getNullCursor();
    o.prev_end = 0;
    clang_visitChildren(scope, find_outer, &o);
    if (clang_Cursor_isNull(o.found))
      return (size_t)-1;
    if (o.prev_end > from)
      from = o.prev_end;
    if (!o.is_scope)
      break;
    from = after_brace(h->file, o.begin, o.end);
    if (from == (size_t)-1)
      return from;
    scope = o.found;
  }
  if (o.is_scope)
    return (size_t)-1;
  h->outer_begin = o.begin;
  h->outer_end = o.end;
  ls = line_start(h->file, o.begin);
  if (!blanks(h->file, ls, o.begin) || ls < from ||
      !only_semis(h->file, from, ls))
    return (size_t)-1;
  return ls;
}

/* ---- names and text ----------------------------------------------------- */

static int keyword_before(const fe_file *f, size_t prev_b, size_t prev_e) {
  static const char *const kw[] = {"struct", "class", "union", "enum"};
  size_t i, n = prev_e - prev_b;

  for (i = 0; i < sizeof(kw) / sizeof(kw[0]); i++)
    if (strlen(kw[i]) == n && memcmp(f->buf + prev_b, kw[i], n) == 0)
      return 1;
  return 0;
}

/*
 * 1 when `name` is written in the file only inside [fn_b, fn_e), and there
 * declared as a class or enum only at `own` (0: nowhere).
 */
static int name_free(const fe_file *f, const char *name, unsigned fn_b,
                     unsigned fn_e, unsigned own) {
  size_t n = strlen(name), pb = 0, pe = 0;
  xl_lexer lx;
  xl_tok t;

  xl_lex_init(&lx, f->buf, f->len, 0);
  while (xl_lex_next(&lx, &t) != XL_TOK_EOF) {
    if (t.kind == XL_TOK_IDENT && t.end - t.begin == n &&
        memcmp(f->buf + t.begin, name, n) == 0) {
      if (t.begin < fn_b || t.begin >= fn_e)
        return 0;
      if (t.begin != own && keyword_before(f, pb, pe))
        return 0;
    }
    pb = t.begin;
    pe = t.end;
  }
  return 1;
}

/* 1 when a line in buf[from, to) starts with '#'. */
static int has_directive(const fe_file *f, size_t from, size_t to) {
  size_t i;
  int bol = 1;

  for (i = from; i < to; i++) {
    char c = f->buf[i];
    if (c == '#' && bol)
      return 1;
    if (c == '\n')
      bol = 1;
    else if (c != ' ' && c != '\t')
      bol = 0;
  }
  return 0;
}

/* buf[b, e) with up to `indent` blanks removed from each later line, then
 * a blank line; copied into the facts. */
static const char *dedent(xl_fe *fe, const fe_file *f, size_t b, size_t e,
                          size_t indent) {
  xl_buf out = XL_BUF_INIT;
  const char *copy;
  size_t i, k;

  for (i = b; i < e; i++) {
    xl_buf_put(&out, f->buf + i, 1);
    if (f->buf[i] != '\n')
      continue;
    for (k = 0; k < indent && i + 1 < e &&
                (f->buf[i + 1] == ' ' || f->buf[i + 1] == '\t');
         k++)
      i++;
  }
  xl_buf_puts(&out, "\n\n");
  copy = out.data ? xl_facts_strndup(fe->facts, out.data, out.len) : NULL;
  xl_buf_free(&out);
  if (!copy)
    xl_fe_oom(fe);
  return copy;
}

/* ---- the proposal -------------------------------------------------------- */

/* 1 when fn is a lambda's operator() (its class has no name). */
static int in_closure(CXCursor fn) {
  CXCursor cls = clang_getCursorSemanticParent(fn);
  CXString s;
  int unnamed;

  if (clang_getCursorKind(fn) != CXCursor_CXXMethod)
    return 0;
  if (clang_getCursorKind(cls) == CXCursor_LambdaExpr)
    return 1;
  s = clang_getCursorSpelling(cls);
  unnamed = !clang_getCString(s) || !*clang_getCString(s) ||
            strstr(clang_getCString(s), "(lambda") != NULL;
  clang_disposeString(s);
  return unnamed;
}

/* The local class or enum's own definition, its function and its file:
 * 0 when it is not one hoist can move. */
static int locate(hoist_ctx *h, CXCursor decl, CXCursor *def, CXCursor *fn) {
  CXCursor pattern = clang_getSpecializedCursorTemplate(decl);
  enum CXCursorKind k;
  CXFile file;
  unsigned off;

  *def = clang_getCursorDefinition(clang_Cursor_isNull(pattern) ? decl
                                                               : pattern);
  k = clang_getCursorKind(*def);
  if (clang_Cursor_isNull(*def) || clang_Cursor_isAnonymous(*def) ||
      (k != CXCursor_StructDecl && k != CXCursor_ClassDecl &&
       k != CXCursor_UnionDecl && k != CXCursor_EnumDecl) ||
      !clang_equalLocations(
          clang_getCursorLocation(clang_getCanonicalCursor(*def)),
          clang_getCursorLocation(*def)))
    return 0; /* declared before its definition */
  *fn = clang_getCursorSemanticParent(*def);
  if (!is_function_kind(clang_getCursorKind(*fn)) || in_closure(*fn))
    return 0; /* nested in another local class, or in a lambda */
  if (clang_Cursor_isNull(pattern) &&
      !clang_Cursor_isNull(clang_getSpecializedCursorTemplate(*fn)))
    return 0; /* an instantiated enum: its pattern is not known */
  clang_getSpellingLocation(clang_getCursorLocation(*def), &file, NULL, NULL,
                            &off);
  h->file = file ? xl_fe_file(h->fe, file) : NULL;
  return h->file && h->file->buf &&
         extent_in(*def, h->file, &h->def_begin, &h->def_end);
}

/* The classes and templates around fn, for ref_ok. */
static void collect_ancestors(hoist_ctx *h, CXCursor fn) {
  CXCursor p = clang_getCursorSemanticParent(fn);

  while (h->nancestors < MAX_ANCESTORS && !clang_Cursor_isNull(p) &&
         !clang_isInvalid(clang_getCursorKind(p)) &&
         !is_scope_kind(clang_getCursorKind(p))) {
    h->ancestors[h->nancestors++] = p;
    p = clang_getCursorSemanticParent(p);
  }
}

/* The end of the ';' right after the definition, or 0 when there is none. */
static size_t semicolon_end(const hoist_ctx *h) {
  xl_lexer lx;
  xl_tok t;

  xl_lex_init(&lx, h->file->buf, h->file->len, h->def_end);
  if (xl_lex_next(&lx, &t) != XL_TOK_PUNCT || !xl_tok_is(&lx, &t, ";"))
    return 0;
  return t.end;
}

/*
 * Record the edits on type id: remove [b, semi), insert at ins. A definition
 * alone on its lines goes with them: from the newline before it through the
 * blanks after its ';' (ending at a newline, not before the next line's
 * indentation, which clang's fix-it printer would take too).
 */
static void record(hoist_ctx *h, xl_id id, size_t ins, size_t semi) {
  const fe_file *f = h->file;
  size_t b = h->def_begin, ls = line_start(f, b), e = semi, k;
  int alone;
  const char *text;
  xl_type *t;

  for (k = e; k < f->len && (f->buf[k] == ' ' || f->buf[k] == '\t'); k++)
    ;
  alone = ls > 0 && blanks(f, ls, b) && k < f->len && f->buf[k] == '\n';
  if (alone) {
    b = ls - 1;
    e = k;
  }
  text = dedent(h->fe, f, h->def_begin, semi,
                blanks(f, ls, h->def_begin) ? h->def_begin - ls : 0);
  if (!text)
    return;
  t = &h->fe->facts->types[id];
  t->hoist_text = text;
  t->hoist_at = xl_fe_loc_at(h->fe, f, ins);
  t->hoist_remove.begin = xl_fe_loc_at(h->fe, f, b);
  t->hoist_remove.end = xl_fe_loc_at(h->fe, f, e);
}

void xl_fe_type_hoist(xl_fe *fe, CXCursor decl, xl_id id) {
  hoist_ctx h;
  CXCursor def, fn;
  unsigned fn_b, fn_e, i;
  size_t ins, semi;
  const char *name;

  memset(&h, 0, sizeof(h));
  h.fe = fe;
  if (!locate(&h, decl, &def, &fn) || !extent_in(fn, h.file, &fn_b, &fn_e))
    return;
  semi = semicolon_end(&h);
  ins = semi ? insertion_point(&h, h.def_begin) : (size_t)-1;
  if (ins == (size_t)-1 || has_directive(h.file, ins, semi))
    return;
  collect_ancestors(&h, fn);
  clang_visitChildren(def, visit_ref, &h);
  name = xl_fe_spelling_of(fe, def);
  if (h.refused || !name)
    return;
  clang_getSpellingLocation(clang_getCursorLocation(def), NULL, NULL, NULL,
                            &i);
  if (!name_free(h.file, name, fn_b, fn_e, i))
    return;
  for (i = 0; i < h.nnames; i++)
    if (!name_free(h.file, h.names[i], fn_b, fn_e, UINT32_MAX))
      return;
  record(&h, id, ins, semi);
}
