/*
 * lambda.c: a lambda's header facts: execution space (from the call
 * operator's CUDA attributes, so macros are seen), introducer, declarator
 * specifiers, enclosing function and lambda, and the holding statement.
 */
#include <string.h>

#include "fe.h"
#include "util/lex.h"

typedef struct space_scan {
  int host, device, global, device_var; /* device_var: __shared__/__constant__ */
  CXSourceLocation first;
  int have_first;
} space_scan;

static enum CXChildVisitResult scan_attr(CXCursor c, CXCursor parent,
                                         CXClientData data) {
  space_scan *s = data;
  enum CXCursorKind k = clang_getCursorKind(c);
  (void)parent;

  s->device_var |= k == CXCursor_CUDASharedAttr ||
                   k == CXCursor_CUDAConstantAttr;
  if (k != CXCursor_CUDAHostAttr && k != CXCursor_CUDADeviceAttr &&
      k != CXCursor_CUDAGlobalAttr)
    return CXChildVisit_Continue;
  s->host |= k == CXCursor_CUDAHostAttr;
  s->device |= k == CXCursor_CUDADeviceAttr;
  s->global |= k == CXCursor_CUDAGlobalAttr;
  if (!s->have_first) {
    s->first = clang_getCursorLocation(c);
    s->have_first = 1;
  }
  return CXChildVisit_Continue;
}

void xl_fe_note_device_ref(xl_fe *fe, CXCursor ref) {
  CXCursor decl = clang_getCursorReferenced(ref);
  enum CXCursorKind k = clang_getCursorKind(decl);
  space_scan s;
  unsigned i;

  if (k != CXCursor_FunctionDecl && k != CXCursor_CXXMethod &&
      k != CXCursor_FunctionTemplate && k != CXCursor_VarDecl)
    return;
  memset(&s, 0, sizeof(s));
  clang_visitChildren(decl, scan_attr, &s);
  if (!s.global && !s.device_var && !(s.device && !s.host))
    return;
  for (i = 0; i < fe->at.nlambdas; i++)
    fe->facts->lambdas[fe->at.lambdas[i].id].flags |= XL_LAMBDA_DEVICE_REFS;
}

xl_space xl_fe_decl_space(CXCursor decl, CXSourceLocation *first_attr) {
  space_scan s;

  memset(&s, 0, sizeof(s));
  clang_visitChildren(decl, scan_attr, &s);
  if (first_attr)
    *first_attr = s.have_first ? s.first : clang_getNullLocation();
  if (s.global)
    return XL_SPACE_GLOBAL;
  if (s.host && s.device)
    return XL_SPACE_HOST_DEVICE;
  if (s.device)
    return XL_SPACE_DEVICE;
  return s.host ? XL_SPACE_HOST : XL_SPACE_NONE;
}

typedef struct lambda_parts {
  CXCursor op;   /* operator() (method or method template) */
  CXCursor body; /* the body's CompoundStmt */
  int have_op, have_body;
} lambda_parts;

static enum CXChildVisitResult find_op(CXCursor c, CXCursor parent,
                                       CXClientData data) {
  lambda_parts *p = data;
  enum CXCursorKind k = clang_getCursorKind(c);
  CXString s;
  (void)parent;

  if (k != CXCursor_CXXMethod && k != CXCursor_FunctionTemplate)
    return CXChildVisit_Continue;
  s = clang_getCursorSpelling(c);
  if (strcmp(clang_getCString(s), "operator()") == 0) {
    p->op = c;
    p->have_op = 1;
  }
  clang_disposeString(s);
  return p->have_op ? CXChildVisit_Break : CXChildVisit_Continue;
}

static enum CXChildVisitResult find_body(CXCursor c, CXCursor parent,
                                         CXClientData data) {
  lambda_parts *p = data;
  (void)parent;

  if (clang_getCursorKind(c) == CXCursor_CompoundStmt) {
    p->body = c;
    p->have_body = 1;
  }
  return CXChildVisit_Continue;
}

/* Where the introducer is spelled: its file (NULL if unknown) and offset. */
typedef struct intro_at {
  const fe_file *file;
  unsigned off;
} intro_at;

