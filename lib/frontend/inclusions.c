/*
 * inclusions.c: the user files of a document's translation unit, kept from
 * one check to the next.
 *
 * archscan.c scans every user file of the translation unit, and finds them
 * with clang_getInclusions, which reads every source entry clang loaded:
 * with a precompiled preamble that is each file and macro expansion of its
 * headers, read back from the preamble (200 to 400 ms a check of a
 * language-server document that includes Thrust, most of the check). The
 * files a text enters depend only on its #include directives and what
 * precedes them, on the files they reach and on the arguments, which a
 * document keeps. So a document keeps the list its last check found, with
 * a key: the hash of the text's leading block of directives and comments
 * (where clang's preamble lies), of the unsaved files' names and texts,
 * and each kept file's size and modification time on disk. The list is
 * reused when the next text has the same key and no #include (nor #import
 * or #embed) directive after that block; otherwise clang_getInclusions runs
 * again and the list is replaced.
 *
 * With the list, the texts of its files that a check read from disk (and
 * their hashes) and their directives (archscan.c) are kept: valid while
 * the list is, as each file's size and modification time are those it had
 * when read. The next check takes them instead of reading, hashing and
 * lexing each header again (a Kokkos file: 567 headers, 6.5 MB, about 30
 * ms an edit). A text let go of is freed at the next xl_fe_incl_prepare,
 * not before: the check under way may still read it (fe_file.buf).
 *
 * Not seen: a system header edited on disk so that it now includes a user
 * file (clang rebuilds the preamble; the list is refreshed by the next
 * change of the leading block, of a kept file or of an unsaved file).
 *
 * A walk file (CMakeLists.txt's XL_WALK_SOURCES) that calls no libclang
 * function: archscan.c reads and fills the list.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "fe.h"
#include "xlambda/xlambda.h" /* xl_unsaved_file */

typedef struct kept_file {
  char *path;
  long long size, mtime_ns; /* -1 when it could not be stat'ed */
  char *text;               /* its text as a check read it, or NULL */
  size_t len;
  uint64_t hash;            /* of text */
  fe_dirs dirs;             /* its directives in text (archscan.c) */
  int has_dirs;
} kept_file;

struct fe_incl {
  char *main_file;  /* not stat'ed: its text is the document's */
  kept_file *files;
  const char **paths; /* files[i].path, for xl_fe_incl_files */
  size_t n;
  size_t *slots;      /* 1 + an index into files, by path; 0: empty */
  size_t nslots;      /* a power of two, more than twice n */
  char **retired;     /* texts let go of: a check may still read them */
  size_t nretired, cap_retired;
  uint64_t key;     /* of the text xl_fe_incl_prepare was last given */
  int late;         /* that text has an #include after its leading block */
  int usable;       /* files hold the list of that text */
  int fresh;        /* files were kept since that text was prepared */
};

int xl_fe_incl_new(fe_incl **out, const char *main_file) {
  fe_incl *c = calloc(1, sizeof(*c));

  *out = NULL;
  if (c)
    c->main_file = xl_strdup(main_file);
  if (!c || !c->main_file) {
    free(c);
    return XL_ENOMEM;
  }
  *out = c;
  return XL_OK;
}

/* Let go of a kept text: freed by the next xl_fe_incl_prepare, as the
 * check under way may still read it (fe_file.buf). Without memory to
 * remember it, it is left (a leak, never a text freed under a reader). */
static void retire(fe_incl *c, char *text) {
  if (text && XL_GROW(c->retired, c->cap_retired, c->nretired + 1) == 0)
    c->retired[c->nretired++] = text;
}

static void free_retired(fe_incl *c) {
  size_t i;

  for (i = 0; i < c->nretired; i++)
    free(c->retired[i]);
  c->nretired = 0;
}

