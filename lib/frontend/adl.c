/*
 * adl.c: argument-dependent lookup through nvcc's placeholder types.
 *
 * In the code nvcc gives the host compiler, an extended lambda is an object
 * of __nv_dl_wrapper_t<__nv_dl_tag<F *, &f, N>, Captures...> (or
 * __nv_hdl_wrapper_t<..>), where F is the type of the enclosing function f
 * and Captures are the types of the captured variables. Those template
 * arguments add namespaces to argument-dependent lookup that the real
 * closure type never had: the namespaces of f's parameter and return types
 * (and of its class), of the captured variables' types, and the global
 * namespace where the placeholder lives. An unqualified call that receives
 * the closure can then find another function of the same name there: an
 * ambiguity or, worse, a different overload in the host compilation.
 *
 * For a pending unqualified call (uses.c), this file computes those extra
 * namespaces and looks each one up for a function of the call's name that
 * could be viable: one that can take the call's written arguments (by
 * count), and, for a function template, whose deduction does not fail for
 * a reason the written arguments show (a type parameter deduced two ways;
 * a standard parallel algorithm without a standard execution policy).
 */
#include <stdlib.h>
#include <string.h>

#include "uses.h"

#define MAX_NS 16
#define MAX_TYPE_DEPTH 6

typedef struct ns_list {
  char *usr[MAX_NS]; /* "" for the global namespace */
  CXCursor cur[MAX_NS];
  unsigned n;
} ns_list;

static char *usr_of(CXCursor c) {
  CXString s;
  char *copy;

  if (clang_getCursorKind(c) == CXCursor_TranslationUnit)
    return xl_strdup("");
  s = clang_getCursorUSR(c);
  copy = xl_strdup(clang_getCString(s));
  clang_disposeString(s);
  return copy;
}

static void add_ns(ns_list *l, CXCursor ns) {
  char *usr = usr_of(ns);
  unsigned i;

  if (!usr)
    return;
  for (i = 0; i < l->n; i++)
    if (strcmp(l->usr[i], usr) == 0) {
      free(usr);
      return;
    }
  if (l->n >= MAX_NS) {
    free(usr);
    return;
  }
  l->usr[l->n] = usr;
  l->cur[l->n++] = ns;
}

/* The innermost namespace (or the translation unit) around decl. */
static CXCursor namespace_of(CXCursor decl) {
  CXCursor p = clang_getCursorSemanticParent(decl);

  while (!clang_Cursor_isNull(p) &&
         clang_getCursorKind(p) != CXCursor_Namespace &&
         clang_getCursorKind(p) != CXCursor_TranslationUnit &&
         !clang_isInvalid(clang_getCursorKind(p)))
    p = clang_getCursorSemanticParent(p);
  return p;
}

static void add_ns_of(ns_list *l, CXCursor decl) {
  CXCursor ns = namespace_of(decl);

  if (clang_Cursor_isNull(ns) || clang_isInvalid(clang_getCursorKind(ns)))
    return;
  add_ns(l, ns);
  /* an inline namespace's members are members of its parent too */
  while (clang_getCursorKind(ns) == CXCursor_Namespace &&
         clang_Cursor_isInlineNamespace(ns)) {
    ns = namespace_of(ns);
    add_ns(l, ns);
  }
}

/* The associated namespaces of a type ([basic.lookup.argdep]). */
static void associated(ns_list *l, CXType t, unsigned depth) {
  int i, n;

  t = clang_getCanonicalType(t);
  if (depth > MAX_TYPE_DEPTH)
    return;
  switch (t.kind) {
  case CXType_Pointer: case CXType_LValueReference:
  case CXType_RValueReference:
    associated(l, clang_getPointeeType(t), depth + 1);
    break;
  case CXType_ConstantArray: case CXType_IncompleteArray:
    associated(l, clang_getArrayElementType(t), depth + 1);
    break;
  case CXType_MemberPointer:
    associated(l, clang_getPointeeType(t), depth + 1);
    associated(l, clang_Type_getClassType(t), depth + 1);
    break;
  case CXType_FunctionProto: case CXType_FunctionNoProto:
    associated(l, clang_getResultType(t), depth + 1);
    n = clang_getNumArgTypes(t);
    for (i = 0; i < n; i++)
      associated(l, clang_getArgType(t, (unsigned)i), depth + 1);
    break;
  case CXType_Record: case CXType_Enum:
    add_ns_of(l, clang_getTypeDeclaration(t));
    n = clang_Type_getNumTemplateArguments(t);
    for (i = 0; i < n; i++)
      associated(l, clang_Type_getTemplateArgumentAsType(t, (unsigned)i),
                 depth + 1);
    break;
  default:
    break;
  }
}

