/*
 * archtok_answer.cpp: the device side answered from its preprocessor's
 * tokens: the judgement of each hunk of the two sides' alignment
 * (archtok_diff.cpp) by where it lies, the device captures read from the
 * tokens, and the device facts (archtok.h says when the answer is exact).
 */
#include "archtok_impl.h"

#include <algorithm>
#include <climits>
#include <set>

#include "plugin.h"

extern "C" {
#include "frontend/fe.h"
}

using namespace clang;

namespace xlp {

/* ---- the answer -------------------------------------------------------- */

namespace {

/* Keywords after which an outer variable's name may not be an odr-use
 * (an unevaluated operand, a discarded statement), or which name 'this'. */
bool unevaluated(const Tok &t) {
  static const char *const words[] = {
      "sizeof",   "alignof",  "_Alignof",    "__alignof", "__alignof__",
      "decltype", "noexcept", "typeid",      "requires",  "typeof",
      "__typeof", "__typeof__", "constexpr", "this",
      "__builtin_constant_p", "__builtin_object_size"};
  for (const char *w : words)
    if (t.text() == w)
      return true;
  return false;
}

/* A capture of the device side: copied from the host's, or derived. */
struct DevCap {
  const xl_capture *host; /* copied: an explicit capture, or a lambda
                             without a hunk */
  std::string name;
  bool byref;
  xl_loc loc, decl;
};

/* The braces open before a token of one side's file, per brace whether
 * it is a body's or a braced initializer's (no scope_brace), and how
 * many of them are: advanced from where it last stood, or from the
 * file's start (starts: starts_statement of the file). */
struct Braces {
  const std::vector<Tok> *t = nullptr;
  bool starts = false;
  int pos = 0;
  int in_code = 0;
  std::vector<bool> code;
  void advance(const std::vector<Tok> &toks, bool starts_stmt, int to);
  void step();
};

/* The state of an answer across files. */
struct Answer {
  const TokenPlanData &p;
  std::vector<const std::vector<Tok> *> dev; /* per host file */
  std::vector<std::vector<int>> h2d;          /* per host file */
  std::vector<int> first;      /* per lambda: its first hunk */
  std::set<std::string> loose; /* names of hunks outside every body */
  /* the names of every hunk's device tokens, with what each may name
   * there (name_reach) */
  std::map<std::string, unsigned> dev_names;
  /* a hunk's device token after '.' or '->' that a static data member's
   * name spells, and the function it is in (null: none): usable_at
   * decides */
  struct Member {
    int hf, j;
    const FuncInfo *f;
  };
  std::vector<Member> member_uses;
  bool annotated = false; /* a hunk annotates a variable (annotated_var) */
  bool annotated_decls = false; /* whole declarations with an annotation */
  Braces host_braces, dev_braces; /* before the hunk placed last */
  /* starts_statement of the files judged, each side's */
  bool host_starts = false, dev_starts = false;

  explicit Answer(const TokenPlanData &plan)
      : p(plan), dev(plan.files.size()), h2d(plan.files.size()),
        first(plan.lambdas.size(), INT_MAX) {}

