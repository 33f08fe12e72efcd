/*
 * introspect.c: host code that inspects a closure (part of uses.c's walk).
 *
 *   - a conversion of the closure to a function pointer, and, through the
 *     same conversion, a call of a __device__ lambda in an unevaluated
 *     operand ('decltype(lam(x))': on the host clang resolves it to a
 *     surrogate call through the function pointer);
 *   - '&L::operator()';
 *   - std/cuda::std invoke_result and result_of, and class templates that
 *     take '&T::operator()' of a type parameter, whose first template
 *     argument names the closure (a window over that argument's text is
 *     opened at the template's name and closed after it).
 *
 * What nvcc 13.0 really rejects among these is decided when the walk ends
 * (uses.c, keep()).
 */
#include <stdio.h>
#include <string.h>

#include "util/lex.h"
#include "uses.h"

static unsigned expansion_offset(CXCursor c) {
  unsigned off;

  clang_getExpansionLocation(clang_getCursorLocation(c), NULL, NULL, NULL,
                             &off);
  return off;
}

/* ---- function pointers and unevaluated calls ---------------------------- */

/* Inside decltype/sizeof/alignof/noexcept/typeid: not evaluated. Read from
 * the tokens between the enclosing statement and the cursor. */
static int unevaluated_at(xl_fe *fe, CXCursor c) {
  static const char *const ops[] = {"decltype", "sizeof", "alignof", "noexcept",
                                    "typeid", "__typeof__", NULL};
  unsigned soff, coff, depth = 0, marked = 0, i;
  unsigned char flag[64];
  const fe_file *sf, *cf;
  xl_lexer lx;
  xl_tok t, prev = {XL_TOK_EOF, 0, 0};

  if (fe->at.unevaluated)
    return 1;
  if (!fe->at.have_stmt)
    return 0;
  sf = xl_fe_spelling(fe, clang_getCursorLocation(fe->at.stmt), &soff);
  cf = xl_fe_spelling(fe, clang_getCursorLocation(c), &coff);
  if (!sf || sf != cf || !sf->buf || coff < soff)
    return 0;
  xl_lex_init(&lx, sf->buf, coff, soff);
  while (xl_lex_next(&lx, &t) != XL_TOK_EOF) {
    if (xl_tok_is(&lx, &t, "(") && depth < sizeof(flag)) {
      flag[depth] = 0;
      for (i = 0; ops[i] && prev.kind == XL_TOK_IDENT; i++)
        flag[depth] |= (unsigned char)xl_tok_is(&lx, &prev, ops[i]);
      marked += flag[depth++];
    } else if (xl_tok_is(&lx, &t, ")") && depth > 0) {
      marked -= flag[--depth];
    }
    prev = t;
  }
  return marked > 0;
}

void xl_fe_intro_conversion(xl_fe *fe, CXCursor call, CXCursor conv) {
  fe_uses *u = fe->uses;
  CXCursor closure = clang_getCursorSemanticParent(conv);
  CXCursor inner = xl_fe_uses__first_child(call);
  unsigned off = expansion_offset(call);
  fe_pending *p;

  if (clang_Cursor_isNull(
          xl_fe_uses__closure_of_type(clang_getCursorType(closure))))
    return;
  if (u->have_skip && u->skip_offset == off) {
    u->have_skip = 0; /* the conversion inside a surrogate call */
    return;
  }
  if (clang_getCursorKind(inner) == CXCursor_CallExpr &&
      clang_equalCursors(clang_getCursorReferenced(inner), conv)) {
    /* lam(x) for a __device__ lambda resolves, on the host, to a call
     * through the conversion to a function pointer */
    u->have_skip = 1;
    u->skip_offset = expansion_offset(inner);
    if (!unevaluated_at(fe, call))
      return;
    p = xl_fe_uses__record(fe, XL_USE_INTROSPECTION, closure,
                           xl_fe_uses__loc(fe, call), clang_getNullCursor());
    if (p)
      p->flags = XL_USE_INTRO_CALL;
    return;
  }
  xl_fe_uses__record(fe, XL_USE_FUNCTION_POINTER, closure,
                     xl_fe_uses__loc(fe, call), conv);
}

