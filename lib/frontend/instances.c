/*
 * instances.c: template specializations and their instantiated bodies.
 *
 * nvcc checks the rules that depend on template arguments once per
 * instantiation. libclang does not visit implicit instantiations, but a
 * reference to one leads to it: clang_getCursorReferenced on a call,
 * DeclRefExpr or MemberRefExpr gives the specialization,
 * clang_getSpecializedCursorTemplate its template, and clang_visitChildren
 * on it walks the *instantiated* body, whose lambdas have concrete closures.
 *
 * Each specialization reached from user code gets an xl_func
 * (XL_FUNC_SPECIALIZATION, template arguments, point of instantiation). Its
 * body is walked once, after the main walk, breadth first, so the bodies it
 * instantiates in turn are found too. __global__ specializations are
 * recorded (for the __global__ template-argument rules) but not walked:
 * lambdas in device code are not extended lambdas.
 *
 * A system header's specialization is not walked, with one exception: when
 * it carries a lambda's closure, or a class defined in a function (in its
 * parameters, template arguments or class), its body is searched for the
 * specializations it uses, and so on down, only to find the kernels that
 * type reaches (FE_WALK_KERNELS). That is how a lambda left unannotated, or
 * a local functor, passed to thrust::for_each is seen to reach CUB's
 * kernel, which nvcc rejects (global_lambda_template_arg,
 * global_func_local_template_arg), and how an extended lambda's closure is
 * seen to reach it, which makes extended_lambda_arch_dependent_capture an
 * error (test/gpu/arch_capture_thrust.cu; until 2026-12-01 only the closures
 * of lambdas that are not extended were followed).
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "fe.h"
#include "uses.h"

#define MAX_SPECS 4096 /* a bound for runaway recursive templates */

static int is_func_kind(enum CXCursorKind k) {
  return k == CXCursor_FunctionDecl || k == CXCursor_CXXMethod ||
         k == CXCursor_Constructor || k == CXCursor_Destructor ||
         k == CXCursor_ConversionFunction;
}

/* 1 when the class is a lambda's closure type (not a class whose template
 * arguments name one). */
static int is_closure_class(CXCursor cls) {
  CXType record;

  return xl_fe_uses__closure_spelled(clang_getCursorType(cls), 1, &record);
}

/* ---- system templates that carry a lambda's closure --------------------- */

#define CARRY_DEPTH 8

/* 1 when type t holds, through pointers, references, arrays, function types
 * and template arguments, a lambda's closure (global_lambda_template_arg for
 * one that is not annotated, extended_lambda_arch_dependent_capture for an
 * extended one), or a class defined in a function
 * (global_func_local_template_arg). */
static int carries(CXType t, unsigned depth) {
  CXCursor d;
  int i, n;

  t = clang_getCanonicalType(t);
  if (depth == 0)
    return 0;
  switch (t.kind) {
  case CXType_Pointer:
  case CXType_LValueReference:
  case CXType_RValueReference:
    return carries(clang_getPointeeType(t), depth - 1);
  case CXType_ConstantArray:
  case CXType_IncompleteArray:
    return carries(clang_getArrayElementType(t), depth - 1);
  case CXType_FunctionProto:
    n = clang_getNumArgTypes(t);
    for (i = 0; i < n; i++)
      if (carries(clang_getArgType(t, (unsigned)i), depth - 1))
        return 1;
    return carries(clang_getResultType(t), depth - 1);
  case CXType_Record:
    break;
  default:
    return 0;
  }
  d = clang_getTypeDeclaration(t);
  if (is_closure_class(d))
    return 1;
  if (xl_fe_in_function(d))
    return 1;
  n = clang_Type_getNumTemplateArguments(t);
  for (i = 0; i < n; i++) {
    CXType arg = clang_Type_getTemplateArgumentAsType(t, (unsigned)i);
    if (carries(arg, depth - 1))
      return 1;
  }
  return 0;
}

#define MAX_LOCAL_NAMES 64

void xl_fe_note_local_class(xl_fe *fe, CXCursor decl) {
  CXString s = clang_getCursorSpelling(decl);
  const char *name = clang_getCString(s);
  fe_inst *in = &fe->inst;
  char **grown = NULL, *copy;
  size_t i;

  if (in->any_local)
    goto cleanup;
  if (!name || !*name || in->nlocal_names >= MAX_LOCAL_NAMES) {
    in->any_local = 1; /* no name to look for: test every type */
    goto cleanup;
  }
  for (i = 0; i < in->nlocal_names; i++)
    if (strcmp(in->local_names[i], name) == 0)
      goto cleanup;
  copy = xl_strdup(name);
  if (copy)
    grown = realloc(in->local_names, (i + 1) * sizeof(*grown));
  if (!grown) {
    free(copy);
    in->any_local = 1; /* out of memory: test every type */
    goto cleanup;
  }
  grown[i] = copy;
  in->local_names = grown;
  in->nlocal_names++;
cleanup:
  clang_disposeString(s);
}

