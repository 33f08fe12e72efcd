/*
 * retdeduce.c: the return type a function template's 'auto' stands for,
 * read from its pattern (issue 18). clang deduces nothing before a template
 * is instantiated, and an instantiation's type is one of many; but when
 * every 'return' of the pattern returns the same template type parameter
 * ('return t;' with 't' of type 'T' or 'const T &') or the same builtin type,
 * that name is what every instantiation deduces, and writing it keeps the
 * program. Anything else (arrays and functions that decay, class types,
 * dependent expressions, 'return' in nested lambdas) gives no spelling.
 */
#include "fe.h"
#include "util/util.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

typedef struct ret_scan {
  char *spelling;  /* the one spelling seen so far (malloc'd), else NULL */
  int bad;         /* a return that cannot be spelled, or two that differ */
  int seen;        /* returns seen */
} ret_scan;

/* 1 when s is one identifier. */
static int identifier(const char *s) {
  if (!s || !(isalpha((unsigned char)*s) || *s == '_'))
    return 0;
  while (isalnum((unsigned char)*s) || *s == '_')
    s++;
  return *s == '\0';
}

/* 1 when a deduced 'auto' of this (non-reference, unqualified) type can be
   written as clang spells it: a builtin, or a named template type parameter
   (libclang finds no declaration for those: its canonical type is spelled
   'type-parameter-D-I', its sugar the parameter's name). */
static int writable(CXType t) {
  CXString canon, s;
  int ok;

  if (t.kind == CXType_Dependent || t.kind == CXType_Overload)
    return 0; /* in the builtin range, but no type one can write */
  if (t.kind >= CXType_FirstBuiltin && t.kind <= CXType_LastBuiltin)
    return 1;
  canon = clang_getTypeSpelling(clang_getCanonicalType(t));
  s = clang_getTypeSpelling(t);
  ok = strncmp(clang_getCString(canon), "type-parameter-", 15) == 0 &&
       identifier(clang_getCString(s));
  clang_disposeString(canon);
  clang_disposeString(s);
  return ok;
}

/* The type 'auto' deduces from one returned expression, or NULL (malloc'd). */
static char *deduced_from(CXCursor expr) {
  CXType t = clang_getCursorType(expr);
  CXString s;
  char *out = NULL;

  if (t.kind == CXType_LValueReference || t.kind == CXType_RValueReference)
    t = clang_getPointeeType(t); /* expressions have none; kept for safety */
  t = clang_getUnqualifiedType(t);

  if (t.kind == CXType_Invalid || !writable(t))
    return NULL;
  s = clang_getTypeSpelling(t);
  if (clang_getCString(s) && clang_getCString(s)[0] != '\0')
    out = xl_strdup(clang_getCString(s));
  clang_disposeString(s);
  return out;
}

static void saw(ret_scan *r, char *spelling) {
  r->seen++;
  if (!spelling) {
    r->bad = 1;
  } else if (!r->spelling) {
    r->spelling = spelling;
    return;
  } else if (strcmp(r->spelling, spelling) != 0) {
    r->bad = 1;
  }
  free(spelling);
}

static enum CXChildVisitResult first_expr(CXCursor c, CXCursor p,
                                          CXClientData data) {
  (void)p;
  *(CXCursor *)data = c;
  return CXChildVisit_Break;
}

static enum CXChildVisitResult scan(CXCursor c, CXCursor p, CXClientData data) {
  ret_scan *r = data;
  enum CXCursorKind k = clang_getCursorKind(c);
  CXCursor e = clang_getNullCursor();

  (void)p;
  if (r->bad)
    return CXChildVisit_Break;
  if (k == CXCursor_LambdaExpr || clang_isDeclaration(k))
    return CXChildVisit_Continue; /* their returns are not this function's */
  if (k != CXCursor_ReturnStmt)
    return CXChildVisit_Recurse;
  clang_visitChildren(c, first_expr, &e);
  saw(r, clang_Cursor_isNull(e) ? xl_strdup("void") : deduced_from(e));
  return CXChildVisit_Continue;
}

char *xl_fe_pattern_return(CXCursor body) {
  ret_scan r = {NULL, 0, 0};

  if (clang_Cursor_isNull(body))
    return NULL;
  clang_visitChildren(body, scan, &r);
  if (r.bad) {
    free(r.spelling);
    return NULL;
  }
  return r.seen ? r.spelling : xl_strdup("void");
}
