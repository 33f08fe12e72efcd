/*
 * uses.c: what host code does with the closure of an extended lambda.
 *
 * nvcc replaces every extended lambda in host code by a placeholder object
 * (__nv_dl_wrapper_t / __nv_hdl_wrapper_t). Host code that relies on the
 * closure being the real lambda breaks, silently or in the host compiler.
 * During the walk this file records, in host code only:
 *
 *   kernel arguments    a closure named in an argument of a __global__
 *                       function (a <<<...>>> launch) or cudaLaunchKernel*;
 *   launcher arguments  a closure passed to a function (template) whose
 *                       instantiated body forwards that parameter to a
 *                       kernel launch, directly or through up to four more
 *                       such calls (see follow());
 *   function pointers   the closure converted to a function pointer (a
 *                       call of the closure's conversion function);
 *   introspection       '&L::operator()', an unevaluated call of the
 *                       closure, std/cuda::std invoke_result and result_of,
 *                       and class templates that take '&F::operator()' of
 *                       their argument;
 *   unqualified calls   candidates for the ADL hazard (adl.c decides);
 *   opaque arguments    a closure passed, directly or through the calls
 *                       followed, to a template specialization whose body
 *                       the parse skipped (the language server's block of
 *                       headers skips system headers' template bodies),
 *                       where no launch was found: whether it launches is
 *                       not known (see body_skipped()).
 *
 * Uses are kept as cursors of the closure class until the walk ends (a
 * lambda written as an argument is walked after its call), then resolved to
 * lambda ids and filtered by what nvcc 13.0 really rejects (measured:
 * docs/rules/extended_lambda_host_introspection.md).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/lex.h"
#include "uses.h"

#define FOLLOW_DEPTH 5
#define FOLLOW_BUDGET 4000
#define MAX_TAINT 32
#define MAX_MENTIONS 8

/* ---- state and helpers -------------------------------------------------- */

static fe_uses *state(xl_fe *fe) {
  if (!fe->uses) {
    fe->uses = calloc(1, sizeof(*fe->uses));
    if (!fe->uses)
      xl_fe_oom(fe);
    else
      fe->uses->follow_budget = FOLLOW_BUDGET;
  }
  return fe->uses;
}

void xl_fe_uses_add(xl_fe *fe, const fe_pending *p) {
  fe_uses *u = state(fe);

  if (!u || XL_GROW(u->pending, u->cap_pending, u->npending + 1) < 0) {
    xl_fe_oom(fe);
    return;
  }
  u->pending[u->npending++] = *p;
}

const fe_closure *xl_fe_uses_closure(const fe_uses *u, CXCursor closure) {
  size_t i;

  for (i = 0; i < u->nclosures; i++)
    if (clang_equalCursors(u->closures[i].closure, closure))
      return &u->closures[i];
  return NULL;
}

xl_loc xl_fe_uses__loc(xl_fe *fe, CXCursor c) {
  return xl_fe_loc(fe, clang_getCursorLocation(c));
}

int xl_fe_uses__spelled_is(CXCursor c, const char *s) {
  CXString sp = clang_getCursorSpelling(c);
  int yes = strcmp(clang_getCString(sp), s) == 0;

  clang_disposeString(sp);
  return yes;
}

static enum CXChildVisitResult take_first(CXCursor c, CXCursor p,
                                          CXClientData data) {
  (void)p;
  *(CXCursor *)data = c;
  return CXChildVisit_Break;
}

/* The first child, looking through implicit conversions. */
CXCursor xl_fe_uses__first_child(CXCursor c) {
  CXCursor child = clang_getNullCursor();

  clang_visitChildren(c, take_first, &child);
  while (clang_getCursorKind(child) == CXCursor_UnexposedExpr) {
    CXCursor next = clang_getNullCursor();
    clang_visitChildren(child, take_first, &next);
    if (clang_Cursor_isNull(next))
      break;
    child = next;
  }
  return child;
}