/* Whether text names identifier name, as a whole word. */
static int names_word(const char *text, const char *name) {
  size_t n = strlen(name);
  const char *p;

  for (p = strstr(text, name); p; p = strstr(p + 1, name))
    if ((p == text || !(isalnum((unsigned char)p[-1]) || p[-1] == '_')) &&
        !(isalnum((unsigned char)p[n]) || p[n] == '_'))
      return 1;
  return 0;
}

/* carries(), once the spelling says it may: a closure's "(lambda at", or
 * the name of a class the unit defines in a function. */
static int carries_spelled(const xl_fe *fe, CXType t) {
  CXString s = clang_getTypeSpelling(t);
  const char *text = clang_getCString(s);
  int may = fe->inst.any_local || strstr(text, "(lambda at ") != NULL;
  size_t i;

  for (i = 0; !may && i < fe->inst.nlocal_names; i++)
    may = names_word(text, fe->inst.local_names[i]);
  clang_disposeString(s);
  return may && carries(t, CARRY_DEPTH);
}

/* 1 when specialization def carries a lambda's closure or a local class in
 * its type, its template arguments or its class's. */
static int carries_host_type(const xl_fe *fe, CXCursor def) {
  CXCursor cls = clang_getCursorSemanticParent(def);
  int i, n = clang_Cursor_getNumTemplateArguments(def);

  if (carries_spelled(fe, clang_getCursorType(def)))
    return 1;
  for (i = 0; i < n; i++)
    if (clang_Cursor_getTemplateArgumentKind(def, (unsigned)i) ==
            CXTemplateArgumentKind_Type &&
        carries_spelled(fe, clang_Cursor_getTemplateArgumentType(
                                def, (unsigned)i)))
      return 1;
  return clang_getCursorType(cls).kind == CXType_Record &&
         carries_spelled(fe, clang_getCursorType(cls));
}

/* The references of a FE_WALK_KERNELS body: specializations only. */
static enum CXChildVisitResult visit_kernels(CXCursor c, CXCursor parent,
                                             CXClientData data) {
  xl_fe *fe = data;
  enum CXCursorKind k = clang_getCursorKind(c);

  (void)parent;
  if (fe->status < 0)
    return CXChildVisit_Break;
  if (k == CXCursor_DeclRefExpr || k == CXCursor_MemberRefExpr ||
      k == CXCursor_CallExpr)
    xl_fe_note_specialization(fe, c);
  return CXChildVisit_Recurse;
}

/* ---- host calls of closures -------------------------------------------- */

/* Inside device code (a __device__/__global__ function or lambda)? */
static int in_device_code(xl_fe *fe) {
  unsigned i;

  if (fe->at.func_space == XL_SPACE_DEVICE || fe->at.func_space == XL_SPACE_GLOBAL)
    return 1;
  for (i = 0; i < fe->at.nlambdas; i++)
    if (fe->facts->lambdas[fe->at.lambdas[i].id].space == XL_SPACE_DEVICE)
      return 1;
  return 0;
}

/* A host call of a closure's operator(): remember the closure's place. */
static void note_host_call(xl_fe *fe, CXCursor fn) {
  CXString s;
  int is_op;
  CXCursor cls = clang_getCursorSemanticParent(fn);

  if (clang_getCursorKind(fn) != CXCursor_CXXMethod || in_device_code(fe))
    return;
  s = clang_getCursorSpelling(fn);
  is_op = strcmp(clang_getCString(s), "operator()") == 0;
  clang_disposeString(s);
  if (!is_op || !is_closure_class(cls))
    return;
  if (XL_GROW(fe->inst.host_calls, fe->inst.cap_host_calls, fe->inst.nhost_calls + 1) < 0) {
    xl_fe_oom(fe);
    return;
  }
  fe->inst.host_calls[fe->inst.nhost_calls++] =
      xl_fe_loc(fe, clang_getCursorLocation(cls));
}

/* ---- the specialization's facts ---------------------------------------- */

