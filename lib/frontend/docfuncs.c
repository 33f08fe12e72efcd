/*
 * docfuncs.c: the functions a language-server document's headers declare,
 * found by namespace and name (fe_header_functions_fn, for adl.c).
 *
 * A document's index hides the declarations of its PCH (document.c,
 * ExcludeDeclarationsFromPCH): the translation unit's cursor visits only
 * what was parsed after it, which keeps the walk of an edit small. adl.c's
 * lookup of a function in a namespace visits that cursor, so in a document
 * it found no function of a header, where `xlambda check` finds them all:
 * `std::for_each`'s parallel overload, say.
 *
 * The block's PCH is built by the cdriver library (blockpch.cpp), which
 * lists, from the block's AST, every function and function template its
 * headers declare at namespace scope: name, namespace, file and offset
 * (xl_cdriver_fn, docpch.c keeps them). clang_getCursor still finds a
 * declaration of a PCH at its place (the PCH keeps its file-level
 * declarations by file and offset), so a lookup asks for the cursor at the
 * place of each function of that name in that namespace, a few per name
 * where searching the headers' texts took a second on a block of Thrust.
 * The answers of a name are kept for the rest of the check.
 *
 * adl.c's visit of the unit takes the first viable function in the unit's
 * order; this one, in the headers' order: the same unless a namespace
 * declares two viable functions of that name (docs/editors.md). A document
 * parsed with clang's preamble instead of the block's PCH (the block could
 * not be built) gets none of its headers' functions: adl.c then finds what
 * `check` finds only in the document itself.
 */
#include <clang-c/Index.h> /* the parse side: beyond the walk's seam.h */
#include <stdlib.h>
#include <string.h>

#include "cdriver.h" /* xl_cdriver_fn */
#include "docfuncs.h"
#include "fe.h"
#include "frontend.h"

typedef struct named {
  char *key; /* the namespace's USR, a NUL, the name */
  size_t len;
  CXCursor *cursors;
  size_t n, cap;
} named;

struct fe_docfuncs {
  CXTranslationUnit tu;     /* lent */
  fe_block *b;              /* lent */
  const char *main_file;    /* lent */
  const xl_cdriver_fn *fns; /* b's, sorted by name */
  size_t nfns;
  CXSourceLocation base;    /* a place of the main file: the unit's */
  int has_base;
  named *names;
  size_t nnames, cap_names;
  int oom;
};

int xl_fe_docfuncs_new(fe_docfuncs **out, CXTranslationUnit tu,
                       fe_block *b, const char *main_file) {
  fe_docfuncs *d = calloc(1, sizeof(*d));

  *out = d;
  if (!d)
    return XL_ENOMEM;
  d->tu = tu;
  d->b = b;
  d->main_file = main_file;
  d->fns = xl_fe_block_functions(b, &d->nfns);
  return XL_OK;
}

void xl_fe_docfuncs_free(fe_docfuncs *d) {
  size_t i;

  if (!d)
    return;
  for (i = 0; i < d->nnames; i++) {
    free(d->names[i].key);
    free(d->names[i].cursors);
  }
  free(d->names);
  free(d);
}

/*
 * The qualified name blockpch.cpp gives the namespace of USR usr
 * ("c:@N@std@N@__detail" -> "std::__detail", "" -> ""), into buf; 0 when
 * usr is no chain of named namespaces (an unnamed one, say): then every
 * function of the name is asked for.
 */
static int ns_of_usr(char *buf, size_t cap, const char *usr) {
  const char *p = usr, *end;
  size_t n = 0, len;

  buf[0] = '\0';
  if (!*usr)
    return 1;
  if (strncmp(p, "c:", 2) != 0)
    return 0;
  for (p += 2; *p; p = end) {
    if (strncmp(p, "@N@", 3) != 0)
      return 0;
    p += 3;
    end = strchr(p, '@');
    end = end ? end : p + strlen(p);
    len = (size_t)(end - p);
    if (len == 0 || n + len + 3 > cap)
      return 0;
    if (n) {
      memcpy(buf + n, "::", 2);
      n += 2;
    }
    memcpy(buf + n, p, len);
    n += len;
    buf[n] = '\0';
  }
  return 1;
}

