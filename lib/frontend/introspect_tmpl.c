/*
 * introspect_tmpl.c: result queries on a closure inside the function
 * template that receives it (part of uses.c's launcher search).
 *
 * introspect.c sees a trait only where the closure is named
 * ('std::invoke_result_t<decltype(lam), int>'). In
 *
 *   template <class F> void g(F f) { typename std::result_of<F(int)>::type r; }
 *   g(lam);
 *
 * the walk sees only the pattern, where F is a template parameter, and nvcc
 * 13.0 compiles the host side silently with the placeholder's 'int'
 * (measured: sizeof 4 for a lambda returning double). When uses.c follows a
 * closure into a call, this file lexes the called template's pattern for
 * queries over the parameter that received it (its type parameter P, its
 * name p):
 *
 *   std::result_of<P(...)>, std::result_of_t, std::invoke_result<P, ...>,
 *   std::invoke_result_t, std::is_invocable_r<R, P, ...> (and _v, and the
 *   nothrow forms), the same in cuda::std, an alias template whose
 *   definition applies one of these to the parameter at that position, and
 *   an unevaluated call 'decltype(p(...))', 'sizeof(p(...))',
 *   'decltype(std::declval<P>()(...))'. P may be wrapped in the traits
 *   that keep its type (std::decay_t<P>, typename std::decay<P>::type,
 *   remove_reference, remove_cv, remove_cvref, remove_const).
 *
 * Templates in system headers are not looked at.
 */
#include <stdio.h>
#include <string.h>

#include "util/lex.h"
#include "uses.h"

#define MAX_ARGS 8

/* The result traits: the argument that names the callable. */
static int trait_arg(const xl_lexer *lx, const xl_tok *t) {
  static const char *const first[] = {"result_of", "result_of_t",
                                      "invoke_result", "invoke_result_t",
                                      NULL};
  static const char *const second[] = {
      "is_invocable_r", "is_invocable_r_v", "is_nothrow_invocable_r",
      "is_nothrow_invocable_r_v", NULL};
  int i;

  for (i = 0; first[i]; i++)
    if (xl_tok_is(lx, t, first[i]))
      return 0;
  for (i = 0; second[i]; i++)
    if (xl_tok_is(lx, t, second[i]))
      return 1;
  return -1;
}

typedef struct targs {
  size_t begin[MAX_ARGS], end[MAX_ARGS]; /* offsets of each argument */
  unsigned n;
} targs;

/* After the '<' at lx's position: the template arguments' extents. */
static void read_args(xl_lexer *lx, targs *a) {
  xl_tok t;
  int depth = 0;

  a->n = 0;
  a->begin[0] = lx->pos;
  while (xl_lex_next(lx, &t) != XL_TOK_EOF) {
    if (xl_tok_is(lx, &t, "<") || xl_tok_is(lx, &t, "(") ||
        xl_tok_is(lx, &t, "["))
      depth++;
    else if (depth == 0 && (xl_tok_is(lx, &t, ",") || xl_tok_is(lx, &t, ">"))) {
      if (a->n < MAX_ARGS) {
        a->end[a->n++] = t.begin;
        if (a->n < MAX_ARGS)
          a->begin[a->n] = t.end;
      }
      if (!xl_tok_is(lx, &t, ","))
        return;
    } else if (xl_tok_is(lx, &t, ">") || xl_tok_is(lx, &t, ")") ||
               xl_tok_is(lx, &t, "]"))
      depth--;
  }
}

/* Traits whose result is their argument's type, qualifiers or reference
 * aside: 'std::decay_t<F>' still names the closure type F. */
static int transparent(const xl_lexer *lx, const xl_tok *t) {
  static const char *const same[] = {
      "decay",          "decay_t",          "remove_reference",
      "remove_reference_t", "remove_cv",    "remove_cv_t",
      "remove_cvref",   "remove_cvref_t",   "remove_const",
      "remove_const_t", NULL};
  int i;

  for (i = 0; same[i]; i++)
    if (xl_tok_is(lx, t, same[i]))
      return 1;
  return 0;
}

/* The identifier `name` outside any nested '<...>' of [begin, end), except
 * the brackets of the transparent traits above. */
static int names(const char *buf, size_t begin, size_t end, const char *name) {
  xl_lexer lx;
  xl_tok t, prev;
  int depth = 0;
  uint32_t through = 0; /* bit k: bracket level k is a transparent trait's */
  unsigned level = 0;

  if (!name || !*name)
    return 0;
  memset(&prev, 0, sizeof(prev));
  xl_lex_init(&lx, buf, end, begin);
  while (xl_lex_next(&lx, &t) != XL_TOK_EOF) {
    if (xl_tok_is(&lx, &t, "<")) {
      int see = level < 32 && prev.kind == XL_TOK_IDENT &&
                transparent(&lx, &prev);
      if (level < 32)
        through = (through & ~(1u << level)) | ((uint32_t)see << level);
      level++;
      depth += !see;
    } else if (xl_tok_is(&lx, &t, ">")) {
      level -= level > 0;
      depth -= level < 32 && (through >> level & 1u) ? 0 : 1;
    } else if (depth == 0 && t.kind == XL_TOK_IDENT && xl_tok_is(&lx, &t, name))
      return 1;
    prev = t;
  }
  return 0;
}

