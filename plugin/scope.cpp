/*
 * scope.cpp: what surrounds a lambda (lib/frontend/scope.c): enclosing
 * classes, template parameters, the enclosing function's declaration, and
 * the lambda's own surroundings.
 */
#include "fe.h"

#include <cstring>

namespace xlp {

/* ---- small cursor predicates ------------------------------------------- */

bool fe_is_class(const Cursor &c) {
  switch (c.kind) {
  case CXCursor_StructDecl: case CXCursor_ClassDecl: case CXCursor_UnionDecl:
  case CXCursor_ClassTemplate:
  case CXCursor_ClassTemplatePartialSpecialization:
    return true;
  default:
    return false;
  }
}

static bool is_function_or_lambda(CXCursorKind k) {
  return k == CXCursor_FunctionDecl || k == CXCursor_CXXMethod ||
         k == CXCursor_Constructor || k == CXCursor_Destructor ||
         k == CXCursor_FunctionTemplate || k == CXCursor_ConversionFunction ||
         k == CXCursor_LambdaExpr;
}

bool fe_in_function(const Cursor &decl) {
  for (Cursor p = semantic_parent(decl);
       !is_null(p) && p.kind != CXCursor_TranslationUnit &&
       !is_invalid_kind(p.kind);
       p = semantic_parent(p))
    if (is_function_or_lambda(p.kind))
      return true;
  return false;
}

/* ---- access specifiers -------------------------------------------------- */

xl_loc fe_access_loc(Fe &fe, const Cursor &decl) {
  FileLoc at = expansion(location(canonical(decl)));
  Cursor last;
  bool have = false;

  visit_children(semantic_parent(decl), [&](const Cursor &c, const Cursor &) {
    if (c.kind != CXCursor_CXXAccessSpecifier)
      return CXChildVisit_Continue;
    FileLoc e = expansion(location(c));
    if (file_equal(e.file, at.file) && e.offset < at.offset) {
      last = c;
      have = true;
    }
    return CXChildVisit_Continue;
  });
  return have ? fe_loc(fe, location(last)) : xl_loc_none();
}

/* ---- types around a type ------------------------------------------------ */

xl_id fe_type_parent(Fe &fe, const Cursor &decl) {
  Cursor p = semantic_parent(decl);

  if (!fe_is_class(p))
    return XL_NONE;
  CType t = cursor_type(p);
  if (t.kind == CXType_Invalid)
    return XL_NONE;
  return fe_type(fe, t);
}

bool fe_closure_is_device(const Cursor &closure) {
  Cursor op;
  bool found = false;

  visit_children(closure, [&](const Cursor &c, const Cursor &) {
    if (c.kind != CXCursor_CXXMethod && c.kind != CXCursor_FunctionTemplate)
      return CXChildVisit_Continue;
    if (spelling(c) != "operator()")
      return CXChildVisit_Continue;
    op = c;
    found = true;
    return CXChildVisit_Break;
  });
  if (!found)
    return false;
  xl_space sp = fe_decl_space(op, nullptr);
  return sp == XL_SPACE_DEVICE || sp == XL_SPACE_HOST_DEVICE;
}

/* ---- template parameters ------------------------------------------------ */

/* Pack ('...') and default ('=') of a template parameter, from its tokens. */
static uint32_t tparam_token_flags(Fe &fe, const Cursor &c) {
  Range ext = extent(c);
  unsigned b, e;
  FeFile *f = fe_spelling(fe, ext.begin, &b);
  FeFile *f2 = fe_spelling(fe, ext.end, &e);
  xl_lexer lx;
  xl_tok t;
  int depth = 0;
  uint32_t flags = 0;

  if (!f || f != f2 || !f->buf.data() || e > f->buf.size())
    return 0;
  xl_lex_init(&lx, f->buf.data(), e, b);
  while (xl_lex_next(&lx, &t) != XL_TOK_EOF) {
    if (xl_tok_is(&lx, &t, "<") || xl_tok_is(&lx, &t, "("))
      depth++;
    else if (xl_tok_is(&lx, &t, ">") || xl_tok_is(&lx, &t, ")"))
      depth--;
    else if (depth == 0 && xl_tok_is(&lx, &t, "..."))
      flags |= XL_TPARAM_PACK;
    else if (depth == 0 && xl_tok_is(&lx, &t, "=")) {
      flags |= XL_TPARAM_DEFAULT;
      break;
    }
  }
  return flags;
}

uint32_t fe_tparams(Fe &fe, const Cursor &tmpl, xl_id *first) {
  uint32_t n = 0;

  *first = XL_NONE;
  if (is_null(tmpl))
    return 0;
  visit_children(tmpl, [&](const Cursor &c, const Cursor &) {
    uint32_t flags;
    if (c.kind == CXCursor_TemplateTypeParameter)
      flags = XL_TPARAM_TYPE;
    else if (c.kind == CXCursor_NonTypeTemplateParameter)
      flags = XL_TPARAM_NONTYPE;
    else if (c.kind == CXCursor_TemplateTemplateParameter)
      flags = XL_TPARAM_TEMPLATE;
    else
      return CXChildVisit_Continue;
    flags |= tparam_token_flags(fe, c);
    xl_tparam *tp;
    xl_id id;
    if (xl_facts_add_tparam(&tp, &id, fe.facts) < 0) {
      fe_oom(fe);
      return CXChildVisit_Break;
    }
    if (n++ == 0)
      *first = id;
    fe.facts->tparams[id].flags = flags;
    xl_loc loc = fe_loc(fe, location(c));
    fe.facts->tparams[id].loc = loc;
    const char *name = fe_spelling_of(fe, c);
    fe.facts->tparams[id].name = name;
    return CXChildVisit_Continue;
  });
  return n;
}

/* ---- records ------------------------------------------------------------ */

static bool is_unnamed(const Cursor &cls) {
  std::string n = spelling(cls);

  return n.empty() || n.rfind("(unnamed", 0) == 0 ||
         n.rfind("(anonymous", 0) == 0 || is_anonymous(cls);
}

static uint32_t record_flags(const Cursor &cls) {
  Cursor parent = semantic_parent(cls);
  uint32_t flags = 0;

  if (is_unnamed(cls))
    flags |= XL_RECORD_UNNAMED;
  if (fe_in_function(cls))
    flags |= XL_RECORD_LOCAL;
  if (fe_is_class(parent)) {
    CX_CXXAccessSpecifier a = access(cls);
    flags |= a == CX_CXXPrivate     ? XL_RECORD_PRIVATE
             : a == CX_CXXProtected ? XL_RECORD_PROTECTED
                                    : 0;
  }
  if (cls.kind == CXCursor_ClassTemplate ||
      cls.kind == CXCursor_ClassTemplatePartialSpecialization)
    flags |= XL_RECORD_TEMPLATE;
  else if (!is_null(specialized_template(cls)))
    flags |= XL_RECORD_SPECIALIZATION;
  return flags;
}

static void record_targs(Fe &fe, xl_id id, const CType &t) {
  xl_id args[32];
  uint32_t n = 0;
  int count = num_type_template_arguments(t);

  for (int i = 0; i < count && n < 32; i++) {
    CType a = type_template_argument(t, static_cast<unsigned>(i));
    if (a.kind != CXType_Invalid)
      args[n++] = fe_type(fe, a);
  }
  fe.facts->records[id].targs = xl_facts_ids(fe.facts, args, n);
  fe.facts->records[id].ntargs = fe.facts->records[id].targs ? n : 0;
}

static xl_id find_record(Fe &fe, const Cursor &cls) {
  for (auto &r : fe.records)
    if (equal(r.first, cls))
      return r.second;
  return XL_NONE;
}

static const char *record_name(Fe &fe, const Cursor &cls, uint32_t flags) {
  if (!(flags & XL_RECORD_SPECIALIZATION))
    return fe_qualified_name(fe, cls);
  return fe_strdup(fe, type_spelling(cursor_type(cls)));
}

/* Fill the record's template side: parameters, arguments, pattern. */
static void record_templates(Fe &fe, xl_id id, const Cursor &cls) {
  Cursor tmpl = specialized_template(cls);
  uint32_t flags = fe.facts->records[id].flags;
  xl_id first = XL_NONE, pattern = XL_NONE;
  uint32_t n = 0;

  if (flags & XL_RECORD_TEMPLATE)
    n = fe_tparams(fe, cls, &first);
  else if (flags & XL_RECORD_SPECIALIZATION)
    n = fe_tparams(fe, tmpl, &first);
  if (flags & XL_RECORD_SPECIALIZATION) {
    record_targs(fe, id, cursor_type(cls));
    pattern = fe_record(fe, tmpl);
  }
  fe.facts->records[id].first_tparam = first;
  fe.facts->records[id].ntparams = n;
  fe.facts->records[id].pattern = pattern;
}

xl_id fe_record(Fe &fe, const Cursor &cls) {
  xl_record *r;
  xl_id id = find_record(fe, cls), parent = XL_NONE, type = XL_NONE;

  if (id != XL_NONE || !fe_is_class(cls))
    return id;
  Cursor pc = semantic_parent(cls);
  CType t = cursor_type(cls);
  if (fe_is_class(pc))
    parent = fe_record(fe, pc);
  if (t.kind != CXType_Invalid && t.kind != CXType_Unexposed)
    type = fe_type(fe, t);
  uint32_t flags = record_flags(cls);
  if (xl_facts_add_record(&r, &id, fe.facts) < 0) {
    fe_oom(fe);
    return XL_NONE;
  }
  fe.records.emplace_back(cls, id);
  r->loc = fe_loc(fe, location(cls));
  r->flags = flags;
  r->parent = parent;
  r->type = type;
  r->name = record_name(fe, cls, flags);
  if (flags & (XL_RECORD_PRIVATE | XL_RECORD_PROTECTED)) {
    xl_loc acc = fe_access_loc(fe, cls);
    fe.facts->records[id].access = acc;
  }
  record_templates(fe, id, cls);
  return id;
}

} // namespace xlp
