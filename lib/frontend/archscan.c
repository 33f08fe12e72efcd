/*
 * archscan.c: the preprocessor conditionals that depend on __CUDA_ARCH__.
 *
 * nvcc compiles a .cu file twice, once for the host and once per device
 * architecture, and only the device compilations define __CUDA_ARCH__. The
 * arms of an #if group that mention __CUDA_ARCH__ (or a macro defined under
 * such an arm, or one whose replacement mentions it) therefore exist in one
 * compilation and not in the other. This file finds them by scanning the
 * directives of every non-system file of the host translation unit, records
 * them as xl_cond facts (for the notes of the rules) and says whether the
 * file needs a device-side parse: it does when a function that holds an
 * extended lambda contains such a directive, lies inside such an arm, or
 * expands such a macro.
 */
#include <stdlib.h>
#include <string.h>

#include "fe.h"
#include "util/lex.h"

#define MAX_NESTING 64

/* Macros whose expansion differs between host and device (CCCL's target
 * macros are defined in system headers, which are not scanned). */
static const char *const known_arch_macros[] = {
    "NV_IF_TARGET", "NV_IF_ELSE_TARGET", "NV_DISPATCH_TARGET", NULL};

/* The names of the macros found to be arch macros, with a hash index:
 * is_arch_name is asked for every identifier of every directive. */
typedef struct arch_name {
  char *s;
  size_t n;
} arch_name;

typedef struct arch_names {
  arch_name *items;
  size_t n, cap;
  size_t *slots; /* 1 + an index into items; 0: empty */
  size_t nslots; /* a power of two, more than twice n; 0 before the first */
  int oom;
} arch_names;

typedef struct arm {
  size_t hash;      /* offset of the directive's '#' */
  size_t body;      /* offset after the directive line */
  size_t text_end;  /* end of the directive text */
  int arch, is_else;
} arm;

typedef struct group {
  int arch;   /* a directive of the group so far mentioned __CUDA_ARCH__ */
  xl_id id;
  arm cur;
} group;

/* What a directive is, for the scan (fe_dir.kind). */
enum dir_kind { DIR_OTHER, DIR_DEFINE, DIR_IF, DIR_ELIF, DIR_ELSE, DIR_ENDIF };

/* A user file and its directives, found and lexed once (the passes reuse
 * them), or kept by the document from its last check. */
typedef struct file_dirs {
  fe_file *file;
  const char *path;
  fe_dirs own;         /* found here */
  const fe_dirs *dirs; /* &own, or the document's (lent) */
} file_dirs;

typedef struct scan {
  xl_fe *fe;
  const fe_file *file;
  arch_names *names;
  int record;               /* pass 2: record xl_cond facts */
  group stack[MAX_NESTING];
  unsigned depth;
  xl_id next_group;
} scan;

/* ---- names ------------------------------------------------------------- */

static size_t name_slot(const arch_names *an, const char *s, size_t n) {
  return (size_t)xl_hash_bytes(XL_FNV_INIT, s, n) & (an->nslots - 1);
}

/* The index of s[0, n) in an, or -1. */
static long find_name(const arch_names *an, const char *s, size_t n) {
  size_t k, i;

  if (!an->nslots)
    return -1;
  for (k = name_slot(an, s, n); an->slots[k]; k = (k + 1) & (an->nslots - 1)) {
    i = an->slots[k] - 1;
    if (an->items[i].n == n && memcmp(an->items[i].s, s, n) == 0)
      return (long)i;
  }
  return -1;
}

static int is_arch_name(const arch_names *an, const char *s, size_t n) {
  size_t i;

  if (n >= 11 && strncmp(s, "__CUDA_ARCH", 11) == 0)
    return !(n == 18 && strncmp(s, "__CUDA_ARCH_LIST__", 18) == 0);
  for (i = 0; known_arch_macros[i]; i++)
    if (strlen(known_arch_macros[i]) == n &&
        strncmp(known_arch_macros[i], s, n) == 0)
      return 1;
  return find_name(an, s, n) >= 0;
}

