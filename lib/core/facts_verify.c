/*
 * facts_verify.c: the facts' locations checked against the text of their
 * files (xl_facts_verify, `xlambda check --verify-facts`). A frontend that
 * reads a declarator, a capture list or a parameter list from the wrong
 * buffer records places that do not hold what the facts say; this finds it.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/lex.h"
#include "util/util.h"
#include "xlambda/sys/facts.h"

/* One file's text, read on first use; state 0: not read, 1: read, -1: skip. */
typedef struct vfile {
  int state;
  char *buf;
  size_t len;
  uint32_t *lines; /* the offsets where lines start */
  size_t nlines;
} vfile;

typedef struct verifier {
  const xl_facts *facts;
  vfile *files;
  xl_buf out;
  int count;
} verifier;

/* The offsets where lines start, as clang counts them ('\n', '\r', "\r\n"
 * and "\n\r" end a line). Returns XL_OK or XL_ENOMEM. */
static int line_table(vfile *f) {
  size_t i, cap = 64;

  f->lines = malloc(cap * sizeof(*f->lines));
  if (!f->lines)
    return XL_ENOMEM;
  f->lines[f->nlines++] = 0;
  for (i = 0; i < f->len; i++) {
    char c = f->buf[i];
    if (c != '\n' && c != '\r')
      continue;
    if (i + 1 < f->len && (f->buf[i + 1] == '\n' || f->buf[i + 1] == '\r') &&
        f->buf[i + 1] != c)
      i++;
    if (f->nlines == cap) {
      uint32_t *grown = realloc(f->lines, 2 * cap * sizeof(*f->lines));
      if (!grown)
        return XL_ENOMEM;
      f->lines = grown;
      cap *= 2;
    }
    f->lines[f->nlines++] = (uint32_t)(i + 1);
  }
  return XL_OK;
}

/* The text of file id, or NULL when it is not checked: a system header, a
 * file that cannot be read, or one whose contents differ from what was
 * parsed (edited since, or an unsaved copy). */
static vfile *file_text(verifier *v, xl_id id) {
  const xl_facts *fa = v->facts;
  vfile *f = &v->files[id];

  if (f->state == 0) {
    f->state = -1;
    if ((fa->file_flags[id] & XL_FILE_SYSTEM) ||
        xl_read_file(&f->buf, &f->len, fa->files[id], NULL) != XL_OK)
      return NULL;
    if (fa->file_hashes && fa->file_hashes[id] &&
        xl_hash_bytes(XL_FNV_INIT, f->buf, f->len) != fa->file_hashes[id])
      return NULL;
    if (line_table(f) < 0) {
      v->out.oom = 1;
      return NULL;
    }
    f->state = 1;
  }
  return f->state > 0 ? f : NULL;
}

/* Record one mismatch: "path:line:col: internal error: <what>". */
static void mismatch(verifier *v, xl_loc loc, const char *what,
                     const char *detail) {
  xl_buf_printf(&v->out, "%s:%u:%u: internal error: %s%s\n",
                loc.file < v->facts->nfiles ? v->facts->files[loc.file] : "?",
                (unsigned)loc.line, (unsigned)loc.col, what, detail);
  v->count++;
}

/*
 * The text at a valid location, after checking that its offset lies in the
 * file and agrees with its line and column. Returns NULL when the location
 * is unknown, its file is not checked, or it is inconsistent (reported).
 */
static const char *text_at(verifier *v, xl_loc loc, const char *what) {
  vfile *f;
  size_t start;

  if (!xl_loc_valid(loc))
    return NULL;
  if (loc.file >= v->facts->nfiles) {
    mismatch(v, loc, what, ": no such file in the file table");
    return NULL;
  }
  f = file_text(v, loc.file);
  if (!f)
    return NULL;
  if (loc.offset > f->len || loc.line == 0 || loc.line > f->nlines) {
    mismatch(v, loc, what, ": the place lies outside the file");
    return NULL;
  }
  start = f->lines[loc.line - 1];
  if (start + loc.col - 1 != loc.offset ||
      (loc.line < f->nlines && loc.offset >= f->lines[loc.line])) {
    mismatch(v, loc, what, ": the offset does not match the line and column");
    return NULL;
  }
  return f->buf + loc.offset;
}