int xl_fe_uses__closure_spelled(CXType t, int exact, CXType *record) {
  CXString s;
  const char *text;
  int yes;

  t = clang_getCanonicalType(t);
  if (t.kind == CXType_LValueReference || t.kind == CXType_RValueReference)
    t = clang_getCanonicalType(clang_getPointeeType(t));
  if (t.kind != CXType_Record)
    return 0;
  s = clang_getTypeSpelling(clang_getUnqualifiedType(t));
  text = clang_getCString(s);
  yes = strstr(text, "(lambda at ") != NULL &&
        (!exact || xl_str_endswith(text, ")"));
  clang_disposeString(s);
  *record = t;
  return yes;
}

/* The closure class of a (reference to a) lambda's closure type, or null. */
CXCursor xl_fe_uses__closure_of_type(CXType t) {
  CXType record;

  return xl_fe_uses__closure_spelled(t, 0, &record)
             ? clang_getTypeDeclaration(record)
             : clang_getNullCursor();
}

/* Code here runs on the host: a host or host-device function, outside any
 * __device__ lambda, in the host-side facts. */
static int host_context(const xl_fe *fe) {
  unsigned i;

  if ((fe->facts->flags & XL_FACTS_DEVICE_SIDE) || !fe->at.in_function ||
      fe->at.func_space == XL_SPACE_DEVICE || fe->at.func_space == XL_SPACE_GLOBAL)
    return 0;
  for (i = 0; i < fe->at.nlambdas; i++)
    if (fe->facts->lambdas[fe->at.lambdas[i].id].space == XL_SPACE_DEVICE)
      return 0;
  return 1;
}

static int is_function_decl(CXCursor c) {
  enum CXCursorKind k = clang_getCursorKind(c);

  return k == CXCursor_FunctionDecl || k == CXCursor_CXXMethod ||
         k == CXCursor_FunctionTemplate;
}

static int is_kernel(CXCursor callee) {
  static const char *const apis[] = {"cudaLaunchKernel", "cudaLaunchKernelEx",
                                     "cudaLaunchKernelExC",
                                     "cudaLaunchCooperativeKernel", NULL};
  int i;

  if (xl_fe_decl_space(callee, NULL) == XL_SPACE_GLOBAL)
    return 1;
  for (i = 0; apis[i]; i++)
    if (xl_fe_uses__spelled_is(callee, apis[i]))
      return 1;
  return 0;
}

/* ---- closures named in an expression ------------------------------------ */

typedef struct mentions {
  CXCursor found[MAX_MENTIONS];
  unsigned n;
} mentions;

static enum CXChildVisitResult find_closures(CXCursor c, CXCursor p,
                                             CXClientData data) {
  mentions *m = data;
  enum CXCursorKind k = clang_getCursorKind(c);
  CXCursor cl;
  unsigned i;
  (void)p;

  if (k != CXCursor_DeclRefExpr && k != CXCursor_LambdaExpr &&
      k != CXCursor_MemberRefExpr)
    return CXChildVisit_Recurse;
  cl = xl_fe_uses__closure_of_type(clang_getCursorType(c));
  if (clang_Cursor_isNull(cl))
    return CXChildVisit_Recurse;
  for (i = 0; i < m->n; i++)
    if (clang_equalCursors(m->found[i], cl))
      return CXChildVisit_Recurse;
  if (m->n < MAX_MENTIONS)
    m->found[m->n++] = cl;
  return CXChildVisit_Recurse;
}

/*
 * Whether the value of expr has a closure type in its type (the closure, a
 * reference to it, or a template taking it: Box<(lambda at ...)>), rather
 * than merely naming a closure in a subexpression (name(l) returns a
 * std::string). Only such a value takes the closure into a function.
 */
static int carries_closure(CXCursor expr) {
  CXString s =
      clang_getTypeSpelling(clang_getCanonicalType(clang_getCursorType(expr)));
  const char *t = clang_getCString(s);
  int yes = t && strstr(t, "(lambda at ") != NULL;

  clang_disposeString(s);
  return yes;
}

static void closures_in(mentions *m, CXCursor expr) {
  m->n = 0;
  find_closures(expr, clang_getNullCursor(), m);
  clang_visitChildren(expr, find_closures, m);
}

/* ---- following a launcher's instantiation ------------------------------- */

typedef struct adl_call {
  xl_loc loc;       /* the unqualified call */
  CXCursor call;
  CXCursor target;  /* the function it resolves to */
} adl_call;

