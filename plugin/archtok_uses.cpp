/*
 * archtok_uses.cpp: how the token answer reads a name of the device side's
 * tokens: a use of a variable or a declaration of another (plain_use),
 * still in its variable's scope (in_scope), and a member access the host
 * spelled alike in the same function (member_twin), all without a parse.
 */
#include "archtok_impl.h"

using namespace clang;

namespace xlp {
namespace {

bool is_keyword(tok::TokenKind k) {
  return tok::getKeywordSpelling(k) != nullptr;
}

/* Whether d[i], the token before 'a' in 'a * x' (or '&', '&&'), makes it
 * an expression: an operator or 'return' before it, or a '(' that does
 * not open a for, if, while, switch or catch (where 'T * x' declares). */
bool binary_context(const std::vector<Tok> &d, int i) {
  switch (d[i].kind) {
  case tok::equal: case tok::plusequal: case tok::minusequal:
  case tok::starequal: case tok::slashequal: case tok::percentequal:
  case tok::plus: case tok::minus: case tok::slash: case tok::percent:
  case tok::equalequal: case tok::exclaimequal: case tok::lessequal:
  case tok::greaterequal: case tok::pipepipe: case tok::question:
  case tok::kw_return: case tok::lessless:
    return true;
  case tok::l_paren:
    return i > 0 && !is_keyword(d[i - 1].kind);
  default:
    return false;
  }
}

/* The index before the first token of the statement or braced list that
 * holds d[from] (a ';' or '{', or db), scanning back over balanced
 * brackets; -1 when an open '(' or '[' comes first. */
int statement_start(const std::vector<Tok> &d, int from, int db) {
  int depth = 0, i = from;

  for (; i > db; i--) {
    tok::TokenKind k = d[i].kind;
    if (k == tok::r_paren || k == tok::r_square || k == tok::r_brace) {
      depth++;
    } else if (k == tok::l_paren || k == tok::l_square ||
               k == tok::l_brace) {
      if (depth > 0)
        depth--;
      else if (k == tok::l_brace)
        break;
      else
        return -1;
    } else if (depth == 0 && k == tok::semi) {
      break;
    }
  }
  return i;
}

/* The index of the '[' that the ']' at t[k] closes, or -1. */
int open_square(const std::vector<Tok> &t, int k) {
  int depth = 0;

  for (; k >= 0; k--) {
    if (t[k].kind == tok::r_square)
      depth++;
    else if (t[k].kind == tok::l_square && --depth == 0)
      return k;
  }
  return -1;
}

/* The index of the name a member access's object begins with, for the
 * member's name t[j]: a name, then any of '[...]', '.n', '->n'
 * ('p[i].a.id'); -1 for another form (a call, a qualified name). */
int access_start(const std::vector<Tok> &t, int j) {
  int i = j - 1;

  while (i > 0 && (t[i].kind == tok::period || t[i].kind == tok::arrow)) {
    int k = i - 1;
    while (k >= 0 && t[k].kind == tok::r_square)
      k = open_square(t, k) - 1;
    if (k < 0 || t[k].kind != tok::identifier)
      return -1;
    tok::TokenKind b = k > 0 ? t[k - 1].kind : tok::unknown;
    if (b != tok::period && b != tok::arrow)
      return b == tok::coloncolon || b == tok::kw_template ? -1 : k;
    i = k - 1;
  }
  return -1;
}

/* The index of the token that ends the declaration whose name is t[from]
 * (a ';' or ',', or the ')' or '}' that closes what holds it), or -1 past
 * limit. */
int decl_end(const std::vector<Tok> &t, int from, int limit) {
  int depth = 0;

  for (int i = from; i <= limit && i < (int)t.size(); i++) {
    tok::TokenKind k = t[i].kind;
    if (k == tok::l_paren || k == tok::l_square || k == tok::l_brace)
      depth++;
    else if (k == tok::r_paren || k == tok::r_square || k == tok::r_brace) {
      if (depth-- == 0)
        return i;
    } else if (depth == 0 && (k == tok::semi || k == tok::comma))
      return i;
  }
  return -1;
}

/* Whether host tokens h[b, e] are matched one by one to the device's
 * (no hunk among them) and name nothing of `loose`. */
bool alike(const std::vector<Tok> &h, const std::vector<int> &h2d, int b,
           int e, const std::set<std::string> &loose) {
  if (b < 0 || h2d[b] < 0)
    return false;
  for (int i = b; i <= e; i++)
    if (h2d[i] != h2d[b] + (i - b) ||
        (h[i].kind == tok::identifier && loose.count(h[i].text().str())))
      return false;
  return true;
}

/* Whether f's host tokens spell the access d[r..j] from one of its
 * variables (FuncInfo::fields), token for token. */
bool has_twin(const std::vector<Tok> &h, const FuncInfo &f,
              const std::vector<Tok> &d, int r, int j) {
  for (const std::pair<int, int> &e : f.fields) {
    bool same = e.second - e.first == j - r;
    for (int i = 0; same && i <= j - r; i++)
      same = same_tok(h[e.first + i], d[r + i]);
    if (same)
      return true;
  }
  return false;
}

/* f's one variable named n, or null (none, or several). */
const VarInfo *only_var(const FuncInfo &f, llvm::StringRef n) {
  const VarInfo *found = nullptr;

  for (const VarInfo &v : f.vars)
    if (v.name == n) {
      if (found)
        return nullptr;
      found = &v;
    }
  return found;
}

/* Whether the device spells name d[r] in f (from d[ds]) before d[r] only
 * as a use or a member's name, but at dv, the declaration of f's
 * variable. */
bool only_uses(const std::vector<Tok> &d, int ds, int dv, int r) {
  for (int i = ds + 1; i < r; i++) {
    if (i == dv || d[i].kind != tok::identifier ||
        d[i].text() != d[r].text())
      continue;
    tok::TokenKind b = d[i - 1].kind;
    if (b != tok::period && b != tok::arrow && !plain_use(d, i, ds))
      return false;
  }
  return true;
}

} // namespace

/* Whether d[j], the first appearance of an outer variable's name in a
 * lambda's device body (opened by d[db]), is a use of that variable and
 * not a declaration of another (a 'T x', 'T *x', 'T a, x' pattern), a
 * member (after '.', '->', '::') or a label (archtok_impl.h). */
bool plain_use(const std::vector<Tok> &d, int j, int db) {
  tok::TokenKind p = d[j - 1].kind, n = d[j + 1].kind;
  tok::TokenKind pp = j - 2 >= db ? d[j - 2].kind : tok::l_brace;

  if (n == tok::coloncolon || n == tok::identifier ||
      (n == tok::colon && p != tok::question))
    return false;
  if (p == tok::identifier || (is_keyword(p) && p != tok::kw_return))
    return false;
  switch (p) {
  case tok::period: case tok::arrow: case tok::coloncolon:
  case tok::greater: case tok::greatergreater: case tok::r_square:
  case tok::periodstar: case tok::arrowstar: case tok::hash:
  case tok::tilde:
    return false;
  case tok::star: case tok::amp: case tok::ampamp:
    if (pp == tok::identifier && j - 3 > db)
      return binary_context(d, j - 3); /* 'a * x', not 'T * x' */
    return pp != tok::identifier && !is_keyword(pp) && pp != tok::greater &&
           pp != tok::greatergreater && pp != tok::coloncolon;
  case tok::comma: {
    int i = statement_start(d, j - 1, db);
    if (i < 0)
      return true; /* an argument or a subscript */
    /* 'T a, x' declares x */
    return !((d[i + 1].kind == tok::identifier || is_keyword(d[i + 1].kind)) &&
             d[i + 1].kind != tok::kw_return &&
             (d[i + 2].kind == tok::identifier || is_keyword(d[i + 2].kind) ||
              d[i + 2].kind == tok::star || d[i + 2].kind == tok::amp ||
              d[i + 2].kind == tok::less));
  }
  default:
    return true;
  }
}

/* Whether no '}' or ')' closes, between token `from` and `to`, the
 * scope a variable declared at `from` lives in (archtok_impl.h). */
bool in_scope(const std::vector<Tok> &h, int from, int to) {
  int braces = 0, parens = 0;

  for (int i = from; i < to; i++) {
    tok::TokenKind k = h[i].kind;
    braces += k == tok::l_brace ? 1 : k == tok::r_brace ? -1 : 0;
    parens += k == tok::l_paren ? 1 : k == tok::r_paren ? -1 : 0;
    if (braces < 0 || parens < 0)
      return false;
  }
  return true;
}

bool member_twin(const TokenPlanData &p, const FuncInfo &f,
                 const std::vector<Tok> &d, const std::vector<int> &h2d,
                 int j, const std::set<std::string> &loose) {
  const std::vector<Tok> &h = p.files[f.file].toks;
  int r = access_start(d, j);

  if (r < 0 || !has_twin(h, f, d, r, j))
    return false;
  for (int i = r; i <= j; i++)
    if (d[i].kind == tok::identifier && loose.count(d[i].text().str()))
      return false;
  const VarInfo *v = only_var(f, d[r].text());
  int end = v && v->idx >= f.begin ? decl_end(h, v->idx, f.end) : -1;
  if (end < 0 || !alike(h, h2d, f.begin, end, loose))
    return false;
  int dv = h2d[v->idx];
  if (dv >= r || (!v->param && !in_scope(d, dv, r)))
    return false;
  return only_uses(d, h2d[f.begin], dv, r);
}

} // namespace xlp
