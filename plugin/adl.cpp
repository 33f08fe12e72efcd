/*
 * adl.cpp: argument-dependent lookup through nvcc's placeholder types
 * (lib/frontend/adl.c): the namespaces the placeholder adds, and a function
 * of the call's name in one of them.
 */
#include "uses.h"

#include <cstring>

namespace xlp {

static const unsigned MAX_NS = 16;
static const unsigned MAX_TYPE_DEPTH = 6;

struct NsList {
  std::vector<std::string> usr; /* "" for the global namespace */
  std::vector<Cursor> cur;
};

static std::string usr_of(const Cursor &c) {
  if (c.kind == CXCursor_TranslationUnit)
    return "";
  return usr(c);
}

static void add_ns(NsList &l, const Cursor &ns) {
  std::string u = usr_of(ns);

  for (const std::string &have : l.usr)
    if (have == u)
      return;
  if (l.usr.size() >= MAX_NS)
    return;
  l.usr.push_back(u);
  l.cur.push_back(ns);
}

/* The innermost namespace (or the translation unit) around decl. */
static Cursor namespace_of(const Cursor &decl) {
  Cursor p = semantic_parent(decl);

  while (!is_null(p) && p.kind != CXCursor_Namespace &&
         p.kind != CXCursor_TranslationUnit && !is_invalid_kind(p.kind))
    p = semantic_parent(p);
  return p;
}

static void add_ns_of(NsList &l, const Cursor &decl) {
  Cursor ns = namespace_of(decl);

  if (is_null(ns) || is_invalid_kind(ns.kind))
    return;
  add_ns(l, ns);
  /* an inline namespace's members are members of its parent too */
  while (ns.kind == CXCursor_Namespace && is_inline_namespace(ns)) {
    ns = namespace_of(ns);
    add_ns(l, ns);
  }
}

/* The associated namespaces of a type ([basic.lookup.argdep]). */
static void associated(NsList &l, const CType &type, unsigned depth) {
  CType t = canonical_type(type);

  if (depth > MAX_TYPE_DEPTH)
    return;
  switch (t.kind) {
  case CXType_Pointer: case CXType_LValueReference:
  case CXType_RValueReference:
    associated(l, pointee_type(t), depth + 1);
    break;
  case CXType_ConstantArray: case CXType_IncompleteArray:
    associated(l, array_element_type(t), depth + 1);
    break;
  case CXType_MemberPointer:
    associated(l, pointee_type(t), depth + 1);
    associated(l, class_type(t), depth + 1);
    break;
  case CXType_FunctionProto: case CXType_FunctionNoProto: {
    associated(l, result_type(t), depth + 1);
    int n = num_arg_types(t);
    for (int i = 0; i < n; i++)
      associated(l, arg_type(t, static_cast<unsigned>(i)), depth + 1);
    break;
  }
  case CXType_Record: case CXType_Enum: {
    add_ns_of(l, type_declaration(t));
    int n = num_type_template_arguments(t);
    for (int i = 0; i < n; i++)
      associated(l, type_template_argument(t, static_cast<unsigned>(i)),
                 depth + 1);
    break;
  }
  default:
    break;
  }
}

/* What the placeholder brings: function type, class, captures, '::'. */
static void placeholder_namespaces(NsList &l, const FeClosure &cl) {
  Cursor parent = semantic_parent(cl.func);
  CXCursorKind pk = parent.kind;

  associated(l, cursor_type(cl.func), 0);
  if (pk == CXCursor_ClassDecl || pk == CXCursor_StructDecl ||
      pk == CXCursor_ClassTemplate || pk == CXCursor_UnionDecl)
    associated(l, cursor_type(parent), 0);
  visit_fields(cursor_type(cl.closure), [&](const Cursor &f) {
    associated(l, cursor_type(f), 0);
    return true;
  });
  add_ns(l, tu_cursor(cl.closure.tu));
}

/* What the call's arguments bring anyway. */
static void argument_namespaces(NsList &l, const Cursor &call) {
  int n = num_arguments(call);

  for (int i = 0; i < n; i++)
    associated(l, cursor_type(argument(call, static_cast<unsigned>(i))), 0);
}

static bool listed(const NsList &l, const std::string &u) {
  for (const std::string &have : l.usr)
    if (have == u)
      return true;
  return false;
}

/* ---- looking a name up in one namespace ---------------------------------- */

struct Lookup {
  std::string usr;  /* the namespace */
  std::string name; /* the function */
  Cursor exclude;   /* the function the call resolves to */
  Cursor found;
};

static bool is_target(const Lookup &lk, const Cursor &fn) {
  Cursor tmpl = specialized_template(lk.exclude);

  return equal(fn, lk.exclude) || (!is_null(tmpl) && equal(fn, tmpl));
}

static CXChildVisitResult find_function(Lookup &lk, const Cursor &c) {
  if (c.kind == CXCursor_LinkageSpec)
    return CXChildVisit_Recurse;
  if (c.kind == CXCursor_Namespace) {
    std::string u = usr_of(c);
    size_t n = u.size();
    bool match = n && lk.usr.compare(0, n, u) == 0 &&
                 (lk.usr.size() == n || lk.usr[n] == '@');
    return match ? CXChildVisit_Recurse : CXChildVisit_Continue;
  }
  if (c.kind != CXCursor_FunctionDecl && c.kind != CXCursor_FunctionTemplate)
    return CXChildVisit_Continue;
  if (spelling(c) != lk.name || is_target(lk, c))
    return CXChildVisit_Continue;
  if (usr_of(namespace_of(c)) == lk.usr) {
    lk.found = c;
    return CXChildVisit_Break;
  }
  return CXChildVisit_Continue;
}

static void add_hazard(Fe &fe, const FePending &p, xl_id lambda,
                       const Cursor &ns, const Cursor &found) {
  xl_use *use;
  const char *detail = ns.kind == CXCursor_Namespace
                           ? fe_qualified_name(fe, ns)
                           : "";
  xl_loc decl = fe_loc(fe, location(found));

  if (xl_facts_add_use(&use, nullptr, fe.facts) < 0) {
    fe_oom(fe);
    return;
  }
  use->kind = XL_USE_UNQUALIFIED_CALL;
  use->lambda = lambda;
  use->loc = p.loc;
  use->callee = p.callee;
  use->callee_decl = decl;
  use->site = p.site;
  use->detail = detail;
}

void adl_resolve(Fe &fe, const FePending &p, xl_id lambda,
                 const FeClosure &cl) {
  NsList extra, have;

  /* no ADL when ordinary lookup finds a class member */
  if (is_null(cl.func) || !p.callee || is_null(p.call) ||
      p.target.kind == CXCursor_CXXMethod)
    return;
  const char *name =
      strrchr(p.callee, ':') ? strrchr(p.callee, ':') + 1 : p.callee;
  placeholder_namespaces(extra, cl);
  argument_namespaces(have, p.call);
  add_ns_of(have, cl.func);  /* the closure's own namespace */
  add_ns_of(have, p.target); /* where ordinary lookup found the callee */
  for (size_t i = 0; i < extra.usr.size(); i++) {
    if (listed(have, extra.usr[i]))
      continue;
    Lookup lk;
    lk.usr = extra.usr[i];
    lk.name = name;
    lk.exclude = p.target;
    visit_children(tu_cursor(fe.tu), [&](const Cursor &c, const Cursor &) {
      return find_function(lk, c);
    });
    if (!is_null(lk.found))
      add_hazard(fe, p, lambda, extra.cur[i], lk.found);
  }
}

} // namespace xlp