/* The end of the text buffer holding p (for bounded scans). */
static const char *text_end(verifier *v, xl_loc loc) {
  return v->files[loc.file].buf + v->files[loc.file].len;
}

/* The identifier at p: its length (0 when p does not start one). */
static size_t ident_len(const char *p, const char *end) {
  size_t n = 0;

  if (p >= end || !(isalpha((unsigned char)*p) || *p == '_'))
    return 0;
  while (p + n < end && (isalnum((unsigned char)p[n]) || p[n] == '_'))
    n++;
  return n;
}

/* Report what the text at loc is, quoted, after `expected`. */
static void wrong_text(verifier *v, xl_loc loc, const char *what,
                       const char *expected) {
  const char *p = v->files[loc.file].buf + loc.offset;
  const char *end = text_end(v, loc);
  char detail[160];
  size_t n = 0;

  while (p + n < end && n < 24 && p[n] != '\n' && p[n] != '\r')
    n++;
  snprintf(detail, sizeof(detail), " should be at %s, but the text there "
           "is '%.*s'", expected, (int)n, p);
  mismatch(v, loc, what, detail);
}

/*
 * Check that loc holds `token` (a punctuator or a word). A place that comes
 * from a macro expansion (XL_LOC_MACRO) is the expansion location: it must
 * hold the macro's name instead.
 */
static void expect(verifier *v, xl_loc loc, const char *what,
                   const char *token) {
  const char *p = text_at(v, loc, what);
  const char *end;
  size_t n = strlen(token);
  char quoted[64];

  if (!p)
    return;
  end = text_end(v, loc);
  if (loc.flags & XL_LOC_MACRO) {
    if (!ident_len(p, end))
      wrong_text(v, loc, what, "a macro's name (from a macro expansion)");
    return;
  }
  if ((size_t)(end - p) >= n && memcmp(p, token, n) == 0 &&
      !(ident_len(token, token + n) && ident_len(p, end) != n))
    return;
  snprintf(quoted, sizeof(quoted), "'%s'", token);
  wrong_text(v, loc, what, quoted);
}

/* Check that the place just before loc holds the character c (the end of a
 * range that ends after it, e.g. the introducer's ']'). */
static void expect_before(verifier *v, xl_loc loc, const char *what, char c) {
  const char *p = text_at(v, loc, what);
  char quoted[32];

  if (!p || (loc.flags & XL_LOC_MACRO))
    return;
  if (loc.offset > 0 && p[-1] == c)
    return;
  snprintf(quoted, sizeof(quoted), "just after '%c'", c);
  wrong_text(v, loc, what, quoted);
}

/* The last component of a qualified name, without template arguments:
 * "ns::S<int>::f<T>" gives "f"; into buf (truncated to fit). */
static const char *last_name(char *buf, size_t size, const char *name) {
  const char *p = name, *last = name;
  int depth = 0;
  size_t n = 0;

  for (; *p; p++) {
    if (*p == '<' || *p == '(')
      depth++;
    else if ((*p == '>' || *p == ')') && depth > 0)
      depth--;
    else if (depth == 0 && p[0] == ':' && p[1] == ':')
      last = p + 2;
  }
  while (last[n] && last[n] != '<' && n + 1 < size) {
    buf[n] = last[n];
    n++;
  }
  buf[n] = '\0';
  return buf;
}

/* Check that loc spells the (last component of the) name. */
static void expect_name(verifier *v, xl_loc loc, const char *what,
                        const char *name) {
  char buf[256];
  size_t n = 0;

  if (name) {
    last_name(buf, sizeof(buf), name);
    n = strlen(buf);
  }
  if (n && ident_len(buf, buf + n) == n)
    expect(v, loc, what, buf);
  else
    text_at(v, loc, what); /* consistency only */
}

/* Check a half-open range: both ends consistent, the begin before the end
 * when both are plain text of one file. */
static void check_range(verifier *v, xl_range r, const char *what) {
  const char *a = text_at(v, r.begin, what), *b = text_at(v, r.end, what);

  if (a && b && r.begin.file == r.end.file &&
      !((r.begin.flags | r.end.flags) & XL_LOC_MACRO) &&
      r.begin.offset > r.end.offset)
    mismatch(v, r.begin, what, ": the range ends before it begins");
}

/*
 * Check that loc lies inside r (an expression's or a definition's extent,
 * in expansion locations like loc): a part read from the wrong buffer or
 * the wrong file lands outside. Both must be known and consistent.
 */