/* Parse the introducer where it is spelled; fill l->intro and the default. */
static void read_intro(xl_fe *fe, xl_lambda *l, CXCursor c, xl_caplist *caps,
                       intro_at *at) {
  unsigned off;
  const fe_file *f = xl_fe_spelling(fe, clang_getCursorLocation(c), &off);

  at->file = NULL;
  at->off = off;
  if (!f || !f->buf || xl_lex_caplist(caps, f->buf, f->len, off) < 0) {
    memset(caps, 0, sizeof(*caps));
    return;
  }
  at->file = f;
  l->capture_default = caps->def;
  if (l->flags & XL_LAMBDA_MACRO) {
    l->intro.begin = l->intro.end = l->loc;
    l->default_range = l->intro;
    return;
  }
  /* not in a macro: the introducer is plain text of f */
  l->intro.begin = xl_fe_loc_spelled(fe, f, off);
  l->intro.end = xl_fe_loc_spelled(fe, f, caps->end);
  if (caps->def) {
    l->default_range.begin = xl_fe_loc_spelled(fe, f, caps->def_begin);
    l->default_range.end = xl_fe_loc_spelled(fe, f, caps->def_end);
  }
}

/* 1 when buf[a..b) holds no line break but escaped ones: one logical line,
 * so text spelled in a macro definition belongs to a single definition. */
static int one_logical_line(const char *buf, size_t a, size_t b) {
  size_t i;

  for (i = a; i < b; i++) {
    if (buf[i] != '\n' && buf[i] != '\r')
      continue;
    if (buf[i] == '\n' && i > a && buf[i - 1] == '\r')
      continue; /* the '\r' of "\r\n" was judged */
    if (i == a || buf[i - 1] != '\\')
      return 0;
  }
  return 1;
}

/* The text holding the declarator: buf[*start..*end) of *file. */
typedef struct decl_span {
  const fe_file *file;
  unsigned start, end;
  int in_macro; /* spelled in a macro's definition or argument */
} decl_span;

/*
 * Find the declarator's text, between the introducer's ']' and the body's
 * '{' where each is spelled (body_off in bf). The offsets used must all be
 * offsets into bf's buffer: the expansion location l->loc is one only when
 * it lies in bf itself. Returns 0, or -1 when the text cannot be found
 * (then nothing is read from the declarator).
 */
static int find_declarator(decl_span *out, const xl_lambda *l,
                           const intro_at *in, const xl_caplist *caps,
                           const fe_file *bf, unsigned body_off) {
  xl_lexer lx;
  xl_tok t;
  int in_use = l->loc.file == bf->id && l->loc.offset <= in->off;

  out->file = bf;
  out->end = body_off;
  out->in_macro = (l->flags & XL_LAMBDA_MACRO) != 0;
  /* both spelled in bf, in order: plain text, a macro argument's text (at
     or after the macro's use) or one logical line of a definition */
  if (in->file == bf && caps->end <= body_off &&
      (!out->in_macro || in_use ||
       one_logical_line(bf->buf, in->off, body_off))) {
    out->start = (unsigned)caps->end;
    return 0;
  }
  /* the introducer from a macro ('KOKKOS_LAMBDA'), the rest written after
     the macro's name in bf: read from just past that name */
  if (l->loc.file == bf->id && l->loc.offset <= body_off &&
      !(l->body.flags & XL_LOC_MACRO)) {
    xl_lex_init(&lx, bf->buf, body_off, l->loc.offset);
    xl_lex_next(&lx, &t);
    out->start = (unsigned)t.end;
    out->in_macro = 0;
    return 0;
  }
  return -1;
}

/* The 'constexpr'/'consteval' token t of f and the blanks after it (before
 * it when it ends its line), for the fix-it that removes it (only where the
 * declarator is plain text of f). */
static void read_spec(xl_fe *fe, xl_lambda *l, const fe_file *f,
                      const xl_tok *t, unsigned limit, int spelled) {
  size_t begin = t->begin, end = t->end;

  if (!spelled)
    return;
  while (end < limit && (f->buf[end] == ' ' || f->buf[end] == '\t'))
    end++;
  if (end < f->len && (f->buf[end] == '\n' || f->buf[end] == '\r')) {
    end = t->end;
    while (begin > 0 && (f->buf[begin - 1] == ' ' || f->buf[begin - 1] == '\t'))
      begin--;
  }
  l->spec_range.begin = xl_fe_loc_at(fe, f, begin);
  l->spec_range.end = xl_fe_loc_at(fe, f, end);
}