typedef struct follow_ctx {
  xl_fe *fe;
  CXCursor taint[MAX_TAINT]; /* the parameter and locals made from it */
  unsigned ntaint, depth;
  int kernel;
  xl_loc site;
  const char *kernel_name;
  const char *opaque;        /* the first body-less specialization met */
  xl_loc opaque_site;        /* the call of it */
  adl_call adl[8];           /* unqualified calls taking the parameter */
  unsigned nadl;
  fe_intro_hit intro[8];     /* result queries over its type (introspect_tmpl.c) */
  unsigned nintro;
  int cccl;                  /* a CCCL algorithm's query is in intro */
} follow_ctx;

typedef struct taint_scan {
  const follow_ctx *cx;
  int hit;
} taint_scan;

static enum CXChildVisitResult find_taint(CXCursor c, CXCursor p,
                                          CXClientData data) {
  taint_scan *ts = data;
  CXCursor ref;
  unsigned i;
  (void)p;

  if (clang_getCursorKind(c) != CXCursor_DeclRefExpr)
    return CXChildVisit_Recurse;
  ref = clang_getCursorReferenced(c);
  for (i = 0; i < ts->cx->ntaint; i++)
    if (clang_equalCursors(ref, ts->cx->taint[i])) {
      ts->hit = 1;
      return CXChildVisit_Break;
    }
  return CXChildVisit_Recurse;
}

static int mentions_taint(const follow_ctx *cx, CXCursor expr) {
  taint_scan ts = {cx, 0};

  if (clang_Cursor_isNull(expr))
    return 0;
  find_taint(expr, clang_getNullCursor(), &ts);
  if (!ts.hit)
    clang_visitChildren(expr, find_taint, &ts);
  return ts.hit;
}

/* A call through an operator ('a == b', 'f(x)' on an object's
 * operator()): the function it resolves to is an operator. */
static int is_operator_call(CXCursor call) {
  return xl_fe_is_operator(clang_getCursorReferenced(call));
}

/* Whether the callee's written text starts at its name: no qualifier
 * ('ns::f'; 'f<T>(x)' starts at its name). Inside a macro's expansion the
 * two expand to one place, so their spellings are compared too (thrust's
 * 'THRUST_CDP_DISPATCH((r = cuda_cub::f(...);), ...)'). */
static int starts_at_name(CXCursor callee) {
  CXSourceLocation name = clang_getCursorLocation(callee);
  CXSourceLocation start = clang_getRangeStart(clang_getCursorExtent(callee));
  CXFile nf, sf;
  unsigned noff, soff;

  clang_getExpansionLocation(name, NULL, NULL, NULL, &noff);
  clang_getExpansionLocation(start, NULL, NULL, NULL, &soff);
  if (noff != soff)
    return 0;
  clang_getSpellingLocation(name, &nf, NULL, NULL, &noff);
  clang_getSpellingLocation(start, &sf, NULL, NULL, &soff);
  return !nf || !sf || !clang_File_isEqual(nf, sf) || noff == soff;
}

/* An unqualified call by name (ADL applies), not an operator. */
static int unqualified(xl_fe *fe, CXCursor call, const char **name) {
  CXCursor callee = xl_fe_uses__first_child(call);
  enum CXCursorKind k = clang_getCursorKind(callee);

  *name = NULL;
  if (k != CXCursor_DeclRefExpr && k != CXCursor_OverloadedDeclRef)
    return 0;
  if (is_operator_call(call))
    return 0; /* 'a == b': the first child is the operand 'a' */
  if (!starts_at_name(callee))
    return 0;
  *name = xl_fe_spelling_of(fe, callee);
  return *name && strncmp(*name, "operator", 8) != 0;
}

static void follow(follow_ctx *cx, CXCursor fn, unsigned param,
                   CXCursor call);