static void check_within(verifier *v, xl_loc loc, xl_range r,
                         const char *what) {
  if (!xl_loc_valid(loc) || !xl_loc_valid(r.begin) || !xl_loc_valid(r.end) ||
      r.begin.file != r.end.file)
    return;
  if (!text_at(v, loc, what) || !text_at(v, r.begin, what) ||
      !text_at(v, r.end, what))
    return;
  if (loc.file != r.begin.file)
    mismatch(v, loc, what, ": the place is in another file than its "
             "construct");
  else if (loc.offset < r.begin.offset || loc.offset > r.end.offset)
    mismatch(v, loc, what, ": the place lies outside its construct's extent");
}

/* ---- what each table records ------------------------------------------- */

/* A local type's move to namespace scope (issue 18): the removed range
 * holds its declaration and starts (after blanks) with the inserted text's
 * first line; the insertion is at the start of a line. */
static void check_hoist(verifier *v, const xl_type *t) {
  const char *p, *end, *nl;

  if (!t->hoist_text)
    return;
  check_range(v, t->hoist_remove, "type 'hoist_remove'");
  check_within(v, t->decl, t->hoist_remove, "type 'decl' (hoisted)");
  if (text_at(v, t->hoist_at, "type 'hoist_at'") && t->hoist_at.col != 1)
    wrong_text(v, t->hoist_at, "type 'hoist_at'", "the start of a line");
  p = text_at(v, t->hoist_remove.begin, "type 'hoist_remove'");
  if (!p)
    return;
  end = text_end(v, t->hoist_remove.begin);
  while (p < end && isspace((unsigned char)*p))
    p++;
  nl = strchr(t->hoist_text, '\n');
  if (!nl || (size_t)(end - p) < (size_t)(nl - t->hoist_text) ||
      memcmp(p, t->hoist_text, (size_t)(nl - t->hoist_text)) != 0)
    wrong_text(v, t->hoist_remove.begin, "type 'hoist_remove'",
               "the moved definition");
}

/* An annotation: '__host__', '__device__', '__global__', an
 * '__attribute__((...))', or a macro's name: from a macro expansion
 * (XL_LOC_MACRO), or the name the recovery parse blanked in its copy
 * ('[]<class T> DEV (T x)', recover.c), where no expansion is recorded. The
 * verifier sees no macro definitions, so any identifier passes as one. */
static void check_annot(verifier *v, xl_loc loc, const char *what) {
  const char *p = text_at(v, loc, what);

  if (p && !ident_len(p, text_end(v, loc)))
    wrong_text(v, loc, what, "'__host__', '__device__' or a macro's name");
}

/* The introducer, parameter list, body and specifier places of a lambda. */
static void check_lambda(verifier *v, const xl_lambda *l) {
  char def[2] = {l->capture_default, '\0'};

  expect(v, l->loc, "lambda 'loc'", "[");
  check_range(v, l->range, "lambda 'range'");
  if (xl_loc_valid(l->intro.begin)) {
    expect(v, l->intro.begin, "lambda 'intro'", "[");
    expect_before(v, l->intro.end, "lambda 'intro' end", ']');
  }
  expect(v, l->body, "lambda 'body'", "{");
  if (l->params_loc.file == l->body.file &&
      l->params_loc.offset == l->body.offset &&
      l->params_loc.flags == l->body.flags)
    ; /* no parameter list: the body's '{', checked above */
  else
    expect(v, l->params_loc, "lambda 'params_loc'", "(");
  check_annot(v, l->annot, "lambda 'annot'");
  if (l->capture_default && xl_loc_valid(l->default_range.begin))
    expect(v, l->default_range.begin, "lambda 'default_range'", def);
  if (xl_loc_valid(l->host_annot.begin))
    expect(v, l->host_annot.begin, "lambda 'host_annot'", "__host__");
  if (xl_loc_valid(l->device_annot.begin))
    expect(v, l->device_annot.begin, "lambda 'device_annot'", "__device__");
  if (xl_loc_valid(l->macro_range.begin) && l->macro_name)
    expect(v, l->macro_range.begin, "lambda 'macro_range'", l->macro_name);
  check_within(v, l->params_loc, l->range, "lambda 'params_loc'");
  check_within(v, l->body, l->range, "lambda 'body'");
  check_within(v, l->intro.begin, l->range, "lambda 'intro'");
  check_within(v, l->default_range.begin, l->range, "lambda 'default_range'");
  check_within(v, l->annot, l->range, "lambda 'annot'");
  check_within(v, l->host_annot.begin, l->range, "lambda 'host_annot'");
  check_within(v, l->device_annot.begin, l->range, "lambda 'device_annot'");
  expect_name(v, l->var, "lambda 'var'", l->var_name);
  text_at(v, l->stmt, "lambda 'stmt'");
  if (xl_loc_valid(l->spelling))
    expect(v, l->spelling, "lambda 'spelling'", "[");
}