static enum CXVisitorResult field_type(CXCursor c, CXClientData data) {
  associated(data, clang_getCursorType(c), 0);
  return CXVisit_Continue;
}

/* What the placeholder brings: function type, class, captures, '::'. */
static void placeholder_namespaces(ns_list *l, const fe_closure *cl) {
  CXCursor parent = clang_getCursorSemanticParent(cl->func);
  enum CXCursorKind pk = clang_getCursorKind(parent);

  associated(l, clang_getCursorType(cl->func), 0);
  if (pk == CXCursor_ClassDecl || pk == CXCursor_StructDecl ||
      pk == CXCursor_ClassTemplate || pk == CXCursor_UnionDecl)
    associated(l, clang_getCursorType(parent), 0);
  clang_Type_visitFields(clang_getCursorType(cl->closure), field_type, l);
  add_ns(l, clang_getTranslationUnitCursor(
                clang_Cursor_getTranslationUnit(cl->closure)));
}

/* What the call's arguments bring anyway (the closure as clang sees it:
 * the namespace around the lambda). */
static void argument_namespaces(ns_list *l, CXCursor call) {
  int i, n = clang_Cursor_getNumArguments(call);

  for (i = 0; i < n; i++)
    associated(l, clang_getCursorType(clang_Cursor_getArgument(call, (unsigned)i)),
               0);
}

static int listed(const ns_list *l, const char *usr) {
  unsigned i;

  for (i = 0; i < l->n; i++)
    if (strcmp(l->usr[i], usr) == 0)
      return 1;
  return 0;
}

static void free_list(ns_list *l) {
  unsigned i;

  for (i = 0; i < l->n; i++)
    free(l->usr[i]);
  l->n = 0;
}

/* ---- looking a name up in one namespace ---------------------------------- */

typedef struct lookup {
  const char *usr;   /* the namespace */
  const char *name;  /* the function */
  int nargs;         /* the call's arguments; -1 if not known */
  int templates;     /* 'f<T>(x)': only function templates are candidates */
  CXCursor call;     /* the unqualified call */
  CXCursor exclude;  /* the function the call resolves to */
  CXCursor found;
} lookup;

static enum CXChildVisitResult count_parms(CXCursor c, CXCursor p,
                                           CXClientData data) {
  (void)p;
  if (clang_getCursorKind(c) == CXCursor_ParmDecl)
    ++*(int *)data;
  return CXChildVisit_Continue;
}

/* Whether an unqualified call names explicit template arguments
 * ('f<T>(x)'): its callee's extent, which begins at the name (it has no
 * qualifier), goes on past it. A function that is not a template is then
 * no candidate. In a macro's expansion, not known: no. */
static int names_template_args(CXCursor call, const char *name) {
  CXSourceRange ext = clang_getCursorExtent(xl_fe_uses__first_child(call));
  CXFile bf, ef;
  unsigned b, e;

  clang_getExpansionLocation(clang_getRangeStart(ext), &bf, NULL, NULL, &b);
  clang_getExpansionLocation(clang_getRangeEnd(ext), &ef, NULL, NULL, &e);
  return bf && clang_File_isEqual(bf, ef) && e > b &&
         e - b > strlen(name);
}

/* The arguments written in call, without the default arguments clang
 * appends (they have no source range); -1 if not known. */
static int written_args(CXCursor call) {
  int n = clang_Cursor_getNumArguments(call);

  while (n > 0) {
    CXCursor a = clang_Cursor_getArgument(call, (unsigned)n - 1);
    CXSourceLocation at = clang_getRangeStart(clang_getCursorExtent(a));
    if (!clang_equalLocations(at, clang_getNullLocation()))
      break;
    n--;
  }
  return n;
}