  bool place(int hf, const std::vector<Tok> &h, const std::vector<Tok> &d,
             const Hunk &k);
  const FuncInfo *around(int hf, const Hunk &k, bool whole) const;
  int in_function(int hf, const Hunk &k, bool whole) const;
  bool member_context(int hf, const Hunk &k) const;
  bool annotated_var(int hf, const std::vector<Tok> &h,
                     const std::vector<Tok> &d, const Hunk &k) const;
  const VarInfo *outer_var(const LambdaInfo &l, const std::string &name,
                           bool *unclear) const;
  bool derive(std::vector<DevCap> *out, size_t li) const;
  bool loose_ok() const;
  bool usable(const std::string &n, unsigned reach) const;
  bool usable_at(int hf, const FuncInfo *f, int j, bool members) const;
  bool device_usable(size_t li) const;
};

const std::vector<Tok> NO_TOKENS;

/* Whether the '{' at t[i] opens what declares names others may use: a
 * class, union, enum or namespace body, or a linkage specification (its
 * statement, back to the last ';', '{' or '}', holds such a keyword, but
 * 'class' or 'struct' after '<' or ',': a template's type parameter).
 * True when not told within 256 tokens, or when the statement reaches
 * back to the file's start and the file's first token need not begin a
 * statement (starts: starts_statement; a header that continues its
 * includer's class head). */
bool scope_brace(const std::vector<Tok> &t, int i, bool starts) {
  for (int j = i - 1; j >= 0; j--) {
    if (i - j > 256)
      return true;
    tok::TokenKind k = t[j].kind;
    if (k == tok::semi || k == tok::l_brace || k == tok::r_brace)
      return false;
    tok::TokenKind before = j ? t[j - 1].kind : tok::unknown;
    if ((k == tok::kw_class || k == tok::kw_struct || k == tok::kw_union ||
         k == tok::kw_enum) &&
        before != tok::less && before != tok::comma)
      return true; /* not a template's type parameter: 'template <class T,' */
    if (k == tok::kw_namespace || k == tok::kw_extern)
      return true;
  }
  return !starts; /* the file's first statement */
}

} // namespace

bool starts_statement(const std::vector<FileToks> &files, int f) {
  /* inc_file < f: a file's first token comes after its includer's */
  for (;;) {
    const FileToks &ft = files[f];
    if (ft.inc_file == FileToks::INC_FRESH)
      return true;
    if (ft.inc_file < 0 || ft.inc_file >= f)
      return false;
    const FileToks &up = files[ft.inc_file];
    if (ft.inc_pos > up.toks.size())
      return false;
    if (ft.inc_pos == 0) {
      f = ft.inc_file;
      continue;
    }
    tok::TokenKind k = up.toks[ft.inc_pos - 1].kind;
    return k == tok::semi || k == tok::l_brace || k == tok::r_brace;
  }
}

namespace {

/* Take t[pos] into the braces, and move past it. */
void Braces::step() {
  tok::TokenKind k = (*t)[pos].kind;
  if (k == tok::l_brace) {
    code.push_back(in_code > 0 || !scope_brace(*t, pos, starts));
    in_code += code.back() ? 1 : 0;
  } else if (k == tok::r_brace && !code.empty()) {
    in_code -= code.back() ? 1 : 0;
    code.pop_back();
  }
  pos++;
}

void Braces::advance(const std::vector<Tok> &toks, bool starts_stmt,
                     int to) {
  if (t != &toks || to < pos) {
    t = &toks;
    starts = starts_stmt;
    pos = 0;
    in_code = 0;
    code.clear();
  }
  while (pos < to && pos < (int)toks.size())
    step();
}

/* Add the names of the tokens from b.pos to e to loose, but a CUDA
 * annotation's (every extended lambda spells '__attribute__((device))')
 * and those inside a function's or a lambda's body or a braced
 * initializer (a brace that is no scope_brace): what is declared there is
 * local to it, and no lambda outside can name it. b holds the braces open
 * before the first (Braces): a hunk that begins inside a body the host
 * did not parse (a template of a header whose findings are hidden, never
 * instantiated) is local to it too, until it closes that body. */
void add_loose(std::set<std::string> *loose, Braces b, int e) {
  const std::vector<Tok> &t = *b.t;

  while (b.pos < e && b.pos < (int)t.size()) {
    int i = b.pos;
    if (t[i].kind == tok::identifier && b.in_code == 0 &&
        !lambda_token(t, i))
      loose->insert(t[i].text().str());
    b.step();
  }
}

/* What the name t[i] may find (REACH_*): after '.' or '->' (a 'template'
 * between them skipped) only a class's member, after '::' a member or a
 * namespace's name, unqualified a namespace's (or a block's) name, and a
 * member too where members (a class's scope may be searched there:
 * Answer::member_context). */
enum { REACH_NAMESPACE = 1, REACH_MEMBER = 2 };

unsigned name_reach(const std::vector<Tok> &t, int i, bool members) {
  int j = i - 1;

  if (j >= 0 && t[j].kind == tok::kw_template)
    j--;
  tok::TokenKind k = j >= 0 ? t[j].kind : tok::unknown;
  if (k == tok::period || k == tok::arrow)
    return REACH_MEMBER;
  if (k == tok::coloncolon || members)
    return REACH_NAMESPACE | REACH_MEMBER;
  return REACH_NAMESPACE;
}

/* Whether t[b..e] holds 'class', 'struct' or 'union': a class whose scope
 * a name there may be looked up in. */
bool holds_class(const std::vector<Tok> &t, int b, int e) {
  for (int i = std::max(b, 0); i <= e && i < (int)t.size(); i++)
    if (t[i].kind == tok::kw_class || t[i].kind == tok::kw_struct ||
        t[i].kind == tok::kw_union)
      return true;
  return false;
}

/* The hunk k (of host file hf, -1 for a file only the device has): a
 * lambda introducer or a CUDA annotation in it declines the answer, but
 * where marks_allowed and the place allow them: whole lambdas that are no
 * extended ones outside every lambda; an annotated variable
 * (annotated_var); annotated whole declarations outside every body. */
bool Answer::place(int hf, const std::vector<Tok> &h,
                   const std::vector<Tok> &d, const Hunk &k) {
  bool inside = false, members = member_context(hf, k);

  for (int j = k.db; j < k.de; j++) {
    if (d[j].kind != tok::identifier)
      continue;
    unsigned reach = name_reach(d, j, members);
    std::string n = d[j].text().str();
    if (hf >= 0 && reach == REACH_MEMBER && p.host_only_members.count(n)) {
      member_uses.push_back({hf, j, around(hf, k, false)});
      reach = 0; /* only declared, unless usable_at says otherwise */
    }
    dev_names[n] |= reach;
  }
  int marks = hunk_marks(h, k.hb, k.he) | hunk_marks(d, k.db, k.de);
  if (marks == MARK_ANNOTATION && hf >= 0 && annotated_var(hf, h, d, k)) {
    annotated = true;
    return true;
  }
  if (!marks_allowed(marks, h, d, k))
    return false;
  for (size_t li = 0; hf >= 0 && li < p.lambdas.size(); li++) {
    const LambdaInfo &l = p.lambdas[li];
    if (l.file != hf || l.begin < 0 || l.end < 0 ||
        (!l.extended && l.begin >= k.hb && l.end < k.he))
      continue; /* a lambda the hunk holds whole (whole_lambdas) */
    bool in = l.lbrace >= 0 && l.lbrace < k.hb && k.he <= l.end &&
              k.hb <= l.end;
    bool meets = k.he > k.hb ? k.hb <= l.end && k.he > l.begin
                             : k.hb > l.begin && k.hb <= l.end;
    if (!in && meets)
      return false; /* its introducer, its braces */
    if (in) {
      inside = true;
      first[li] = std::min(first[li], k.hb);
    }
  }
  if (inside)
    return marks == 0;
  int body = hf >= 0 ? in_function(hf, k, marks != 0) : -1;
  if (body >= 0)
    return !(marks & MARK_ANNOTATION) && body == 1;
  /* namespace or class scope: whole declarations, if annotated */
  if (marks)
    annotated_decls = true;
  host_braces.advance(h, host_starts, k.hb);
  dev_braces.advance(d, dev_starts, k.db);
  add_loose(&loose, host_braces, k.he);
  add_loose(&loose, dev_braces, k.de);
  return true;
}

/* Whether hunk k of host file hf, which holds a CUDA annotation, only
 * annotates a variable of namespace scope: it differs by such an
 * annotation and 'inline' alone (variable_annotation), and lies in the
 * head of a variable (VarHead) with no brace before the name. What such a
 * variable is (its type, whether constexpr) and so what a lambda naming it
 * captures is the same on both sides; only where it lives differs (CCCL's
 * _CCCL_GLOBAL_CONSTANT). On a function it would change what the device
 * side compiles, and is declined. */
bool Answer::annotated_var(int hf, const std::vector<Tok> &h,
                           const std::vector<Tok> &d, const Hunk &k) const {
  if (!variable_annotation(h, k.hb, k.he) ||
      !variable_annotation(d, k.db, k.de))
    return false;
  for (const VarHead &v : p.var_heads) {
    if (v.file != hf || k.hb < v.begin || k.hb > v.name || k.he > v.name)
      continue;
    bool plain = true;
    for (int i = v.begin; i < v.name && plain; i++)
      plain = h[i].kind != tok::l_brace && h[i].kind != tok::l_square;
    return plain;
  }
  return false;
}

/* Whether an unqualified name of hunk k (of host file hf) may find a
 * class's member: unless the hunk lies inside the definition of a
 * non-member function of namespace scope with no class of its own
 * (FuncInfo::simple; the innermost definition around it, so not in a
 * local class's member), where lookup meets only block and namespace
 * scopes. */
bool Answer::member_context(int hf, const Hunk &k) const {
  const FuncInfo *f = hf >= 0 ? around(hf, k, true) : nullptr;

  return !f || !f->simple || holds_class(p.files[hf].toks, f->begin, f->end);
}

/* The innermost definition of host file hf that hunk k lies in (whole:
 * beginning after its first token), or null. */
const FuncInfo *Answer::around(int hf, const Hunk &k, bool whole) const {
  const FuncInfo *best = nullptr;

  for (const FuncInfo &f : p.funcs)
    if (f.file == hf && f.begin + (whole ? 1 : 0) <= k.hb &&
        k.he <= f.end + 1 &&
        (!best || f.end - f.begin < best->end - best->begin))
      best = &f;
  return best;
}

/* For hunk k of host file hf outside every lambda: 1 when it lies in a
 * function body before none of its extended lambdas, 0 when before one,
 * -1 when in no body the host parsed. whole: k holds a CUDA annotation
 * or a lambda, and lies in a function only when it begins after the
 * function's first token (a hunk that is a whole function is not in
 * it). */
int Answer::in_function(int hf, const Hunk &k, bool whole) const {
  const FuncInfo *best = around(hf, k, whole);

  if (!best)
    return -1;
  for (const LambdaInfo &l : p.lambdas)
    if (l.file == hf && l.extended &&
        (l.begin < 0 || (l.begin >= k.hb && l.begin <= best->end)))
      return 0;
  return 1;
}

/* The one variable of l's function, declared before l and in scope at l,
 * named `name`; null when there is none (a name declared inside l only, a
 * parameter or init-capture of l's own, or no variable's; a variable
 * declared after l does not count). *unclear when there are several, or
 * one that is also declared inside l, or one out of scope (a global may be
 * meant). */
const VarInfo *Answer::outer_var(const LambdaInfo &l, const std::string &name,
                                 bool *unclear) const {
  const std::vector<Tok> &h = p.files[l.file].toks;
  const VarInfo *found = nullptr;
  int outer = 0, inner = 0;

  *unclear = false;
  for (const VarInfo &v : p.funcs[l.func].vars) {
    if (v.name != name)
      continue;
    if (v.idx >= l.begin && v.idx < l.lbrace) {
      *unclear = false; /* l's parameter or init-capture: in scope */
      return nullptr;   /* throughout l's body, which means no other */
    }
    if (v.idx >= l.begin && v.idx <= l.end) {
      inner++;
      continue;
    }
    if (!v.param && v.idx > l.end)
      continue; /* declared after l: no name in l can mean it */
    outer++;
    if (v.idx < 0 || (!v.param && !in_scope(h, v.idx, l.begin)))
      *unclear = true;
    else
      found = &v;
  }
  if (outer > 1 || (outer && inner))
    *unclear = true;
  return *unclear ? nullptr : found;
}

/* The device side's captures of lambda li, which holds a hunk: its
 * explicit captures, then each outer variable in the order its name first
 * appears in the device body (every such appearance an odr-use: see
 * plain_use and unevaluated). False when that cannot be told. */
bool Answer::derive(std::vector<DevCap> *out, size_t li) const {
  const LambdaInfo &l = p.lambdas[li];
  const xl_lambda *hl = &p.host->lambdas[l.fact];
  std::set<std::string> named;

  if (!l.answerable || !dev[l.file])
    return false;
  for (const LambdaInfo &m : p.lambdas)
    if (m.file == l.file && m.begin > l.begin && m.begin <= l.end)
      return false; /* a lambda inside l */
  const std::vector<Tok> &d = *dev[l.file];
  int db = h2d[l.file][l.lbrace], de = h2d[l.file][l.end];
  if (db < 0 || de <= db)
    return false;
  for (int j = db; j <= de; j++)
    if (unevaluated(d[j]))
      return false;
  for (uint32_t i = 0; i < hl->ncaptures; i++) {
    const xl_capture *c = xl_lambda_capture(p.host, hl, i);
    if (c->kind != XL_CAPTURE_VAR && !(c->flags & XL_CAPTURE_EXPLICIT))
      return false;
    if (c->flags & XL_CAPTURE_EXPLICIT) {
      out->push_back({c, "", false, xl_loc_none(), xl_loc_none()});
      named.insert(c->name ? c->name : "");
    }
  }
  for (int j = db + 1; j < de; j++) {
    bool unclear;
    if (d[j].kind != tok::identifier || named.count(d[j].text().str()))
      continue;
    const VarInfo *v = outer_var(l, d[j].text().str(), &unclear);
    if (unclear)
      return false;
    if (!v)
      continue;
    if (v->risky || !hl->capture_default || !plain_use(d, j, db))
      return false;
    named.insert(v->name);
    out->push_back({nullptr, v->name, hl->capture_default == '&',
                    facts_loc(p, p.files[l.file].fid, d[j].off, d[j].plain),
                    v->decl});
  }
  return true;
}

/* Whether no name of a hunk outside every body appears in an extended
 * lambda, on either side. */
bool Answer::loose_ok() const {
  if (loose.empty())
    return true;
  for (const LambdaInfo &l : p.lambdas) {
    if (!l.extended)
      continue;
    /* an annotated declaration of its function's name may change where
     * that function runs, and with it the lambda (whole_decls) */
    if (annotated_decls &&
        (p.funcs[l.func].name.empty() || loose.count(p.funcs[l.func].name)))
      return false;
    if (l.begin < 0 || l.end < 0)
      return false;
    const std::vector<Tok> &h = p.files[l.file].toks;
    for (int i = l.begin; i <= l.end; i++)
      if (h[i].kind == tok::identifier && loose.count(h[i].text().str()) &&
          !lambda_token(h, i))
        return false;
    int db = h2d[l.file][l.begin], de = h2d[l.file][l.end];
    if (!dev[l.file] || db < 0 || de < db)
      return false;
    for (int j = db; j <= de; j++)
      if ((*dev[l.file])[j].kind == tok::identifier &&
          loose.count((*dev[l.file])[j].text().str()) &&
          !lambda_token(*dev[l.file], j))
        return false;
  }
  return true;
}

/* Diff every user file of the two sides and judge their hunks. */
bool judge(Answer &a, const UserTokens::Impl &dev) {
  const TokenPlanData &p = a.p;
  std::vector<Hunk> hunks;

  for (size_t hf = 0; hf < p.files.size(); hf++) {
    auto it = dev.by_uid.find(p.files[hf].uid);
    const FileToks *df =
        it == dev.by_uid.end() ? nullptr : &dev.files[it->second];
    const std::vector<Tok> &d = df ? df->toks : NO_TOKENS;
    hunks.clear();
    a.dev[hf] = df ? &df->toks : nullptr;
    a.host_starts = starts_statement(p.files, (int)hf);
    a.dev_starts = df && starts_statement(dev.files, it->second);
    if ((df && !df->ordered) ||
        !hunks_of(&hunks, &a.h2d[hf], p.files[hf].toks, d))
      return false;
    for (size_t i = 0; i < hunks.size(); i++) {
      merge_lambda_hunks(&hunks, i, p.files[hf].toks, d);
      if (!a.annotated_var((int)hf, p.files[hf].toks, d, hunks[i]))
        widen_to_decls(&hunks, i, p.files[hf].toks, d);
      if (!a.place((int)hf, p.files[hf].toks, d, hunks[i]))
        return false;
    }
  }
  for (size_t f = 0; f < dev.files.size(); f++) {
    const FileToks &df = dev.files[f];
    a.host_starts = false; /* no host tokens */
    a.dev_starts = starts_statement(dev.files, (int)f);
    if (!p.by_uid.count(df.uid) && !df.toks.empty() &&
        !a.place(-1, NO_TOKENS, df.toks, Hunk{0, 0, 0, (int)df.toks.size()}))
      return false;
  }
  return a.loose_ok();
}

/* ---- the device facts --------------------------------------------------- */

const char *dup(xl_facts *f, const char *s) {
  return s ? xl_facts_strdup(f, s) : nullptr;
}

/* Add to dev the capture c (of lambda `owner`). */
int add_capture(xl_facts *dev, xl_id owner, const DevCap &c) {
  xl_capture *out;
  xl_id id;

  if (xl_facts_add_capture(&out, &id, dev) < 0)
    return XL_ENOMEM;
  out->lambda = owner;
  if (c.host) {
    out->kind = c.host->kind;
    out->flags = c.host->flags;
    out->name = dup(dev, c.host->name);
    out->loc = c.host->loc;
    out->range = c.host->range;
    out->init = c.host->init;
    out->init_text = dup(dev, c.host->init_text);
    out->decl = c.host->decl;
    return XL_OK;
  }
  out->kind = XL_CAPTURE_VAR;
  out->flags = c.byref ? XL_CAPTURE_BYREF : 0;
  out->name = dup(dev, c.name.c_str());
  out->loc = c.loc;
  out->decl = c.decl;
  return XL_OK;
}

/* Add to dev the function host->funcs[fn] once (*ids: host to device). */
int add_func(xl_id *out, xl_facts *dev, const xl_facts *host, xl_id fn,
             std::map<xl_id, xl_id> *ids) {
  auto it = ids->find(fn);
  xl_func *f;

  if (it != ids->end()) {
    *out = it->second;
    return XL_OK;
  }
  if (xl_facts_add_func(&f, out, dev) < 0)
    return XL_ENOMEM;
  const xl_func *h = &host->funcs[fn];
  f->name = dup(dev, h->name);
  f->loc = h->loc;
  f->range = h->range;
  f->body = h->body;
  f->space = h->space;
  f->flags = h->flags;
  (*ids)[fn] = *out;
  return XL_OK;
}

/* Add to dev a copy of host lambda hl (in function fn) with captures. */
int add_lambda(xl_facts *dev, const xl_lambda *hl, xl_id fn,
               const std::vector<DevCap> &caps) {
  xl_lambda *l;
  xl_id id, first = (xl_id)dev->ncaptures;

  if (xl_facts_add_lambda(&l, &id, dev) < 0)
    return XL_ENOMEM;
  *l = *hl;
  l->flags &= ~(uint32_t)XL_LAMBDA_DEVICE_SKIPPED;
  l->func = fn;
  l->parent = l->ret_type = l->closure = l->pattern = l->peer = XL_NONE;
  l->params = nullptr;
  l->nparams = 0;
  l->number = 0;
  l->stmt_indent = dup(dev, hl->stmt_indent);
  l->var_name = dup(dev, hl->var_name);
  l->annot_text = dup(dev, hl->annot_text);
  l->macro_name = dup(dev, hl->macro_name);
  l->star_this_macro = dup(dev, hl->star_this_macro);
  for (const DevCap &c : caps)
    if (add_capture(dev, id, c) < 0)
      return XL_ENOMEM;
  l = &dev->lambdas[id];
  l->first_capture = caps.empty() ? XL_NONE : first;
  l->ncaptures = (uint32_t)caps.size();
  return XL_OK;
}

/* Whether caps name what lambda hl of host captures, in its order (the
 * comparison of extended_lambda_arch_dependent_capture). */
bool same_captures(const std::vector<DevCap> &caps, const xl_facts *host,
                   const xl_lambda *hl) {
  if (caps.size() != hl->ncaptures)
    return false;
  for (uint32_t i = 0; i < hl->ncaptures; i++) {
    const xl_capture *c = xl_lambda_capture(host, hl, i);
    const DevCap &d = caps[i];
    if (d.host ? d.host != c
               : c->kind != XL_CAPTURE_VAR || !c->name || d.name != c->name)
      return false;
  }
  return true;
}

/* Whether device code may name n, spelled where it may find what reach
 * says (name_reach): a host declaration has the name, and it is not one
 * of the host's alone (archtok_names.cpp): a namespace's variable or
 * function, a class's static data member. */
bool Answer::usable(const std::string &n, unsigned reach) const {
  return p.declared.contains(n) &&
         !((reach & REACH_NAMESPACE) && p.host_only.count(n)) &&
         !((reach & REACH_MEMBER) && p.host_only_members.count(n));
}

/* Whether the device side's names a difference in lambda li rests on
 * (every hunk's device tokens, li's device body) spell nothing device code
 * cannot use (usable): with such an error in the device
 * compilation, --parse=full's comparing rules say nothing. */
bool Answer::device_usable(size_t li) const {
  const LambdaInfo &l = p.lambdas[li];
  const std::vector<Tok> &d = *dev[l.file];

  int from = h2d[l.file][l.lbrace], to = h2d[l.file][l.end];
  /* li is in a non-member function of namespace scope (answerable) */
  bool members = holds_class(d, from, to);

  for (const auto &e : dev_names)
    if (!usable(e.first, e.second))
      return false;
  for (const Member &m : member_uses)
    if (!usable_at(m.hf, m.f, m.j, false))
      return false;
  for (int j = from; j <= to; j++)
    if (d[j].kind == tok::identifier &&
        !usable_at(l.file, &p.funcs[l.func], j, members))
      return false;
  return true;
}

/* Whether device code may name d[j] of host file hf, in function f (or
 * null), where `members` says whether an unqualified name may find a
 * member: usable, or a member access that names what the host found the
 * same spelling in f to name, no static data member (member_twin). */
bool Answer::usable_at(int hf, const FuncInfo *f, int j, bool members) const {
  const std::vector<Tok> &d = *dev[hf];
  std::string n = d[j].text().str();
  unsigned reach = name_reach(d, j, members);

  if (usable(n, reach))
    return true;
  return reach == REACH_MEMBER && f && p.declared.contains(n) &&
         member_twin(p, *f, d, h2d[hf], j, loose);
}

/* The device captures of every compared host lambda, in host order;
 * false when one cannot be told, or differs from the host's where the
 * device compilation may have an error the tokens do not show
 * (device_usable): the device parse must then decide. */
bool derive_all(std::vector<std::pair<xl_id, std::vector<DevCap>>> *out,
                const Answer &a, const xl_facts *host) {
  const TokenPlanData &p = a.p;
  std::map<xl_id, size_t> info;

  for (size_t li = 0; li < p.lambdas.size(); li++)
    if (p.lambdas[li].fact != XL_NONE)
      info[p.lambdas[li].fact] = li;
  for (uint32_t i = 0; i < host->nlambdas; i++) {
    const xl_lambda *hl = &host->lambdas[i];
    if (!compared(hl, host))
      continue;
    auto it = info.find(i);
    std::vector<DevCap> caps;
    if (it != info.end() && a.first[it->second] != INT_MAX) {
      if (!a.derive(&caps, it->second) ||
          (!same_captures(caps, host, hl) &&
           (a.annotated || !a.device_usable(it->second))))
        return false;
    } else {
      for (uint32_t c = 0; c < hl->ncaptures; c++)
        caps.push_back({xl_lambda_capture(host, hl, c), "", false,
                        xl_loc_none(), xl_loc_none()});
    }
    out->push_back({i, std::move(caps)});
  }
  return true;
}

} // namespace

int answer_device_by_tokens(bool *answered, CompilerInstance &ci,
                            const TokenPlan &plan, xl_facts *host,
                            const std::string &arch) {
  std::vector<std::pair<xl_id, std::vector<DevCap>>> lambdas;
  std::map<xl_id, xl_id> funcs;
  UserTokens dev(true);
  xl_facts *df = nullptr;
  bool errors = false;

  *answered = false;
  if (!plan.viable())
    return XL_OK;
  bool ran = preprocess_other_side(
      ci, true,
      [&dev](const Preprocessor &pp, const SourceManager &sm,
             const Token &t) { dev.add(pp, sm, t); },
      &errors, arch);
  if (!ran || errors || dev.overflowed())
    return XL_OK;
  Answer a(*plan.data);
  if (!judge(a, *dev.impl) || !derive_all(&lambdas, a, host))
    return XL_OK;
  if (xl_fe_device_facts_new(&df, host) < 0)
    return XL_ENOMEM;
  for (const auto &e : lambdas) {
    xl_id fn;
    if (add_func(&fn, df, host, host->lambdas[e.first].func, &funcs) < 0 ||
        add_lambda(df, &host->lambdas[e.first], fn, e.second) < 0) {
      xl_facts_free(df);
      return XL_ENOMEM;
    }
  }
  df->flags |= XL_FACTS_BODIES_SKIPPED | XL_FACTS_FROM_TOKENS;
  *answered = true;
  return xl_fe_join_sides(host, df);
}

} // namespace xlp