static void forget(fe_incl *c) {
  size_t i;

  for (i = 0; i < c->n; i++) {
    free(c->files[i].path);
    retire(c, c->files[i].text);
    xl_fe_dirs_free(&c->files[i].dirs);
  }
  free(c->files);
  free(c->paths);
  free(c->slots);
  c->files = NULL;
  c->paths = NULL;
  c->slots = NULL;
  c->n = c->nslots = 0;
  c->usable = 0;
}

void xl_fe_incl_free(fe_incl *c) {
  if (!c)
    return;
  forget(c);
  free_retired(c);
  free(c->retired);
  free(c->main_file);
  free(c);
}

size_t xl_fe_skip_blank(const char *s, size_t n, size_t i) {
  while (i < n) {
    if (isspace((unsigned char)s[i])) {
      i++;
    } else if (s[i] == '/' && i + 1 < n && s[i + 1] == '/') {
      while (i < n && s[i] != '\n')
        i++;
    } else if (s[i] == '/' && i + 1 < n && s[i + 1] == '*') {
      for (i += 2; i + 1 < n && !(s[i] == '*' && s[i + 1] == '/'); i++)
        ;
      i = i + 2 < n ? i + 2 : n;
    } else {
      break;
    }
  }
  return i;
}

size_t xl_fe_leading_block(const char *s, size_t n) {
  size_t i = (n >= 3 && memcmp(s, "\xef\xbb\xbf", 3) == 0) ? 3 : 0;

  for (i = xl_fe_skip_blank(s, n, i); i < n && s[i] == '#';
       i = xl_fe_skip_blank(s, n, i)) {
    while (i < n && !(s[i] == '\n' && s[i - 1] != '\\'))
      i++; /* to the end of the line, continuations included */
  }
  return i;
}

/* 1 when s[i, eol) holds word. */
static int has_word(const char *s, size_t i, size_t eol, const char *word) {
  size_t k = strlen(word);

  for (; i + k <= eol; i++)
    if (memcmp(s + i, word, k) == 0)
      return 1;
  return 0;
}

/* 1 when a line of s[from, n) whose first character other than blanks is
 * '#' mentions include, import or embed (a directive that enters a file;
 * one in a comment or string counts too, which only costs the reuse). */
static int late_include(const char *s, size_t from, size_t n) {
  size_t i = from, eol;

  while (i < n) {
    while (i < n && (s[i] == ' ' || s[i] == '\t'))
      i++;
    for (eol = i; eol < n && s[eol] != '\n'; eol++)
      ;
    if (i < eol && s[i] == '#' &&
        (has_word(s, i, eol, "include") || has_word(s, i, eol, "import") ||
         has_word(s, i, eol, "embed")))
      return 1;
    i = eol + 1;
  }
  return 0;
}

static void stat_file(kept_file *f) {
  xl_file_stamp(&f->size, &f->mtime_ns, f->path); /* -1 when it cannot */
}

/* 1 when every kept file other than the main file is as it was on disk. */
static int unchanged_on_disk(const fe_incl *c) {
  kept_file now;
  size_t i;

  for (i = 0; i < c->n; i++) {
    if (strcmp(c->files[i].path, c->main_file) == 0)
      continue;
    now.path = c->files[i].path;
    stat_file(&now);
    if (now.size != c->files[i].size || now.mtime_ns != c->files[i].mtime_ns)
      return 0;
  }
  return 1;
}

void xl_fe_incl_prepare(fe_incl *c, const char *text, size_t len,
                        const xl_unsaved_file *files, size_t nfiles) {
  size_t end = xl_fe_leading_block(text, len), i;
  uint64_t key = xl_hash_bytes(XL_FNV_INIT, text, end);

  for (i = 0; i < nfiles; i++) {
    key = xl_hash_bytes(key, files[i].path, strlen(files[i].path) + 1);
    key = xl_hash_bytes(key, files[i].text, files[i].len);
    key = xl_hash_bytes(key, "", 1); /* the end of one file's text */
  }
  free_retired(c); /* no check reads them now */
  c->late = late_include(text, end, len);
  c->usable = c->usable && !c->late && key == c->key && unchanged_on_disk(c);
  c->key = key;
  c->fresh = 0;
  if (!c->usable)
    forget(c);
}

