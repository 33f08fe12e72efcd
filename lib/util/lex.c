/*
 * lex.c: the token scanner and the lambda-introducer parser (see lex.h).
 */
#include <ctype.h>
#include <string.h>

#include "util/lex.h"

void xl_lex_init(xl_lexer *lx, const char *buf, size_t len, size_t pos) {
  lx->buf = buf;
  lx->len = len;
  lx->pos = pos > len ? len : pos;
}

static int at(const xl_lexer *lx, size_t i) {
  return i < lx->len ? (unsigned char)lx->buf[i] : -1;
}

/* Skip whitespace, comments and backslash-newlines. */
static void skip_space(xl_lexer *lx) {
  for (;;) {
    int c = at(lx, lx->pos);
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' ||
        c == '\v') {
      lx->pos++;
    } else if (c == '\\' && (at(lx, lx->pos + 1) == '\n' ||
                             at(lx, lx->pos + 1) == '\r')) {
      lx->pos += 2;
    } else if (c == '/' && at(lx, lx->pos + 1) == '/') {
      while (lx->pos < lx->len && lx->buf[lx->pos] != '\n')
        lx->pos++;
    } else if (c == '/' && at(lx, lx->pos + 1) == '*') {
      lx->pos += 2;
      while (lx->pos < lx->len &&
             !(lx->buf[lx->pos] == '*' && at(lx, lx->pos + 1) == '/'))
        lx->pos++;
      lx->pos = lx->pos + 2 > lx->len ? lx->len : lx->pos + 2;
    } else {
      return;
    }
  }
}

static int is_ident_char(int c) { return c == '_' || (c >= 0 && isalnum(c)); }

/* Scan a quoted literal starting at the quote character at lx->pos. */
static void scan_quoted(xl_lexer *lx) {
  int q = at(lx, lx->pos);

  lx->pos++;
  while (lx->pos < lx->len) {
    int c = lx->buf[lx->pos++];
    if (c == '\\')
      lx->pos++;
    else if (c == q || c == '\n')
      break;
  }
  if (lx->pos > lx->len)
    lx->pos = lx->len;
}

/* Scan R"delim( ... )delim" starting at the quote. */
static void scan_raw(xl_lexer *lx) {
  char delim[20];
  size_t n = 0, p = lx->pos + 1;

  while (p < lx->len && lx->buf[p] != '(' && n < sizeof(delim) - 1)
    delim[n++] = lx->buf[p++];
  delim[n] = '\0';
  for (p++; p < lx->len; p++) {
    if (lx->buf[p] == ')' && p + 1 + n < lx->len &&
        strncmp(lx->buf + p + 1, delim, n) == 0 && lx->buf[p + 1 + n] == '"') {
      lx->pos = p + n + 2;
      return;
    }
  }
  lx->pos = lx->len;
}

static const char *const multi_puncts[] = {"...", "::", "->", "&&", "||",
                                           "==", "!=", "<=", ">=", NULL};

static void scan_punct(xl_lexer *lx) {
  int i;

  for (i = 0; multi_puncts[i]; i++) {
    size_t n = strlen(multi_puncts[i]);
    if (lx->pos + n <= lx->len &&
        memcmp(lx->buf + lx->pos, multi_puncts[i], n) == 0) {
      lx->pos += n;
      return;
    }
  }
  lx->pos++;
}