/* Put name i in the first free slot from its own. */
static void place(arch_names *an, size_t i) {
  size_t k = name_slot(an, an->items[i].s, an->items[i].n);

  while (an->slots[k])
    k = (k + 1) & (an->nslots - 1);
  an->slots[k] = i + 1;
}

/* Index every name again in a table of nslots slots. 0 or -1 (no memory:
 * the old table stays). */
static int rehash(arch_names *an, size_t nslots) {
  size_t *slots = calloc(nslots, sizeof(*slots)), i;

  if (!slots)
    return -1;
  free(an->slots);
  an->slots = slots;
  an->nslots = nslots;
  for (i = 0; i < an->n; i++)
    place(an, i);
  return 0;
}

static void add_name(arch_names *an, const char *s, size_t n) {
  char *copy;

  if (is_arch_name(an, s, n))
    return;
  copy = malloc(n + 1);
  if (!copy || XL_GROW(an->items, an->cap, an->n + 1) < 0) {
    free(copy);
    an->oom = 1;
    return;
  }
  memcpy(copy, s, n);
  copy[n] = '\0';
  an->items[an->n].s = copy;
  an->items[an->n++].n = n;
  if (an->n * 2 < an->nslots)
    place(an, an->n - 1);
  else if (rehash(an, an->nslots ? an->nslots * 2 : 64) < 0)
    an->oom = 1; /* the name is kept, but not found by is_arch_name */
}

static void free_names(arch_names *an) {
  size_t i;

  for (i = 0; i < an->n; i++)
    free(an->items[i].s);
  free(an->items);
  free(an->slots);
}

/* 1 when an identifier in buf[b, e) names __CUDA_ARCH__ or an arch macro. */
static int mentions_arch(const arch_names *an, const char *buf, size_t b,
                         size_t e) {
  xl_lexer lx;
  xl_tok t;

  xl_lex_init(&lx, buf, e, b);
  while (xl_lex_next(&lx, &t) != XL_TOK_EOF)
    if (t.kind == XL_TOK_IDENT && is_arch_name(an, buf + t.begin, t.end - t.begin))
      return 1;
  return 0;
}

/* ---- directives -------------------------------------------------------- */

/* The end of the (possibly continued) line that starts at off. */
static size_t line_end(const char *buf, size_t len, size_t off) {
  size_t i;

  for (i = off; i < len; i++)
    if (buf[i] == '\n' && !(i > 0 && buf[i - 1] == '\\') &&
        !(i > 1 && buf[i - 1] == '\r' && buf[i - 2] == '\\'))
      return i;
  return len;
}

/* The start of the line holding off (after blanks before off alone). */
static size_t line_begin(const char *buf, size_t off) {
  while (off > 0 && (buf[off - 1] == ' ' || buf[off - 1] == '\t'))
    off--;
  return off;
}

/* 1 when arm a's directive is one whole line, [hash, te) its text up to
 * its line break, and the line before it ends in a non-blank character. */
static int directive_line(const char *buf, const arm *a, size_t te) {
  size_t ls = line_begin(buf, a->hash);

  return te == a->text_end && a->body == te + 1 && buf[te] == '\n' &&
         te - a->hash <= 120 && ls >= 2 && buf[ls - 1] == '\n' &&
         buf[ls - 2] != '\n' && buf[ls - 2] != ' ' && buf[ls - 2] != '\t' &&
         buf[ls - 2] != '\r' && !memchr(buf + a->hash, '\\', te - a->hash);
}