int xl_fe_incl_reused(const fe_incl *c) {
  return c && c->usable && !c->fresh;
}

const char *const *xl_fe_incl_files(const fe_incl *c, size_t *n) {
  *n = c && c->usable ? c->n : 0;
  return c && c->usable ? (const char *const *)c->paths : NULL;
}

static size_t path_slot(const fe_incl *c, const char *path) {
  return (size_t)xl_hash_bytes(XL_FNV_INIT, path, strlen(path)) &
         (c->nslots - 1);
}

/* Index the kept files by path. 0, or -1 without memory. */
static int index_paths(fe_incl *c) {
  size_t i, k;

  for (c->nslots = 16; c->nslots <= 2 * c->n; c->nslots *= 2)
    ;
  c->slots = calloc(c->nslots, sizeof(*c->slots));
  if (!c->slots)
    return -1;
  for (i = 0; i < c->n; i++) {
    for (k = path_slot(c, c->files[i].path); c->slots[k];
         k = (k + 1) & (c->nslots - 1))
      ;
    c->slots[k] = i + 1;
  }
  return 0;
}

/* The kept file of path while the list is usable, or NULL. */
static kept_file *kept(const fe_incl *c, const char *path) {
  size_t k, i;

  if (!c || !c->usable || !c->slots)
    return NULL;
  for (k = path_slot(c, path); c->slots[k]; k = (k + 1) & (c->nslots - 1)) {
    i = c->slots[k] - 1;
    if (strcmp(c->files[i].path, path) == 0)
      return &c->files[i];
  }
  return NULL;
}

const char *xl_fe_incl_text(const fe_incl *c, const char *path, size_t *len,
                            uint64_t *hash) {
  const kept_file *f = kept(c, path);

  if (!f || !f->text)
    return NULL;
  *len = f->len;
  *hash = f->hash;
  return f->text;
}

void xl_fe_incl_keep_text(fe_incl *c, const char *path, char **text,
                          size_t len, uint64_t hash) {
  kept_file *f = kept(c, path);

  if (!f || f->text || !*text)
    return;
  f->text = *text;
  f->len = len;
  f->hash = hash;
  *text = NULL;
}

void xl_fe_dirs_free(fe_dirs *d) {
  if (!d)
    return;
  free(d->items);
  free(d->ids);
  memset(d, 0, sizeof(*d));
}

const fe_dirs *xl_fe_incl_dirs(const fe_incl *c, const char *path,
                               const char *text) {
  const kept_file *f = kept(c, path);

  return f && f->has_dirs && f->text == text ? &f->dirs : NULL;
}

void xl_fe_incl_keep_dirs(fe_incl *c, const char *path, const char *text,
                          fe_dirs *dirs) {
  kept_file *f = kept(c, path);

  if (!f || f->text != text || f->has_dirs)
    return;
  f->dirs = *dirs;
  f->has_dirs = 1;
  memset(dirs, 0, sizeof(*dirs));
}

int xl_fe_incl_keep(fe_incl *c, const char *const *paths, size_t n) {
  forget(c);
  if (c->late)
    return XL_OK;
  c->files = calloc(n ? n : 1, sizeof(*c->files));
  c->paths = calloc(n ? n : 1, sizeof(*c->paths));
  if (!c->files || !c->paths)
    goto oom;
  for (; c->n < n; c->n++) {
    kept_file *f = &c->files[c->n];
    f->path = xl_strdup(paths[c->n]);
    if (!f->path)
      goto oom;
    stat_file(f);
    c->paths[c->n] = f->path;
  }
  if (index_paths(c) < 0)
    goto oom;
  c->usable = c->fresh = 1;
  return XL_OK;
oom:
  forget(c);
  return XL_ENOMEM;
}

void xl_fe_incl_drop(fe_incl *c) {
  if (c)
    forget(c);
}