xl_tok_kind xl_lex_next(xl_lexer *lx, xl_tok *tok) {
  int c;

  skip_space(lx);
  tok->begin = lx->pos;
  c = at(lx, lx->pos);
  if (c < 0) {
    tok->kind = XL_TOK_EOF;
  } else if (c == '"' || c == '\'') {
    scan_quoted(lx);
    tok->kind = XL_TOK_STRING;
  } else if (is_ident_char(c) && !isdigit(c)) {
    while (is_ident_char(at(lx, lx->pos)))
      lx->pos++;
    if (at(lx, lx->pos) == '"' && at(lx, lx->pos - 1) == 'R') {
      scan_raw(lx);
      tok->kind = XL_TOK_STRING;
    } else if (at(lx, lx->pos) == '"' || at(lx, lx->pos) == '\'') {
      scan_quoted(lx); /* u8"..", L'x' */
      tok->kind = XL_TOK_STRING;
    } else {
      tok->kind = XL_TOK_IDENT;
    }
  } else if (isdigit(c) || (c == '.' && isdigit(at(lx, lx->pos + 1)))) {
    while (is_ident_char(at(lx, lx->pos)) || at(lx, lx->pos) == '.' ||
           at(lx, lx->pos) == '\'')
      lx->pos++;
    tok->kind = XL_TOK_NUMBER;
  } else {
    scan_punct(lx);
    tok->kind = XL_TOK_PUNCT;
  }
  tok->end = lx->pos;
  return tok->kind;
}

/* ---- directives ---------------------------------------------------------- */

/* The classes of bytes xl_lex_next_directive tells apart. */
enum { B_PUNCT = 0, B_BLANK, B_IDENT, B_DIGIT, B_QUOTE, B_SLASH, B_HASH,
       B_BACKSLASH, B_DOT };

static const unsigned char byte_class[256] = {
    [' '] = B_BLANK, ['\t'] = B_BLANK, ['\n'] = B_BLANK, ['\r'] = B_BLANK,
    ['\f'] = B_BLANK, ['\v'] = B_BLANK, ['"'] = B_QUOTE, ['\''] = B_QUOTE,
    ['/'] = B_SLASH, ['#'] = B_HASH, ['\\'] = B_BACKSLASH, ['.'] = B_DOT,
    ['_'] = B_IDENT,
    ['0'] = B_DIGIT, ['1'] = B_DIGIT, ['2'] = B_DIGIT, ['3'] = B_DIGIT,
    ['4'] = B_DIGIT, ['5'] = B_DIGIT, ['6'] = B_DIGIT, ['7'] = B_DIGIT,
    ['8'] = B_DIGIT, ['9'] = B_DIGIT,
    ['a'] = B_IDENT, ['b'] = B_IDENT, ['c'] = B_IDENT, ['d'] = B_IDENT,
    ['e'] = B_IDENT, ['f'] = B_IDENT, ['g'] = B_IDENT, ['h'] = B_IDENT,
    ['i'] = B_IDENT, ['j'] = B_IDENT, ['k'] = B_IDENT, ['l'] = B_IDENT,
    ['m'] = B_IDENT, ['n'] = B_IDENT, ['o'] = B_IDENT, ['p'] = B_IDENT,
    ['q'] = B_IDENT, ['r'] = B_IDENT, ['s'] = B_IDENT, ['t'] = B_IDENT,
    ['u'] = B_IDENT, ['v'] = B_IDENT, ['w'] = B_IDENT, ['x'] = B_IDENT,
    ['y'] = B_IDENT, ['z'] = B_IDENT,
    ['A'] = B_IDENT, ['B'] = B_IDENT, ['C'] = B_IDENT, ['D'] = B_IDENT,
    ['E'] = B_IDENT, ['F'] = B_IDENT, ['G'] = B_IDENT, ['H'] = B_IDENT,
    ['I'] = B_IDENT, ['J'] = B_IDENT, ['K'] = B_IDENT, ['L'] = B_IDENT,
    ['M'] = B_IDENT, ['N'] = B_IDENT, ['O'] = B_IDENT, ['P'] = B_IDENT,
    ['Q'] = B_IDENT, ['R'] = B_IDENT, ['S'] = B_IDENT, ['T'] = B_IDENT,
    ['U'] = B_IDENT, ['V'] = B_IDENT, ['W'] = B_IDENT, ['X'] = B_IDENT,
    ['Y'] = B_IDENT, ['Z'] = B_IDENT};