/* Whether the FunctionDecl c is a function template's pattern (its USR
 * says so: "@FT@", where a function's says "@F@"). */
static int is_pattern(CXCursor c) {
  CXString usr = clang_getCursorUSR(c);
  const char *u = clang_getCString(usr);
  int yes = u && strstr(u, "@FT@") != NULL;

  clang_disposeString(usr);
  return yes;
}

static enum CXChildVisitResult template_at(CXCursor c, CXCursor parent,
                                           CXClientData data) {
  CXCursor *found = data;
  (void)parent;

  if (clang_getCursorKind(c) != CXCursor_FunctionTemplate ||
      !clang_equalLocations(clang_getCursorLocation(c),
                            clang_getCursorLocation(*found)))
    return CXChildVisit_Continue;
  *found = c;
  return CXChildVisit_Break;
}

/*
 * The function or function template at the place `at`, from c, the cursor
 * clang_getCursor gives there; a null cursor if none. That may be a
 * function template's pattern (a FunctionDecl at the template's place):
 * the template is then the one its namespace block declares there, as the
 * unit's visit gives it, and none where that block cannot be visited (the
 * unit's own, whose cursor hides the PCH's declarations).
 */
static CXCursor declared_here(CXCursor c, CXSourceLocation at) {
  enum CXCursorKind k = clang_getCursorKind(c);
  CXCursor parent, found = c;

  if ((k != CXCursor_FunctionDecl && k != CXCursor_FunctionTemplate) ||
      !clang_equalLocations(clang_getCursorLocation(c), at))
    return clang_getNullCursor();
  if (k == CXCursor_FunctionTemplate || !is_pattern(c))
    return c;
  parent = clang_getCursorLexicalParent(c);
  if (clang_getCursorKind(parent) == CXCursor_TranslationUnit)
    return clang_getNullCursor();
  clang_visitChildren(parent, template_at, &found);
  return clang_getCursorKind(found) == CXCursor_FunctionTemplate
             ? found
             : clang_getNullCursor();
}