static void record_arm(scan *s, const group *g, size_t end) {
  const arm *a = &g->cur;
  xl_cond *c;
  const char *buf = s->file->buf;
  size_t te = a->text_end;

  if (!s->record || !a->arch)
    return;
  if (xl_facts_add_cond(&c, NULL, s->fe->facts) < 0) {
    xl_fe_oom(s->fe);
    return;
  }
  while (te > a->hash && (buf[te - 1] == '\r' || buf[te - 1] == ' '))
    te--;
  c->text = xl_facts_strndup(s->fe->facts, buf + a->hash,
                             te - a->hash > 120 ? 120 : te - a->hash);
  c->group = g->id;
  c->flags = a->is_else ? XL_COND_ELSE : 0;
  /* directives: spelled where they are (no clang location lookups) */
  c->loc = xl_fe_loc_spelled(s->fe, s->file, a->hash);
  c->range.begin = xl_fe_loc_spelled(s->fe, s->file, a->body);
  c->range.end = xl_fe_loc_spelled(s->fe, s->file, end);
  if (directive_line(buf, a, te)) {
    c->removal.begin =
        xl_fe_loc_spelled(s->fe, s->file, line_begin(buf, a->hash) - 1);
    c->removal.end = xl_fe_loc_spelled(s->fe, s->file, te);
  }
}

static void open_arm(group *g, size_t hash, size_t eol, size_t len,
                     int is_else) {
  g->cur.hash = hash;
  g->cur.text_end = eol;
  g->cur.body = eol < len ? eol + 1 : eol;
  g->cur.arch = g->arch;
  g->cur.is_else = is_else;
}

/* 1 when an open arm (of any enclosing group) depends on __CUDA_ARCH__. */
static int inside_arch_arm(const scan *s) {
  unsigned i;

  for (i = 0; i < s->depth; i++)
    if (s->stack[i].cur.arch)
      return 1;
  return 0;
}

/* 1 when an identifier of dir's, from its k-th on, names __CUDA_ARCH__ or
 * an arch macro. */
static int dir_mentions_arch(const scan *s, const fe_dirs *d,
                             const fe_dir *dir, size_t k) {
  const char *buf = s->file->buf;
  const fe_span *id;

  for (; k < dir->nids; k++) {
    id = &d->ids[dir->id0 + k];
    if (is_arch_name(s->names, buf + id->begin, id->end - id->begin))
      return 1;
  }
  return 0;
}

/* A #define: its name (the first identifier) is an arch macro when it is
 * defined inside an arch arm or its replacement mentions one. */
static void on_define(scan *s, const fe_dirs *d, const fe_dir *dir) {
  const fe_span *name = &d->ids[dir->id0];

  if (inside_arch_arm(s) || dir_mentions_arch(s, d, dir, 1))
    add_name(s->names, s->file->buf + name->begin, name->end - name->begin);
}

static void on_directive(scan *s, const fe_dirs *d, const fe_dir *dir) {
  size_t len = s->file->len;
  group *g;
  int arch;

  if (dir->kind == DIR_OTHER)
    return;
  if (dir->kind == DIR_DEFINE) {
    on_define(s, d, dir);
    return;
  }
  arch = dir_mentions_arch(s, d, dir, 0);
  if (dir->kind == DIR_IF) {
    if (s->depth >= MAX_NESTING)
      return;
    g = &s->stack[s->depth++];
    g->arch = arch;
    g->id = s->next_group++;
    open_arm(g, dir->hash, dir->eol, len, 0);
  } else if (s->depth == 0) {
    return;
  } else if (dir->kind == DIR_ENDIF) {
    record_arm(s, &s->stack[s->depth - 1], dir->hash);
    s->depth--;
  } else { /* #elif, #elifdef, #elifndef, #else */
    g = &s->stack[s->depth - 1];
    record_arm(s, g, dir->hash);
    g->arch |= arch;
    open_arm(g, dir->hash, dir->eol, len, dir->kind == DIR_ELSE);
  }
}