/* What the scan collects. */
typedef struct scan {
  xl_fe *fe;
  const fe_file *file;
  const char *tparam;   /* P: the callable's type parameter */
  const char *param;    /* p: the function parameter (NULL in an alias) */
  fe_intro_hit *hits;
  unsigned n, max;
} scan;

static void hit(scan *s, size_t offset, uint32_t flags, const char *name) {
  unsigned i;

  for (i = 0; i < s->n; i++)
    if (s->hits[i].loc.offset == offset)
      return;
  if (s->n >= s->max)
    return;
  s->hits[s->n].loc = xl_fe_loc_at(s->fe, s->file, offset);
  s->hits[s->n].flags = flags;
  s->hits[s->n++].name = xl_facts_strdup(s->fe->facts, name);
  if (!s->hits[s->n - 1].name)
    xl_fe_oom(s->fe);
}

/* t[0..4] are the tokens before t[5], a trait's name followed by '<'. */
static void on_trait(scan *s, xl_lexer *lx, const xl_tok *t, int arg) {
  const char *buf = s->file->buf;
  int cuda = xl_tok_is(lx, &t[1], "cuda") && xl_tok_is(lx, &t[2], "::");
  char name[96];
  xl_lexer args = *lx;
  targs a;

  if (!xl_tok_is(lx, &t[4], "::") || !xl_tok_is(lx, &t[3], "std"))
    return;
  read_args(&args, &a);
  if ((unsigned)arg >= a.n || !names(buf, a.begin[arg], a.end[arg], s->tparam))
    return;
  snprintf(name, sizeof(name), "%s%.*s", cuda ? "cuda::std::" : "std::",
           (int)(t[5].end - t[5].begin), buf + t[5].begin);
  hit(s, t[5].begin,
      cuda ? XL_USE_INTRO_CCCL_RESULT : XL_USE_INTRO_STD_RESULT, name);
}

/* t[5] is 'decltype' or 'sizeof', t[6] '(': 'p(' or
 * 'std::declval<P...>()(' follows. */
static void on_unevaluated(scan *s, xl_lexer *lx) {
  xl_lexer l2 = *lx;
  xl_tok a, b;
  targs ta;

  if (xl_lex_next(&l2, &a) != XL_TOK_IDENT)
    return;
  if (s->param && xl_tok_is(&l2, &a, s->param)) {
    if (xl_lex_next(&l2, &b) == XL_TOK_PUNCT && xl_tok_is(&l2, &b, "("))
      hit(s, a.begin, XL_USE_INTRO_STD_RESULT, "decltype");
    return;
  }
  if (xl_tok_is(&l2, &a, "std") && xl_lex_next(&l2, &b) == XL_TOK_PUNCT &&
      xl_tok_is(&l2, &b, "::"))
    xl_lex_next(&l2, &b);
  else
    b = a;
  if (!xl_tok_is(&l2, &b, "declval") || xl_lex_next(&l2, &b) != XL_TOK_PUNCT ||
      !xl_tok_is(&l2, &b, "<"))
    return;
  read_args(&l2, &ta);
  if (ta.n == 1 && names(s->file->buf, ta.begin[0], ta.end[0], s->tparam))
    hit(s, a.begin, XL_USE_INTRO_STD_RESULT, "decltype");
}

/* Lex [begin, end) of s->file for the queries. */
static void scan_range(scan *s, size_t begin, size_t end) {
  xl_lexer lx;
  xl_tok t[7];
  int arg;
  unsigned i;

  memset(t, 0, sizeof(t));
  xl_lex_init(&lx, s->file->buf, end, begin);
  for (i = 0; i < 6; i++)
    xl_lex_next(&lx, &t[i + 1]);
  while (t[6].kind != XL_TOK_EOF && s->fe->status == XL_OK) {
    memmove(t, t + 1, 6 * sizeof(*t));
    if (xl_lex_next(&lx, &t[6]) == XL_TOK_EOF)
      t[6].kind = XL_TOK_EOF;
    if (t[5].kind != XL_TOK_IDENT || t[6].kind != XL_TOK_PUNCT)
      continue;
    arg = trait_arg(&lx, &t[5]);
    if (arg >= 0 && xl_tok_is(&lx, &t[6], "<")) {
      on_trait(s, &lx, t, arg);
    } else if ((xl_tok_is(&lx, &t[5], "decltype") ||
                xl_tok_is(&lx, &t[5], "sizeof")) &&
               xl_tok_is(&lx, &t[6], "(")) {
      on_unevaluated(s, &lx);
    }
  }
}

/* ---- the pattern: its parameter, its alias templates -------------------- */

typedef struct params {
  CXCursor parm[MAX_ARGS];      /* ParmDecl children, in order */
  const char *tparam[MAX_ARGS]; /* TemplateTypeParameter names, in order */
  unsigned nparm, ntparam;
  xl_fe *fe;
} params;