/* A capture: an explicit one spells its name in the list, an implicit one
 * at its first use (a variable's name); the declaration spells it too. */
static void check_capture(verifier *v, const xl_capture *c) {
  const char *name = c->name;

  if (name && strcmp(name, "*this") == 0)
    name = "this";
  if (c->kind == XL_CAPTURE_VLA || !name)
    return;
  if ((c->flags & XL_CAPTURE_EXPLICIT) || c->kind == XL_CAPTURE_VAR)
    expect_name(v, c->loc, "capture 'loc'", name);
  else
    text_at(v, c->loc, "capture 'loc'");
  if (xl_loc_valid(c->range.begin) && !(c->range.begin.flags & XL_LOC_MACRO))
    check_range(v, c->range, "capture 'range'");
  if (xl_loc_valid(c->init.begin))
    check_range(v, c->init, "capture 'init'");
  if (c->lambda < v->facts->nlambdas && c->kind != XL_CAPTURE_THIS)
    check_within(v, c->loc, v->facts->lambdas[c->lambda].range,
                 "capture 'loc'");
  if (c->kind == XL_CAPTURE_VAR || c->kind == XL_CAPTURE_INIT)
    expect_name(v, c->decl, "capture 'decl'", name);
  for (uint32_t i = 0; c->uses && i < c->nuses; i++) /* renamed in a fix */
    expect_name(v, c->uses[i], "capture 'uses'", name);
}

/* An access specifier: 'private', 'protected' or 'public'. */
static void check_access(verifier *v, xl_loc loc, const char *what) {
  const char *p = text_at(v, loc, what);
  size_t n;

  if (!p || (loc.flags & XL_LOC_MACRO))
    return;
  n = ident_len(p, text_end(v, loc));
  if ((n == 7 && memcmp(p, "private", 7) == 0) ||
      (n == 9 && memcmp(p, "protected", 9) == 0) ||
      (n == 6 && memcmp(p, "public", 6) == 0))
    return;
  wrong_text(v, loc, what, "an access specifier");
}

/* Where a member is made public: `open` starts a line, `close` is the
 * newline that ends a later line (xl_widen). */
static void check_widen(verifier *v, xl_widen w, const char *what) {
  const char *a = text_at(v, w.open, what), *b = text_at(v, w.close, what);

  if (a && w.open.col != 1)
    wrong_text(v, w.open, what, "the start of a line");
  if (b && (b >= text_end(v, w.close) || *b != '\n'))
    wrong_text(v, w.close, what, "the end of a line");
  if (a && b && w.open.offset >= w.close.offset)
    mismatch(v, w.open, what, ": the member ends before it begins");
}

static void check_func(verifier *v, const xl_func *fn) {
  if (fn->flags & (XL_FUNC_OPERATOR | XL_FUNC_DTOR | XL_FUNC_LAMBDA))
    text_at(v, fn->loc, "function 'loc'");
  else
    expect_name(v, fn->loc, "function 'loc'", fn->name);
  check_range(v, fn->range, "function 'range'");
  check_access(v, fn->access, "function 'access'");
  check_widen(v, fn->widen, "function 'widen'");
  if (xl_loc_valid(fn->constexpr_range.begin)) {
    expect(v, fn->constexpr_range.begin, "function 'constexpr_range'",
           "constexpr");
    check_range(v, fn->constexpr_range, "function 'constexpr_range'");
  }
  text_at(v, fn->ret_loc, "function 'ret_loc'");
  if (xl_loc_valid(fn->ret_range.begin) &&
      !(fn->ret_range.begin.flags & XL_LOC_MACRO)) {
    const char *p = text_at(v, fn->ret_range.begin, "function 'ret_range'");
    if (p && strncmp(p, "auto", 4) != 0 && strncmp(p, "decltype", 8) != 0)
      wrong_text(v, fn->ret_range.begin, "function 'ret_range'",
                 "'auto' or 'decltype(auto)'");
  }
  check_within(v, fn->loc, fn->range, "function 'loc'");
  check_within(v, fn->body.begin, fn->range, "function 'body'");
  if (xl_loc_valid(fn->body.begin)) {
    expect(v, fn->body.begin, "function 'body'", "{");
    expect_before(v, fn->body.end, "function 'body' end", '}');
  }
  text_at(v, fn->poi, "function 'poi'");
}