static int kind_of(const xl_lexer *lx, const xl_tok *t) {
  if (xl_tok_is(lx, t, "define"))
    return DIR_DEFINE;
  if (xl_tok_is(lx, t, "if") || xl_tok_is(lx, t, "ifdef") ||
      xl_tok_is(lx, t, "ifndef"))
    return DIR_IF;
  if (xl_tok_is(lx, t, "elif") || xl_tok_is(lx, t, "elifdef") ||
      xl_tok_is(lx, t, "elifndef"))
    return DIR_ELIF;
  if (xl_tok_is(lx, t, "else"))
    return DIR_ELSE;
  return xl_tok_is(lx, t, "endif") ? DIR_ENDIF : DIR_OTHER;
}

/* Lex the directive buf[hash, eol) once into d: its kind and the
 * identifiers after its name (a #define's own name first; a #define
 * without one is DIR_OTHER). 0, or -1 without memory. */
static int lex_directive(fe_dirs *d, const char *buf, size_t hash,
                         size_t eol) {
  xl_lexer lx;
  xl_tok t;
  fe_dir *dir;

  if (XL_GROW(d->items, d->cap, d->n + 1) < 0)
    return -1;
  dir = &d->items[d->n++];
  memset(dir, 0, sizeof(*dir));
  dir->hash = hash;
  dir->eol = eol;
  dir->id0 = d->nids;
  xl_lex_init(&lx, buf, eol, hash + 1);
  if (xl_lex_next(&lx, &t) != XL_TOK_IDENT)
    return 0;
  dir->kind = kind_of(&lx, &t);
  while (dir->kind != DIR_OTHER && xl_lex_next(&lx, &t) != XL_TOK_EOF) {
    if (t.kind != XL_TOK_IDENT) {
      if (dir->kind == DIR_DEFINE && dir->nids == 0)
        break; /* not a name */
      continue;
    }
    if (XL_GROW(d->ids, d->cap_ids, d->nids + 1) < 0)
      return -1;
    d->ids[d->nids].begin = t.begin;
    d->ids[d->nids++].end = t.end;
    dir->nids++;
  }
  if (dir->kind == DIR_DEFINE && dir->nids == 0)
    dir->kind = DIR_OTHER; /* a #define without a name */
  return 0;
}

/* Find d->file's directives (a '#' first on its line, outside comments
 * and literals) once, into d, unless the document kept them for its text.
 * 0, or -1 without memory. */
static int find_directives(file_dirs *d, const fe_incl *incl) {
  const char *buf = d->file->buf;
  size_t len = d->file->len, pos = 0, hash, eol;

  d->dirs = xl_fe_incl_dirs(incl, d->path, buf);
  if (d->dirs)
    return 0;
  d->dirs = &d->own;
  for (;;) {
    hash = xl_lex_next_directive(buf, len, pos);
    if (hash >= len)
      return 0;
    eol = line_end(buf, len, hash);
    if (lex_directive(&d->own, buf, hash, eol) < 0)
      return -1;
    pos = eol;
  }
}

/* Give the document a file's text read from disk and its directives
 * found here, for its next checks (inclusions.c keeps those of its kept
 * files; the text stays where buf points until its next check). */
static void keep_for_next(fe_incl *incl, file_dirs *d) {
  fe_file *f = d->file;

  if (f->own && f->hashed)
    xl_fe_incl_keep_text(incl, d->path, &f->own, f->len, f->hash);
  if (d->dirs == &d->own)
    xl_fe_incl_keep_dirs(incl, d->path, f->buf, &d->own);
}

static void scan_file(scan *s, const file_dirs *d) {
  size_t i;

  s->file = d->file;
  s->depth = 0;
  for (i = 0; i < d->dirs->n; i++)
    on_directive(s, d->dirs, &d->dirs->items[i]);
}

/* ---- the files of the translation unit ----------------------------------- */

typedef struct file_list {
  xl_fe *fe;
  CXFile *items;  /* the user (non-system) files */
  size_t n, cap;
  int oom;
} file_list;