static void follow_call(follow_ctx *cx, CXCursor call) {
  CXCursor callee = clang_getCursorReferenced(call);
  int j, n = clang_Cursor_getNumArguments(call);
  const char *name;

  if (clang_Cursor_isNull(callee) || !is_function_decl(callee))
    return;
  for (j = 0; j < n; j++) {
    CXCursor arg = clang_Cursor_getArgument(call, (unsigned)j);
    if (!mentions_taint(cx, arg))
      continue;
    if (!is_kernel(callee) && !carries_closure(arg))
      continue;
    if (is_kernel(callee)) {
      if (!cx->kernel) {
        cx->kernel = 1;
        cx->site = xl_fe_uses__loc(cx->fe, call);
        cx->kernel_name = xl_fe_qualified_name(cx->fe, callee);
      }
      return;
    }
    if (cx->nadl < 8 && unqualified(cx->fe, call, &name)) {
      cx->adl[cx->nadl].call = call;
      cx->adl[cx->nadl].loc = xl_fe_uses__loc(cx->fe, call);
      cx->adl[cx->nadl++].target = callee;
    }
    if (cx->depth < FOLLOW_DEPTH)
      follow(cx, callee, (unsigned)j, call);
  }
}

static enum CXChildVisitResult follow_visit(CXCursor c, CXCursor p,
                                            CXClientData data) {
  follow_ctx *cx = data;
  enum CXCursorKind k = clang_getCursorKind(c);
  (void)p;

  if (k == CXCursor_VarDecl && cx->ntaint < MAX_TAINT &&
      mentions_taint(cx, clang_Cursor_getVarDeclInitializer(c)))
    cx->taint[cx->ntaint++] = c;
  else if (k == CXCursor_CallExpr)
    follow_call(cx, c);
  return CXChildVisit_Recurse;
}

/* 1 when fn, a call's target with no definition in the unit, is a
 * template's specialization (or a member of one) declared in a header of
 * a language-server document whose header bodies were skipped (the block's
 * system headers; every header with clang's preamble): its body was not
 * parsed, so whether it launches is not known. libclang gives a skipped
 * body no definition. The command line instantiates every body a closure
 * reaches, so it never gets here with a body it skipped. */
static int body_skipped(const follow_ctx *cx, CXCursor fn) {
  CXCursor tmpl = clang_getSpecializedCursorTemplate(fn);
  CXFile file;
  const fe_file *f;

  if (!cx->fe->doc->header_bodies_skipped || clang_Cursor_isNull(tmpl))
    return 0;
  /* the main file is always known; a header need not be read for this */
  clang_getExpansionLocation(clang_getCursorLocation(tmpl), &file, NULL, NULL,
                             NULL);
  f = file ? xl_fe_file_known(cx->fe, file) : NULL;
  return file && !(f && (cx->fe->facts->file_flags[f->id] & XL_FILE_MAIN));
}

/* A lambda that is not extended, or a local class, went into `opaque`, a
 * library template whose body the document skipped: whether a kernel takes
 * it (global_lambda_template_arg, global_func_local_template_arg) is known
 * only with that body, so the document parses again with header bodies
 * (lib/pipeline). The C++ standard library launches no kernel. */
static void wants_bodies(xl_fe *fe, const char *opaque) {
  if (opaque && strncmp(opaque, "std::", 5) != 0 &&
      strncmp(opaque, "__gnu_cxx::", 11) != 0)
    fe->facts->flags |= XL_FACTS_WANTS_HEADER_BODIES;
}

/* A CCCL algorithm that asks for the result type of the closure it gets at
 * param (cccl_queries.c): a query at the call's argument, the first of the
 * chain (thrust::reduce, not the cub::DeviceReduce::Reduce it calls). */
static void cccl_query(follow_ctx *cx, CXCursor def, unsigned param,
                       CXCursor call) {
  const char *api;

  if (cx->cccl || cx->nintro >= 8)
    return;
  api = xl_fe_cccl_query(def, param);
  if (!api)
    return;
  cx->intro[cx->nintro].loc =
      xl_fe_uses__loc(cx->fe, clang_Cursor_getArgument(call, param));
  cx->intro[cx->nintro].flags = XL_USE_INTRO_CCCL_RESULT;
  cx->intro[cx->nintro++].name = api;
  cx->cccl = 1;
}

/*
 * The launcher heuristic: walk the definition of the function a call
 * resolves to (for a template, its instantiation), tracking the parameter
 * that received the closure and the locals initialised from it; a call
 * that passes one of them to a __global__ function or cudaLaunchKernel*
 * makes the callee a launcher; one that passes it to another function is
 * followed in turn (depth FOLLOW_DEPTH, at most FOLLOW_BUDGET bodies per
 * translation unit).
 */