/*
 * Append "<a, <b, c>>" as "<a, b, c>": clang prints a pack's elements in
 * brackets of their own (an argument that starts with '<').
 */
static void append_flat(xl_buf *b, const char *s, size_t n) {
  size_t i;
  int depth = 0, skip[64], top = 0;

  for (i = 0; i < n; i++) {
    char c = s[i];
    int starts_arg = i > 0 && (s[i - 1] == '<' ||
                               (i > 1 && s[i - 2] == ',' && s[i - 1] == ' '));
    if (c == '<') {
      int pack = depth == 1 && starts_arg && top < 64;
      depth++;
      if (top < 64)
        skip[top++] = pack;
      if (pack)
        continue;
    } else if (c == '>') {
      depth--;
      if (top > 0 && skip[--top])
        continue;
    }
    xl_buf_printf(b, "%c", c);
  }
}

/*
 * "<...>" after the function's name in clang's pretty-printed declaration
 * ("template<> void mt<L *, 3>(L *)"): libclang gives no template
 * arguments for member function templates, but prints them.
 */
static void append_args(xl_buf *b, CXCursor def) {
  CXPrintingPolicy pp = clang_getCursorPrintingPolicy(def);
  CXString pretty, name;
  const char *text, *at, *p;
  size_t nlen;
  int depth = 0;

  clang_PrintingPolicy_setProperty(pp, CXPrintingPolicy_TerseOutput, 1);
  pretty = clang_getCursorPrettyPrinted(def, pp);
  name = clang_getCursorSpelling(def);
  text = clang_getCString(pretty);
  nlen = strlen(clang_getCString(name));
  for (at = strstr(text, clang_getCString(name)); at && at[nlen] != '<';
       at = strstr(at + 1, clang_getCString(name)))
    ;
  for (p = at ? at + nlen : NULL; p && *p; p++) {
    depth += *p == '<' ? 1 : *p == '>' ? -1 : 0;
    if (depth == 0) {
      append_flat(b, at + nlen, (size_t)(p + 1 - (at + nlen)));
      break;
    }
  }
  clang_disposeString(name);
  clang_disposeString(pretty);
  clang_PrintingPolicy_dispose(pp);
}

/* "f<int, 3>" for a function template specialization, "C<int>::m" for a
 * member of a class template specialization. */
static const char *spec_name(xl_fe *fe, CXCursor def) {
  CXCursor parent = clang_getCursorSemanticParent(def);
  xl_buf b = XL_BUF_INIT;
  CXString s;
  const char *name;

  if (xl_fe_is_class(parent)) {
    s = clang_getTypeSpelling(clang_getCursorType(parent));
    xl_buf_printf(&b, "%s::", clang_getCString(s));
    clang_disposeString(s);
    s = clang_getCursorSpelling(def);
    xl_buf_puts(&b, clang_getCString(s));
    clang_disposeString(s);
  } else {
    xl_buf_puts(&b, xl_fe_qualified_name(fe, def));
  }
  append_args(&b, def);
  name = b.oom ? NULL : xl_facts_strdup(fe->facts, b.data ? b.data : "");
  xl_buf_free(&b);
  return name;
}

/* ---- template arguments ------------------------------------------------- */

#define MAX_TARGS 32

typedef struct targ_list {
  xl_id ids[MAX_TARGS];
  uint32_t n;
} targ_list;

static void push(targ_list *l, xl_id id) {
  if (id != XL_NONE && l->n < MAX_TARGS)
    l->ids[l->n++] = id;
}

typedef struct written_args {
  xl_fe *fe;
  CXFile file;
  unsigned after;   /* the referenced name's offset: arguments follow it */
  targ_list *types; /* types named in the written arguments */
  targ_list *templates; /* bare template names (template template args) */
} written_args;

/* 1 when the text after the cursor is '<' (a template-id, not a bare name). */
static int followed_by_angle(xl_fe *fe, CXCursor c) {
  unsigned off;
  const fe_file *f = xl_fe_spelling(
      fe, clang_getRangeEnd(clang_getCursorExtent(c)), &off);

  while (f && f->buf && off < f->len && (f->buf[off] == ' ' ||
                                         f->buf[off] == '\t'))
    off++;
  return f && f->buf && off < f->len && f->buf[off] == '<';
}

