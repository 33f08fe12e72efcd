/*
 * instances.cpp: template specializations and their instantiated bodies
 * (lib/frontend/instances.c). A reference to a specialization leads to it;
 * its instantiated body is walked once, after the main walk, breadth first.
 */
#include "fe.h"

#include <cstring>

namespace xlp {

static const size_t MAX_SPECS = 4096;

static bool is_func_kind(CXCursorKind k) {
  return k == CXCursor_FunctionDecl || k == CXCursor_CXXMethod ||
         k == CXCursor_Constructor || k == CXCursor_Destructor ||
         k == CXCursor_ConversionFunction;
}

static bool is_closure_class(const Cursor &cls) {
  return type_spelling(cursor_type(cls)).find("(lambda at ") !=
         std::string::npos;
}

static bool same_place(const Cursor &a, const Cursor &b) {
  FileLoc x = expansion(location(a)), y = expansion(location(b));

  return x.file && file_equal(x.file, y.file) && x.offset == y.offset;
}

/* ---- host calls of closures -------------------------------------------- */

static bool in_device_code(const Fe &fe) {
  if (fe.func_space == XL_SPACE_DEVICE || fe.func_space == XL_SPACE_GLOBAL)
    return true;
  for (const FeLambdaFrame &fr : fe.lambdas)
    if (fe.facts->lambdas[fr.id].space == XL_SPACE_DEVICE)
      return true;
  return false;
}

static void note_host_call(Fe &fe, const Cursor &fn) {
  Cursor cls = semantic_parent(fn);

  if (fn.kind != CXCursor_CXXMethod || in_device_code(fe))
    return;
  if (spelling(fn) != "operator()" || !is_closure_class(cls))
    return;
  fe.host_calls.push_back(fe_loc(fe, location(cls)));
}

/* ---- the specialization's facts ---------------------------------------- */

/* Append "<a, <b, c>>" as "<a, b, c>" (a pack's elements come bracketed). */
static void append_flat(std::string &b, const std::string &s) {
  int depth = 0, top = 0;
  bool skip[64];

  for (size_t i = 0; i < s.size(); i++) {
    char c = s[i];
    bool starts_arg =
        i > 0 && (s[i - 1] == '<' || (i > 1 && s[i - 2] == ',' &&
                                      s[i - 1] == ' '));
    if (c == '<') {
      bool pack = depth == 1 && starts_arg && top < 64;
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
    b += c;
  }
}

/* "<...>" after the function's name in clang's terse pretty-print. */
static void append_args(std::string &b, const Cursor &def) {
  std::string text = pretty_printed_terse(def), name = spelling(def);
  size_t at = text.find(name);

  while (at != std::string::npos && (at + name.size() >= text.size() ||
                                     text[at + name.size()] != '<'))
    at = text.find(name, at + 1);
  if (at == std::string::npos)
    return;
  int depth = 0;
  for (size_t p = at + name.size(); p < text.size(); p++) {
    depth += text[p] == '<' ? 1 : text[p] == '>' ? -1 : 0;
    if (depth == 0) {
      append_flat(b, text.substr(at + name.size(), p + 1 - (at + name.size())));
      break;
    }
  }
}

static const char *spec_name(Fe &fe, const Cursor &def) {
  Cursor parent = semantic_parent(def);
  std::string b;

  if (fe_is_class(parent))
    b = type_spelling(cursor_type(parent)) + "::" + spelling(def);
  else if (const char *q = fe_qualified_name(fe, def))
    b = q;
  append_args(b, def);
  return fe_strdup(fe, b);
}

/* ---- template arguments ------------------------------------------------- */

struct TargList {
  xl_id ids[32];
  uint32_t n = 0;
  void push(xl_id id) {
    if (id != XL_NONE && n < 32)
      ids[n++] = id;
  }
};

/* 1 when the text after the cursor is '<' (a template-id, not a name). */
static bool followed_by_angle(Fe &fe, const Cursor &c) {
  unsigned off;
  const FeFile *f = fe_spelling(fe, extent(c).end, &off);

  if (!f || !f->buf.data())
    return false;
  while (off < f->buf.size() && (f->buf[off] == ' ' || f->buf[off] == '\t'))
    off++;
  return off < f->buf.size() && f->buf[off] == '<';
}

/* The types and templates named in the template arguments written at ref. */
static void written(Fe &fe, const Cursor &ref, TargList &types,
                    TargList &templates) {
  FileLoc at = expansion(location(ref));

  visit_children(ref, [&](const Cursor &c, const Cursor &) {
    if (c.kind != CXCursor_TypeRef && c.kind != CXCursor_TemplateRef)
      return CXChildVisit_Recurse;
    FileLoc e = expansion(location(c));
    if (!file_equal(e.file, at.file) || e.offset <= at.offset)
      return CXChildVisit_Continue;
    Cursor r = referenced(c);
    if (c.kind == CXCursor_TypeRef)
      types.push(fe_type(fe, cursor_type(r)));
    else if (!followed_by_angle(fe, c))
      templates.push(fe_template_name_type(fe, r));
    return CXChildVisit_Continue;
  });
}

/* A TypeRef to one of the function template's own type parameters. */
static bool refers_tparam(const Cursor &parm, const Cursor &tmpl) {
  bool found = false;

  visit_children(parm, [&](const Cursor &c, const Cursor &) {
    Cursor r = referenced(c);
    if (c.kind == CXCursor_TypeRef &&
        r.kind == CXCursor_TemplateTypeParameter &&
        equal(semantic_parent(r), tmpl)) {
      found = true;
      return CXChildVisit_Break;
    }
    return CXChildVisit_Recurse;
  });
  return found;
}

/* Deduced arguments: the specialization's parameter types where the
 * template's parameter types name a template parameter; a pack takes the
 * remaining parameters. */
static void deduced(Fe &fe, const Cursor &def, const Cursor &tmpl,
                    TargList &out) {
  std::vector<Cursor> parms;
  int i = 0, n = num_arguments(def);

  visit_children(tmpl, [&](const Cursor &c, const Cursor &) {
    if (c.kind == CXCursor_ParmDecl && parms.size() < 32)
      parms.push_back(c);
    return CXChildVisit_Continue;
  });
  for (size_t j = 0; j < parms.size() && i < n; j++) {
    bool pack =
        type_spelling(cursor_type(parms[j])).find("...") != std::string::npos;
    bool dep = refers_tparam(parms[j], tmpl);
    do {
      Cursor a = argument(def, static_cast<unsigned>(i++));
      if (dep)
        out.push(fe_type(fe, cursor_type(a)));
    } while (pack && i < n);
  }
}

static void fill_targs(Fe &fe, xl_id id, const Cursor &def,
                       const Cursor &ref) {
  TargList args, types, templates;
  int count = num_template_arguments(def);
  bool packs = false;
  uint32_t next = 0;

  written(fe, ref, types, templates);
  for (int i = 0; i < count; i++) {
    CXTemplateArgumentKind k =
        template_argument_kind(def, static_cast<unsigned>(i));
    if (k == CXTemplateArgumentKind_Type)
      args.push(fe_type(fe, template_argument_type(def, static_cast<unsigned>(i))));
    else if (k == CXTemplateArgumentKind_Template && next < templates.n)
      args.push(templates.ids[next++]);
    else if (k == CXTemplateArgumentKind_Pack)
      packs = true; /* libclang gives no types for a pack's elements */
  }
  if ((count < 0 || packs) &&
      specialized_template(def).kind == CXCursor_FunctionTemplate) {
    for (next = 0; next < types.n; next++)
      args.push(types.ids[next]);
    for (next = 0; next < templates.n; next++)
      args.push(templates.ids[next]);
    deduced(fe, def, specialized_template(def), args);
  }
  const xl_id *ids = xl_facts_ids(fe.facts, args.ids, args.n);
  fe.facts->funcs[id].targs = ids;
  fe.facts->funcs[id].ntargs = ids ? args.n : 0;
}

static bool known_spec(const Fe &fe, const Cursor &def) {
  for (const FeSpec &s : fe.specs)
    if (equal(s.cursor, def))
      return true;
  return false;
}

/* Add the specialization's xl_func and queue it. */
static void add_spec(Fe &fe, const Cursor &def, const Cursor &ref,
                     xl_space space, bool walk) {
  xl_id poi_func = fe.instance ? fe.func : XL_NONE;
  xl_id id = fe_add_func(fe, def, space);

  if (id == XL_NONE)
    return;
  fill_targs(fe, id, def, ref);
  fe.facts->funcs[id].flags |= XL_FUNC_SPECIALIZATION;
  fe.facts->funcs[id].flags &= ~XL_FUNC_TEMPLATE;
  xl_loc poi = fe_loc(fe, location(ref));
  fe.facts->funcs[id].poi = poi;
  fe.facts->funcs[id].poi_func = poi_func;
  const char *name = spec_name(fe, def);
  fe.facts->funcs[id].name = name;
  FeSpec s;
  s.cursor = def;
  s.func = id;
  s.walk = walk;
  fe.specs.push_back(s);
}

void fe_note_specialization(Fe &fe, const Cursor &ref) {
  Cursor r = referenced(ref);

  if (is_null(r) || !is_func_kind(r.kind))
    return;
  if (ref.kind == CXCursor_CallExpr && r.kind != CXCursor_Constructor)
    return; /* its callee's DeclRefExpr / MemberRefExpr comes next */
  note_host_call(fe, r);
  Cursor tmpl = specialized_template(r);
  if (is_null(tmpl) || fe_in_function(tmpl) ||
      is_closure_class(semantic_parent(tmpl)))
    return; /* not a template, or local to a function (walked with it) */
  Cursor def = definition(r);
  if (is_null(def))
    def = r;
  if (!same_place(def, tmpl) || known_spec(fe, def))
    return; /* an explicit specialization (walked as written), or known */
  xl_space space = fe_decl_space(def, nullptr);
  bool walk = is_definition(def) && !fe_in_system(def) &&
              space != XL_SPACE_DEVICE && space != XL_SPACE_GLOBAL;
  if ((!walk && space != XL_SPACE_GLOBAL) || fe.specs.size() >= MAX_SPECS)
    return;
  add_spec(fe, def, ref, space, walk);
}

/* ---- after the walk ----------------------------------------------------- */

static bool same_loc(xl_loc a, xl_loc b) {
  return a.file == b.file && a.offset == b.offset && xl_loc_valid(a);
}

static void link_patterns(xl_facts *f) {
  for (uint32_t i = 0; i < f->nlambdas; i++) {
    if (!(f->lambdas[i].flags & XL_LAMBDA_INSTANCE))
      continue;
    for (uint32_t j = 0; j < f->nlambdas; j++)
      if (!(f->lambdas[j].flags & XL_LAMBDA_INSTANCE) &&
          same_loc(f->lambdas[i].loc, f->lambdas[j].loc))
        f->lambdas[i].pattern = j;
  }
  for (uint32_t i = 0; i < f->nfuncs; i++) {
    if (!(f->funcs[i].flags & XL_FUNC_SPECIALIZATION))
      continue;
    for (uint32_t j = 0; j < f->nfuncs; j++)
      if (!(f->funcs[j].flags & XL_FUNC_SPECIALIZATION) &&
          same_loc(f->funcs[i].loc, f->funcs[j].loc))
        f->funcs[i].pattern = j;
  }
}

static void apply_host_calls(Fe &fe) {
  for (const xl_loc &at : fe.host_calls)
    for (uint32_t j = 0; j < fe.facts->nlambdas; j++)
      if (same_loc(at, fe.facts->lambdas[j].loc))
        fe.facts->lambdas[j].flags |= XL_LAMBDA_HOST_CALLED;
}

int fe_instances_run(Fe &fe) {
  for (size_t i = 0; i < fe.specs.size() && fe.status == XL_OK; i++) {
    if (!fe.specs[i].walk)
      continue;
    Cursor c = fe.specs[i].cursor;
    xl_id func = fe.specs[i].func;
    fe.instance = true;
    fe_walk_function(fe, c, func);
    fe.instance = false;
  }
  link_patterns(fe.facts);
  apply_host_calls(fe);
  return fe.status;
}

} // namespace xlp