static enum CXChildVisitResult get_params(CXCursor c, CXCursor p,
                                          CXClientData data) {
  params *ps = data;
  enum CXCursorKind k = clang_getCursorKind(c);
  (void)p;

  if (k == CXCursor_ParmDecl && ps->nparm < MAX_ARGS)
    ps->parm[ps->nparm++] = c;
  else if (k == CXCursor_TemplateTypeParameter && ps->ntparam < MAX_ARGS)
    ps->tparam[ps->ntparam++] = xl_fe_spelling_of(ps->fe, c);
  return CXChildVisit_Continue;
}

static enum CXChildVisitResult get_tparam_ref(CXCursor c, CXCursor p,
                                              CXClientData data) {
  CXCursor *out = data;
  (void)p;

  if (clang_getCursorKind(c) == CXCursor_TypeRef &&
      clang_getCursorKind(clang_getCursorReferenced(c)) ==
          CXCursor_TemplateTypeParameter) {
    *out = clang_getCursorReferenced(c);
    return CXChildVisit_Break;
  }
  return CXChildVisit_Recurse;
}

/* The spelled extent of c in one non-system file with its text. */
static const fe_file *extent(xl_fe *fe, CXCursor c, unsigned *b, unsigned *e) {
  CXSourceRange r = clang_getCursorExtent(c);
  const fe_file *f = xl_fe_spelling(fe, clang_getRangeStart(r), b);

  if (!f || f->system || !f->buf ||
      xl_fe_spelling(fe, clang_getRangeEnd(r), e) != f || *e > f->len ||
      *e < *b)
    return NULL;
  return f;
}

/* 'A<..., P, ...>' with A an alias template that applies a query to its
 * parameter at P's position: a hit at the reference. */
static void on_alias(scan *s, CXCursor ref, CXCursor alias) {
  params ap;
  fe_intro_hit inner[2];
  scan in;
  xl_lexer lx;
  xl_tok t;
  targs a;
  unsigned off, start, b, e, k;
  CXSourceRange r = clang_getCursorExtent(ref);
  const fe_file *f = xl_fe_spelling(s->fe, clang_getRangeEnd(r), &off);

  if (!f || f != s->file ||
      xl_fe_spelling(s->fe, clang_getRangeStart(r), &start) != f)
    return;
  xl_lex_init(&lx, f->buf, f->len, off);
  if (xl_lex_next(&lx, &t) != XL_TOK_PUNCT || !xl_tok_is(&lx, &t, "<"))
    return;
  read_args(&lx, &a);
  memset(&ap, 0, sizeof(ap));
  ap.fe = s->fe;
  clang_visitChildren(alias, get_params, &ap);
  for (k = 0; k < a.n && k < ap.ntparam; k++) {
    if (!names(f->buf, a.begin[k], a.end[k], s->tparam))
      continue;
    memset(&in, 0, sizeof(in));
    in.fe = s->fe;
    in.file = extent(s->fe, alias, &b, &e);
    in.tparam = ap.tparam[k];
    in.hits = inner;
    in.max = 1;
    if (in.file)
      scan_range(&in, b, e);
    if (in.n == 1)
      hit(s, start, inner[0].flags, inner[0].name);
  }
}

static enum CXChildVisitResult find_aliases(CXCursor c, CXCursor p,
                                            CXClientData data) {
  scan *s = data;
  CXCursor t;
  (void)p;

  if (clang_getCursorKind(c) != CXCursor_TemplateRef)
    return CXChildVisit_Recurse;
  t = clang_getCursorReferenced(c);
  if (clang_getCursorKind(t) == CXCursor_TypeAliasTemplateDecl)
    on_alias(s, c, t);
  return CXChildVisit_Continue;
}

unsigned xl_fe_intro_pattern(xl_fe *fe, CXCursor def, unsigned param,
                             fe_intro_hit *hits, unsigned max) {
  CXCursor pattern = clang_getSpecializedCursorTemplate(def);
  CXCursor tp = clang_getNullCursor();
  params ps;
  scan s;
  unsigned b, e;

  memset(&s, 0, sizeof(s));
  memset(&ps, 0, sizeof(ps));
  ps.fe = fe;
  if (clang_Cursor_isNull(pattern) || max == 0)
    return 0;
  s.file = extent(fe, pattern, &b, &e);
  clang_visitChildren(pattern, get_params, &ps);
  if (!s.file || param >= ps.nparm)
    return 0;
  clang_visitChildren(ps.parm[param], get_tparam_ref, &tp);
  if (clang_Cursor_isNull(tp))
    return 0;
  s.fe = fe;
  s.tparam = xl_fe_spelling_of(fe, tp);
  s.param = xl_fe_spelling_of(fe, ps.parm[param]);
  s.hits = hits;
  s.max = max;
  scan_range(&s, b, e);
  clang_visitChildren(pattern, find_aliases, &s);
  return s.n;
}