static enum CXChildVisitResult find_written(CXCursor c, CXCursor p,
                                            CXClientData data) {
  written_args *w = data;
  enum CXCursorKind k = clang_getCursorKind(c);
  CXCursor r = clang_getCursorReferenced(c);
  CXFile file;
  unsigned off;
  (void)p;

  if (k != CXCursor_TypeRef && k != CXCursor_TemplateRef)
    return CXChildVisit_Recurse;
  clang_getExpansionLocation(clang_getCursorLocation(c), &file, NULL, NULL,
                             &off);
  if (!clang_File_isEqual(file, w->file) || off <= w->after)
    return CXChildVisit_Continue;
  if (k == CXCursor_TypeRef)
    push(w->types, xl_fe_type(w->fe, clang_getCursorType(r)));
  else if (!followed_by_angle(w->fe, c))
    push(w->templates, xl_fe_template_name_type(w->fe, r));
  return CXChildVisit_Continue;
}

/* The types and templates named in the template arguments written at ref. */
static void written(xl_fe *fe, CXCursor ref, targ_list *types,
                    targ_list *templates) {
  written_args w;

  w.fe = fe;
  w.types = types;
  w.templates = templates;
  clang_getExpansionLocation(clang_getCursorLocation(ref), &w.file, NULL,
                             NULL, &w.after);
  clang_visitChildren(ref, find_written, &w);
}

typedef struct parm_scan {
  CXCursor parms[MAX_TARGS];
  unsigned n;
} parm_scan;

static enum CXChildVisitResult find_parms(CXCursor c, CXCursor p,
                                          CXClientData data) {
  parm_scan *s = data;
  (void)p;

  if (clang_getCursorKind(c) == CXCursor_ParmDecl && s->n < MAX_TARGS)
    s->parms[s->n++] = c;
  return CXChildVisit_Continue;
}

typedef struct tparam_use {
  CXCursor tmpl; /* the function template */
  int found;
} tparam_use;

/* A TypeRef to one of the function template's own type parameters. */
static enum CXChildVisitResult refers_tparam(CXCursor c, CXCursor p,
                                             CXClientData data) {
  tparam_use *u = data;
  CXCursor r = clang_getCursorReferenced(c);
  (void)p;

  if (clang_getCursorKind(c) == CXCursor_TypeRef &&
      clang_getCursorKind(r) == CXCursor_TemplateTypeParameter &&
      clang_equalCursors(clang_getCursorSemanticParent(r), u->tmpl)) {
    u->found = 1;
    return CXChildVisit_Break;
  }
  return CXChildVisit_Recurse;
}

/*
 * Deduced arguments: the specialization's parameter types where the
 * template's parameter types name a template parameter ('U', 'const U &');
 * a pack ('P...') takes the remaining parameters.
 */
static void deduced(xl_fe *fe, CXCursor def, CXCursor tmpl, targ_list *out) {
  parm_scan ps;
  unsigned j;
  int i = 0, n = clang_Cursor_getNumArguments(def);

  ps.n = 0;
  clang_visitChildren(tmpl, find_parms, &ps);
  for (j = 0; j < ps.n && i < n; j++) {
    tparam_use dep;
    int pack;
    CXString s = clang_getTypeSpelling(clang_getCursorType(ps.parms[j]));
    pack = strstr(clang_getCString(s), "...") != NULL;
    clang_disposeString(s);
    dep.tmpl = tmpl;
    dep.found = 0;
    clang_visitChildren(ps.parms[j], refers_tparam, &dep);
    do {
      CXCursor a = clang_Cursor_getArgument(def, (unsigned)i++);
      if (dep.found)
        push(out, xl_fe_type(fe, clang_getCursorType(a)));
    } while (pack && i < n);
  }
}

static void fill_targs(xl_fe *fe, xl_id id, CXCursor def, CXCursor ref) {
  targ_list args, types, templates;
  int i, count = clang_Cursor_getNumTemplateArguments(def), packs = 0;
  uint32_t next = 0;

  args.n = types.n = templates.n = 0;
  written(fe, ref, &types, &templates);
  for (i = 0; i < count; i++) {
    enum CXTemplateArgumentKind k =
        clang_Cursor_getTemplateArgumentKind(def, (unsigned)i);
    if (k == CXTemplateArgumentKind_Type)
      push(&args, xl_fe_type(
          fe, clang_Cursor_getTemplateArgumentType(def, (unsigned)i)));
    else if (k == CXTemplateArgumentKind_Template && next < templates.n)
      push(&args, templates.ids[next++]);
    else if (k == CXTemplateArgumentKind_Pack)
      packs = 1; /* libclang gives no types for a pack's elements */
  }
  if ((count < 0 || packs) &&
      clang_getCursorKind(clang_getSpecializedCursorTemplate(def)) ==
          CXCursor_FunctionTemplate) {
    /* member function templates (libclang gives no arguments), packs */
    for (next = 0; next < types.n; next++)
      push(&args, types.ids[next]);
    for (next = 0; next < templates.n; next++)
      push(&args, templates.ids[next]);
    deduced(fe, def, clang_getSpecializedCursorTemplate(def), &args);
  }
  fe->facts->funcs[id].targs = xl_facts_ids(fe->facts, args.ids, args.n);
  fe->facts->funcs[id].ntargs = fe->facts->funcs[id].targs ? args.n : 0;
}