/* The first of d's functions named name (d->nfns if none). */
static size_t first_named(const fe_docfuncs *d, const char *name) {
  size_t lo = 0, hi = d->nfns, mid;

  while (lo < hi) {
    mid = lo + (hi - lo) / 2;
    if (strcmp(d->fns[mid].name, name) < 0)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

/* The function fn at the place `at`, or a null cursor. */
static CXCursor fn_at(const fe_docfuncs *d, const xl_cdriver_fn *fn,
                      CXSourceLocation at) {
  CXCursor c = declared_here(clang_getCursor(d->tu, at), at);
  CXString s;
  int same;

  if (clang_Cursor_isNull(c))
    return c;
  s = clang_getCursorSpelling(c);
  same = clang_getCString(s) && strcmp(clang_getCString(s), fn->name) == 0;
  clang_disposeString(s);
  return same ? c : clang_getNullCursor();
}

/*
 * fn's place found fast: its loc plus the block's delta, in a location of
 * the unit (whose pointers are the unit's source manager's) whose int_data,
 * clang's raw encoding of the place (seam.h, FIELDS; srcmap.c's file_start
 * moves a place within a file the same way), is set to it. 0 when the
 * delta is not known yet.
 */
static int fast_place(CXSourceLocation *at, fe_docfuncs *d,
                      const xl_cdriver_fn *fn) {
  unsigned delta;
  CXFile main;

  if (!xl_fe_block_delta(d->b, &delta))
    return 0;
  if (!d->has_base) {
    main = clang_getFile(d->tu, d->main_file);
    if (!main)
      return 0;
    d->base = clang_getLocationForOffset(d->tu, main, 0);
    d->has_base = 1;
  }
  if (clang_equalLocations(d->base, clang_getNullLocation()))
    return 0;
  *at = d->base;
  at->int_data = fn->loc + delta;
  return 1;
}

/*
 * fn's cursor. Its place by file and offset costs a search through every
 * source entry of the PCH the first time in a unit (clang's translateFile,
 * 0.12 s on a block of Thrust), so the first place found so gives the
 * block its delta (the PCH's places are those of its own parse moved by
 * one constant), and the next units find their places from it, each
 * checked: a function of that name must be declared there.
 */
static CXCursor fn_cursor(fe_docfuncs *d, const xl_cdriver_fn *fn) {
  size_t nheaders = 0;
  const char *const *headers = xl_fe_block_headers(d->b, &nheaders);
  CXSourceLocation at;
  CXCursor c = clang_getNullCursor();
  CXFile file;

  if (fast_place(&at, d, fn))
    c = fn_at(d, fn, at);
  if (!clang_Cursor_isNull(c) || fn->header >= nheaders)
    return c;
  file = clang_getFile(d->tu, headers[fn->header]);
  if (!file)
    return c;
  at = clang_getLocationForOffset(d->tu, file, fn->offset);
  c = fn_at(d, fn, at);
  if (!clang_Cursor_isNull(c))
    xl_fe_block_set_delta(d->b, at.int_data - fn->loc);
  return c;
}

/* The cursor of fn, a function of the block, appended to e. */
static void add_cursor(fe_docfuncs *d, named *e, const xl_cdriver_fn *fn) {
  CXCursor c = fn_cursor(d, fn);

  if (clang_Cursor_isNull(c))
    return;
  if (XL_GROW(e->cursors, e->cap, e->n + 1) < 0)
    d->oom = 1;
  else
    e->cursors[e->n++] = c;
}

/* Fill e with the functions of name in namespace usr. */
static void search(fe_docfuncs *d, named *e, const char *usr,
                   const char *name) {
  char ns[1024];
  int filter = ns_of_usr(ns, sizeof(ns), usr);
  size_t i;

  for (i = first_named(d, name);
       i < d->nfns && !d->oom && strcmp(d->fns[i].name, name) == 0; i++)
    if (!filter || strcmp(d->fns[i].ns, ns) == 0)
      add_cursor(d, e, &d->fns[i]);
}

/* The entry of (usr, name), searched for on first use; NULL without
 * memory. */
static named *lookup(fe_docfuncs *d, const char *usr, const char *name) {
  size_t nu = strlen(usr), len = nu + 1 + strlen(name), i;
  named *e;

  for (i = 0; i < d->nnames; i++)
    if (d->names[i].len == len && strcmp(d->names[i].key, usr) == 0 &&
        strcmp(d->names[i].key + nu + 1, name) == 0)
      return &d->names[i];
  if (XL_GROW(d->names, d->cap_names, d->nnames + 1) < 0)
    return NULL;
  e = &d->names[d->nnames];
  memset(e, 0, sizeof(*e));
  e->key = malloc(len + 1);
  if (!e->key)
    return NULL;
  memcpy(e->key, usr, nu + 1);
  memcpy(e->key + nu + 1, name, len - nu);
  e->len = len;
  d->nnames++;
  search(d, e, usr, name);
  return e;
}

int xl_fe_docfuncs_each(void *ctx, const char *ns_usr, const char *name,
                        int (*each)(CXCursor c, void *data), void *data) {
  fe_docfuncs *d = ctx;
  named *e;
  size_t i;

  if (!d->nfns || !name || !*name)
    return XL_OK;
  e = lookup(d, ns_usr ? ns_usr : "", name);
  if (!e || d->oom)
    return XL_ENOMEM;
  for (i = 0; i < e->n; i++)
    if (each(e->cursors[i], data))
      break;
  return XL_OK;
}