static void follow(follow_ctx *cx, CXCursor fn, unsigned param,
                   CXCursor call) {
  CXCursor def = clang_getCursorDefinition(fn);
  unsigned saved = cx->ntaint;
  int n;

  if (clang_Cursor_isNull(def) && !cx->opaque && body_skipped(cx, fn) &&
      !xl_fe_thrust_on_host(fn)) {
    cx->opaque = xl_fe_qualified_name(cx->fe, fn);
    cx->opaque_site = xl_fe_uses__loc(cx->fe, call);
  }
  /* by its declaration: the server skips a system header's bodies */
  cccl_query(cx, clang_Cursor_isNull(def) ? fn : def, param, call);
  if (clang_Cursor_isNull(def) || cx->fe->uses->follow_budget == 0 ||
      cx->ntaint >= MAX_TAINT)
    return;
  cx->fe->uses->follow_budget--;
  n = clang_Cursor_getNumArguments(def);
  if (n < 0 || param >= (unsigned)n)
    return;
  cx->taint[cx->ntaint++] = clang_Cursor_getArgument(def, param);
  cx->nintro += xl_fe_intro_pattern(cx->fe, def, param, cx->intro + cx->nintro,
                                    8 - cx->nintro);
  cx->depth++;
  clang_visitChildren(def, follow_visit, cx);
  cx->depth--;
  cx->ntaint = saved;
}

/* ---- calls -------------------------------------------------------------- */

fe_pending *xl_fe_uses__record(xl_fe *fe, xl_use_kind kind, CXCursor closure, xl_loc loc,
                    CXCursor callee) {
  fe_pending p;

  memset(&p, 0, sizeof(p));
  p.kind = kind;
  p.closure = closure;
  p.loc = loc;
  p.site = xl_loc_none();
  p.callee_decl = xl_loc_none();
  p.target = p.call = clang_getNullCursor();
  if (!clang_Cursor_isNull(callee)) {
    p.callee = xl_fe_qualified_name(fe, callee);
    p.callee_decl = xl_fe_uses__loc(fe, callee);
  }
  xl_fe_uses_add(fe, &p);
  if (!fe->uses || fe->status != XL_OK || fe->uses->npending == 0)
    return NULL;
  return &fe->uses->pending[fe->uses->npending - 1];
}

/* adl_only: an instantiated body (on_instance_call), where only the
 * unqualified calls are new. */
/* follow() from argument `index` of call, in a new context (the caller
 * frees it); NULL when out of memory (fe says so). */
static follow_ctx *follow_argument(xl_fe *fe, CXCursor call, CXCursor callee,
                                   unsigned index) {
  follow_ctx *cx = calloc(1, sizeof(*cx));

  if (!cx) {
    xl_fe_oom(fe);
    return NULL;
  }
  cx->fe = fe;
  follow(cx, callee, index, call);
  return cx;
}

static void on_argument(xl_fe *fe, CXCursor call, CXCursor callee,
                        unsigned index, const mentions *m, int adl_only) {
  follow_ctx *cx = follow_argument(fe, call, callee, index);
  const char *name;
  unsigned i, j;

  if (!cx)
    return;
  if (unqualified(fe, call, &name) && cx->nadl < 8) {
    cx->adl[cx->nadl].call = call;
    cx->adl[cx->nadl].loc = xl_loc_none();
    cx->adl[cx->nadl++].target = callee;
  }
  for (i = 0; i < m->n; i++) {
    xl_loc loc = xl_fe_uses__loc(fe, clang_Cursor_getArgument(call, index));
    fe_pending *p;
    if (cx->kernel && !adl_only) {
      p = xl_fe_uses__record(fe, XL_USE_LAUNCHER_ARG, m->found[i], loc, callee);
      if (p) {
        p->site = cx->site;
        p->detail = cx->kernel_name;
      }
    } else if (cx->opaque && !adl_only) {
      p = xl_fe_uses__record(fe, XL_USE_OPAQUE_ARG, m->found[i], loc, callee);
      if (p) {
        p->site = cx->opaque_site;
        p->detail = cx->opaque;
      }
    }
    for (j = 0; j < cx->nintro && !adl_only; j++) {
      p = xl_fe_uses__record(fe, XL_USE_INTROSPECTION, m->found[i],
                             cx->intro[j].loc, clang_getNullCursor());
      if (p) {
        p->flags = cx->intro[j].flags;
        p->callee = cx->intro[j].name;
        p->site = loc;
      }
    }
    for (j = 0; j < cx->nadl; j++) {
      p = xl_fe_uses__record(fe, XL_USE_UNQUALIFIED_CALL, m->found[i], loc,
                             callee);
      if (p) {
        p->callee = xl_fe_qualified_name(fe, cx->adl[j].target);
        p->site = cx->adl[j].loc;
        p->target = cx->adl[j].target;
        p->call = cx->adl[j].call;
      }
    }
  }
  free(cx);
}