static int find_spec(const xl_fe *fe, CXCursor def) {
  unsigned h = clang_hashCursor(def);
  size_t i;

  for (i = 0; i < fe->inst.nspecs; i++)
    if (fe->inst.specs[i].hash == h && clang_equalCursors(fe->inst.specs[i].cursor, def))
      return (int)i;
  return -1;
}

/* Whether needle (n bytes) occurs in hay[0, len). */
static int has_bytes(const char *hay, size_t len, const char *needle,
                     size_t n) {
  const char *p = hay, *end = hay + len;

  while ((size_t)(end - p) >= n) {
    p = memchr(p, needle[0], (size_t)(end - p) - n + 1);
    if (!p)
      return 0;
    if (memcmp(p, needle, n) == 0)
      return 1;
    p++;
  }
  return 0;
}

/* 1 when the text of specialization def (its pattern's) spells one of
 * nvcc's lambda traits (__nv_is_extended_device_lambda_closure_type, ...):
 * under nvcc it dispatches on the kind of lambda it gets, in a branch
 * clang's parse does not take (CCCL's STF runs a lambda that is not
 * extended on the host there; its clang branch takes every lambda for a
 * __host__ __device__ one and instantiates the kernel). */
static int spells_lambda_traits(xl_fe *fe, CXCursor def) {
  static const char trait[] = "__nv_is_extended_";
  CXSourceRange r = clang_getCursorExtent(def);
  CXFile f1, f2;
  unsigned o1, o2;
  const fe_file *f;

  clang_getExpansionLocation(clang_getRangeStart(r), &f1, NULL, NULL, &o1);
  clang_getExpansionLocation(clang_getRangeEnd(r), &f2, NULL, NULL, &o2);
  if (!f1 || !f2 || !clang_File_isEqual(f1, f2) || o2 <= o1)
    return 0;
  f = xl_fe_file(fe, f1);
  if (!f || !f->buf || o2 > f->len)
    return 0;
  return has_bytes(f->buf + o1, o2 - o1, trait, sizeof(trait) - 1);
}

/* Add the specialization's xl_func and queue it. */
static void add_spec(xl_fe *fe, CXCursor def, CXCursor ref, xl_space space,
                     int walk) {
  xl_id id;
  xl_func *fn;
  fe_spec *sp;
  xl_id poi_func = fe->inst.instance ? fe->at.func : XL_NONE;

  if (XL_GROW(fe->inst.specs, fe->inst.cap_specs, fe->inst.nspecs + 1) < 0) {
    xl_fe_oom(fe);
    return;
  }
  id = xl_fe_add_func(fe, def, space);
  if (id == XL_NONE)
    return;
  fill_targs(fe, id, def, ref);
  fn = &fe->facts->funcs[id];
  fn->flags |= XL_FUNC_SPECIALIZATION;
  fn->flags &= ~XL_FUNC_TEMPLATE;
  if (spells_lambda_traits(fe, def))
    fn->flags |= XL_FUNC_NVCC_LAMBDA_TRAITS;
  fn->poi = xl_fe_loc(fe, clang_getCursorLocation(ref));
  fn->poi_func = poi_func;
  fn->name = spec_name(fe, def);
  sp = &fe->inst.specs[fe->inst.nspecs++];
  sp->cursor = def;
  sp->hash = clang_hashCursor(def);
  sp->func = id;
  sp->walk = walk;
}

/* How a specialization's body is walked: host code of user files whole;
 * of system headers only for the kernels an unannotated lambda's closure
 * reaches; device code not at all. */
static int walk_kind(const xl_fe *fe, CXCursor def, xl_space space) {
  if (!clang_isCursorDefinition(def) || space == XL_SPACE_DEVICE ||
      space == XL_SPACE_GLOBAL)
    return FE_WALK_NONE;
  if (!xl_fe_in_system(def))
    return FE_WALK_FULL;
  return carries_host_type(fe, def) ? FE_WALK_KERNELS : FE_WALK_NONE;
}

