/*
 * introspect.cpp: host code that inspects a closure (lib/frontend/
 * introspect.c): conversions to function pointers, unevaluated calls,
 * '&L::operator()', and traits over the closure type.
 */
#include "uses.h"

#include <cstring>

namespace xlp {

static unsigned expansion_offset(const Cursor &c) {
  return expansion(location(c)).offset;
}

/* ---- function pointers and unevaluated calls ---------------------------- */

/* Inside decltype/sizeof/alignof/noexcept/typeid: read from the tokens
 * between the enclosing statement and the cursor. */
static bool unevaluated_at(Fe &fe, const Cursor &c) {
  static const char *const ops[] = {"decltype", "sizeof", "alignof", "noexcept",
                                    "typeid", "__typeof__", nullptr};
  unsigned soff, coff, depth = 0, marked = 0;
  unsigned char flag[64];
  xl_lexer lx;
  xl_tok t, prev = {XL_TOK_EOF, 0, 0};

  if (fe.unevaluated)
    return true;
  if (!fe.have_stmt)
    return false;
  const FeFile *sf = fe_spelling(fe, location(fe.stmt), &soff);
  const FeFile *cf = fe_spelling(fe, location(c), &coff);
  if (!sf || sf != cf || !sf->buf.data() || coff < soff)
    return false;
  xl_lex_init(&lx, sf->buf.data(), coff, soff);
  while (xl_lex_next(&lx, &t) != XL_TOK_EOF) {
    if (xl_tok_is(&lx, &t, "(") && depth < sizeof(flag)) {
      flag[depth] = 0;
      for (int i = 0; ops[i] && prev.kind == XL_TOK_IDENT; i++)
        flag[depth] |= static_cast<unsigned char>(xl_tok_is(&lx, &prev, ops[i]));
      marked += flag[depth++];
    } else if (xl_tok_is(&lx, &t, ")") && depth > 0) {
      marked -= flag[--depth];
    }
    prev = t;
  }
  return marked > 0;
}

void intro_conversion(Fe &fe, const Cursor &call, const Cursor &conv) {
  FeUses *u = fe.uses;
  Cursor closure = semantic_parent(conv);
  Cursor inner = uses_first_child(call);
  unsigned off = expansion_offset(call);

  if (is_null(uses_closure_of_type(cursor_type(closure))))
    return;
  if (u->have_skip && u->skip_offset == off) {
    u->have_skip = false; /* the conversion inside a surrogate call */
    return;
  }
  if (inner.kind == CXCursor_CallExpr && equal(referenced(inner), conv)) {
    /* lam(x) for a __device__ lambda resolves, on the host, to a call
     * through the conversion to a function pointer */
    u->have_skip = true;
    u->skip_offset = expansion_offset(inner);
    if (!unevaluated_at(fe, call))
      return;
    FePending *p = uses_record(fe, XL_USE_INTROSPECTION, closure,
                               uses_loc(fe, call), null_cursor());
    if (p)
      p->flags = XL_USE_INTRO_CALL;
    return;
  }
  uses_record(fe, XL_USE_FUNCTION_POINTER, closure, uses_loc(fe, call), conv);
}

/* '&L::operator()' (also inside decltype). */
void intro_operator_ref(Fe &fe, const Cursor &ref, const Cursor &parent) {
  Cursor op = referenced(ref);
  Cursor closure = semantic_parent(op);

  if (parent.kind != CXCursor_UnaryOperator ||
      !uses_spelled_is(op, "operator()") ||
      is_null(uses_closure_of_type(cursor_type(closure))))
    return;
  FePending *p = uses_record(fe, XL_USE_INTROSPECTION, closure,
                             uses_loc(fe, parent), null_cursor());
  if (p)
    p->flags = XL_USE_INTRO_OPERATOR;
}

/* ---- traits over the closure type ---------------------------------------- */

/* std / cuda::std result traits: XL_USE_INTRO_*_RESULT, else 0. */
static uint32_t result_trait(const Cursor &tmpl) {
  static const char *const names[] = {"invoke_result", "invoke_result_t",
                                      "result_of", "result_of_t", nullptr};
  bool is_name = false, in_std = false, in_cuda = false;

  for (int i = 0; names[i]; i++)
    is_name |= uses_spelled_is(tmpl, names[i]);
  for (Cursor p = semantic_parent(tmpl); p.kind == CXCursor_Namespace;
       p = semantic_parent(p)) {
    in_std |= uses_spelled_is(p, "std");
    in_cuda |= uses_spelled_is(p, "cuda");
  }
  if (!is_name || !in_std)
    return 0;
  return in_cuda ? XL_USE_INTRO_CCCL_RESULT : XL_USE_INTRO_STD_RESULT;
}

/* A class template whose definition takes '&T::operator()' of one of its
 * type parameters: *site gets the '&'. */
static bool takes_operator_address(Fe &fe, const Cursor &tmpl, xl_loc *site) {
  Range ext = extent(tmpl);
  unsigned b, e;
  std::vector<std::string> tp;
  xl_lexer lx;
  xl_tok t[6];

  if (tmpl.kind != CXCursor_ClassTemplate)
    return false;
  const FeFile *f = fe_spelling(fe, ext.begin, &b);
  if (!f || !f->buf.data() || fe_spelling(fe, ext.end, &e) != f ||
      e > f->buf.size())
    return false;
  visit_children(tmpl, [&](const Cursor &c, const Cursor &) {
    if (c.kind == CXCursor_TemplateTypeParameter && tp.size() < 8)
      tp.push_back(spelling(c).substr(0, 63));
    return CXChildVisit_Continue;
  });
  xl_lex_init(&lx, f->buf.data(), e, b);
  for (int i = 0; i < 5; i++)
    xl_lex_next(&lx, &t[i]);
  while (xl_lex_next(&lx, &t[5]) != XL_TOK_EOF) {
    if (xl_tok_is(&lx, &t[0], "&") && xl_tok_is(&lx, &t[2], "::") &&
        xl_tok_is(&lx, &t[3], "operator") && xl_tok_is(&lx, &t[4], "(") &&
        xl_tok_is(&lx, &t[5], ")"))
      for (const std::string &name : tp)
        if (xl_tok_is(&lx, &t[1], name.c_str())) {
          *site = fe_loc_at(fe, f, t[0].begin);
          return true;
        }
    memmove(t, t + 1, 5 * sizeof(*t));
  }
  return false;
}

/* After 'name<': the spelled extent of the first template argument. */
static bool first_argument(Fe &fe, const Cursor &ref, FeWindow &w) {
  unsigned off, depth = 0;
  const FeFile *f = fe_spelling(fe, extent(ref).end, &off);
  xl_lexer lx;
  xl_tok t;

  if (!f || !f->buf.data())
    return false;
  xl_lex_init(&lx, f->buf.data(), f->buf.size(), off);
  if (xl_lex_next(&lx, &t) != XL_TOK_PUNCT || !xl_tok_is(&lx, &t, "<"))
    return false;
  w.file = f->id;
  w.begin = t.end;
  while (xl_lex_next(&lx, &t) != XL_TOK_EOF) {
    if (xl_tok_is(&lx, &t, "<") || xl_tok_is(&lx, &t, "(") ||
        xl_tok_is(&lx, &t, "["))
      depth++;
    else if (depth == 0 &&
             (xl_tok_is(&lx, &t, ",") || xl_tok_is(&lx, &t, ">")))
      break;
    else if (xl_tok_is(&lx, &t, ">") || xl_tok_is(&lx, &t, ")") ||
             xl_tok_is(&lx, &t, "]"))
      depth--;
  }
  w.end = t.begin;
  return true;
}

static const char *trait_name(Fe &fe, const Cursor &tmpl, uint32_t flags) {
  std::string s = (flags & XL_USE_INTRO_CCCL_RESULT) ? "cuda::std::" : "std::";

  s += spelling(tmpl);
  if (s.size() > 127)
    s.resize(127);
  return fe_strdup(fe, s);
}

void intro_template_ref(Fe &fe, const Cursor &ref) {
  Cursor tmpl = referenced(ref);
  FeWindow w;

  w.flags = result_trait(tmpl);
  if (!w.flags && takes_operator_address(fe, tmpl, &w.site))
    w.flags = XL_USE_INTRO_TRAITS;
  if (!w.flags || !first_argument(fe, ref, w))
    return;
  w.name = fe_qualified_name(fe, tmpl);
  if (w.flags & (XL_USE_INTRO_STD_RESULT | XL_USE_INTRO_CCCL_RESULT))
    w.name = trait_name(fe, tmpl, w.flags); /* without inline namespaces */
  w.loc = uses_loc(fe, ref);
  fe.uses->win = w;
  fe.uses->have_win = true;
}

/* A closure named inside the open window: the trait inspects it. */
void intro_window(Fe &fe, const Cursor &c) {
  FeUses *u = fe.uses;
  unsigned off;
  const FeFile *f = fe_spelling(fe, location(c), &off);

  if (!f || f->id != u->win.file || off < u->win.begin || off >= u->win.end) {
    if (f && f->id == u->win.file && off >= u->win.end)
      u->have_win = false;
    return;
  }
  CType t = cursor_type(c);
  if (c.kind == CXCursor_TypeRef)
    t = cursor_type(referenced(c));
  Cursor cl = uses_closure_of_type(t);
  if (is_null(cl))
    return;
  FePending *p = uses_record(fe, XL_USE_INTROSPECTION, cl, u->win.loc,
                             null_cursor());
  if (p) {
    p->flags = u->win.flags;
    p->callee = u->win.name;
    p->site = u->win.site;
  }
  u->have_win = false;
}

} // namespace xlp