/* Whether fn (a function or function template) may take nargs arguments:
 * false only when it has fewer parameters and no ellipsis in its type (a C
 * variadic or a parameter pack), so that overload resolution can never
 * pick it nor find it ambiguous. Fewer arguments than parameters count as
 * taken (a redeclaration may give the defaults). */
static int may_take(CXCursor fn, int nargs) {
  CXType t = clang_getCursorType(fn);
  CXString s = clang_getTypeSpelling(t);
  int ellipsis = strstr(clang_getCString(s), "...") != NULL;
  int parms = 0;

  clang_disposeString(s);
  if (nargs < 0 || ellipsis)
    return 1;
  clang_visitChildren(fn, count_parms, &parms);
  /* parameters not spelled as such (a typedef'd function type): unknown */
  if (parms != clang_getNumArgTypes(t))
    return 1;
  return nargs <= parms;
}

/* ---- what deduction rules out --------------------------------------------- */

typedef struct one_child {
  CXCursor child;
  unsigned n;
} one_child;

static enum CXChildVisitResult count_children(CXCursor c, CXCursor p,
                                              CXClientData data) {
  one_child *o = data;
  (void)p;
  o->child = c;
  return ++o->n > 1 ? CXChildVisit_Break : CXChildVisit_Continue;
}

static int same_extent(CXCursor a, CXCursor b) {
  CXSourceRange ra = clang_getCursorExtent(a), rb = clang_getCursorExtent(b);

  return clang_equalLocations(clang_getRangeStart(ra),
                              clang_getRangeStart(rb)) &&
         clang_equalLocations(clang_getRangeEnd(ra), clang_getRangeEnd(rb));
}

/* Whether the cursor's text is spelled where it is expanded (not a macro's). */
static int spelled_in_place(CXCursor c) {
  CXFile file;
  unsigned offset;

  return xl_fe_spelled_in_place(clang_getRangeStart(clang_getCursorExtent(c)),
                                &file, &offset);
}

/*
 * The type of the call's argument i as written, before the conversions to
 * its callee's parameter (implicit nodes share the written expression's
 * extent; an expression of its own has children elsewhere), canonical and
 * without top-level qualifiers: what deduction starts from ([temp.deduct.call]).
 * 0 when not known: in a macro, dependent, a braced list, or an array or a
 * function (which decay).
 */
static int written_type(CXType *out, CXCursor call, int i) {
  CXCursor e = clang_Cursor_getArgument(call, (unsigned)i);
  one_child o;
  CXType t;
  int depth;

  if (clang_Cursor_isNull(e) || !spelled_in_place(e))
    return 0;
  for (depth = 0; depth < 16; depth++) {
    o.n = 0;
    clang_visitChildren(e, count_children, &o);
    if (o.n != 1 || !clang_isExpression(clang_getCursorKind(o.child)) ||
        !same_extent(e, o.child))
      break;
    e = o.child;
  }
  if (clang_getCursorKind(e) == CXCursor_InitListExpr)
    return 0;
  t = clang_getCanonicalType(clang_getCursorType(e));
  if (t.kind == CXType_Invalid || t.kind == CXType_ConstantArray ||
      t.kind == CXType_IncompleteArray || t.kind == CXType_FunctionProto ||
      t.kind == CXType_FunctionNoProto || t.kind == CXType_Overload ||
      clang_Type_getSizeOf(t) == CXTypeLayoutError_Dependent)
    return 0;
  *out = clang_getUnqualifiedType(t);
  return 1;
}

/* 1 when both types are known and print differently (canonical types). */
static int differ(CXType a, CXType b) {
  CXString sa = clang_getTypeSpelling(a), sb = clang_getTypeSpelling(b);
  int d = strcmp(clang_getCString(sa), clang_getCString(sb)) != 0;

  clang_disposeString(sa);
  clang_disposeString(sb);
  return d;
}

#define MAX_PARMS 16

typedef struct parm_names {
  char *name[MAX_PARMS]; /* a parameter's type as spelled */
  unsigned n;
  char *tparms[MAX_PARMS]; /* the template's own type parameters */
  unsigned ntparms;
} parm_names;

