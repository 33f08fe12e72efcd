/*
 * walk.c: the one walk over a translation unit.
 *
 * clang_visitChildren gives no "leave" callback, so the walk recurses by
 * itself into the cursors that open a scope it tracks (functions, lambdas,
 * compound statements, 'if constexpr') and restores its state afterwards.
 * Declarations in system headers are skipped whole.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "fe.h"
#include "frontend.h"
#include "util/lex.h"
#include "recover.h"

static enum CXChildVisitResult visit(CXCursor c, CXCursor parent,
                                     CXClientData data);

static int is_function_kind(enum CXCursorKind k) {
  return k == CXCursor_FunctionDecl || k == CXCursor_CXXMethod ||
         k == CXCursor_Constructor || k == CXCursor_Destructor ||
         k == CXCursor_ConversionFunction || k == CXCursor_FunctionTemplate;
}

/* ---- the enclosing function -------------------------------------------- */

static uint32_t access_flags(CXCursor c) {
  switch (clang_getCXXAccessSpecifier(c)) {
  case CX_CXXPrivate: return XL_FUNC_PRIVATE;
  case CX_CXXProtected: return XL_FUNC_PROTECTED;
  default: return 0;
  }
}

int xl_fe_is_operator(CXCursor decl) {
  CXString s = clang_getCursorSpelling(decl);
  const char *name = clang_getCString(s);
  int yes = name && strncmp(name, "operator", 8) == 0 &&
            !(isalnum((unsigned char)name[8]) || name[8] == '_');

  clang_disposeString(s);
  return yes;
}

static uint32_t func_flags(CXCursor c) {
  enum CXCursorKind k = clang_getCursorKind(c);
  CXCursor parent = clang_getCursorSemanticParent(c);
  enum CXCursorKind pk = clang_getCursorKind(parent);
  uint32_t flags = access_flags(c);
  int method = pk == CXCursor_ClassDecl || pk == CXCursor_StructDecl ||
               pk == CXCursor_UnionDecl || pk == CXCursor_ClassTemplate ||
               pk == CXCursor_ClassTemplatePartialSpecialization;

  if (k == CXCursor_FunctionTemplate || pk == CXCursor_ClassTemplate ||
      pk == CXCursor_ClassTemplatePartialSpecialization)
    flags |= XL_FUNC_TEMPLATE;
  if (method && clang_CXXMethod_isStatic(c))
    flags |= XL_FUNC_STATIC;
  else if (method)
    flags |= XL_FUNC_MEMBER;
  if (k == CXCursor_Constructor)
    flags |= XL_FUNC_CTOR;
  if (k == CXCursor_Destructor)
    flags |= XL_FUNC_DTOR;
  if (k == CXCursor_ConversionFunction || xl_fe_is_operator(c))
    flags |= XL_FUNC_OPERATOR;
  if (method && clang_CXXMethod_isDeleted(c))
    flags |= XL_FUNC_DELETED;
  if (method && clang_CXXMethod_isDefaulted(c))
    flags |= XL_FUNC_DEFAULTED;
  return flags;
}

xl_id xl_fe_add_func(xl_fe *fe, CXCursor c, xl_space space) {
  xl_func *fn;
  xl_id id, record = XL_NONE;
  CXCursor parent = clang_getCursorSemanticParent(c);

  if (func_flags(c) & (XL_FUNC_MEMBER | XL_FUNC_STATIC))
    record = xl_fe_record(fe, parent);
  if (xl_facts_add_func(&fn, &id, fe->facts) < 0) {
    xl_fe_oom(fe);
    return XL_NONE;
  }
  fn->name = xl_fe_qualified_name(fe, c);
  fn->loc = xl_fe_loc(fe, clang_getCursorLocation(c));
  fn->range = xl_fe_range(fe, c);
  fn->space = space;
  fn->flags = func_flags(c);
  fn->record = record;
  xl_fe_func_scope(fe, id, c);
  return id;
}

xl_id xl_fe_current_func(xl_fe *fe) {
  if (fe->at.func == XL_NONE)
    fe->at.func = xl_fe_add_func(fe, fe->at.func_cursor, fe->at.func_space);
  return fe->at.func;
}

/* Walk function c's children as function `func` (XL_NONE: added lazily). */
static void walk_function(xl_fe *fe, CXCursor c, xl_id func) {
  xl_fe_walk_function_with(fe, c, func, visit);
}

