/*
 * copysafe.c: whether a by-reference capture could be a copy (issue 18).
 *
 * '[&x]' and '[x]' give the body the same value only when x keeps its value
 * from the closure's creation to its last use. For each by-reference capture
 * of a plain local (or parameter) of scalar type, this walks the enclosing
 * function once and classifies every reference to the variable by what
 * holds it: an implicit conversion reads it; an assignment or '++'/'--'
 * writes it; anything else ('&x', a reference bound to it, an argument
 * passed by reference, a member call, a cast) may let it change through
 * another name (aliased). A write counts when it is in the lambda, in
 * another lambda (it runs whenever that one is called), after the lambda,
 * or before it inside a loop that holds the lambda too. A function with a
 * 'goto' is not looked at. What is not looked at stays unchecked, which the
 * rules read as unsafe.
 */
#include <stdlib.h>
#include <string.h>

#include "fe.h"

#define CS_MAX_VARS 32

typedef struct cs_span {
  unsigned begin, end;
} cs_span;

typedef struct cs_var {
  xl_loc decl;      /* the variable's declaration */
  uint32_t flags;   /* XL_CAPTURE_WRITTEN | XL_CAPTURE_ALIASED */
  int seen;         /* a reference to it was found */
  int unknown;      /* not a scalar local: a copy may differ in kind */
  unsigned *writes; /* expansion offsets of writes before the lambda */
  size_t nwrites, cap;
} cs_var;

typedef struct cs_ctx {
  xl_fe *fe;
  const fe_lambda_frame *fr;
  cs_var vars[CS_MAX_VARS];
  size_t nvars;
  cs_span *spans;   /* loops and lambdas of the function */
  int *is_lambda;
  size_t nspans, cap, cap2;
  int gave_up;      /* a goto, or memory ran out */
} cs_ctx;

/* A local (or parameter) of scalar type, not a reference. */
static int eligible(CXCursor decl) {
  enum CXCursorKind k = clang_getCursorKind(decl);
  CXType t = clang_getCanonicalType(clang_getCursorType(decl));

  if (k != CXCursor_ParmDecl &&
      (k != CXCursor_VarDecl || clang_Cursor_hasVarDeclGlobalStorage(decl)))
    return 0;
  return (t.kind >= CXType_FirstBuiltin && t.kind <= CXType_LastBuiltin) ||
         t.kind == CXType_Pointer || t.kind == CXType_Enum;
}

static unsigned exp_offset(CXSourceLocation loc, CXFile *file) {
  unsigned off = 0;

  clang_getExpansionLocation(loc, file, NULL, NULL, &off);
  return off;
}

/* '++' or '--' of a unary operator around ref: 1; '&' or other: 0. */
static int increments(cs_ctx *cx, CXCursor op, CXCursor ref) {
  unsigned ooff, roff;
  fe_file *rf = xl_fe_spelling(cx->fe, clang_getCursorLocation(ref), &roff);
  CXSourceRange ext = clang_getCursorExtent(op);
  fe_file *bf = xl_fe_spelling(cx->fe, clang_getRangeStart(ext), &ooff);
  const char *s;

  if (!rf || !bf || bf != rf || !bf->buf || ooff + 1 >= bf->len)
    return 0;
  s = bf->buf + ooff;
  if (ooff == roff) /* postfix: the operator follows the operand */
    return 1;
  return (s[0] == '+' && s[1] == '+') || (s[0] == '-' && s[1] == '-');
}

static int is_assignment(CXCursor op) {
  CXString sp = clang_getCursorSpelling(op);
  const char *s = clang_getCString(sp);
  size_t n = s ? strlen(s) : 0;
  int yes = n > 0 && s[n - 1] == '=' && strcmp(s, "==") != 0 &&
            strcmp(s, "!=") != 0 && strcmp(s, "<=") != 0 &&
            strcmp(s, ">=") != 0;

  clang_disposeString(sp);
  return yes;
}

/* 0: read, XL_CAPTURE_WRITTEN: written, XL_CAPTURE_ALIASED: anything else. */
static uint32_t classify(cs_ctx *cx, CXCursor ref, CXCursor parent) {
  switch (clang_getCursorKind(parent)) {
  case CXCursor_UnexposedExpr: /* an implicit conversion: a read */
    return 0;
  case CXCursor_BinaryOperator:
  case CXCursor_CompoundAssignOperator:
    return is_assignment(parent) ? XL_CAPTURE_WRITTEN : XL_CAPTURE_ALIASED;
  case CXCursor_UnaryOperator:
    return increments(cx, parent, ref) ? XL_CAPTURE_WRITTEN
                                       : XL_CAPTURE_ALIASED;
  default:
    return XL_CAPTURE_ALIASED;
  }
}

static int add_span(cs_ctx *cx, CXCursor c, int lambda) {
  CXSourceRange ext = clang_getCursorExtent(c);

  if (XL_GROW(cx->spans, cx->cap, cx->nspans + 1) < 0 ||
      XL_GROW(cx->is_lambda, cx->cap2, cx->nspans + 1) < 0)
    return -1;
  cx->spans[cx->nspans].begin = exp_offset(clang_getRangeStart(ext), NULL);
  cx->spans[cx->nspans].end = exp_offset(clang_getRangeEnd(ext), NULL);
  cx->is_lambda[cx->nspans++] = lambda;
  return 0;
}