/* Scan the declarator between the introducer and the body's '{'. */
static void read_declarator(xl_fe *fe, xl_lambda *l, const intro_at *in,
                            const xl_caplist *caps, const lambda_parts *parts) {
  unsigned body_off;
  const fe_file *bf;
  decl_span span;
  xl_lexer lx;
  xl_tok t;
  int first = 1, depth = 0, attr = 0, have_params = 0, spelled = 0;

  if (!parts->have_body)
    return;
  bf = xl_fe_spelling(fe, clang_getCursorLocation(parts->body), &body_off);
  l->params_loc = l->body;
  if (!bf || !bf->buf ||
      find_declarator(&span, l, in, caps, bf, body_off) < 0)
    return;
  /* the declarator is plain text of bf, no macro: its specifiers can be
     edited (read_spec) */
  spelled = in->file == bf && !(l->flags & XL_LAMBDA_MACRO) &&
            caps->end <= body_off;
  xl_lex_init(&lx, bf->buf, span.end, span.start);
  while (xl_lex_next(&lx, &t) != XL_TOK_EOF) {
    if (first && xl_tok_is(&lx, &t, "<"))
      l->flags |= XL_LAMBDA_TEMPLATE_HEAD;
    first = 0;
    if (xl_tok_is(&lx, &t, "__attribute__") || xl_tok_is(&lx, &t, "__declspec"))
      attr = 1;
    else if (xl_tok_is(&lx, &t, "(") && depth == 0 && !attr && !have_params) {
      /* in a macro: where the user reads it, the macro's use */
      l->params_loc = span.in_macro ? l->loc : xl_fe_loc_at(fe, bf, t.begin);
      have_params = 1;
    }
    if (xl_tok_is(&lx, &t, "(") || xl_tok_is(&lx, &t, "["))
      depth++;
    else if (xl_tok_is(&lx, &t, ")") || xl_tok_is(&lx, &t, "]")) {
      if (--depth == 0)
        attr = 0;
    }
    else if (depth == 0 && xl_tok_is(&lx, &t, "constexpr")) {
      l->flags |= XL_LAMBDA_CONSTEXPR;
      read_spec(fe, l, bf, &t, body_off, spelled);
    } else if (depth == 0 && xl_tok_is(&lx, &t, "consteval")) {
      l->flags |= XL_LAMBDA_CONSTEVAL;
      read_spec(fe, l, bf, &t, body_off, spelled);
    }
    else if (depth == 0 && xl_tok_is(&lx, &t, "mutable"))
      l->flags |= XL_LAMBDA_MUTABLE;
  }
}

static void read_signature(xl_fe *fe, xl_id id, CXCursor op) {
  CXType ft = clang_getCursorType(op);
  xl_id params[32];
  int i, n = clang_getNumArgTypes(ft);
  xl_id ret = xl_fe_type(fe, clang_getResultType(ft));
  xl_lambda *l;

  for (i = 0; i < n && i < 32; i++)
    params[i] = xl_fe_type(fe, clang_getArgType(ft, (unsigned)i));
  l = &fe->facts->lambdas[id];
  l->ret_type = ret;
  if (n > 0) {
    l->params = xl_facts_ids(fe->facts, params, (uint32_t)(n < 32 ? n : 32));
    l->nparams = l->params ? (uint32_t)(n < 32 ? n : 32) : 0;
  }
}

/* The start of the line after the statement, when blanks alone follow it
 * on its last line (its extent ends at its ';'). */
static void read_stmt_end(xl_fe *fe, xl_lambda *l, const fe_file *f) {
  CXSourceLocation end = clang_getRangeEnd(clang_getCursorExtent(fe->at.stmt));
  unsigned off;
  CXFile file;

  clang_getSpellingLocation(end, &file, NULL, NULL, &off);
  if (!file || xl_fe_file(fe, file) != f || off >= f->len)
    return;
  if (f->buf[off] == ';') /* the extent may stop before the ';' */
    off++;
  while (off < f->len && (f->buf[off] == ' ' || f->buf[off] == '\t'))
    off++;
  if (off < f->len && f->buf[off] == '\n')
    l->stmt_end = xl_fe_loc_at(fe, f, off + 1);
}

/* The statement start, the whitespace before it on its line, and the start
 * of the line after it. */