/* Whether file is the name a document's precompiled block of headers
 * gave that block (docpch.c): its text is the main file's, which is
 * scanned; asking libclang for it would read every entry of the PCH. */
static int is_block_src(const xl_fe *fe, CXFile file) {
  CXString name;
  const char *s;
  int same;

  if (!fe->doc->block_src)
    return 0;
  name = clang_getFileName(file);
  s = clang_getCString(name);
  same = s && strcmp(s, fe->doc->block_src) == 0;
  clang_disposeString(name);
  return same;
}

/*
 * Keep the user files. A file included from a system header is taken to be
 * one too (clang gives a header found next to its includer the includer's
 * kind), which spares the location lookup that makes asking about the file
 * itself cost about a millisecond per file in big translation units.
 */
static void collect_file(CXFile file, CXSourceLocation *stack, unsigned depth,
                         CXClientData data) {
  file_list *fl = data;
  const fe_file *f;

  if ((depth > 0 && clang_Location_isInSystemHeader(stack[0])) ||
      is_block_src(fl->fe, file))
    return;
  f = xl_fe_file(fl->fe, file); /* its kind found once, then kept */
  if (!f || f->system)
    return;
  if (XL_GROW(fl->items, fl->cap, fl->n + 1) < 0) {
    fl->oom = 1;
    return;
  }
  fl->items[fl->n++] = file;
}

/* The kept list of a document's user files, when it has one that still
 * names files of this translation unit. Returns 1 when fl was filled. */
static int kept_files(file_list *fl) {
  size_t n, i;
  const char *const *paths = xl_fe_incl_files(fl->fe->doc->incl, &n);
  const fe_file *f;
  CXFile file;

  if (!paths)
    return 0;
  for (i = 0; i < n; i++) {
    file = clang_getFile(fl->fe->tu, paths[i]);
    f = file ? xl_fe_file(fl->fe, file) : NULL;
    if (!f || f->system || XL_GROW(fl->items, fl->cap, fl->n + 1) < 0) {
      fl->n = 0; /* not a user file of this unit (or no memory): ask clang */
      return 0;
    }
    fl->items[fl->n++] = file;
  }
  return 1;
}

/* 1 when fl holds f's file. */
static int listed(const file_list *fl, const fe_file *f) {
  size_t i;

  for (i = 0; i < fl->n; i++)
    if (xl_fe_file(fl->fe, fl->items[i]) == f)
      return 1;
  return 0;
}

/* Add the user files of a document's precompiled block (docpch.c), which
 * clang_getInclusions does not list: it reads a PCH's files only when the
 * unit has none of its own. */
static void add_block_files(file_list *fl) {
  xl_fe *fe = fl->fe;
  const fe_file *f;
  CXFile file;
  size_t i;

  for (i = 0; i < fe->doc->nblock_files && !fl->oom; i++) {
    file = clang_getFile(fe->tu, fe->doc->block_files[i]);
    f = file ? xl_fe_file(fe, file) : NULL;
    if (!f || f->system || listed(fl, f))
      continue;
    if (XL_GROW(fl->items, fl->cap, fl->n + 1) < 0)
      fl->oom = 1;
    else
      fl->items[fl->n++] = file;
  }
}

/* Fill fl with the user files of the unit: the document's kept list, else
 * clang_getInclusions (then kept for the document's next check), and its
 * precompiled block's. */
static void user_files(file_list *fl) {
  xl_fe *fe = fl->fe;
  const char **paths;
  size_t i;

  if (kept_files(fl)) {
    add_block_files(fl);
    return;
  }
  clang_getInclusions(fe->tu, collect_file, fl);
  add_block_files(fl);
  if (fl->oom || !fe->doc->incl)
    return;
  paths = calloc(fl->n ? fl->n : 1, sizeof(*paths));
  for (i = 0; paths && i < fl->n; i++)
    paths[i] = fe->facts->files[xl_fe_file(fe, fl->items[i])->id];
  if (!paths || xl_fe_incl_keep(fe->doc->incl, paths, fl->n) < 0)
    xl_fe_oom(fe);
  free(paths);
}