/* '&L::operator()' (also inside decltype). */
void xl_fe_intro_operator_ref(xl_fe *fe, CXCursor ref, CXCursor parent) {
  CXCursor op = clang_getCursorReferenced(ref);
  CXCursor closure = clang_getCursorSemanticParent(op);
  fe_pending *p;

  if (clang_getCursorKind(parent) != CXCursor_UnaryOperator ||
      !xl_fe_uses__spelled_is(op, "operator()") ||
      clang_Cursor_isNull(
          xl_fe_uses__closure_of_type(clang_getCursorType(closure))))
    return;
  p = xl_fe_uses__record(fe, XL_USE_INTROSPECTION, closure,
                         xl_fe_uses__loc(fe, parent), clang_getNullCursor());
  if (p)
    p->flags = XL_USE_INTRO_OPERATOR;
}

/* ---- traits over the closure type ----------------------------------------- */

/* std / cuda::std result traits: XL_USE_INTRO_*_RESULT, else 0. */
static uint32_t result_trait(CXCursor tmpl) {
  static const char *const names[] = {"invoke_result", "invoke_result_t",
                                      "result_of", "result_of_t", NULL};
  CXCursor p = clang_getCursorSemanticParent(tmpl);
  int i, is_name = 0, in_std = 0, in_cuda = 0;

  for (i = 0; names[i]; i++)
    is_name |= xl_fe_uses__spelled_is(tmpl, names[i]);
  for (; clang_getCursorKind(p) == CXCursor_Namespace;
       p = clang_getCursorSemanticParent(p)) {
    in_std |= xl_fe_uses__spelled_is(p, "std");
    in_cuda |= xl_fe_uses__spelled_is(p, "cuda");
  }
  if (!is_name || !in_std)
    return 0;
  return in_cuda ? XL_USE_INTRO_CCCL_RESULT : XL_USE_INTRO_STD_RESULT;
}

typedef struct tparams {
  char names[8][64];
  unsigned n;
} tparams;

static enum CXChildVisitResult get_tparam(CXCursor c, CXCursor p,
                                          CXClientData data) {
  tparams *tp = data;
  CXString s;
  (void)p;

  if (clang_getCursorKind(c) == CXCursor_TemplateTypeParameter && tp->n < 8) {
    s = clang_getCursorSpelling(c);
    snprintf(tp->names[tp->n++], sizeof(tp->names[0]), "%s",
             clang_getCString(s));
    clang_disposeString(s);
  }
  return CXChildVisit_Continue;
}

/* A class template whose definition takes '&T::operator()' of one of its
 * type parameters: *site gets the '&'. */
static int takes_operator_address(xl_fe *fe, CXCursor tmpl, xl_loc *site) {
  CXSourceRange ext = clang_getCursorExtent(tmpl);
  unsigned b, e, i;
  const fe_file *f = xl_fe_spelling(fe, clang_getRangeStart(ext), &b);
  xl_lexer lx;
  xl_tok t[6];
  tparams tp;

  memset(&tp, 0, sizeof(tp));
  if (clang_getCursorKind(tmpl) != CXCursor_ClassTemplate || !f || !f->buf ||
      xl_fe_spelling(fe, clang_getRangeEnd(ext), &e) != f || e > f->len)
    return 0;
  clang_visitChildren(tmpl, get_tparam, &tp);
  xl_lex_init(&lx, f->buf, e, b);
  for (i = 0; i < 5; i++)
    xl_lex_next(&lx, &t[i]);
  while (xl_lex_next(&lx, &t[5]) != XL_TOK_EOF) {
    if (xl_tok_is(&lx, &t[0], "&") && xl_tok_is(&lx, &t[2], "::") &&
        xl_tok_is(&lx, &t[3], "operator") && xl_tok_is(&lx, &t[4], "(") &&
        xl_tok_is(&lx, &t[5], ")"))
      for (i = 0; i < tp.n; i++)
        if (xl_tok_is(&lx, &t[1], tp.names[i])) {
          *site = xl_fe_loc_at(fe, f, t[0].begin);
          return 1;
        }
    memmove(t, t + 1, 5 * sizeof(*t));
  }
  return 0;
}