static void read_stmt(xl_fe *fe, xl_lambda *l) {
  unsigned off, b;
  const fe_file *f;

  if (!fe->at.have_stmt)
    return;
  l->stmt = xl_fe_loc(fe, clang_getCursorLocation(fe->at.stmt));
  f = xl_fe_spelling(fe, clang_getCursorLocation(fe->at.stmt), &off);
  if (!f || !f->buf || (l->stmt.flags & XL_LOC_MACRO))
    return;
  for (b = off; b > 0 && (f->buf[b - 1] == ' ' || f->buf[b - 1] == '\t'); b--)
    ;
  /* Only a statement that starts its line gets an indent to copy. */
  if (b == 0 || f->buf[b - 1] == '\n') {
    l->stmt_indent = xl_facts_strndup(fe->facts, f->buf + b, off - b);
    read_stmt_end(fe, l, f);
  }
}

/* nvcc without --extended-lambda rejects annotated lambdas outright
 * (extended_lambda_disallowed): none of them is an extended lambda. */
static int annotations_disallowed(const xl_fe *fe) {
  return (fe->facts->flags & XL_FACTS_NVCC_COMMAND) &&
         !(fe->facts->flags & XL_FACTS_EXTENDED_LAMBDA);
}

static uint32_t context_flags(xl_fe *fe, xl_space space) {
  uint32_t flags = 0;
  unsigned i;

  if (fe->at.func_space == XL_SPACE_DEVICE || fe->at.func_space == XL_SPACE_GLOBAL)
    flags |= XL_LAMBDA_DEVICE_CONTEXT;
  for (i = 0; i < fe->at.nlambdas; i++)
    if (fe->facts->lambdas[fe->at.lambdas[i].id].space == XL_SPACE_DEVICE)
      flags |= XL_LAMBDA_DEVICE_CONTEXT;
  if (!fe->at.in_function)
    flags |= XL_LAMBDA_NOT_BLOCK_SCOPE;
  if (fe->at.constexpr_if_depth > 0)
    flags |= XL_LAMBDA_IN_CONSTEXPR_IF;
  if ((space == XL_SPACE_DEVICE || space == XL_SPACE_HOST_DEVICE) &&
      !(flags & XL_LAMBDA_DEVICE_CONTEXT) && !annotations_disallowed(fe))
    flags |= XL_LAMBDA_EXTENDED;
  return flags;
}

xl_id xl_fe_lambda_begin(xl_fe *fe, CXCursor c) {
  lambda_parts parts;
  CXSourceLocation attr;
  CXCursor closure = clang_getTypeDeclaration(clang_getCursorType(c));
  xl_caplist caps;
  intro_at intro;
  xl_lambda *l;
  xl_id id, func = fe->at.in_function ? xl_fe_current_func(fe) : XL_NONE;

  memset(&parts, 0, sizeof(parts));
  clang_visitChildren(closure, find_op, &parts);
  clang_visitChildren(c, find_body, &parts);
  if (xl_facts_add_lambda(&l, &id, fe->facts) < 0) {
    xl_fe_oom(fe);
    return XL_NONE;
  }
  l->func = func;
  l->parent = fe->at.nlambdas ? fe->at.lambdas[fe->at.nlambdas - 1].id : XL_NONE;
  l->loc = xl_fe_loc(fe, clang_getCursorLocation(c));
  l->range = xl_fe_range(fe, c);
  if (l->loc.flags & XL_LOC_MACRO)
    l->flags |= XL_LAMBDA_MACRO;
  if (parts.have_op) {
    l->space = xl_fe_decl_space(parts.op, &attr);
    l->annot = xl_fe_loc(fe, attr);
    if (clang_getCursorKind(parts.op) == CXCursor_FunctionTemplate)
      l->flags |= XL_LAMBDA_GENERIC;
  }
  if (parts.have_body)
    l->body = xl_fe_loc(fe, clang_getCursorLocation(parts.body));
  l->flags |= context_flags(fe, l->space);
  read_intro(fe, l, c, &caps, &intro);
  read_declarator(fe, l, &intro, &caps, &parts);
  read_stmt(fe, l);
  if (parts.have_op)
    read_signature(fe, id, parts.op);
  xl_fe_lambda_scope(fe, id, c); /* closure, variable, flags (scope.c) */
  return id;
}
