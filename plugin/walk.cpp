/*
 * walk.cpp: the one walk over a translation unit (lib/frontend/walk.c).
 *
 * As in the C frontend, the walk recurses by itself into the cursors that
 * open a scope it tracks (functions, lambdas, compound statements,
 * 'if constexpr', unevaluated operands) and restores its state afterwards;
 * declarations in system headers are skipped whole.
 */
#include "fe.h"

namespace xlp {

static CXChildVisitResult visit(Fe &fe, const Cursor &c, const Cursor &parent);

/* The walk's visitor (a function_ref needs an object that outlives it). */
struct WalkVisitor {
  Fe &fe;
  CXChildVisitResult operator()(const Cursor &c, const Cursor &p) const {
    return visit(fe, c, p);
  }
};

static void walk_children(Fe &fe, const Cursor &c) {
  WalkVisitor v{fe};
  visit_children(c, v);
}

static bool is_function_kind(CXCursorKind k) {
  return k == CXCursor_FunctionDecl || k == CXCursor_CXXMethod ||
         k == CXCursor_Constructor || k == CXCursor_Destructor ||
         k == CXCursor_ConversionFunction || k == CXCursor_FunctionTemplate;
}

/* ---- the enclosing function -------------------------------------------- */

static uint32_t func_flags(const Cursor &c) {
  Cursor parent = semantic_parent(c);
  CXCursorKind k = c.kind, pk = parent.kind;
  CX_CXXAccessSpecifier acc = access(c);
  uint32_t flags = acc == CX_CXXPrivate     ? XL_FUNC_PRIVATE
                   : acc == CX_CXXProtected ? XL_FUNC_PROTECTED
                                            : 0;
  bool method = pk == CXCursor_ClassDecl || pk == CXCursor_StructDecl ||
                pk == CXCursor_UnionDecl || pk == CXCursor_ClassTemplate ||
                pk == CXCursor_ClassTemplatePartialSpecialization;

  if (k == CXCursor_FunctionTemplate || pk == CXCursor_ClassTemplate ||
      pk == CXCursor_ClassTemplatePartialSpecialization)
    flags |= XL_FUNC_TEMPLATE;
  if (method && method_is_static(c))
    flags |= XL_FUNC_STATIC;
  else if (method)
    flags |= XL_FUNC_MEMBER;
  if (k == CXCursor_Constructor)
    flags |= XL_FUNC_CTOR;
  if (k == CXCursor_Destructor)
    flags |= XL_FUNC_DTOR;
  if (method && method_is_deleted(c))
    flags |= XL_FUNC_DELETED;
  if (method && method_is_defaulted(c))
    flags |= XL_FUNC_DEFAULTED;
  return flags;
}

xl_id fe_add_func(Fe &fe, const Cursor &c, xl_space space) {
  xl_func *fn;
  xl_id id, record = XL_NONE;

  if (func_flags(c) & (XL_FUNC_MEMBER | XL_FUNC_STATIC))
    record = fe_record(fe, semantic_parent(c));
  if (xl_facts_add_func(&fn, &id, fe.facts) < 0) {
    fe_oom(fe);
    return XL_NONE;
  }
  const char *name = fe_qualified_name(fe, c);
  xl_loc loc = fe_loc(fe, location(c));
  xl_range range = fe_range(fe, c);
  fn = &fe.facts->funcs[id];
  fn->name = name;
  fn->loc = loc;
  fn->range = range;
  fn->space = space;
  fn->flags = func_flags(c);
  fn->record = record;
  fe_func_scope(fe, id, c);
  return id;
}

xl_id fe_current_func(Fe &fe) {
  if (fe.func == XL_NONE)
    fe.func = fe_add_func(fe, fe.func_cursor, fe.func_space);
  return fe.func;
}

/* Walk function c's children as function `func` (XL_NONE: added lazily). */
void fe_walk_function(Fe &fe, const Cursor &c, xl_id func) {
  Cursor func_cursor = fe.func_cursor, stmt = fe.stmt;
  xl_id saved_func = fe.func;
  bool in_function = fe.in_function, have_stmt = fe.have_stmt;
  xl_space func_space = fe.func_space;
  unsigned depth = fe.constexpr_if_depth;

  fe.func_cursor = c;
  fe.func = func;
  fe.in_function = true;
  fe.func_space = fe_decl_space(c, nullptr);
  fe.have_stmt = false;
  fe.constexpr_if_depth = 0;
  walk_children(fe, c);
  fe.func_cursor = func_cursor;
  fe.func = saved_func;
  fe.in_function = in_function;
  fe.func_space = func_space;
  fe.stmt = stmt;
  fe.have_stmt = have_stmt;
  fe.constexpr_if_depth = depth;
}

bool fe_is_instantiation(const Cursor &func) {
  Cursor t = specialized_template(func);

  return !is_null(t) && func.kind != CXCursor_FunctionTemplate &&
         equal_locations(location(func), location(t));
}

/* Implicit instantiations are walked by instances.cpp, from their points of
 * instantiation, never twice. */
static CXChildVisitResult visit_function(Fe &fe, const Cursor &c) {
  if (is_definition(c) && !fe_is_instantiation(c))
    fe_walk_function(fe, c, XL_NONE);
  return CXChildVisit_Continue;
}

/* ---- lambdas, statements, branches ------------------------------------- */

static CXChildVisitResult visit_lambda(Fe &fe, const Cursor &c) {
  Cursor stmt = fe.stmt;
  bool have_stmt = fe.have_stmt;
  Range ext = extent(c);
  FeLambdaFrame fr;

  if (fe.lambdas.size() >= 64) /* FE_MAX_DEPTH */
    return CXChildVisit_Recurse;
  fr.id = fe_lambda_begin(fe, c);
  if (fr.id == XL_NONE)
    return CXChildVisit_Break;
  fe_uses_lambda(fe, c, fr.id); /* closures, spelling (uses.cpp) */
  fr.cursor = c;
  fr.begin = expansion(ext.begin).offset;
  fr.end = expansion(ext.end).offset;
  fe.lambdas.push_back(std::move(fr));
  walk_children(fe, c);
  FeLambdaFrame done = std::move(fe.lambdas.back());
  fe.lambdas.pop_back();
  fe_lambda_end(fe, done);
  fe.stmt = stmt;
  fe.have_stmt = have_stmt;
  return CXChildVisit_Continue;
}

static CXChildVisitResult visit_compound(Fe &fe, const Cursor &c) {
  Cursor stmt = fe.stmt;
  bool have_stmt = fe.have_stmt;

  walk_children(fe, c);
  fe.stmt = stmt;
  fe.have_stmt = have_stmt;
  return CXChildVisit_Continue;
}

static bool is_constexpr_if(Fe &fe, const Cursor &c) {
  unsigned off;
  const FeFile *f = fe_spelling(fe, location(c), &off);
  xl_lexer lx;
  xl_tok t;

  if (!f || !f->buf.data())
    return false;
  xl_lex_init(&lx, f->buf.data(), f->buf.size(), off);
  if (xl_lex_next(&lx, &t) != XL_TOK_IDENT || !xl_tok_is(&lx, &t, "if"))
    return false;
  xl_lex_next(&lx, &t);
  return xl_tok_is(&lx, &t, "constexpr");
}

static CXChildVisitResult visit_if(Fe &fe, const Cursor &c) {
  if (!is_constexpr_if(fe, c))
    return CXChildVisit_Recurse;
  fe.constexpr_if_depth++;
  for (FeLambdaFrame &fr : fe.lambdas)
    fr.constexpr_if_depth++;
  walk_children(fe, c);
  for (FeLambdaFrame &fr : fe.lambdas)
    fr.constexpr_if_depth--;
  fe.constexpr_if_depth--;
  return CXChildVisit_Continue;
}

/* sizeof, alignof and sizeof... operands are not evaluated: no odr-use. */
static CXChildVisitResult visit_unevaluated(Fe &fe, const Cursor &c) {
  fe.unevaluated++;
  walk_children(fe, c);
  fe.unevaluated--;
  return CXChildVisit_Continue;
}

static CXChildVisitResult visit(Fe &fe, const Cursor &c,
                                const Cursor &parent) {
  CXCursorKind k = c.kind;

  if (fe.status < 0)
    return CXChildVisit_Break;
  if (is_decl_kind(k) && !fe.walk_system && fe_in_system(c))
    return CXChildVisit_Continue;
  if (parent.kind == CXCursor_CompoundStmt) {
    fe.stmt = c;
    fe.have_stmt = true;
  }
  if (is_function_kind(k))
    return visit_function(fe, c);
  fe_uses_visit(fe, c, parent); /* host-side uses of closures (uses.cpp) */
  switch (k) {
  case CXCursor_LambdaExpr: return visit_lambda(fe, c);
  case CXCursor_CompoundStmt: return visit_compound(fe, c);
  case CXCursor_IfStmt: return visit_if(fe, c);
  case CXCursor_UnaryExpr:
  case CXCursor_SizeOfPackExpr: return visit_unevaluated(fe, c);
  case CXCursor_DeclRefExpr:
  case CXCursor_MemberRefExpr:
  case CXCursor_CXXThisExpr:
    if (!fe.lambdas.empty())
      fe_note_ref(fe, c, parent);
    if (k != CXCursor_CXXThisExpr) /* template specializations */
      fe_note_specialization(fe, c);
    break;
  case CXCursor_CallExpr:
    fe_note_specialization(fe, c);
    break;
  default:
    break;
  }
  return CXChildVisit_Recurse;
}

int fe_walk(Fe &fe) {
  fe.func = XL_NONE;
  walk_children(fe, tu_cursor(fe.tu));
  if (fe.status == XL_OK) /* the instantiated bodies (instances.cpp) */
    fe.status = fe_instances_run(fe);
  fe_uses_finish(fe); /* host-side uses, instances included (uses.cpp) */
  return fe.status;
}

int walk_tu(xl_facts *facts, const Tu *tu, bool system_headers) {
  Fe fe;
  clang::FileID main = tu->sm.getMainFileID();

  fe.tu = tu;
  fe.facts = facts;
  fe.walk_system = system_headers;
  if (fe_file(fe, tu->sm.getFileEntryRefForID(main)))
    facts->file_flags[0] |= XL_FILE_MAIN;
  return fe_walk(fe);
}

} // namespace xlp
