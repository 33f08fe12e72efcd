/*
 * uses.cpp: what host code does with the closure of an extended lambda
 * (lib/frontend/uses.c): kernel and launcher arguments, function pointers,
 * introspection and ADL candidates, recorded during the walk and resolved
 * to lambdas when it ends.
 */
#include "uses.h"

#include <cstring>

namespace xlp {

static const unsigned FOLLOW_DEPTH = 5;
static const unsigned MAX_TAINT = 32;
static const unsigned MAX_MENTIONS = 8;

/* ---- state and helpers -------------------------------------------------- */

static FeUses *state(Fe &fe) {
  if (!fe.uses)
    fe.uses = new FeUses();
  return fe.uses;
}

const FeClosure *uses_closure(const FeUses &u, const Cursor &closure) {
  for (const FeClosure &c : u.closures)
    if (equal(c.closure, closure))
      return &c;
  return nullptr;
}

xl_loc uses_loc(Fe &fe, const Cursor &c) { return fe_loc(fe, location(c)); }

bool uses_spelled_is(const Cursor &c, const char *s) {
  return spelling(c) == s;
}

/* The first child, looking through implicit conversions. */
Cursor uses_first_child(const Cursor &c) {
  auto first = [](const Cursor &of) {
    Cursor child;
    visit_children(of, [&](const Cursor &k, const Cursor &) {
      child = k;
      return CXChildVisit_Break;
    });
    return child;
  };
  Cursor child = first(c);
  while (child.kind == CXCursor_UnexposedExpr) {
    Cursor next = first(child);
    if (is_null(next))
      break;
    child = next;
  }
  return child;
}

Cursor uses_closure_of_type(const CType &type) {
  CType t = canonical_type(type);

  if (t.kind == CXType_LValueReference || t.kind == CXType_RValueReference)
    t = canonical_type(pointee_type(t));
  if (t.kind != CXType_Record)
    return null_cursor();
  if (type_spelling(t).find("(lambda at ") == std::string::npos)
    return null_cursor();
  return type_declaration(t);
}

/* Code here runs on the host. */
static bool host_context(const Fe &fe) {
  if ((fe.facts->flags & XL_FACTS_DEVICE_SIDE) || !fe.in_function ||
      fe.func_space == XL_SPACE_DEVICE || fe.func_space == XL_SPACE_GLOBAL)
    return false;
  for (const FeLambdaFrame &fr : fe.lambdas)
    if (fe.facts->lambdas[fr.id].space == XL_SPACE_DEVICE)
      return false;
  return true;
}

static bool is_function_decl(const Cursor &c) {
  return c.kind == CXCursor_FunctionDecl || c.kind == CXCursor_CXXMethod ||
         c.kind == CXCursor_FunctionTemplate;
}

static bool is_kernel(const Cursor &callee) {
  static const char *const apis[] = {"cudaLaunchKernel", "cudaLaunchKernelEx",
                                     "cudaLaunchKernelExC",
                                     "cudaLaunchCooperativeKernel", nullptr};

  if (fe_decl_space(callee, nullptr) == XL_SPACE_GLOBAL)
    return true;
  for (int i = 0; apis[i]; i++)
    if (uses_spelled_is(callee, apis[i]))
      return true;
  return false;
}

/* ---- closures named in an expression ------------------------------------ */

struct Mentions {
  Cursor found[MAX_MENTIONS];
  unsigned n = 0;
};

static void mention(Mentions &m, const Cursor &c) {
  if (c.kind != CXCursor_DeclRefExpr && c.kind != CXCursor_LambdaExpr &&
      c.kind != CXCursor_MemberRefExpr)
    return;
  Cursor cl = uses_closure_of_type(cursor_type(c));
  if (is_null(cl))
    return;
  for (unsigned i = 0; i < m.n; i++)
    if (equal(m.found[i], cl))
      return;
  if (m.n < MAX_MENTIONS)
    m.found[m.n++] = cl;
}

static void closures_in(Mentions &m, const Cursor &expr) {
  m.n = 0;
  mention(m, expr);
  visit_children(expr, [&](const Cursor &c, const Cursor &) {
    mention(m, c);
    return CXChildVisit_Recurse;
  });
}

/* ---- following a launcher's instantiation ------------------------------- */

struct AdlCall {
  xl_loc loc;
  Cursor call;
  Cursor target;
};

struct FollowCtx {
  Fe &fe;
  Cursor taint[MAX_TAINT];
  unsigned ntaint = 0, depth = 0;
  bool kernel = false;
  xl_loc site = xl_loc_none();
  const char *kernel_name = nullptr;
  AdlCall adl[8];
  unsigned nadl = 0;
  explicit FollowCtx(Fe &f) : fe(f) {}
};

static bool is_taint(const FollowCtx &cx, const Cursor &c) {
  if (c.kind != CXCursor_DeclRefExpr)
    return false;
  Cursor ref = referenced(c);
  for (unsigned i = 0; i < cx.ntaint; i++)
    if (equal(ref, cx.taint[i]))
      return true;
  return false;
}

static bool mentions_taint(const FollowCtx &cx, const Cursor &expr) {
  bool hit = false;

  if (is_null(expr))
    return false;
  if (is_taint(cx, expr))
    return true;
  visit_children(expr, [&](const Cursor &c, const Cursor &) {
    if (!is_taint(cx, c))
      return CXChildVisit_Recurse;
    hit = true;
    return CXChildVisit_Break;
  });
  return hit;
}

/* An unqualified call by name (ADL applies), not an operator. */
static bool unqualified(Fe &fe, const Cursor &call, const char **name) {
  Cursor callee = uses_first_child(call);

  *name = nullptr;
  if (callee.kind != CXCursor_DeclRefExpr &&
      callee.kind != CXCursor_OverloadedDeclRef)
    return false;
  unsigned loc_off = expansion(location(callee)).offset;
  unsigned ext_off = expansion(extent(callee).begin).offset;
  if (loc_off != ext_off)
    return false; /* a qualifier (ns::f) or an explicit template (f<T>) */
  *name = fe_spelling_of(fe, callee);
  return *name && strncmp(*name, "operator", 8) != 0;
}

static void follow(FollowCtx &cx, const Cursor &fn, unsigned param);

static void follow_call(FollowCtx &cx, const Cursor &call) {
  Cursor callee = referenced(call);
  int n = num_arguments(call);
  const char *name;

  if (is_null(callee) || !is_function_decl(callee))
    return;
  for (int j = 0; j < n; j++) {
    if (!mentions_taint(cx, argument(call, static_cast<unsigned>(j))))
      continue;
    if (is_kernel(callee)) {
      if (!cx.kernel) {
        cx.kernel = true;
        cx.site = uses_loc(cx.fe, call);
        cx.kernel_name = fe_qualified_name(cx.fe, callee);
      }
      return;
    }
    if (cx.nadl < 8 && unqualified(cx.fe, call, &name)) {
      cx.adl[cx.nadl].call = call;
      cx.adl[cx.nadl].loc = uses_loc(cx.fe, call);
      cx.adl[cx.nadl++].target = callee;
    }
    if (cx.depth < FOLLOW_DEPTH)
      follow(cx, callee, static_cast<unsigned>(j));
  }
}

/* The launcher heuristic (uses.c follow()). */
static void follow(FollowCtx &cx, const Cursor &fn, unsigned param) {
  Cursor def = definition(fn);
  unsigned saved = cx.ntaint;

  if (is_null(def) || cx.fe.uses->follow_budget == 0 ||
      cx.ntaint >= MAX_TAINT)
    return;
  cx.fe.uses->follow_budget--;
  int n = num_arguments(def);
  if (n < 0 || param >= static_cast<unsigned>(n))
    return;
  cx.taint[cx.ntaint++] = argument(def, param);
  cx.depth++;
  visit_children(def, [&](const Cursor &c, const Cursor &) {
    if (c.kind == CXCursor_VarDecl && cx.ntaint < MAX_TAINT &&
        mentions_taint(cx, var_init(c)))
      cx.taint[cx.ntaint++] = c;
    else if (c.kind == CXCursor_CallExpr)
      follow_call(cx, c);
    return CXChildVisit_Recurse;
  });
  cx.depth--;
  cx.ntaint = saved;
}

/* ---- calls -------------------------------------------------------------- */

FePending *uses_record(Fe &fe, xl_use_kind kind, const Cursor &closure,
                       xl_loc loc, const Cursor &callee) {
  FePending p;

  p.kind = kind;
  p.closure = closure;
  p.loc = loc;
  if (!is_null(callee)) {
    p.callee = fe_qualified_name(fe, callee);
    p.callee_decl = uses_loc(fe, callee);
  }
  state(fe)->pending.push_back(p);
  if (fe.status != XL_OK)
    return nullptr;
  return &fe.uses->pending.back();
}

static void record_adl(Fe &fe, const FollowCtx &cx, const Cursor &closure,
                       xl_loc loc, const Cursor &callee) {
  for (unsigned j = 0; j < cx.nadl; j++) {
    FePending *p =
        uses_record(fe, XL_USE_UNQUALIFIED_CALL, closure, loc, callee);
    if (!p)
      return;
    const char *name = fe_qualified_name(fe, cx.adl[j].target);
    p = &fe.uses->pending.back();
    p->callee = name;
    p->site = cx.adl[j].loc;
    p->target = cx.adl[j].target;
    p->call = cx.adl[j].call;
  }
}

static void on_argument(Fe &fe, const Cursor &call, const Cursor &callee,
                        unsigned index, const Mentions &m) {
  auto cx = std::make_unique<FollowCtx>(fe);
  const char *name;

  follow(*cx, callee, index);
  if (unqualified(fe, call, &name) && cx->nadl < 8) {
    cx->adl[cx->nadl].call = call;
    cx->adl[cx->nadl].loc = xl_loc_none();
    cx->adl[cx->nadl++].target = callee;
  }
  for (unsigned i = 0; i < m.n; i++) {
    xl_loc loc = uses_loc(fe, argument(call, index));
    if (cx->kernel) {
      FePending *p =
          uses_record(fe, XL_USE_LAUNCHER_ARG, m.found[i], loc, callee);
      if (p) {
        p->site = cx->site;
        p->detail = cx->kernel_name;
      }
    }
    record_adl(fe, *cx, m.found[i], loc, callee);
  }
}

static void on_call(Fe &fe, const Cursor &call) {
  Cursor callee = referenced(call);
  int n = num_arguments(call);
  Mentions m;

  if (is_null(callee) || !is_function_decl(callee) || n <= 0)
    return;
  for (int i = 0; i < n; i++) {
    Cursor arg = argument(call, static_cast<unsigned>(i));
    closures_in(m, arg);
    if (m.n == 0)
      continue;
    if (is_kernel(callee)) {
      for (unsigned k = 0; k < m.n; k++)
        uses_record(fe, XL_USE_KERNEL_ARG, m.found[k], uses_loc(fe, arg),
                    callee);
    } else {
      on_argument(fe, call, callee, static_cast<unsigned>(i), m);
    }
  }
}

/* ---- the hooks ---------------------------------------------------------- */

void fe_uses_visit(Fe &fe, const Cursor &c, const Cursor &parent) {
  CXCursorKind k = c.kind;

  if (k != CXCursor_CallExpr && k != CXCursor_DeclRefExpr &&
      k != CXCursor_MemberRefExpr && k != CXCursor_TemplateRef &&
      k != CXCursor_TypeRef)
    return;
  /* instantiated bodies repeat code already seen in its pattern */
  if (fe.instance || !host_context(fe))
    return;
  FeUses *u = state(fe);
  if (u->have_win && k != CXCursor_CallExpr)
    intro_window(fe, c);
  switch (k) {
  case CXCursor_CallExpr: {
    Cursor ref = referenced(c);
    if (ref.kind == CXCursor_ConversionFunction)
      intro_conversion(fe, c, ref);
    else
      on_call(fe, c);
    break;
  }
  case CXCursor_DeclRefExpr:
  case CXCursor_MemberRefExpr:
    intro_operator_ref(fe, c, parent);
    break;
  case CXCursor_TemplateRef:
    intro_template_ref(fe, c);
    break;
  default:
    break;
  }
}

/* ---- lambdas ------------------------------------------------------------- */

static const FeFile *file_by_id(const Fe &fe, xl_id id) {
  for (const auto &f : fe.files)
    if (f->id == id)
      return f.get();
  return nullptr;
}

/* '-> T' between the parameters and the body (where they are written). */
static bool trailing_return(const Fe &fe, const xl_lambda &l) {
  const FeFile *f = file_by_id(fe, l.body.file);
  int depth = 0;
  xl_lexer lx;
  xl_tok t;

  if (!f || !f->buf.data() || l.params_loc.file != l.body.file ||
      (l.body.flags & XL_LOC_MACRO) || l.params_loc.offset > l.body.offset)
    return false;
  xl_lex_init(&lx, f->buf.data(), l.body.offset, l.params_loc.offset);
  while (xl_lex_next(&lx, &t) != XL_TOK_EOF) {
    if (xl_tok_is(&lx, &t, "(") || xl_tok_is(&lx, &t, "["))
      depth++;
    else if (xl_tok_is(&lx, &t, ")") || xl_tok_is(&lx, &t, "]"))
      depth--;
    else if (depth == 0 && xl_tok_is(&lx, &t, "->"))
      return true;
  }
  return false;
}

void fe_uses_lambda(Fe &fe, const Cursor &c, xl_id id) {
  FeUses *u = state(fe);
  FeClosure cl;
  unsigned off;

  cl.closure = type_declaration(cursor_type(c));
  cl.func = fe.in_function ? fe.func_cursor : null_cursor();
  cl.lambda = id;
  u->closures.push_back(cl);
  const FeFile *f = fe_spelling(fe, location(c), &off);
  xl_loc spelling_at = f ? fe_loc_at(fe, f, off) : xl_loc_none();
  fe.facts->lambdas[id].spelling = spelling_at;
  if (trailing_return(fe, fe.facts->lambdas[id]))
    fe.facts->lambdas[id].flags |= XL_LAMBDA_TRAILING_RETURN;
  if (fe.in_function && fe_is_instantiation(fe.func_cursor))
    fe.facts->lambdas[id].flags |= XL_LAMBDA_INSTANCE;
  if (!(fe.facts->flags & XL_FACTS_DEVICE_SIDE))
    fe_this_fields(fe, c, id);
}

/* ---- the end of the walk ------------------------------------------------- */

/* What nvcc 13.0 really rejects or gets wrong (measured, see the docs). */
static bool keep(const xl_lambda &l, const FePending &p) {
  bool device = l.space == XL_SPACE_DEVICE;
  bool trailing = (l.flags & XL_LAMBDA_TRAILING_RETURN) != 0;

  switch (p.kind) {
  case XL_USE_FUNCTION_POINTER:
    return device;
  case XL_USE_INTROSPECTION:
    if (p.flags & (XL_USE_INTRO_CALL | XL_USE_INTRO_STD_RESULT |
                   XL_USE_INTRO_CCCL_RESULT))
      return device && !trailing;
    return device;
  default:
    return true;
  }
}

static void mark_to_kernel(xl_facts *f, xl_id id) {
  xl_loc at = f->lambdas[id].loc;

  for (uint32_t i = 0; i < f->nlambdas; i++)
    if (f->lambdas[i].loc.file == at.file &&
        f->lambdas[i].loc.offset == at.offset)
      f->lambdas[i].flags |= XL_LAMBDA_TO_KERNEL;
}

static void resolve(Fe &fe, const FePending &p) {
  const FeClosure *cl = uses_closure(*fe.uses, p.closure);
  xl_use *use;

  if (!cl || !(fe.facts->lambdas[cl->lambda].flags & XL_LAMBDA_EXTENDED) ||
      !keep(fe.facts->lambdas[cl->lambda], p))
    return;
  if (p.kind == XL_USE_UNQUALIFIED_CALL) {
    adl_resolve(fe, p, cl->lambda, *cl);
    return;
  }
  if (xl_facts_add_use(&use, nullptr, fe.facts) < 0) {
    fe_oom(fe);
    return;
  }
  use->kind = p.kind;
  use->lambda = cl->lambda;
  use->loc = p.loc;
  use->callee = p.callee;
  use->callee_decl = p.callee_decl;
  use->flags = p.flags;
  use->site = p.site;
  use->detail = p.detail;
  if (p.kind == XL_USE_KERNEL_ARG || p.kind == XL_USE_LAUNCHER_ARG)
    mark_to_kernel(fe.facts, cl->lambda);
}

void fe_uses_finish(Fe &fe) {
  FeUses *u = fe.uses;

  if (!u)
    return;
  for (size_t i = 0; i < u->pending.size() && fe.status == XL_OK; i++)
    resolve(fe, u->pending[i]);
  delete u;
  fe.uses = nullptr;
}

} // namespace xlp