/* Whether expr's value is an object of a class defined in a function (not
 * a closure): a local functor. */
static int local_class_value(CXCursor expr) {
  CXCursor d = clang_getTypeDeclaration(
      clang_getCanonicalType(clang_getCursorType(expr)));
  enum CXCursorKind k = clang_getCursorKind(d);
  int depth;

  if (k != CXCursor_StructDecl && k != CXCursor_ClassDecl)
    return 0;
  for (depth = 0; depth < 16; depth++) {
    d = clang_getCursorSemanticParent(d);
    k = clang_getCursorKind(d);
    if (clang_Cursor_isNull(d) || clang_isInvalid(k) ||
        k == CXCursor_TranslationUnit)
      return 0;
    if (is_function_decl(d) || k == CXCursor_Constructor ||
        k == CXCursor_Destructor)
      return 1;
  }
  return 0;
}

/* With header bodies skipped: a local functor given to a library template
 * that launches nothing the parse can see (wants_bodies). */
static void on_local_class_argument(xl_fe *fe, CXCursor call, CXCursor callee,
                                    unsigned index) {
  follow_ctx *cx = follow_argument(fe, call, callee, index);

  if (cx && !cx->kernel)
    wants_bodies(fe, cx->opaque);
  free(cx);
}

static void on_call(xl_fe *fe, CXCursor call) {
  CXCursor callee = clang_getCursorReferenced(call);
  int i, n = clang_Cursor_getNumArguments(call);
  mentions m;
  unsigned k;

  if (clang_Cursor_isNull(callee) || !is_function_decl(callee) || n <= 0)
    return;
  for (i = 0; i < n; i++) {
    CXCursor arg = clang_Cursor_getArgument(call, (unsigned)i);
    closures_in(&m, arg);
    if (m.n == 0 && fe->doc->header_bodies_skipped &&
        !(fe->facts->flags & XL_FACTS_WANTS_HEADER_BODIES) &&
        !is_kernel(callee) && local_class_value(arg))
      on_local_class_argument(fe, call, callee, (unsigned)i);
    if (m.n == 0)
      continue;
    if (is_kernel(callee)) {
      for (k = 0; k < m.n; k++)
        xl_fe_uses__record(fe, XL_USE_KERNEL_ARG, m.found[k], xl_fe_uses__loc(fe, arg), callee);
    } else if (carries_closure(arg)) {
      on_argument(fe, call, callee, (unsigned)i, &m, 0);
    }
  }
}

/* Keep the closures of lambdas defined in the function being walked (a
 * closure passed on as a parameter was reported where it was passed). */
static void own_closures(xl_fe *fe, mentions *m) {
  unsigned i, n = 0;

  for (i = 0; i < m->n; i++)
    if (clang_equalCursors(clang_getCursorSemanticParent(m->found[i]),
                           fe->at.func_cursor))
      m->found[n++] = m->found[i];
  m->n = n;
}

/*
 * A call in an instantiated body: only the ADL hazard of a closure
 * argument (the closure of a lambda of this instantiation, whose
 * placeholder names the specialization: 'Box<mesh::Cell>::go' brings in
 * 'mesh'). Recorded like on_argument's unqualified calls.
 */