void xl_fe_walk_function_with(xl_fe *fe, CXCursor c, xl_id func,
                              CXCursorVisitor visitor) {
  fe_at saved = fe->at;

  fe->at.func_cursor = c;
  fe->at.func = func;
  fe->at.in_function = 1;
  fe->at.func_space = xl_fe_decl_space(c, NULL);
  fe->at.have_stmt = 0;
  fe->at.constexpr_if_depth = 0;
  clang_visitChildren(c, visitor, fe);
  fe->at.func_cursor = saved.func_cursor;
  fe->at.func = saved.func;
  fe->at.in_function = saved.in_function;
  fe->at.func_space = saved.func_space;
  fe->at.stmt = saved.stmt;
  fe->at.have_stmt = saved.have_stmt;
  fe->at.constexpr_if_depth = saved.constexpr_if_depth;
}

void xl_fe_walk_function(xl_fe *fe, CXCursor c, xl_id func) {
  walk_function(fe, c, func);
}

int xl_fe_is_instantiation(CXCursor func) {
  CXCursor t = clang_getSpecializedCursorTemplate(func);
  CXSourceLocation at = clang_getCursorLocation(func);

  /* the template's place, or its definition's when declared before it */
  return !clang_Cursor_isNull(t) &&
         clang_getCursorKind(func) != CXCursor_FunctionTemplate &&
         (clang_equalLocations(at, clang_getCursorLocation(t)) ||
          clang_equalLocations(
              at, clang_getCursorLocation(clang_getCursorDefinition(t))));
}

/*
 * Implicit instantiations are walked by instances.c, from their points of
 * instantiation; libclang shows some of them to the plain walk too (with a
 * precompiled preamble), and they must not be walked twice.
 */
static enum CXChildVisitResult visit_function(xl_fe *fe, CXCursor c) {
  if (fe->doc->no_header_kernels && !fe->kernel_template &&
      clang_getCursorKind(c) == CXCursor_FunctionTemplate &&
      xl_fe_decl_space(c, NULL) == XL_SPACE_GLOBAL)
    fe->kernel_template = 1;
  if (clang_isCursorDefinition(c) && !xl_fe_is_instantiation(c))
    walk_function(fe, c, XL_NONE);
  return CXChildVisit_Continue;
}

/*
 * A document asks for a second parse with its headers' bodies when a
 * closure goes into a library template whose body was skipped (uses.c):
 * that body may give it to a kernel template. When the precompiled headers
 * declare no __global__ function template and the walk met none, no body
 * can (the kernel must be declared where the body can name it, or found by
 * argument-dependent lookup in the closure's own namespace, the unit's),
 * and the document is not parsed again.
 */
static void settle_header_bodies(xl_fe *fe) {
  if (fe->doc->no_header_kernels && !fe->kernel_template)
    fe->facts->flags &= ~(uint32_t)XL_FACTS_WANTS_HEADER_BODIES;
}

/* ---- lambdas, statements, branches ------------------------------------- */

static enum CXChildVisitResult visit_lambda(xl_fe *fe, CXCursor c) {
  fe_lambda_frame *fr;
  CXSourceRange ext = clang_getCursorExtent(c);
  CXCursor stmt = fe->at.stmt;
  int have_stmt = fe->at.have_stmt;

  if (fe->at.nlambdas >= FE_MAX_DEPTH)
    return CXChildVisit_Recurse;
  fr = &fe->at.lambdas[fe->at.nlambdas];
  memset(fr, 0, sizeof(*fr));
  fr->id = xl_fe_lambda_begin(fe, c);
  if (fr->id == XL_NONE)
    return CXChildVisit_Break;
  xl_fe_uses_lambda(fe, c, fr->id); /* issue 4: closures, spelling */
  fr->cursor = c;
  clang_getExpansionLocation(clang_getRangeStart(ext), NULL, NULL, NULL,
                             &fr->begin);
  clang_getExpansionLocation(clang_getRangeEnd(ext), NULL, NULL, NULL,
                             &fr->end);
  fe->at.nlambdas++;
  clang_visitChildren(c, visit, fe);
  fe->at.nlambdas--;
  xl_fe_lambda_end(fe, fr);
  fe->at.stmt = stmt;
  fe->at.have_stmt = have_stmt;
  return CXChildVisit_Continue;
}

static enum CXChildVisitResult visit_compound(xl_fe *fe, CXCursor c) {
  CXCursor stmt = fe->at.stmt;
  int have_stmt = fe->at.have_stmt;

  clang_visitChildren(c, visit, fe);
  fe->at.stmt = stmt;
  fe->at.have_stmt = have_stmt;
  return CXChildVisit_Continue;
}

static int is_constexpr_if(xl_fe *fe, CXCursor c) {
  unsigned off;
  const fe_file *f = xl_fe_spelling(fe, clang_getCursorLocation(c), &off);
  xl_lexer lx;
  xl_tok t;

  if (!f || !f->buf)
    return 0;
  xl_lex_init(&lx, f->buf, f->len, off);
  if (xl_lex_next(&lx, &t) != XL_TOK_IDENT || !xl_tok_is(&lx, &t, "if"))
    return 0;
  xl_lex_next(&lx, &t);
  return xl_tok_is(&lx, &t, "constexpr");
}

