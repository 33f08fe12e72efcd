/*
 * lex.h: a small C++ token scanner over a source buffer, for the few places
 * where libclang's cursors do not say what was written: a lambda's capture
 * list and declarator specifiers, 'if constexpr', comments, and the
 * preprocessing directives of the arch scan (archscan.c).
 *
 * It skips whitespace, comments and line continuations, and returns
 * identifiers, numbers, string/character literals (raw strings included) and
 * punctuators ("...", "::", "->" and "&&" as one token).
 */
#ifndef XL_LEX_H
#define XL_LEX_H

#include <stddef.h>

typedef enum xl_tok_kind {
  XL_TOK_EOF = 0,
  XL_TOK_IDENT,
  XL_TOK_NUMBER,
  XL_TOK_STRING,
  XL_TOK_PUNCT
} xl_tok_kind;

typedef struct xl_tok {
  xl_tok_kind kind;
  size_t begin; /* byte offset of the first character */
  size_t end;   /* one past the last character */
} xl_tok;

typedef struct xl_lexer {
  const char *buf;
  size_t len;
  size_t pos;
} xl_lexer;

/* Start scanning buf[0..len) at byte offset pos. */
void xl_lex_init(xl_lexer *lx, const char *buf, size_t len, size_t pos);

/* Scan the next token into *tok. Returns tok->kind (XL_TOK_EOF at the end). */
xl_tok_kind xl_lex_next(xl_lexer *lx, xl_tok *tok);

/*
 * The offset of the next preprocessing directive's '#' at or after pos in
 * buf[0..len): the first '#' token, as xl_lex_next would return it from
 * pos (outside comments and literals), that only blanks precede on its
 * line; len when there is none. Faster than xl_lex_next's loop (no token
 * is built), and equal to it (test_lex.c compares them).
 */
size_t xl_lex_next_directive(const char *buf, size_t len, size_t pos);

/* 1 when tok's text equals s. */
int xl_tok_is(const xl_lexer *lx, const xl_tok *tok, const char *s);

/* ---- capture lists ----------------------------------------------------- */

#define XL_CAPLIST_MAX 64

typedef struct xl_capitem {
  size_t begin, end;           /* the item's text, e.g. "&x = y + 1" */
  size_t name_begin, name_end; /* the identifier, when there is one */
  size_t init_begin, init_end; /* init-capture initializer (after '=') */
  int byref;                   /* written with '&' */
  int is_this;                 /* 'this' */
  int is_star_this;            /* '*this' */
  int is_init;                 /* an init-capture */
  int init_braced;             /* x{...} or x = {...} */
  int pack;                    /* 'x...' or '...x = e' */
} xl_capitem;

typedef struct xl_caplist {
  char def;                    /* 0, '=' or '&' */
  size_t def_begin, def_end;   /* the default's text */
  size_t end;                  /* one past ']' */
  unsigned nitems;             /* explicit captures (capped at XL_CAPLIST_MAX) */
  unsigned total;              /* explicit captures written */
  xl_capitem items[XL_CAPLIST_MAX];
} xl_caplist;

/*
 * Parse the lambda introducer starting at buf[pos] == '['. Returns 0 and
 * fills *out, or -1 when the text there is not a well-formed introducer.
 */
int xl_lex_caplist(xl_caplist *out, const char *buf, size_t len, size_t pos);

#endif /* XL_LEX_H */
