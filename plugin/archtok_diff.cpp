/*
 * archtok_diff.cpp: the token answer's alignment of the two sides' tokens
 * (hunks_of) and what a hunk may hold (lambda_token, marks_allowed,
 * variable_annotation), with the widening of a hunk to what it must hold
 * whole (archtok.h says when the answer is exact; archtok_answer.cpp
 * judges where each hunk lies).
 */
#include "archtok_impl.h"

#include <algorithm>

using namespace clang;

namespace xlp {

/* A diff needing more edits than this gives no answer. */
static const int MAX_EDITS = 2000;

bool cuda_annotation_name(llvm::StringRef n) {
  return n == "device" || n == "host" || n == "__device__" || n == "__host__";
}

bool same_tok(const Tok &a, const Tok &b) {
  return a.kind == b.kind && a.text() == b.text();
}

namespace {

/* Myers' shortest edit script of a[0, n) into b[0, m) as the matched
 * pairs, in order; false past MAX_EDITS. */
bool match_pairs(std::vector<std::pair<int, int>> *out, const Tok *a, int n,
                 const Tok *b, int m) {
  int max = std::min(n + m, MAX_EDITS), off = max + 1, last = -1;
  std::vector<int> v(2 * max + 3, 0);
  std::vector<std::vector<int>> trace;

  for (int d = 0; d <= max && last < 0; d++) {
    for (int k = -d; k <= d && last < 0; k += 2) {
      bool down = k == -d || (k != d && v[off + k - 1] < v[off + k + 1]);
      int x = down ? v[off + k + 1] : v[off + k - 1] + 1, y = x - k;
      while (x < n && y < m && same_tok(a[x], b[y]))
        x++, y++;
      v[off + k] = x;
      if (x >= n && y >= m)
        last = d;
    }
    trace.emplace_back(v.begin() + off - d, v.begin() + off + d + 1);
  }
  if (last < 0)
    return false;
  int x = n, y = m;
  for (int d = last; d > 0; d--) {
    const std::vector<int> &pv = trace[d - 1]; /* k in [1 - d, d - 1] */
    int k = x - y;
    bool down = k == -d || (k != d && pv[k - 1 + d - 1] < pv[k + 1 + d - 1]);
    int pk = down ? k + 1 : k - 1, px = pv[pk + d - 1];
    int sx = down ? px : px + 1, sy = sx - k;
    while (x > sx && y > sy)
      out->push_back({--x, --y});
    x = px, y = px - pk;
  }
  while (x > 0 && y > 0)
    out->push_back({--x, --y});
  std::reverse(out->begin(), out->end());
  return true;
}

/* Whether a[0, n) and b[0, m) are the same tokens: Myers' script then
 * pairs each a[k] with b[k] (match_pairs, without its two vectors; most
 * offsets hold one token a side, alike). */
bool alike(const Tok *a, const Tok *b, size_t n, size_t m) {
  if (n != m)
    return false;
  for (size_t k = 0; k < n; k++)
    if (!same_tok(a[k], b[k]))
      return false;
  return true;
}

/* The matched pairs of a and b, in order: the tokens of one offset of the
 * file on both sides (one source token, or one macro's expansion there;
 * where the expansions differ, Myers' script pairs their tokens). Tokens
 * of an offset one side alone has (an #if arm, an #include) stay
 * unmatched. False when an expansion's script is too large. */
bool offset_pairs(std::vector<std::pair<int, int>> *out,
                  const std::vector<Tok> &a, const std::vector<Tok> &b) {
  std::vector<std::pair<int, int>> run;
  size_t i = 0, j = 0;

  while (i < a.size() && j < b.size()) {
    if (a[i].off != b[j].off) {
      (a[i].off < b[j].off ? i : j)++;
      continue;
    }
    size_t ie = i, je = j;
    while (ie < a.size() && a[ie].off == a[i].off)
      ie++;
    while (je < b.size() && b[je].off == b[j].off)
      je++;
    if (alike(&a[i], &b[j], ie - i, je - j)) {
      for (size_t k = 0; k < ie - i; k++) /* what the script pairs */
        out->push_back({(int)(i + k), (int)(j + k)});
    } else if (ie - i > 1 || je - j > 1) {
      run.clear();
      if (!match_pairs(&run, &a[i], (int)(ie - i), &b[j], (int)(je - j)))
        return false;
      for (const auto &mp : run)
        out->push_back({(int)i + mp.first, (int)j + mp.second});
    } /* else one token a side, not alike: the script pairs none */
    i = ie, j = je;
  }
  return true;
}

/* Whether the unmatched stretches a[k.hb, k.he) and b[k.db, k.de) are
 * the same tokens, in the same order (the two arms of an #ifdef
 * __CUDA_ARCH__ that spell the same code, at different offsets): the
 * token streams are then alike there, and the stretch is no hunk; its
 * tokens are matched pairwise in *h2d. */
bool same_stretch(std::vector<int> *h2d, const std::vector<Tok> &a,
                  const std::vector<Tok> &b, const Hunk &k) {
  if (!alike(a.data() + k.hb, b.data() + k.db, k.he - k.hb, k.de - k.db))
    return false;
  for (int i = 0; i < k.he - k.hb; i++)
    (*h2d)[k.hb + i] = k.db + i;
  return true;
}

} // namespace

/* The hunks between a and b (offset_pairs; a stretch both sides spell
 * alike is none), and the device token each host token is matched to (-1
 * in a hunk); false when the diff is too large. */
bool hunks_of(std::vector<Hunk> *out, std::vector<int> *h2d,
              const std::vector<Tok> &a, const std::vector<Tok> &b) {
  int n = (int)a.size(), m = (int)b.size();
  std::vector<std::pair<int, int>> pairs;

  if (!offset_pairs(&pairs, a, b))
    return false;
  h2d->assign(n, -1);
  pairs.push_back({n, m}); /* the end */
  int px = -1, py = -1;
  for (const auto &mp : pairs) {
    Hunk k{px + 1, mp.first, py + 1, mp.second};
    if ((k.he > k.hb || k.de > k.db) && !same_stretch(h2d, a, b, k))
      out->push_back(k);
    if (mp.first < n)
      (*h2d)[mp.first] = mp.second;
    px = mp.first, py = mp.second;
  }
  return true;
}

namespace {

/* Whether t[i] lies directly in '__attribute__((...))': the parenthesis
 * around it opens there. True when not told within 64 tokens. */
bool in_attribute(const std::vector<Tok> &t, int i) {
  int depth = 0;

  for (int j = i - 1; j >= 0; j--) {
    tok::TokenKind k = t[j].kind;
    if (i - j > 64)
      return true;
    if (k == tok::r_paren)
      depth++;
    else if (k == tok::l_paren && depth > 0)
      depth--;
    else if (k == tok::l_paren)
      return j >= 2 && t[j - 1].kind == tok::l_paren &&
             t[j - 2].kind == tok::kw___attribute;
    else if (depth == 0 &&
             (k == tok::semi || k == tok::l_brace || k == tok::r_brace))
      return false;
  }
  return false;
}

} // namespace

/* Whether t[i] may begin a lambda or annotate one: '[' not after a name,
 * ')' or ']' (nor '[[', an attribute), or a CUDA annotation: '__device__',
 * '__host__', or 'device' and 'host' in '__attribute__((...))', what
 * those expand to (a variable or a namespace may have the name: CCCL's
 * 'int device', 'cuda::device'). */
bool lambda_token(const std::vector<Tok> &t, int i) {
  if (t[i].kind == tok::identifier)
    return cuda_annotation_name(t[i].text()) &&
           (t[i].text()[0] == '_' || in_attribute(t, i));
  if (t[i].kind != tok::l_square)
    return false;
  tok::TokenKind p = i ? t[i - 1].kind : tok::unknown;
  tok::TokenKind n = i + 1 < (int)t.size() ? t[i + 1].kind : tok::unknown;
  /* '[[' begins an attribute, never a lambda ([dcl.attr.grammar]) */
  return p != tok::identifier && p != tok::r_paren && p != tok::r_square &&
         p != tok::l_square && n != tok::l_square;
}

int hunk_marks(const std::vector<Tok> &t, int b, int e) {
  int out = 0;

  for (int i = b; i < e; i++)
    if (lambda_token(t, i))
      out |= t[i].kind == tok::l_square ? MARK_INTRO : MARK_ANNOTATION;
  return out;
}

namespace {

/* The index of the bracket that closes t[i], before e; -1 if none. */
int closing(const std::vector<Tok> &t, int i, int e) {
  int depth = 0;

  for (; i < e; i++) {
    tok::TokenKind k = t[i].kind;
    if (k == tok::l_paren || k == tok::l_brace || k == tok::l_square)
      depth++;
    else if (k == tok::r_paren || k == tok::r_brace || k == tok::r_square)
      if (--depth == 0)
        return i;
  }
  return -1;
}

/* Whether each lambda introducer of t[b, e) begins a lambda that ends
 * there too: its '[...]', what follows up to its '{' (no ';'), and its
 * body. With no CUDA annotation in t[b, e), no such lambda is an extended
 * one: nvcc numbers none of them, and the comparison is unchanged. */
bool whole_lambdas(const std::vector<Tok> &t, int b, int e) {
  for (int i = b; i < e; i++) {
    if (t[i].kind != tok::l_square || !lambda_token(t, i))
      continue;
    int j = closing(t, i, e);
    while (j >= 0 && ++j < e && t[j].kind != tok::l_brace)
      if (t[j].kind == tok::l_paren)
        j = closing(t, j, e);
      else if (t[j].kind == tok::semi || t[j].kind == tok::r_brace ||
               t[j].kind == tok::r_paren || t[j].kind == tok::r_square)
        return false;
    if (j < 0 || j >= e || closing(t, j, e) < 0)
      return false;
  }
  return true;
}

/* Whether t[b, e), one side of a hunk, is whole declarations (or
 * nothing): it follows the file's start, ';', '{' or '}', ends with ';'
 * or '}', and its brackets nest. A CUDA annotation in it belongs to what
 * that side alone declares. */
bool whole_decls(const std::vector<Tok> &t, int b, int e) {
  int depth = 0;

  if (b >= e)
    return true;
  if (t[e - 1].kind != tok::semi && t[e - 1].kind != tok::r_brace)
    return false;
  tok::TokenKind p = b ? t[b - 1].kind : tok::semi;
  if (p != tok::semi && p != tok::l_brace && p != tok::r_brace)
    return false;
  for (int i = b; i < e && depth >= 0; i++) {
    tok::TokenKind k = t[i].kind;
    if (k == tok::l_paren || k == tok::l_brace || k == tok::l_square)
      depth++;
    else if (k == tok::r_paren || k == tok::r_brace || k == tok::r_square)
      depth--;
  }
  return depth == 0;
}

} // namespace

/* Whether hunk k may hold what `marks` says it holds (hunk_marks): a
 * lambda introducer only of whole lambdas and with no CUDA annotation
 * (whole_lambdas), an annotation only in whole declarations
 * (whole_decls); where it lies is judged after (Answer::place). */
bool marks_allowed(int marks, const std::vector<Tok> &h,
                   const std::vector<Tok> &d, const Hunk &k) {
  if (marks & MARK_INTRO)
    return !(marks & MARK_ANNOTATION) && whole_lambdas(h, k.hb, k.he) &&
           whole_lambdas(d, k.db, k.de);
  return !marks || (whole_decls(h, k.hb, k.he) && whole_decls(d, k.db, k.de));
}

/* Whether t[b, e) holds only what may annotate a variable for CUDA, and
 * 'inline': '__attribute__((device))' and '__attribute__((constant))'
 * (what __device__ and __constant__ expand to) or their names. */
bool variable_annotation(const std::vector<Tok> &t, int b, int e) {
  for (int i = b; i < e; i++) {
    tok::TokenKind k = t[i].kind;
    if (k == tok::identifier
            ? !cuda_annotation_name(t[i].text()) && t[i].text() != "constant" &&
                  t[i].text() != "__constant__"
            : k != tok::kw_inline && k != tok::kw___attribute &&
                  k != tok::l_paren && k != tok::r_paren)
      return false;
  }
  return true;
}

/* Merge into hunks[i] the hunks after it until each lambda it begins, on
 * either side, ends in it (whole_lambdas): the shortest edit script may
 * pair a few tokens of a lambda one side alone has ('return', a name) with
 * tokens of the other side's code. The merged hunk still says what became
 * what; beyond MAX_MERGE hunks, it stays as it is (and is declined). */
void merge_lambda_hunks(std::vector<Hunk> *hunks, size_t i,
                        const std::vector<Tok> &h, const std::vector<Tok> &d) {
  static const size_t MAX_MERGE = 32;
  Hunk m = (*hunks)[i];
  size_t j = i;

  if (!((hunk_marks(h, m.hb, m.he) | hunk_marks(d, m.db, m.de)) & MARK_INTRO))
    return;
  while ((!whole_lambdas(h, m.hb, m.he) || !whole_lambdas(d, m.db, m.de)) &&
         j + 1 < hunks->size() && j - i < MAX_MERGE) {
    j++;
    m.he = (*hunks)[j].he;
    m.de = (*hunks)[j].de;
  }
  if (j == i || !whole_lambdas(h, m.hb, m.he) || !whole_lambdas(d, m.db, m.de))
    return;
  (*hunks)[i] = m;
  hunks->erase(hunks->begin() + i + 1, hunks->begin() + j + 1);
}

/* Widen hunks[i], which holds a CUDA annotation, to whole declarations
 * on both sides (whole_decls): back over the tokens alike before it to
 * the previous ';', '{' or '}', then forward over the tokens alike after
 * it and the hunks that follow, until each side's part is whole. The
 * shortest edit script pairs the tokens two alternative declarations
 * share (CCCL's __bit_reverse_impl_host and _device: 'template <class
 * _Tp> [[nodiscard]] __attribute__((device))'). Left as it is past
 * MAX_WIDEN tokens. */
void widen_to_decls(std::vector<Hunk> *hunks, size_t i,
                    const std::vector<Tok> &h, const std::vector<Tok> &d) {
  static const int MAX_WIDEN = 4096;
  Hunk m = (*hunks)[i];
  int low = i ? (*hunks)[i - 1].he : 0;
  size_t j = i;

  if ((hunk_marks(h, m.hb, m.he) | hunk_marks(d, m.db, m.de)) != MARK_ANNOTATION)
    return;
  while (m.hb > low && m.hb > (*hunks)[i].hb - 64 &&
         h[m.hb - 1].kind != tok::semi && h[m.hb - 1].kind != tok::l_brace &&
         h[m.hb - 1].kind != tok::r_brace)
    m.hb--, m.db--;
  for (int steps = 0; steps < MAX_WIDEN; steps++) {
    if (whole_decls(h, m.hb, m.he) && whole_decls(d, m.db, m.de)) {
      (*hunks)[i] = m;
      hunks->erase(hunks->begin() + i + 1, hunks->begin() + j + 1);
      return;
    }
    if (j + 1 < hunks->size() && (*hunks)[j + 1].hb == m.he) {
      j++;
      m.he = (*hunks)[j].he, m.de = (*hunks)[j].de;
    } else if (m.he < (int)h.size() && m.de < (int)d.size()) {
      m.he++, m.de++; /* a token alike on both sides */
    } else
      return;
  }
}

} // namespace xlp