void xl_fe_note_specialization(xl_fe *fe, CXCursor ref) {
  CXCursor r = clang_getCursorReferenced(ref), tmpl, def;
  xl_space space;
  int walk;

  if (clang_Cursor_isNull(r) || !is_func_kind(clang_getCursorKind(r)))
    return;
  if (clang_getCursorKind(ref) == CXCursor_CallExpr &&
      clang_getCursorKind(r) != CXCursor_Constructor)
    return; /* its callee's DeclRefExpr / MemberRefExpr comes next */
  note_host_call(fe, r);
  tmpl = clang_getSpecializedCursorTemplate(r);
  if (clang_Cursor_isNull(tmpl))
    return; /* not a template */
  def = clang_getCursorDefinition(r);
  if (clang_Cursor_isNull(def))
    def = r;
  if (find_spec(fe, def) >= 0)
    return; /* known (it passed the tests below when it was added) */
  if (xl_fe_in_function(tmpl) ||
      is_closure_class(clang_getCursorSemanticParent(tmpl)))
    return; /* local to a function (walked with it) */
  if (!xl_fe_is_instantiation(def))
    return; /* an explicit specialization (walked as written) */
  space = xl_fe_decl_space(def, NULL);
  walk = walk_kind(fe, def, space);
  if ((!walk && space != XL_SPACE_GLOBAL) || fe->inst.nspecs >= MAX_SPECS)
    return;
  add_spec(fe, def, ref, space, walk);
}

/* ---- after the walk ----------------------------------------------------- */

static int same_loc(xl_loc a, xl_loc b) {
  return a.file == b.file && a.offset == b.offset && xl_loc_valid(a);
}

/* Link instance lambdas and specializations to their patterns. */
static void link_patterns(xl_facts *f) {
  uint32_t i, j;

  for (i = 0; i < f->nlambdas; i++) {
    if (!(f->lambdas[i].flags & XL_LAMBDA_INSTANCE))
      continue;
    for (j = 0; j < f->nlambdas; j++)
      if (!(f->lambdas[j].flags & XL_LAMBDA_INSTANCE) &&
          same_loc(f->lambdas[i].loc, f->lambdas[j].loc))
        f->lambdas[i].pattern = j;
  }
  for (i = 0; i < f->nfuncs; i++) {
    if (!(f->funcs[i].flags & XL_FUNC_SPECIALIZATION))
      continue;
    for (j = 0; j < f->nfuncs; j++)
      if (!(f->funcs[j].flags & XL_FUNC_SPECIALIZATION) &&
          same_loc(f->funcs[i].loc, f->funcs[j].loc))
        f->funcs[i].pattern = j;
  }
}

static void apply_host_calls(xl_fe *fe) {
  size_t i;
  uint32_t j;

  for (i = 0; i < fe->inst.nhost_calls; i++)
    for (j = 0; j < fe->facts->nlambdas; j++)
      if (same_loc(fe->inst.host_calls[i], fe->facts->lambdas[j].loc))
        fe->facts->lambdas[j].flags |= XL_LAMBDA_HOST_CALLED;
}

int xl_fe_instances_run(xl_fe *fe) {
  size_t i;

  for (i = 0; i < fe->inst.nspecs && fe->status == XL_OK; i++) {
    CXCursor c = fe->inst.specs[i].cursor;
    xl_id func = fe->inst.specs[i].func;
    int walk = fe->inst.specs[i].walk;
    if (walk == FE_WALK_NONE)
      continue;
    fe->inst.instance = 1;
    if (walk == FE_WALK_KERNELS)
      xl_fe_walk_function_with(fe, c, func, visit_kernels);
    else
      xl_fe_walk_function(fe, c, func);
    fe->inst.instance = 0;
  }
  link_patterns(fe->facts);
  apply_host_calls(fe);
  return fe->status;
}

void xl_fe_instances_free(xl_fe *fe) {
  size_t i;

  for (i = 0; i < fe->inst.nlocal_names; i++)
    free(fe->inst.local_names[i]);
  free(fe->inst.local_names);
  free(fe->inst.specs);
  free(fe->inst.host_calls);
  free(fe->recs.rec_cursors);
  free(fe->recs.rec_ids);
  memset(&fe->inst, 0, sizeof(fe->inst));
  memset(&fe->recs, 0, sizeof(fe->recs));
}
