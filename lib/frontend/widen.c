/*
 * widen.c: where a private or protected class member can be made public
 * (issue 18). The edit wraps the member's first declaration in its class,
 * line-aligned: "public:" on a line of its own before it, the access it had
 * on a line of its own after it (see xl_widen in facts.h). Offered only
 * where that is plainly right: the declaration is written directly in the
 * body of a named class (no macro writes it), starts its line (after blanks
 * or attribute-like words such as '__host__ __device__') and ends its line
 * (with its ';', or a function definition's '}'; a '//' comment may
 * follow).
 */
#include "fe.h"

/* The member's first declaration: an instantiated member goes back to the
 * template member it was instantiated from. */
static CXCursor first_decl(CXCursor c) {
  CXCursor t;
  int i;

  for (i = 0; i < 8; i++) {
    t = clang_getSpecializedCursorTemplate(c);
    if (clang_Cursor_isNull(t) || clang_equalCursors(t, c))
      break;
    c = t;
  }
  return clang_getCanonicalCursor(c);
}

/* 1 when loc is written in its file, not by a macro. */
static int written(CXSourceLocation loc) {
  CXFile ef, sf;
  unsigned eo, so;

  clang_getExpansionLocation(loc, &ef, NULL, NULL, &eo);
  clang_getSpellingLocation(loc, &sf, NULL, NULL, &so);
  return ef && sf && clang_File_isEqual(ef, sf) && eo == so;
}

/* 1 when the class around a member has a name and the member is written
 * in its body. */
static int in_named_class(CXCursor m) {
  CXCursor sem = clang_getCursorSemanticParent(m);
  CXCursor lex = clang_getCursorLexicalParent(m);
  CXString s;
  const char *n;
  int ok;

  if (!xl_fe_is_class(sem) || !clang_equalCursors(sem, lex) ||
      clang_Cursor_isAnonymous(sem))
    return 0;
  s = clang_getCursorSpelling(sem);
  n = clang_getCString(s);
  ok = n && *n && n[0] != '(';
  clang_disposeString(s);
  return ok;
}

static int is_word(char c) {
  return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
         (c >= '0' && c <= '9');
}

/* The start of the line holding `at`, when only blanks and words come
 * before it there; (size_t)-1 otherwise. */
static size_t line_start(const char *b, size_t at) {
  while (at > 0 && b[at - 1] != '\n') {
    char c = b[at - 1];
    if (c != ' ' && c != '\t' && !is_word(c))
      return (size_t)-1;
    at--;
  }
  return at;
}

/* Skip blanks, newlines and comments from `at`; the next offset. */
static size_t skip_space(const char *b, size_t len, size_t at) {
  for (;;) {
    while (at < len && (b[at] == ' ' || b[at] == '\t' || b[at] == '\n' ||
                        b[at] == '\r'))
      at++;
    if (at + 1 < len && b[at] == '/' && b[at + 1] == '/') {
      while (at < len && b[at] != '\n')
        at++;
    } else if (at + 1 < len && b[at] == '/' && b[at + 1] == '*') {
      at += 2;
      while (at + 1 < len && !(b[at] == '*' && b[at + 1] == '/'))
        at++;
      at = at + 1 < len ? at + 2 : len;
    } else {
      return at;
    }
  }
}

/* The offset of the newline ending the line where a declaration ends
 * (`end`: after its last token); (size_t)-1 when code follows it there. */
static size_t line_end(const char *b, size_t len, size_t end, int is_func) {
  size_t next = skip_space(b, len, end);

  if (next < len && b[next] == ';')
    end = next + 1;
  else if (!is_func || end == 0 || b[end - 1] != '}')
    return (size_t)-1; /* the ';' is missing, or declarators follow */
  while (end < len && (b[end] == ' ' || b[end] == '\t' || b[end] == '\r'))
    end++;
  if (end + 1 < len && b[end] == '/' && b[end + 1] == '/')
    while (end < len && b[end] != '\n')
      end++;
  return end < len && b[end] == '\n' ? end : (size_t)-1;
}

static int is_function(CXCursor c) {
  switch (clang_getCursorKind(c)) {
  case CXCursor_CXXMethod: case CXCursor_FunctionTemplate:
  case CXCursor_Constructor: case CXCursor_Destructor:
  case CXCursor_ConversionFunction: case CXCursor_FunctionDecl:
    return 1;
  default:
    return 0;
  }
}

xl_widen xl_fe_widen(xl_fe *fe, CXCursor member) {
  xl_widen w;
  CXCursor m = first_decl(member);
  CXSourceRange ext = clang_getCursorExtent(m);
  unsigned b, e;
  CXFile bf;
  fe_file *f, *fe2;
  size_t open, close;

  w.open = w.close = xl_loc_none();
  if (clang_Cursor_isNull(m) || !in_named_class(m) || xl_fe_in_system(m) ||
      !written(clang_getCursorLocation(m)) ||
      !written(clang_getRangeEnd(ext)))
    return w;
  /* the start may be a macro such as '__host__': its name is on the line */
  clang_getExpansionLocation(clang_getRangeStart(ext), &bf, NULL, NULL, &b);
  f = bf ? xl_fe_file(fe, bf) : NULL;
  fe2 = xl_fe_spelling(fe, clang_getRangeEnd(ext), &e);
  if (!f || f != fe2 || !f->buf || b > e || e > f->len)
    return w;
  open = line_start(f->buf, b);
  close = line_end(f->buf, f->len, e, is_function(m));
  if (open == (size_t)-1 || close == (size_t)-1)
    return w;
  w.open = xl_fe_loc_at(fe, f, open);
  w.close = xl_fe_loc_at(fe, f, close);
  return w;
}