static enum CXChildVisitResult collect_parms(CXCursor c, CXCursor p,
                                             CXClientData data) {
  parm_names *pn = data;
  enum CXCursorKind k = clang_getCursorKind(c);
  CXString s;
  (void)p;

  if (k == CXCursor_TemplateTypeParameter && pn->ntparms < MAX_PARMS) {
    s = clang_getCursorSpelling(c);
    pn->tparms[pn->ntparms++] = xl_strdup(clang_getCString(s));
    clang_disposeString(s);
  } else if (k == CXCursor_ParmDecl && pn->n < MAX_PARMS) {
    s = clang_getTypeSpelling(clang_getCursorType(c));
    pn->name[pn->n++] = xl_strdup(clang_getCString(s));
    clang_disposeString(s);
  }
  return CXChildVisit_Continue;
}

static void free_parms(parm_names *pn) {
  unsigned i;

  for (i = 0; i < pn->n; i++)
    free(pn->name[i]);
  for (i = 0; i < pn->ntparms; i++)
    free(pn->tparms[i]);
}

/* Whether parameter j is declared 'T' (by value), T one of the template's
 * own type parameters. */
static int by_value_tparm(const parm_names *pn, unsigned j) {
  unsigned k;

  for (k = 0; k < pn->ntparms; k++)
    if (pn->name[j] && pn->tparms[k] && strcmp(pn->name[j], pn->tparms[k]) == 0)
      return 1;
  return 0;
}

/* Deduction fails when one type parameter 'T', taken by value by two
 * parameters, is deduced from two arguments of different types
 * ([temp.deduct.type]p2): std::transform(I1, I1, I2, O, F) for thrust's
 * transform(exec, first, last, result, op). */
static int conflicting(const parm_names *pn, CXCursor call, int nargs) {
  unsigned i, j;
  CXType ti, tj;

  for (i = 0; i < pn->n && (int)i < nargs; i++) {
    if (!by_value_tparm(pn, i) || !written_type(&ti, call, (int)i))
      continue;
    for (j = i + 1; j < pn->n && (int)j < nargs; j++)
      if (strcmp(pn->name[i], pn->name[j]) == 0 &&
          written_type(&tj, call, (int)j) && differ(ti, tj))
        return 1;
  }
  return 0;
}

/* The name of the outermost namespace around decl; NULL if none. */
static char *outermost_namespace(CXCursor decl) {
  CXCursor p = clang_getCursorSemanticParent(decl), top = clang_getNullCursor();
  CXString s;
  char *name;

  for (; !clang_Cursor_isNull(p) && !clang_isInvalid(clang_getCursorKind(p)) &&
         !clang_isTranslationUnit(clang_getCursorKind(p));
       p = clang_getCursorSemanticParent(p))
    if (clang_getCursorKind(p) == CXCursor_Namespace)
      top = p;
  if (clang_Cursor_isNull(top))
    return NULL;
  s = clang_getCursorSpelling(top);
  name = xl_strdup(clang_getCString(s));
  clang_disposeString(s);
  return name;
}

/* Whether a namespace (its USR) is std or one inside it. */
static int in_std(const char *usr) {
  return strncmp(usr, "c:@N@std", 8) == 0 && (usr[8] == '\0' || usr[8] == '@');
}

/* Whether parameter 0 is 'ExecutionPolicy &&', a type parameter of the
 * template so named (libstdc++ and libc++ '_ExecutionPolicy', MSVC's
 * '_ExPo'). */
static int policy_parm(const parm_names *pn) {
  size_t n;
  unsigned k;

  if (pn->n < 1 || !pn->name[0])
    return 0;
  n = strlen(pn->name[0]);
  if (n < 4 || strcmp(pn->name[0] + n - 3, " &&") != 0)
    return 0;
  for (k = 0; k < pn->ntparms; k++)
    if (pn->tparms[k] && strlen(pn->tparms[k]) == n - 3 &&
        strncmp(pn->name[0], pn->tparms[k], n - 3) == 0)
      return strstr(pn->tparms[k], "ExecutionPolicy") != NULL ||
             strcmp(pn->tparms[k], "_ExPo") == 0;
  return 0;
}