#define CLASS(c) byte_class[(unsigned char)(c)]

/* 1 when only blanks precede offset on its line. */
static int first_on_line(const char *buf, size_t off) {
  while (off > 0 && (buf[off - 1] == ' ' || buf[off - 1] == '\t'))
    off--;
  return off == 0 || buf[off - 1] == '\n';
}

/* The end of the literal whose quote (or raw string's) is at buf[q], as
 * xl_lex_next scans it. */
static size_t literal_end(const char *buf, size_t len, size_t q, int raw) {
  xl_lexer lx;

  xl_lex_init(&lx, buf, len, q);
  if (raw)
    scan_raw(&lx);
  else
    scan_quoted(&lx);
  return lx.pos;
}

/* Where the identifier or number at buf[i] ends, its literal included when
 * it prefixes one (u8"..", L'x', R"d(..)d"), as xl_lex_next scans it. */
static size_t word_end(const char *buf, size_t len, size_t i, int number) {
  size_t j = i + 1;
  int k;

  for (; j < len; j++) {
    k = CLASS(buf[j]);
    if (!(k == B_IDENT || k == B_DIGIT ||
          (number && (buf[j] == '.' || buf[j] == '\''))))
      break;
  }
  if (number || j == len || CLASS(buf[j]) != B_QUOTE)
    return j;
  return literal_end(buf, len, j, buf[j] == '"' && buf[j - 1] == 'R');
}

/* The end of a block comment whose text starts at buf[i], as skip_space
 * finds it. */
static size_t comment_end(const char *buf, size_t len, size_t i) {
  const char *star;

  while (i < len) {
    star = memchr(buf + i, '*', len - i);
    if (!star)
      return len;
    i = (size_t)(star - buf);
    if (i + 1 < len && buf[i + 1] == '/')
      return i + 2;
    i++;
  }
  return len;
}

size_t xl_lex_next_directive(const char *buf, size_t len, size_t pos) {
  const char *p;
  size_t i = pos;

  while (i < len) {
    switch (CLASS(buf[i])) {
    case B_BLANK:
      while (++i < len && CLASS(buf[i]) == B_BLANK)
        ;
      break;
    case B_IDENT:
      i = word_end(buf, len, i, 0);
      break;
    case B_DIGIT:
      i = word_end(buf, len, i, 1);
      break;
    case B_DOT:
      i = i + 1 < len && CLASS(buf[i + 1]) == B_DIGIT
              ? word_end(buf, len, i, 1)
              : i + 1;
      break;
    case B_QUOTE:
      i = literal_end(buf, len, i, 0);
      break;
    case B_BACKSLASH:
      i += i + 1 < len && (buf[i + 1] == '\n' || buf[i + 1] == '\r') ? 2 : 1;
      break;
    case B_HASH:
      if (first_on_line(buf, i))
        return i;
      i++;
      break;
    case B_SLASH:
      if (i + 1 < len && buf[i + 1] == '/') {
        p = memchr(buf + i, '\n', len - i);
        i = p ? (size_t)(p - buf) : len;
      } else if (i + 1 < len && buf[i + 1] == '*') {
        i = comment_end(buf, len, i + 2);
      } else {
        i++;
      }
      break;
    default: /* a punctuator: its other characters start no literal */
      i++;
    }
  }
  return len;
}

int xl_tok_is(const xl_lexer *lx, const xl_tok *tok, const char *s) {
  size_t n = strlen(s);

  return tok->end - tok->begin == n && memcmp(lx->buf + tok->begin, s, n) == 0;
}

/* ---- capture lists ----------------------------------------------------- */

/*
 * Skip a balanced expression up to (not including) a top-level ',' or ']'.
 * Returns the offset just past its last token, with *stop holding the
 * terminator token, or 0 when the buffer ends first.
 */