static void on_ref(cs_ctx *cx, CXCursor ref, CXCursor parent) {
  CXCursor decl = clang_getCursorReferenced(ref);
  xl_loc at;
  size_t i;
  uint32_t what;
  CXFile file;
  unsigned off;

  if (clang_getCursorKind(decl) != CXCursor_VarDecl &&
      clang_getCursorKind(decl) != CXCursor_ParmDecl)
    return;
  at = xl_fe_loc(cx->fe, clang_getCursorLocation(decl));
  for (i = 0; i < cx->nvars; i++) {
    cs_var *v = &cx->vars[i];
    if (v->decl.file != at.file || v->decl.offset != at.offset)
      continue;
    v->seen = 1;
    v->unknown |= !eligible(decl);
    what = classify(cx, ref, parent);
    off = exp_offset(clang_getCursorLocation(ref), &file);
    if (what == XL_CAPTURE_WRITTEN && off < cx->fr->begin &&
        xl_fe_file(cx->fe, file) &&
        xl_fe_file(cx->fe, file)->id ==
            cx->fe->facts->lambdas[cx->fr->id].loc.file) {
      if (XL_GROW(v->writes, v->cap, v->nwrites + 1) < 0)
        cx->gave_up = 1;
      else
        v->writes[v->nwrites++] = off;
      return;
    }
    v->flags |= what;
    return;
  }
}

static enum CXChildVisitResult visit(CXCursor c, CXCursor parent,
                                     CXClientData data) {
  cs_ctx *cx = data;
  enum CXCursorKind k = clang_getCursorKind(c);

  if (k == CXCursor_GotoStmt || k == CXCursor_IndirectGotoStmt) {
    cx->gave_up = 1;
    return CXChildVisit_Break;
  }
  if ((k == CXCursor_ForStmt || k == CXCursor_WhileStmt ||
       k == CXCursor_DoStmt || k == CXCursor_CXXForRangeStmt ||
       k == CXCursor_LambdaExpr) &&
      add_span(cx, c, k == CXCursor_LambdaExpr) < 0) {
    cx->gave_up = 1;
    return CXChildVisit_Break;
  }
  if (k == CXCursor_DeclRefExpr)
    on_ref(cx, c, parent);
  return CXChildVisit_Recurse;
}

/* A write before the lambda that can still happen after its creation: in a
 * loop that holds the lambda too, or in the body of another lambda. */
static int write_counts(const cs_ctx *cx, unsigned w) {
  size_t i;

  for (i = 0; i < cx->nspans; i++) {
    const cs_span *s = &cx->spans[i];
    if (w < s->begin || w >= s->end)
      continue;
    if (cx->is_lambda[i] || cx->fr->begin < s->end)
      return 1;
  }
  return 0;
}

/* The by-reference captures of fr's lambda that the analysis covers. */
static void collect(cs_ctx *cx, xl_capture *caps, uint32_t n) {
  uint32_t i;

  for (i = 0; i < n && cx->nvars < CS_MAX_VARS; i++) {
    const xl_capture *c = &caps[i];
    if (c->kind == XL_CAPTURE_VAR && (c->flags & XL_CAPTURE_BYREF) &&
        !(c->flags & XL_CAPTURE_PACK) && xl_loc_valid(c->decl))
      cx->vars[cx->nvars++].decl = c->decl;
  }
}

static void finish(cs_ctx *cx, xl_capture *caps, uint32_t n) {
  uint32_t i;
  size_t j, k;

  for (j = 0; j < cx->nvars; j++)
    for (k = 0; k < cx->vars[j].nwrites; k++)
      if (write_counts(cx, cx->vars[j].writes[k]))
        cx->vars[j].flags |= XL_CAPTURE_WRITTEN;
  for (i = 0; i < n; i++) {
    xl_capture *c = &caps[i];
    for (j = 0; j < cx->nvars && !cx->gave_up; j++)
      if (cx->vars[j].seen && !cx->vars[j].unknown && c->kind == XL_CAPTURE_VAR && (c->flags & XL_CAPTURE_BYREF) &&
          c->decl.file == cx->vars[j].decl.file &&
          c->decl.offset == cx->vars[j].decl.offset)
        c->flags |= XL_CAPTURE_COPY_CHECKED | cx->vars[j].flags;
  }
}

void xl_fe_copy_safety(xl_fe *fe, const fe_lambda_frame *fr) {
  xl_lambda *l = &fe->facts->lambdas[fr->id];
  xl_capture *caps;
  cs_ctx *cx;
  size_t j;

  if (!fe->at.in_function || l->first_capture == XL_NONE || !l->ncaptures)
    return;
  cx = calloc(1, sizeof(*cx));
  if (!cx) {
    xl_fe_oom(fe);
    return;
  }
  cx->fe = fe;
  cx->fr = fr;
  caps = &fe->facts->captures[l->first_capture];
  collect(cx, caps, l->ncaptures);
  if (cx->nvars) {
    clang_visitChildren(fe->at.func_cursor, visit, cx);
    finish(cx, caps, l->ncaptures);
  }
  for (j = 0; j < cx->nvars; j++)
    free(cx->vars[j].writes);
  free(cx->spans);
  free(cx->is_lambda);
  free(cx);
}
