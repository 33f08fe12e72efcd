/*
 * scope_func.cpp: the enclosing function's declaration and a lambda's
 * surroundings (the second half of lib/frontend/scope.c).
 */
#include "fe.h"

#include <cstring>

namespace xlp {

/* ---- the enclosing function's declaration ------------------------------- */

/* The function template whose parameters a function has, or null. */
static Cursor template_of(const Cursor &fn) {
  if (fn.kind == CXCursor_FunctionTemplate)
    return fn;
  Cursor t = specialized_template(fn);
  if (!is_null(t) && t.kind == CXCursor_FunctionTemplate)
    return t;
  return null_cursor();
}

struct DeclTokens {
  uint32_t flags = 0; /* XL_FUNC_CONSTEXPR / XL_FUNC_CONSTEVAL */
  size_t auto_begin = 0, auto_end = 0;
  bool have_auto = false;
};

/* 'decltype ( auto )' starting at t: its range into d. */
static void scan_decltype_auto(DeclTokens &d, xl_lexer *lx, const xl_tok &t) {
  xl_tok a, b, c;

  if (xl_lex_next(lx, &a) == XL_TOK_EOF || !xl_tok_is(lx, &a, "(") ||
      xl_lex_next(lx, &b) == XL_TOK_EOF || !xl_tok_is(lx, &b, "auto") ||
      xl_lex_next(lx, &c) == XL_TOK_EOF || !xl_tok_is(lx, &c, ")"))
    return;
  d.auto_begin = t.begin;
  d.auto_end = c.end;
  d.have_auto = true;
}

/* The tokens before the function's name (see scope.c scan_decl). */
static DeclTokens scan_decl(const char *buf, size_t begin, size_t name) {
  DeclTokens d;
  xl_lexer lx;
  xl_tok t;
  int angle = 0;
  bool after_template = false;

  xl_lex_init(&lx, buf, name, begin);
  while (xl_lex_next(&lx, &t) != XL_TOK_EOF) {
    if (xl_tok_is(&lx, &t, "template"))
      after_template = true;
    else if (after_template && xl_tok_is(&lx, &t, "<"))
      angle++;
    else if (angle > 0 && xl_tok_is(&lx, &t, ">") && --angle == 0)
      after_template = false;
    else if (angle > 0)
      continue;
    else if (xl_tok_is(&lx, &t, "constexpr"))
      d.flags |= XL_FUNC_CONSTEXPR;
    else if (xl_tok_is(&lx, &t, "consteval"))
      d.flags |= XL_FUNC_CONSTEVAL;
    else if (!d.have_auto && xl_tok_is(&lx, &t, "decltype"))
      scan_decltype_auto(d, &lx, t);
    else if (!d.have_auto && xl_tok_is(&lx, &t, "auto")) {
      d.auto_begin = t.begin;
      d.auto_end = t.end;
      d.have_auto = true;
    }
  }
  return d;
}

/* Deduced return type: its type, spelling and the written 'auto'. */
static void read_return(Fe &fe, xl_id id, const Cursor &fn) {
  CType rt = result_type(cursor_type(fn));
  CType canon = canonical_type(rt);

  if (rt.kind == CXType_Invalid)
    return;
  if (rt.kind == CXType_Auto)
    fe.facts->funcs[id].flags |= XL_FUNC_DEDUCED_RETURN;
  if (canon.kind == CXType_Auto || canon.kind == CXType_Dependent ||
      canon.kind == CXType_Unexposed)
    return; /* not deduced yet (a template pattern) */
  xl_id ty = fe_type(fe, rt);
  const char *text = fe_strdup(fe, type_spelling(rt));
  fe.facts->funcs[id].ret_type = ty;
  if (rt.kind == CXType_Auto)
    fe.facts->funcs[id].ret_spelling = text;
}

/* The file and expansion offset of a location (where the user reads it). */
static FeFile *expansion_file(Fe &fe, const Loc &l, unsigned *off) {
  FileLoc e = expansion(l);

  *off = e.offset;
  return fe_file(fe, e.file);
}

static void read_decl_tokens(Fe &fe, xl_id id, const Cursor &fn) {
  unsigned b, n;
  FeFile *f = expansion_file(fe, extent(fn).begin, &b);
  FeFile *nf = expansion_file(fe, location(fn), &n);

  if (!f || f != nf || !f->buf.data() || n < b || n > f->buf.size())
    return;
  DeclTokens d = scan_decl(f->buf.data(), b, n);
  xl_func *fx = &fe.facts->funcs[id];
  fx->flags |= d.flags;
  if (d.have_auto && (fx->flags & XL_FUNC_DEDUCED_RETURN)) {
    xl_loc ab = fe_loc_at(fe, f, d.auto_begin);
    xl_loc ae = fe_loc_at(fe, f, d.auto_end);
    fx = &fe.facts->funcs[id];
    fx->ret_range.begin = ab;
    fx->ret_range.end = ae;
    fx->ret_loc = ab;
  }
}

static Cursor find_body(const Cursor &fn) {
  Cursor body;

  visit_children(fn, [&](const Cursor &c, const Cursor &) {
    if (c.kind != CXCursor_CompoundStmt)
      return CXChildVisit_Continue;
    body = c;
    return CXChildVisit_Break;
  });
  return body;
}

void fe_func_scope(Fe &fe, xl_id id, const Cursor &fn) {
  Cursor body = find_body(fn);
  Cursor lex = lexical_parent(fn), sem = semantic_parent(fn);
  xl_id first;
  uint32_t n = fe_tparams(fe, template_of(fn), &first);
  xl_range br = is_null(body) ? fe.facts->funcs[id].body : fe_range(fe, body);
  xl_loc acc = xl_loc_none();

  if (fe.facts->funcs[id].flags & (XL_FUNC_PRIVATE | XL_FUNC_PROTECTED))
    acc = fe_access_loc(fe, fn);
  fe.facts->funcs[id].first_tparam = first;
  fe.facts->funcs[id].ntparams = n;
  fe.facts->funcs[id].body = br;
  fe.facts->funcs[id].access = acc;
  if (!equal(canonical(fn), fn))
    fe.facts->funcs[id].flags |= XL_FUNC_HAS_DECL;
  if (fe_is_class(sem) && !equal(lex, sem))
    fe.facts->funcs[id].flags |= XL_FUNC_OUT_OF_LINE;
  read_return(fe, id, fn);
  read_decl_tokens(fe, id, fn);
}

/* ---- a lambda's surroundings -------------------------------------------- */

static Cursor first_child(const Cursor &c) {
  Cursor child;

  visit_children(c, [&](const Cursor &k, const Cursor &) {
    child = k;
    return CXChildVisit_Break;
  });
  return child;
}

/* Look through implicit wrappers (copies, materialised temporaries). */
static Cursor strip_unexposed(Cursor c) {
  while (c.kind == CXCursor_UnexposedExpr || c.kind == CXCursor_CallExpr) {
    Cursor child = first_child(c);
    if (is_null(child))
      break;
    c = child;
  }
  return c;
}

/* The variable whose initializer is the lambda, when the statement is a
 * declaration. */
static void read_var(Fe &fe, xl_id id, const Cursor &c) {
  Cursor var;
  bool found = false;

  if (!fe.have_stmt || fe.stmt.kind != CXCursor_DeclStmt)
    return;
  visit_children(fe.stmt, [&](const Cursor &k, const Cursor &) {
    if (k.kind != CXCursor_VarDecl)
      return CXChildVisit_Continue;
    if (!equal(strip_unexposed(var_init(k)), c))
      return CXChildVisit_Continue;
    var = k;
    found = true;
    return CXChildVisit_Break;
  });
  if (!found)
    return;
  xl_loc loc = fe_loc(fe, location(var));
  const char *name = fe_spelling_of(fe, var);
  fe.facts->lambdas[id].var = loc;
  fe.facts->lambdas[id].var_name = name;
}

/* The offset of the ')' closing the '(' at open, or 0. */
static size_t close_paren(const FeFile *f, size_t open) {
  xl_lexer lx;
  xl_tok t;
  int depth = 0;

  xl_lex_init(&lx, f->buf.data(), f->buf.size(), open);
  while (xl_lex_next(&lx, &t) != XL_TOK_EOF) {
    if (xl_tok_is(&lx, &t, "("))
      depth++;
    else if (xl_tok_is(&lx, &t, ")") && --depth == 0)
      return t.begin;
  }
  return 0;
}

/* A '__host__' written in the declarator, and an annotation after the
 * parameter list (nvcc reads it as annotating operator() itself). */
static void read_declarator(Fe &fe, xl_id id, const FeFile *f) {
  xl_lambda *l = &fe.facts->lambdas[id];
  size_t close = 0;
  xl_lexer lx;
  xl_tok t;

  if (l->params_loc.offset != l->body.offset &&
      !(l->params_loc.flags & XL_LOC_MACRO))
    close = close_paren(f, l->params_loc.offset);
  if (close && xl_loc_valid(l->annot) && l->annot.file == l->body.file &&
      l->annot.offset > close && l->annot.offset < l->body.offset) {
    l->flags |= XL_LAMBDA_OPERATOR_ANNOTATED;
    l->flags &= ~XL_LAMBDA_EXTENDED;
  }
  if (l->flags & XL_LAMBDA_MACRO || !xl_loc_valid(l->intro.end) ||
      l->body.offset <= l->intro.end.offset || l->body.offset > f->buf.size())
    return;
  xl_lex_init(&lx, f->buf.data(), l->body.offset, l->intro.end.offset);
  while (xl_lex_next(&lx, &t) != XL_TOK_EOF) {
    size_t end = t.end;
    if (!xl_tok_is(&lx, &t, "__host__"))
      continue;
    while (end < l->body.offset &&
           (f->buf[end] == ' ' || f->buf[end] == '\t'))
      end++;
    xl_loc hb = fe_loc_at(fe, f, t.begin), he = fe_loc_at(fe, f, end);
    fe.facts->lambdas[id].host_annot.begin = hb;
    fe.facts->lambdas[id].host_annot.end = he;
    break;
  }
}

void fe_lambda_scope(Fe &fe, xl_id id, const Cursor &c) {
  CType ct = cursor_type(c);
  xl_id closure = fe_type(fe, ct);
  unsigned off;
  FeFile *f = fe_spelling(fe, location(c), &off);

  read_var(fe, id, c);
  xl_lambda *l = &fe.facts->lambdas[id];
  l->closure = closure;
  if (closure != XL_NONE && fe.facts->types[closure].lambda == XL_NONE)
    fe.facts->types[closure].lambda = id;
  if (size_is_dependent(ct))
    l->flags |= XL_LAMBDA_DEPENDENT;
  if (fe.instance)
    l->flags |= XL_LAMBDA_INSTANCE;
  if (!f || !f->buf.data() || f->id != l->body.file || f->id != l->loc.file)
    return;
  read_declarator(fe, id, f);
  /* recover.c's blanked annotations: the plugin never re-parses (clang's
   * own error stands; docs/plugin.md) */
}

} // namespace xlp