static enum CXChildVisitResult visit_if(xl_fe *fe, CXCursor c) {
  unsigned i;

  if (!is_constexpr_if(fe, c))
    return CXChildVisit_Recurse;
  fe->at.constexpr_if_depth++;
  for (i = 0; i < fe->at.nlambdas; i++)
    fe->at.lambdas[i].constexpr_if_depth++;
  clang_visitChildren(c, visit, fe);
  for (i = 0; i < fe->at.nlambdas; i++)
    fe->at.lambdas[i].constexpr_if_depth--;
  fe->at.constexpr_if_depth--;
  return CXChildVisit_Continue;
}

/* sizeof, alignof and sizeof... operands are not evaluated: no odr-use. */
static enum CXChildVisitResult visit_unevaluated(xl_fe *fe, CXCursor c) {
  fe->at.unevaluated++;
  clang_visitChildren(c, visit, fe);
  fe->at.unevaluated--;
  return CXChildVisit_Continue;
}

static enum CXChildVisitResult visit(CXCursor c, CXCursor parent,
                                     CXClientData data) {
  xl_fe *fe = data;
  enum CXCursorKind k = clang_getCursorKind(c);

  if (fe->status < 0)
    return CXChildVisit_Break;
  if (clang_isDeclaration(k) && !fe->walk_system && xl_fe_in_system(c))
    return CXChildVisit_Continue;
  if (clang_getCursorKind(parent) == CXCursor_CompoundStmt) {
    fe->at.stmt = c;
    fe->at.have_stmt = 1;
  }
  if (is_function_kind(k))
    return visit_function(fe, c);
  if ((k == CXCursor_StructDecl || k == CXCursor_ClassDecl ||
       k == CXCursor_UnionDecl) && fe->at.in_function)
    xl_fe_note_local_class(fe, c);
  xl_fe_uses_visit(fe, c, parent); /* issue 4: host-side uses of closures */
  switch (k) {
  case CXCursor_LambdaExpr: return visit_lambda(fe, c);
  case CXCursor_CompoundStmt: return visit_compound(fe, c);
  case CXCursor_IfStmt: return visit_if(fe, c);
  case CXCursor_UnaryExpr:
  case CXCursor_SizeOfPackExpr: return visit_unevaluated(fe, c);
  case CXCursor_DeclRefExpr:
  case CXCursor_MemberRefExpr:
  case CXCursor_CXXThisExpr:
    if (fe->at.nlambdas) {
      xl_fe_note_ref(fe, c, parent);
      if (k != CXCursor_CXXThisExpr)
        xl_fe_note_device_ref(fe, c);
    }
    if (k != CXCursor_CXXThisExpr) /* template specializations (issue 3) */
      xl_fe_note_specialization(fe, c);
    break;
  case CXCursor_CallExpr:
    xl_fe_note_specialization(fe, c);
    break;
  default:
    break;
  }
  return CXChildVisit_Recurse;
}

int xl_fe_walk(xl_fe *fe) {
  fe->at.func = XL_NONE;
  clang_visitChildren(clang_getTranslationUnitCursor(fe->tu), visit, fe);
  if (fe->status == XL_OK) /* the instantiated bodies (instances.c) */
    fe->status = xl_fe_instances_run(fe);
  xl_fe_uses_finish(fe); /* host-side uses, instances included (uses.c) */
  settle_header_bodies(fe);
  return fe->status;
}

/* What a unit that is no document adds: nothing. */
static const fe_doc_in no_doc;

int xl_fe_walk_tu(xl_facts *facts, CXTranslationUnit tu,
                  const xl_recovery *rec, unsigned flags, int *needs_device,
                  const fe_doc_in *doc) {
  xl_fe *fe = calloc(1, sizeof(*fe));
  int rc;

  if (!fe)
    return XL_ENOMEM;
  fe->tu = tu;
  fe->walk_system = (flags & XL_PARSE_SYSTEM_HEADERS) != 0;
  fe->facts = facts;
  fe->doc = doc ? doc : &no_doc;
  if (rec) {
    fe->blanked = rec->blanked;
    fe->nblanked = rec->n;
  }
  if (xl_fe_file(fe, clang_getFile(tu, facts->main_file)))
    facts->file_flags[0] |= XL_FILE_MAIN;
  rc = xl_fe_walk(fe);
  if (rc == XL_OK && needs_device) /* reuses the walk's files and memos */
    rc = xl_fe_arch_scan(needs_device, fe);
  xl_fe_types_free(fe);
  xl_fe_instances_free(fe);
  xl_fe_files_free(fe);
  free(fe);
  return rc;
}