/*
 * Whether fn is one of the standard library's parallel algorithms, which
 * take part in overload resolution only for the standard's execution
 * policies ([algorithms.parallel.overloads]), and the call's first argument
 * cannot be one: its type is declared outside std and __pstl (libstdc++'s
 * policies), and is_execution_policy is the standard's alone (a program
 * that specializes it has undefined behaviour). thrust's for_each(exec,
 * first, last, f) against std::for_each(ExecutionPolicy &&, ...).
 */
static int not_a_policy(const lookup *lk, const parm_names *pn) {
  CXType t;
  char *top;
  int outside;

  if (!in_std(lk->usr) || !policy_parm(pn) || !written_type(&t, lk->call, 0))
    return 0;
  if (t.kind != CXType_Record)
    return 1; /* a scalar, a pointer, an enumeration */
  top = outermost_namespace(clang_getTypeDeclaration(t));
  outside = !top || (strcmp(top, "std") != 0 && strcmp(top, "__pstl") != 0);
  free(top);
  return outside;
}

/* Whether deduction can succeed for the function template fn (any other
 * function: yes): no, when the call's written arguments conflict or fn is
 * a parallel algorithm without a policy (the two cases above). */
static int may_deduce(CXCursor fn, const lookup *lk) {
  parm_names pn;
  int ok;

  if (clang_getCursorKind(fn) != CXCursor_FunctionTemplate || lk->nargs < 0)
    return 1;
  memset(&pn, 0, sizeof(pn));
  clang_visitChildren(fn, collect_parms, &pn);
  ok = !not_a_policy(lk, &pn) &&
       (lk->templates || !conflicting(&pn, lk->call, lk->nargs));
  free_parms(&pn);
  return ok;
}

static int is_target(const lookup *lk, CXCursor fn) {
  CXCursor tmpl = clang_getSpecializedCursorTemplate(lk->exclude);

  return clang_equalCursors(fn, lk->exclude) ||
         (!clang_Cursor_isNull(tmpl) && clang_equalCursors(fn, tmpl));
}

static enum CXChildVisitResult find_function(CXCursor c, CXCursor p,
                                             CXClientData data) {
  lookup *lk = data;
  enum CXCursorKind k = clang_getCursorKind(c);
  CXString s;
  char *usr;
  size_t n;
  int match;
  (void)p;

  if (k == CXCursor_LinkageSpec)
    return CXChildVisit_Recurse;
  if (k == CXCursor_Namespace) {
    usr = usr_of(c);
    n = usr ? strlen(usr) : 0;
    match = usr && n && strncmp(lk->usr, usr, n) == 0 &&
            (lk->usr[n] == '\0' || lk->usr[n] == '@');
    free(usr);
    return match ? CXChildVisit_Recurse : CXChildVisit_Continue;
  }
  if (k != CXCursor_FunctionTemplate &&
      (k != CXCursor_FunctionDecl || lk->templates))
    return CXChildVisit_Continue;
  s = clang_getCursorSpelling(c);
  match = strcmp(clang_getCString(s), lk->name) == 0;
  clang_disposeString(s);
  if (!match || is_target(lk, c))
    return CXChildVisit_Continue;
  usr = usr_of(namespace_of(c));
  match = usr && strcmp(usr, lk->usr) == 0;
  free(usr);
  if (match && may_take(c, lk->nargs) && may_deduce(c, lk)) {
    lk->found = c;
    return CXChildVisit_Break;
  }
  return CXChildVisit_Continue;
}

/* find_function over one function a document's headers declare. */
static int header_function(CXCursor c, void *data) {
  lookup *lk = data;

  find_function(c, clang_getNullCursor(), lk);
  return !clang_Cursor_isNull(lk->found);
}

/* lk's lookup in the unit: its declarations, then, in a language-server
 * document, those of its headers that the unit's cursor does not visit
 * (fe_header_functions_fn). */
static void find_in_unit(xl_fe *fe, lookup *lk) {
  clang_visitChildren(clang_getTranslationUnitCursor(fe->tu), find_function,
                      lk);
  if (clang_Cursor_isNull(lk->found) && fe->doc && fe->doc->header_functions &&
      fe->doc->header_functions(fe->doc->header_ctx, lk->usr, lk->name,
                                header_function, lk) < 0)
    xl_fe_oom(fe);
}