static size_t skip_expr(xl_lexer *lx, xl_tok *stop) {
  int depth = 0;
  size_t last = lx->pos;

  while (xl_lex_next(lx, stop) != XL_TOK_EOF) {
    if (stop->kind == XL_TOK_PUNCT) {
      char c = lx->buf[stop->begin];
      if (depth == 0 && (c == ',' || c == ']'))
        return last;
      if (c == '(' || c == '[' || c == '{')
        depth++;
      else if (c == ')' || c == ']' || c == '}')
        depth--;
    }
    last = stop->end;
  }
  return 0;
}

/* Parse one capture item starting with token t; stops after ',' or ']'. */
static int parse_item(xl_lexer *lx, xl_tok t, xl_capitem *it, xl_tok *stop) {
  memset(it, 0, sizeof(*it));
  it->begin = t.begin;
  if (xl_tok_is(lx, &t, "&")) {
    it->byref = 1;
    xl_lex_next(lx, &t);
  } else if (xl_tok_is(lx, &t, "*")) {
    it->is_star_this = 1;
    xl_lex_next(lx, &t);
  }
  if (xl_tok_is(lx, &t, "...")) {
    it->pack = 1;
    xl_lex_next(lx, &t);
  }
  if (t.kind != XL_TOK_IDENT)
    return -1;
  it->is_this = xl_tok_is(lx, &t, "this") && !it->is_star_this;
  it->name_begin = t.begin;
  it->name_end = it->end = t.end;
  if (xl_lex_next(lx, stop) == XL_TOK_PUNCT && xl_tok_is(lx, stop, "...")) {
    it->pack = 1;
    it->end = stop->end;
    xl_lex_next(lx, stop);
  }
  if (xl_tok_is(lx, stop, "=") || xl_tok_is(lx, stop, "{") ||
      xl_tok_is(lx, stop, "(")) {
    int eq = xl_tok_is(lx, stop, "=");
    it->is_init = 1;
    it->init_begin = eq ? stop->end : stop->begin;
    if (!eq)
      lx->pos = stop->begin; /* let skip_expr see the opening bracket */
    it->end = it->init_end = skip_expr(lx, stop);
    if (!it->end)
      return -1;
    while (it->init_begin < it->init_end &&
           isspace((unsigned char)lx->buf[it->init_begin]))
      it->init_begin++;
    it->init_braced = lx->buf[it->init_begin] == '{';
  }
  return xl_tok_is(lx, stop, ",") || xl_tok_is(lx, stop, "]") ? 0 : -1;
}

static int is_default(const xl_lexer *lx, const xl_tok *t, const xl_tok *next) {
  return (xl_tok_is(lx, t, "=") || xl_tok_is(lx, t, "&")) &&
         (xl_tok_is(lx, next, ",") || xl_tok_is(lx, next, "]"));
}

int xl_lex_caplist(xl_caplist *out, const char *buf, size_t len, size_t pos) {
  xl_lexer lx;
  xl_tok t, stop;

  memset(out, 0, sizeof(*out));
  if (pos >= len || buf[pos] != '[')
    return -1;
  xl_lex_init(&lx, buf, len, pos + 1);
  xl_lex_next(&lx, &t);
  if (xl_tok_is(&lx, &t, "]")) {
    out->end = t.end;
    return 0;
  }
  for (;;) {
    xl_lexer save = lx;
    xl_lex_next(&lx, &stop);
    if (out->total == 0 && !out->def && is_default(&lx, &t, &stop)) {
      out->def = buf[t.begin];
      out->def_begin = t.begin;
      out->def_end = t.end;
    } else {
      xl_capitem item;
      lx = save;
      if (parse_item(&lx, t, &item, &stop) < 0)
        return -1;
      if (out->nitems < XL_CAPLIST_MAX)
        out->items[out->nitems++] = item;
      out->total++;
    }
    if (xl_tok_is(&lx, &stop, "]")) {
      out->end = stop.end;
      return 0;
    }
    if (xl_lex_next(&lx, &t) == XL_TOK_EOF)
      return -1;
  }
}