static void on_instance_call(xl_fe *fe, CXCursor call) {
  CXCursor callee = clang_getCursorReferenced(call);
  int i, n = clang_Cursor_getNumArguments(call);
  mentions m;

  if (clang_Cursor_isNull(callee) || !is_function_decl(callee) || n <= 0 ||
      is_kernel(callee))
    return;
  for (i = 0; i < n; i++) {
    CXCursor arg = clang_Cursor_getArgument(call, (unsigned)i);
    closures_in(&m, arg);
    own_closures(fe, &m);
    if (m.n > 0 && carries_closure(arg))
      on_argument(fe, call, callee, (unsigned)i, &m, 1);
  }
}

/* ---- the hooks ----------------------------------------------------------- */

void xl_fe_uses_visit(xl_fe *fe, CXCursor c, CXCursor parent) {
  enum CXCursorKind k = clang_getCursorKind(c);
  CXCursor ref;

  if (k != CXCursor_CallExpr && k != CXCursor_DeclRefExpr &&
      k != CXCursor_MemberRefExpr && k != CXCursor_TemplateRef &&
      k != CXCursor_TypeRef)
    return;
  /* instantiated bodies (instances.c) repeat code already seen in its
   * pattern; the uses that matter there are followed from the call sites,
   * except the unqualified calls of the ADL hazard: in the pattern the
   * closure is dependent and the call unresolved */
  if (fe->inst.instance) {
    if (k == CXCursor_CallExpr && host_context(fe) && state(fe))
      on_instance_call(fe, c);
    return;
  }
  if (!host_context(fe) || !state(fe))
    return;
  if (fe->uses->have_win && k != CXCursor_CallExpr)
    xl_fe_intro_window(fe, c);
  switch (k) {
  case CXCursor_CallExpr:
    ref = clang_getCursorReferenced(c);
    if (clang_getCursorKind(ref) == CXCursor_ConversionFunction)
      xl_fe_intro_conversion(fe, c, ref);
    else
      on_call(fe, c);
    break;
  case CXCursor_DeclRefExpr:
  case CXCursor_MemberRefExpr:
    xl_fe_intro_operator_ref(fe, c, parent);
    break;
  case CXCursor_TemplateRef:
    xl_fe_intro_template_ref(fe, c);
    break;
  default:
    break;
  }
}

/* ---- lambdas ------------------------------------------------------------- */

static const fe_file *file_by_id(const xl_fe *fe, xl_id id) {
  size_t i;

  for (i = 0; i < fe->src.nfiles; i++)
    if (fe->src.files[i]->id == id)
      return fe->src.files[i];
  return NULL;
}

/* '-> T' between the parameters and the body (where they are written). */
static int trailing_return(const xl_fe *fe, const xl_lambda *l) {
  const fe_file *f = file_by_id(fe, l->body.file);
  int depth = 0;
  xl_lexer lx;
  xl_tok t;

  if (!f || !f->buf || l->params_loc.file != l->body.file ||
      (l->body.flags & XL_LOC_MACRO) || l->params_loc.offset > l->body.offset)
    return 0;
  xl_lex_init(&lx, f->buf, l->body.offset, l->params_loc.offset);
  while (xl_lex_next(&lx, &t) != XL_TOK_EOF) {
    if (xl_tok_is(&lx, &t, "(") || xl_tok_is(&lx, &t, "["))
      depth++;
    else if (xl_tok_is(&lx, &t, ")") || xl_tok_is(&lx, &t, "]"))
      depth--;
    else if (depth == 0 && xl_tok_is(&lx, &t, "->"))
      return 1;
  }
  return 0;
}

/* An implicit instantiation: it sits where its template is written. */
void xl_fe_uses_lambda(xl_fe *fe, CXCursor c, xl_id id) {
  fe_uses *u = state(fe);
  fe_closure *cl;
  const fe_file *f;
  xl_loc spelling = xl_loc_none();
  unsigned off;

  if (!u || XL_GROW(u->closures, u->cap_closures, u->nclosures + 1) < 0) {
    xl_fe_oom(fe);
    return;
  }
  cl = &u->closures[u->nclosures++];
  cl->closure = clang_getTypeDeclaration(clang_getCursorType(c));
  cl->func = fe->at.in_function ? fe->at.func_cursor : clang_getNullCursor();
  cl->lambda = id;
  f = xl_fe_spelling(fe, clang_getCursorLocation(c), &off);
  if (f)
    spelling = xl_fe_loc_at(fe, f, off);
  fe->facts->lambdas[id].spelling = spelling;
  if (trailing_return(fe, &fe->facts->lambdas[id]))
    fe->facts->lambdas[id].flags |= XL_LAMBDA_TRAILING_RETURN;
  if (fe->at.in_function && xl_fe_is_instantiation(fe->at.func_cursor))
    fe->facts->lambdas[id].flags |= XL_LAMBDA_INSTANCE;
  if (!(fe->facts->flags & XL_FACTS_DEVICE_SIDE))
    xl_fe_this_fields(fe, c, id);
}