static void check_tables(verifier *v) {
  const xl_facts *fa = v->facts;
  uint32_t i;

  for (i = 0; i < fa->nlambdas; i++)
    check_lambda(v, &fa->lambdas[i]);
  for (i = 0; i < fa->ncaptures; i++)
    check_capture(v, &fa->captures[i]);
  for (i = 0; i < fa->nfuncs; i++)
    check_func(v, &fa->funcs[i]);
  for (i = 0; i < fa->nrecords; i++) {
    const xl_record *r = &fa->records[i];
    /* a specialization is spelled by its template's name; its own name may
       be another one (clang prints a `preferred_name` alias) */
    const char *name = r->pattern < fa->nrecords
                           ? fa->records[r->pattern].name : r->name;
    if (r->flags & XL_RECORD_UNNAMED)
      text_at(v, r->loc, "record 'loc'");
    else
      expect_name(v, r->loc, "record 'loc'", name);
    check_access(v, r->access, "record 'access'");
    check_widen(v, r->widen, "record 'widen'");
  }
  for (i = 0; i < fa->ntparams; i++)
    expect_name(v, fa->tparams[i].loc, "template parameter 'loc'",
                fa->tparams[i].name);
  for (i = 0; i < fa->ntypes; i++) {
    text_at(v, fa->types[i].decl, "type 'decl'");
    check_access(v, fa->types[i].access, "type 'access'");
    check_widen(v, fa->types[i].widen, "type 'widen'");
    check_hoist(v, &fa->types[i]);
  }
  for (i = 0; i < fa->nuses; i++) {
    text_at(v, fa->uses[i].loc, "use 'loc'");
    text_at(v, fa->uses[i].callee_decl, "use 'callee_decl'");
    text_at(v, fa->uses[i].site, "use 'site'");
  }
  for (i = 0; i < fa->nconds; i++) {
    expect(v, fa->conds[i].loc, "conditional 'loc'", "#");
    check_range(v, fa->conds[i].range, "conditional 'range'");
    if (xl_loc_valid(fa->conds[i].removal.begin))
      expect(v, fa->conds[i].removal.begin, "conditional 'removal'", "\n");
  }
  for (i = 0; i < fa->nfields; i++) {
    const xl_field *f = &fa->fields[i];
    if (f->flags & XL_FIELD_BASE)
      text_at(v, f->loc, "field 'loc'");
    else
      expect_name(v, f->loc, "field 'loc'", f->name);
    text_at(v, f->why, "field 'why'");
  }
}

/* Check one set of facts, appending to out; returns the mismatches or
 * XL_ENOMEM. */
static int verify_one(xl_buf *out, const xl_facts *facts) {
  verifier v;
  uint32_t i;

  memset(&v, 0, sizeof(v));
  v.facts = facts;
  v.out = *out;
  v.files = calloc(facts->nfiles ? facts->nfiles : 1, sizeof(*v.files));
  if (!v.files)
    return XL_ENOMEM;
  check_tables(&v);
  for (i = 0; i < facts->nfiles; i++) {
    free(v.files[i].buf);
    free(v.files[i].lines);
  }
  free(v.files);
  *out = v.out;
  return out->oom ? XL_ENOMEM : v.count;
}

int xl_facts_verify(char **report, const xl_facts *facts) {
  xl_buf out = XL_BUF_INIT;
  int n, total = 0;

  *report = NULL;
  for (; facts; facts = facts->device) {
    n = verify_one(&out, facts);
    if (n < 0) {
      xl_buf_free(&out);
      return n;
    }
    total += n;
  }
  if (total > 0) {
    *report = xl_buf_detach(&out);
    if (!*report)
      total = XL_ENOMEM;
  }
  xl_buf_free(&out);
  return total;
}
