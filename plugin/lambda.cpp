/*
 * lambda.cpp: a lambda's header facts (lib/frontend/lambda.c): execution
 * space from the call operator's CUDA attributes, introducer, declarator
 * specifiers, enclosing function and lambda, the holding statement.
 */
#include "fe.h"

#include <cstring>

namespace xlp {

xl_space fe_decl_space(const Cursor &decl, Loc *first_attr) {
  bool host = false, device = false, global = false, have = false;
  Loc first;

  visit_children(decl, [&](const Cursor &c, const Cursor &) {
    CXCursorKind k = c.kind;
    if (k != CXCursor_CUDAHostAttr && k != CXCursor_CUDADeviceAttr &&
        k != CXCursor_CUDAGlobalAttr)
      return CXChildVisit_Continue;
    host |= k == CXCursor_CUDAHostAttr;
    device |= k == CXCursor_CUDADeviceAttr;
    global |= k == CXCursor_CUDAGlobalAttr;
    if (!have) {
      first = location(c);
      have = true;
    }
    return CXChildVisit_Continue;
  });
  if (first_attr)
    *first_attr = have ? first : null_loc();
  if (global)
    return XL_SPACE_GLOBAL;
  if (host && device)
    return XL_SPACE_HOST_DEVICE;
  if (device)
    return XL_SPACE_DEVICE;
  return host ? XL_SPACE_HOST : XL_SPACE_NONE;
}

struct LambdaParts {
  Cursor op;   /* operator() (method or method template) */
  Cursor body; /* the body's CompoundStmt */
  bool have_op = false, have_body = false;
};

static void find_parts(const Cursor &closure, const Cursor &c,
                       LambdaParts &p) {
  visit_children(closure, [&](const Cursor &k, const Cursor &) {
    if (k.kind != CXCursor_CXXMethod && k.kind != CXCursor_FunctionTemplate)
      return CXChildVisit_Continue;
    if (spelling(k) == "operator()") {
      p.op = k;
      p.have_op = true;
    }
    return p.have_op ? CXChildVisit_Break : CXChildVisit_Continue;
  });
  visit_children(c, [&](const Cursor &k, const Cursor &) {
    if (k.kind == CXCursor_CompoundStmt) {
      p.body = k;
      p.have_body = true;
    }
    return CXChildVisit_Continue;
  });
}

/* Parse the introducer where it is spelled; fill intro and the default. */
static const FeFile *read_intro(Fe &fe, xl_id id, const Cursor &c,
                                xl_caplist *caps) {
  unsigned off;
  const FeFile *f = fe_spelling(fe, location(c), &off);

  if (!f || !f->buf.data() ||
      xl_lex_caplist(caps, f->buf.data(), f->buf.size(), off) < 0) {
    memset(caps, 0, sizeof(*caps));
    return nullptr;
  }
  xl_lambda *l = &fe.facts->lambdas[id];
  l->capture_default = caps->def;
  if (l->flags & XL_LAMBDA_MACRO) {
    l->intro.begin = l->intro.end = l->loc;
    l->default_range = l->intro;
    return f;
  }
  xl_loc ib = fe_loc_at(fe, f, off), ie = fe_loc_at(fe, f, caps->end);
  fe.facts->lambdas[id].intro.begin = ib;
  fe.facts->lambdas[id].intro.end = ie;
  if (caps->def) {
    xl_loc db = fe_loc_at(fe, f, caps->def_begin);
    xl_loc de = fe_loc_at(fe, f, caps->def_end);
    fe.facts->lambdas[id].default_range.begin = db;
    fe.facts->lambdas[id].default_range.end = de;
  }
  return f;
}

struct DeclScan {
  bool first = true, attr = false, have_params = false;
  int depth = 0;
};

static void scan_token(Fe &fe, xl_id id, const FeFile *bf, xl_lexer *lx,
                       const xl_tok &t, DeclScan &s) {
  xl_lambda *l = &fe.facts->lambdas[id];

  if (s.first && xl_tok_is(lx, &t, "<"))
    l->flags |= XL_LAMBDA_TEMPLATE_HEAD;
  s.first = false;
  if (xl_tok_is(lx, &t, "__attribute__") || xl_tok_is(lx, &t, "__declspec"))
    s.attr = true;
  else if (xl_tok_is(lx, &t, "(") && s.depth == 0 && !s.attr &&
           !s.have_params) {
    xl_loc p = fe_loc_at(fe, bf, t.begin);
    fe.facts->lambdas[id].params_loc = p;
    s.have_params = true;
  }
  l = &fe.facts->lambdas[id];
  if (xl_tok_is(lx, &t, "(") || xl_tok_is(lx, &t, "["))
    s.depth++;
  else if (xl_tok_is(lx, &t, ")") || xl_tok_is(lx, &t, "]")) {
    if (--s.depth == 0)
      s.attr = false;
  } else if (s.depth == 0 && xl_tok_is(lx, &t, "constexpr"))
    l->flags |= XL_LAMBDA_CONSTEXPR;
  else if (s.depth == 0 && xl_tok_is(lx, &t, "consteval"))
    l->flags |= XL_LAMBDA_CONSTEVAL;
  else if (s.depth == 0 && xl_tok_is(lx, &t, "mutable"))
    l->flags |= XL_LAMBDA_MUTABLE;
}

/* Scan the declarator between the introducer and the body's '{'. */
static void read_declarator(Fe &fe, xl_id id, const FeFile *intro_file,
                            const xl_caplist *caps, const LambdaParts &parts) {
  unsigned body_off, start;
  xl_lexer lx;
  xl_tok t;
  DeclScan s;

  if (!parts.have_body)
    return;
  const FeFile *bf = fe_spelling(fe, location(parts.body), &body_off);
  if (!bf || !bf->buf.data())
    return;
  xl_lambda *l = &fe.facts->lambdas[id];
  if (intro_file == bf && !(l->flags & XL_LAMBDA_MACRO) &&
      caps->end <= body_off) {
    start = static_cast<unsigned>(caps->end);
  } else {
    start = l->loc.offset; /* macro use: skip the macro's name */
    xl_lex_init(&lx, bf->buf.data(), bf->buf.size(), start);
    xl_lex_next(&lx, &t);
    start = static_cast<unsigned>(t.end);
  }
  l->params_loc = l->body;
  xl_lex_init(&lx, bf->buf.data(), body_off, start);
  while (xl_lex_next(&lx, &t) != XL_TOK_EOF)
    scan_token(fe, id, bf, &lx, t, s);
}

static void read_signature(Fe &fe, xl_id id, const Cursor &op) {
  CType ft = cursor_type(op);
  xl_id params[32];
  int n = num_arg_types(ft);
  xl_id ret = fe_type(fe, result_type(ft));

  for (int i = 0; i < n && i < 32; i++)
    params[i] = fe_type(fe, arg_type(ft, static_cast<unsigned>(i)));
  xl_lambda *l = &fe.facts->lambdas[id];
  l->ret_type = ret;
  if (n > 0) {
    uint32_t m = static_cast<uint32_t>(n < 32 ? n : 32);
    const xl_id *ids = xl_facts_ids(fe.facts, params, m);
    fe.facts->lambdas[id].params = ids;
    fe.facts->lambdas[id].nparams = ids ? m : 0;
  }
}

/* The statement start and the whitespace before it on its line. */
static void read_stmt(Fe &fe, xl_id id) {
  unsigned off, b;

  if (!fe.have_stmt)
    return;
  xl_loc stmt = fe_loc(fe, location(fe.stmt));
  fe.facts->lambdas[id].stmt = stmt;
  const FeFile *f = fe_spelling(fe, location(fe.stmt), &off);
  if (!f || !f->buf.data() || (stmt.flags & XL_LOC_MACRO))
    return;
  for (b = off; b > 0 && (f->buf[b - 1] == ' ' || f->buf[b - 1] == '\t'); b--)
    ;
  /* Only a statement that starts its line gets an indent to copy. */
  if (b == 0 || f->buf[b - 1] == '\n') {
    const char *indent =
        xl_facts_strndup(fe.facts, f->buf.data() + b, off - b);
    fe.facts->lambdas[id].stmt_indent = indent;
  }
}

/* nvcc without --extended-lambda rejects annotated lambdas outright. */
static bool annotations_disallowed(const Fe &fe) {
  return (fe.facts->flags & XL_FACTS_NVCC_COMMAND) &&
         !(fe.facts->flags & XL_FACTS_EXTENDED_LAMBDA);
}

static uint32_t context_flags(const Fe &fe, xl_space space) {
  uint32_t flags = 0;

  if (fe.func_space == XL_SPACE_DEVICE || fe.func_space == XL_SPACE_GLOBAL)
    flags |= XL_LAMBDA_DEVICE_CONTEXT;
  for (const FeLambdaFrame &fr : fe.lambdas)
    if (fe.facts->lambdas[fr.id].space == XL_SPACE_DEVICE)
      flags |= XL_LAMBDA_DEVICE_CONTEXT;
  if (!fe.in_function)
    flags |= XL_LAMBDA_NOT_BLOCK_SCOPE;
  if (fe.constexpr_if_depth > 0)
    flags |= XL_LAMBDA_IN_CONSTEXPR_IF;
  if ((space == XL_SPACE_DEVICE || space == XL_SPACE_HOST_DEVICE) &&
      !(flags & XL_LAMBDA_DEVICE_CONTEXT) && !annotations_disallowed(fe))
    flags |= XL_LAMBDA_EXTENDED;
  return flags;
}

static void lambda_space(Fe &fe, xl_id id, const LambdaParts &parts) {
  Loc attr;
  xl_space sp = fe_decl_space(parts.op, &attr);
  xl_loc annot = fe_loc(fe, attr);

  fe.facts->lambdas[id].space = sp;
  fe.facts->lambdas[id].annot = annot;
  if (parts.op.kind == CXCursor_FunctionTemplate)
    fe.facts->lambdas[id].flags |= XL_LAMBDA_GENERIC;
}

xl_id fe_lambda_begin(Fe &fe, const Cursor &c) {
  LambdaParts parts;
  Cursor closure = type_declaration(cursor_type(c));
  xl_caplist caps;
  xl_lambda *l;
  xl_id id, func = fe.in_function ? fe_current_func(fe) : XL_NONE;

  find_parts(closure, c, parts);
  if (xl_facts_add_lambda(&l, &id, fe.facts) < 0) {
    fe_oom(fe);
    return XL_NONE;
  }
  l->func = func;
  l->parent = fe.lambdas.empty() ? XL_NONE : fe.lambdas.back().id;
  xl_loc loc = fe_loc(fe, location(c));
  xl_range range = fe_range(fe, c);
  l = &fe.facts->lambdas[id];
  l->loc = loc;
  l->range = range;
  if (loc.flags & XL_LOC_MACRO)
    l->flags |= XL_LAMBDA_MACRO;
  if (parts.have_op)
    lambda_space(fe, id, parts);
  if (parts.have_body) {
    xl_loc body = fe_loc(fe, location(parts.body));
    fe.facts->lambdas[id].body = body;
  }
  fe.facts->lambdas[id].flags |= context_flags(fe, fe.facts->lambdas[id].space);
  const FeFile *intro_file = read_intro(fe, id, c, &caps);
  read_declarator(fe, id, intro_file, &caps, parts);
  read_stmt(fe, id);
  if (parts.have_op)
    read_signature(fe, id, parts.op);
  fe_lambda_scope(fe, id, c); /* closure, variable, flags (scope_func.cpp) */
  return id;
}

} // namespace xlp