/* Scan every user file's directives three times, so that macros defined
 * late still count; the last pass records. Each file is lexed once.
 * Returns 0, or -1 without memory. */
static int scan_all(scan *s, const file_list *fl) {
  file_dirs *dirs = calloc(fl->n ? fl->n : 1, sizeof(*dirs));
  fe_incl *incl = s->fe->doc->incl;
  size_t i;
  int pass, rc = -1;

  if (!dirs)
    return -1;
  for (i = 0; i < fl->n; i++) {
    fe_file *f = xl_fe_file(s->fe, fl->items[i]);
    if (f && f->buf && !f->system) {
      dirs[i].file = f;
      dirs[i].path = s->fe->facts->files[f->id];
      if (find_directives(&dirs[i], incl) < 0)
        goto cleanup;
    }
  }
  for (pass = 0; pass < 3; pass++) {
    s->record = pass == 2;
    s->next_group = 0;
    for (i = 0; i < fl->n; i++)
      if (dirs[i].file)
        scan_file(s, &dirs[i]);
  }
  for (i = 0; incl && i < fl->n; i++)
    if (dirs[i].file)
      keep_for_next(incl, &dirs[i]);
  rc = 0;
cleanup:
  for (i = 0; i < fl->n; i++)
    xl_fe_dirs_free(&dirs[i].own);
  free(dirs);
  return rc;
}

/* ---- does the file need the device side? ------------------------------- */

static int func_has_extended_lambda(const xl_facts *f, xl_id fn) {
  uint32_t i;

  for (i = 0; i < f->nlambdas; i++)
    if (f->lambdas[i].func == fn && (f->lambdas[i].flags & XL_LAMBDA_EXTENDED))
      return 1;
  return 0;
}

static int func_needs_device(xl_fe *fe, const arch_names *an,
                             const xl_func *fn) {
  const xl_facts *f = fe->facts;
  xl_loc b = fn->range.begin, e = fn->range.end;
  CXFile file;
  fe_file *ff;
  uint32_t i;

  if (!xl_loc_valid(b) || b.file != e.file || b.file >= f->nfiles)
    return 0;
  for (i = 0; i < f->nconds; i++) {
    const xl_cond *c = &f->conds[i];
    if (c->loc.file != b.file)
      continue;
    /* a directive inside the function, or the function inside an arm */
    if ((c->loc.offset >= b.offset && c->loc.offset < e.offset) ||
        (c->range.begin.offset <= b.offset && b.offset < c->range.end.offset))
      return 1;
  }
  file = clang_getFile(fe->tu, f->files[b.file]);
  ff = xl_fe_file(fe, file);
  return ff && ff->buf && e.offset <= ff->len &&
         mentions_arch(an, ff->buf, b.offset, e.offset);
}

int xl_fe_arch_scan(int *out_needed, xl_fe *fe) {
  scan *s = calloc(1, sizeof(*s));
  arch_names names;
  file_list fl;
  uint32_t i;

  *out_needed = 0;
  memset(&names, 0, sizeof(names));
  memset(&fl, 0, sizeof(fl));
  if (!s)
    return XL_ENOMEM;
  s->fe = fe;
  s->names = &names;
  fl.fe = fe;
  user_files(&fl);
  if (!fl.oom && scan_all(s, &fl) < 0)
    fl.oom = 1;
  for (i = 0; i < fe->facts->nfuncs && !*out_needed; i++)
    if (func_has_extended_lambda(fe->facts, i))
      *out_needed = func_needs_device(fe, &names, &fe->facts->funcs[i]);
  if (fl.oom || names.oom)
    xl_fe_oom(fe);
  free_names(&names);
  free(fl.items);
  free(s);
  return fe->status;
}