/* After 'name<': the spelled extent of the first template argument. */
static int first_argument(xl_fe *fe, CXCursor ref, fe_window *w) {
  unsigned off, depth = 0;
  const fe_file *f = xl_fe_spelling(
      fe, clang_getRangeEnd(clang_getCursorExtent(ref)), &off);
  xl_lexer lx;
  xl_tok t;

  if (!f || !f->buf)
    return 0;
  xl_lex_init(&lx, f->buf, f->len, off);
  if (xl_lex_next(&lx, &t) != XL_TOK_PUNCT || !xl_tok_is(&lx, &t, "<"))
    return 0;
  w->file = f->id;
  w->begin = t.end;
  while (xl_lex_next(&lx, &t) != XL_TOK_EOF) {
    if (xl_tok_is(&lx, &t, "<") || xl_tok_is(&lx, &t, "(") ||
        xl_tok_is(&lx, &t, "["))
      depth++;
    else if (depth == 0 && (xl_tok_is(&lx, &t, ",") || xl_tok_is(&lx, &t, ">")))
      break;
    else if (xl_tok_is(&lx, &t, ">") || xl_tok_is(&lx, &t, ")") ||
             xl_tok_is(&lx, &t, "]"))
      depth--;
  }
  w->end = t.begin;
  return 1;
}

static const char *trait_name(xl_fe *fe, CXCursor tmpl, uint32_t flags) {
  CXString s = clang_getCursorSpelling(tmpl);
  char buf[128];
  const char *copy;

  snprintf(buf, sizeof(buf), "%s%s",
           (flags & XL_USE_INTRO_CCCL_RESULT) ? "cuda::std::" : "std::",
           clang_getCString(s));
  clang_disposeString(s);
  copy = xl_facts_strdup(fe->facts, buf);
  if (!copy)
    xl_fe_oom(fe);
  return copy;
}

/* takes_operator_address, remembered per template (it lexes the whole
 * definition, and a class template is named again and again). */
static int takes_operator_address_memo(xl_fe *fe, CXCursor tmpl,
                                       xl_loc *site) {
  fe_uses *u = fe->uses;
  unsigned h = clang_hashCursor(tmpl);
  fe_tmpl_memo *m;
  size_t i;

  for (i = 0; i < u->ntmemo; i++) {
    m = &u->tmemo[i];
    if (m->hash == h && clang_equalCursors(m->tmpl, tmpl)) {
      *site = m->site;
      return m->takes;
    }
  }
  if (XL_GROW(u->tmemo, u->cap_tmemo, u->ntmemo + 1) < 0) {
    xl_fe_oom(fe);
    return takes_operator_address(fe, tmpl, site);
  }
  m = &u->tmemo[u->ntmemo++];
  m->tmpl = tmpl;
  m->hash = h;
  m->site = *site;
  m->takes = takes_operator_address(fe, tmpl, &m->site);
  *site = m->site;
  return m->takes;
}

void xl_fe_intro_template_ref(xl_fe *fe, CXCursor ref) {
  CXCursor tmpl = clang_getCursorReferenced(ref);
  fe_uses *u = fe->uses;
  fe_window w;

  memset(&w, 0, sizeof(w));
  w.site = xl_loc_none();
  w.flags = result_trait(tmpl);
  if (!w.flags && takes_operator_address_memo(fe, tmpl, &w.site))
    w.flags = XL_USE_INTRO_TRAITS;
  if (!w.flags || !first_argument(fe, ref, &w))
    return;
  w.name = xl_fe_qualified_name(fe, tmpl);
  if (w.flags & (XL_USE_INTRO_STD_RESULT | XL_USE_INTRO_CCCL_RESULT))
    w.name = trait_name(fe, tmpl, w.flags); /* without inline namespaces */
  w.loc = xl_fe_uses__loc(fe, ref);
  u->win = w;
  u->have_win = 1;
}

/* A closure named inside the open window: the trait inspects it. */
void xl_fe_intro_window(xl_fe *fe, CXCursor c) {
  fe_uses *u = fe->uses;
  unsigned off;
  const fe_file *f = xl_fe_spelling(fe, clang_getCursorLocation(c), &off);
  CXCursor cl;
  CXType t = clang_getCursorType(c);
  fe_pending *p;

  if (!f || f->id != u->win.file || off < u->win.begin || off >= u->win.end) {
    if (f && f->id == u->win.file && off >= u->win.end)
      u->have_win = 0;
    return;
  }
  if (clang_getCursorKind(c) == CXCursor_TypeRef)
    t = clang_getCursorType(clang_getCursorReferenced(c));
  cl = xl_fe_uses__closure_of_type(t);
  if (clang_Cursor_isNull(cl))
    return;
  p = xl_fe_uses__record(fe, XL_USE_INTROSPECTION, cl, u->win.loc,
                         clang_getNullCursor());
  if (p) {
    p->flags = u->win.flags;
    p->callee = u->win.name;
    p->site = u->win.site;
  }
  u->have_win = 0;
}