/* Whether namespace usr declares a function or function template name. */
static int declares(xl_fe *fe, const char *usr, const char *name) {
  lookup lk;

  memset(&lk, 0, sizeof(lk));
  lk.usr = usr;
  lk.name = name;
  lk.nargs = -1;
  lk.exclude = lk.found = clang_getNullCursor();
  find_in_unit(fe, &lk);
  return !clang_Cursor_isNull(lk.found);
}

/*
 * Whether ordinary unqualified lookup from the call searches namespace usr
 * already: usr encloses the call, and no namespace nearer the call declares
 * a function of that name (lookup stops at the first scope that does,
 * [basic.lookup.unqual]). A candidate there is in the overload set with
 * the real closure type too, so the placeholder adds nothing: thrust's
 * for_each(exec, ...) calls for_each(derived_cast(exec), ...) from inside
 * namespace thrust.
 */
static int searched_unqualified(xl_fe *fe, CXCursor call, const char *usr,
                                const char *name) {
  CXCursor ns = namespace_of(clang_getCursorSemanticParent(call));
  int depth, yes = 0, stop = 0;
  char *at;

  for (depth = 0; depth < 32 && !yes && !stop; depth++) {
    if (clang_Cursor_isNull(ns) || clang_isInvalid(clang_getCursorKind(ns)))
      break;
    at = usr_of(ns);
    yes = at && strcmp(at, usr) == 0;
    stop = !at || clang_getCursorKind(ns) == CXCursor_TranslationUnit ||
           (!yes && declares(fe, at, name));
    free(at);
    ns = namespace_of(ns);
  }
  return yes;
}

static void add_hazard(xl_fe *fe, const fe_pending *p, xl_id lambda,
                       CXCursor ns, CXCursor found) {
  xl_use *use;
  const char *detail =
      clang_getCursorKind(ns) == CXCursor_Namespace
          ? xl_fe_qualified_name(fe, ns)
          : "";
  xl_loc decl = xl_fe_loc(fe, clang_getCursorLocation(found));

  if (xl_facts_add_use(&use, NULL, fe->facts) < 0) {
    xl_fe_oom(fe);
    return;
  }
  use->kind = XL_USE_UNQUALIFIED_CALL;
  use->lambda = lambda;
  use->loc = p->loc;
  use->callee = p->callee;
  use->callee_decl = decl;
  use->site = p->site;
  use->detail = detail;
}

void xl_fe_adl_resolve(xl_fe *fe, const fe_pending *p, xl_id lambda,
                       const fe_closure *cl) {
  ns_list extra, have;
  const char *name;
  unsigned i;
  int nargs, templates;
  lookup lk;

  /* no ADL when ordinary lookup finds a class member */
  if (clang_Cursor_isNull(cl->func) || !p->callee ||
      clang_Cursor_isNull(p->call) ||
      clang_getCursorKind(p->target) == CXCursor_CXXMethod)
    return;
  name = strrchr(p->callee, ':') ? strrchr(p->callee, ':') + 1 : p->callee;
  memset(&extra, 0, sizeof(extra));
  memset(&have, 0, sizeof(have));
  placeholder_namespaces(&extra, cl);
  argument_namespaces(&have, p->call);
  add_ns_of(&have, cl->func);      /* the closure's own namespace */
  add_ns_of(&have, p->target);     /* where ordinary lookup found the callee */
  nargs = written_args(p->call);
  templates = names_template_args(p->call, name);
  for (i = 0; i < extra.n; i++) {
    if (listed(&have, extra.usr[i]) ||
        searched_unqualified(fe, p->call, extra.usr[i], name))
      continue;
    memset(&lk, 0, sizeof(lk));
    lk.usr = extra.usr[i];
    lk.name = name;
    lk.nargs = nargs;
    lk.templates = templates;
    lk.call = p->call;
    lk.exclude = p->target;
    lk.found = clang_getNullCursor();
    find_in_unit(fe, &lk);
    if (!clang_Cursor_isNull(lk.found))
      add_hazard(fe, p, lambda, extra.cur[i], lk.found);
  }
  free_list(&extra);
  free_list(&have);
}