/* ---- the end of the walk ------------------------------------------------- */

/* What nvcc 13.0 really rejects or gets wrong (measured, see the docs). */
static int keep(const xl_lambda *l, const fe_pending *p) {
  int device = l->space == XL_SPACE_DEVICE;
  int trailing = (l->flags & XL_LAMBDA_TRAILING_RETURN) != 0;

  switch (p->kind) {
  case XL_USE_FUNCTION_POINTER:
    return device;
  case XL_USE_INTROSPECTION:
    if (p->flags & (XL_USE_INTRO_CALL | XL_USE_INTRO_STD_RESULT |
                    XL_USE_INTRO_CCCL_RESULT))
      return device && !trailing;
    return device;
  default:
    return 1;
  }
}

/* The lambda and its pattern and instantiations (same place) reach a kernel. */
static void mark_to_kernel(xl_facts *f, xl_id id) {
  xl_loc at = f->lambdas[id].loc;
  uint32_t i;

  for (i = 0; i < f->nlambdas; i++)
    if (f->lambdas[i].loc.file == at.file &&
        f->lambdas[i].loc.offset == at.offset)
      f->lambdas[i].flags |= XL_LAMBDA_TO_KERNEL;
}

static void resolve(xl_fe *fe, const fe_pending *p) {
  const fe_closure *cl = xl_fe_uses_closure(fe->uses, p->closure);
  xl_use *use;

  if (cl && p->kind == XL_USE_OPAQUE_ARG &&
      !(fe->facts->lambdas[cl->lambda].flags &
        (XL_LAMBDA_EXTENDED | XL_LAMBDA_DEVICE_CONTEXT)))
    wants_bodies(fe, p->detail);
  if (!cl || !(fe->facts->lambdas[cl->lambda].flags & XL_LAMBDA_EXTENDED) ||
      !keep(&fe->facts->lambdas[cl->lambda], p))
    return;
  if (p->kind == XL_USE_UNQUALIFIED_CALL) {
    xl_fe_adl_resolve(fe, p, cl->lambda, cl);
    return;
  }
  if (xl_facts_add_use(&use, NULL, fe->facts) < 0) {
    xl_fe_oom(fe);
    return;
  }
  use->kind = p->kind;
  use->lambda = cl->lambda;
  use->loc = p->loc;
  use->callee = p->callee;
  use->callee_decl = p->callee_decl;
  use->flags = p->flags;
  use->site = p->site;
  use->detail = p->detail;
  if (p->kind == XL_USE_KERNEL_ARG || p->kind == XL_USE_LAUNCHER_ARG)
    mark_to_kernel(fe->facts, cl->lambda);
}

void xl_fe_uses_finish(xl_fe *fe) {
  fe_uses *u = fe->uses;
  size_t i;

  if (!u)
    return;
  for (i = 0; i < u->npending && fe->status == XL_OK; i++)
    resolve(fe, &u->pending[i]);
  free(u->closures);
  free(u->pending);
  free(u->tmemo);
  free(u);
  fe->uses = NULL;
}

int xl_fe_uses_explains_error(const xl_facts *f, const char *file,
                              unsigned offset, const char *message) {
  static const char prefix[] = "reference to __device__ function";
  uint32_t i;

  if (!f || !file || !message || strncmp(message, prefix, sizeof(prefix) - 1))
    return 0;
  for (i = 0; i < f->nuses; i++) {
    const xl_use *u = &f->uses[i];
    if (u->kind == XL_USE_FUNCTION_POINTER && u->loc.offset == offset &&
        u->loc.file < f->nfiles && strcmp(f->files[u->loc.file], file) == 0)
      return 1;
  }
  return 0;
}
