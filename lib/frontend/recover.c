/*
 * recover.c: lambdas clang cannot parse because of an execution-space
 * annotation nvcc reads as annotating operator() itself.
 *
 * nvcc accepts '[]<typename T> __device__ (T x) {...}' as far as parsing
 * goes and reports lambda_operator_annotated; clang 22 stops with "expected
 * body of lambda expression" right after the annotation. For each such
 * error, the annotation just before it (__host__ / __device__ / __global__,
 * a macro defined in the file as one of those (a language-server document
 * parsed with its leading block blanked: in the editor's text, where the
 * block's '#define' still is), or __attribute__((...))) is
 * replaced by spaces in an unsaved copy of the file, and the file is parsed
 * again: the lambda is then an ordinary one (nvcc ignores the annotation
 * too), and scope.c marks it XL_LAMBDA_OPERATOR_ANNOTATED.
 *
 * nvcc also accepts a kernel launch spelled with spaces, 'k << <1, 1 >> >(x)'
 * (the CUDA programming guide's examples are written so); clang wants the
 * '<<<' and '>>>' tokens whole and stops with "expected expression" at the
 * third '<' and '>'. The copy gets '<<< ' and '>>> ' there (same length).
 */
#define _POSIX_C_SOURCE 200809L
#include <clang-c/Index.h> /* the parse side: beyond the walk's seam.h */
#include <stdlib.h>
#include <string.h>

#include "fe.h"
#include "recover.h"

#define MAX_BLANKS 64

static int is_ident_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
         (c >= '0' && c <= '9') || c == '_';
}

static size_t skip_space_back(const char *buf, size_t at) {
  while (at > 0 && (buf[at - 1] == ' ' || buf[at - 1] == '\t' ||
                    buf[at - 1] == '\n' || buf[at - 1] == '\r'))
    at--;
  return at;
}

/* The first "#define" in [p, end), or NULL. */
static const char *find_define(const char *p, const char *end) {
  for (; end - p >= 7; p++) {
    p = memchr(p, '#', (size_t)(end - p - 6));
    if (!p)
      return NULL;
    if (memcmp(p, "#define", 7) == 0)
      return p;
  }
  return NULL;
}

/* 1 when buf has '#define NAME' whose replacement names an annotation. */
static int defines_annotation(const char *buf, size_t len, const char *name,
                              size_t n) {
  const char *end = buf + len;

  for (const char *p = find_define(buf, end); p; p = find_define(p, end)) {
    const char *q = p + 7, *eol;
    while (q < end && (*q == ' ' || *q == '\t'))
      q++;
    eol = memchr(q, '\n', (size_t)(end - q));
    if (!eol)
      eol = end;
    if ((size_t)(eol - q) > n && strncmp(q, name, n) == 0 &&
        !is_ident_char(q[n]) && q[n] != '(') {
      char line[512];
      size_t m = (size_t)(eol - q) < sizeof(line) - 1 ? (size_t)(eol - q)
                                                       : sizeof(line) - 1;
      memcpy(line, q, m);
      line[m] = '\0';
      if (strstr(line, "__device__") || strstr(line, "__host__") ||
          strstr(line, "__global__") || strstr(line, "__attribute__"))
        return 1;
    }
    p = eol;
  }
  return 0;
}

/* The texts an annotation macro's definition is looked for in: the copy of
 * the file the error is in and, in the main file of a language-server
 * document parsed with its leading block blanked, the editor's text (the
 * block's '#define' is then in the precompiled header, not in the copy). */
typedef struct macro_texts {
  const char *buf, *extra;
  size_t len, extra_len;
} macro_texts;

static int annotation_macro(const macro_texts *mt, const char *name,
                            size_t n) {
  return defines_annotation(mt->buf, mt->len, name, n) ||
         (mt->extra && defines_annotation(mt->extra, mt->extra_len, name, n));
}

/* The annotation ending at `at` (exclusive): its start, or `at` if none. */
static size_t annotation_before(const macro_texts *mt, size_t at) {
  const char *buf = mt->buf;
  size_t e = skip_space_back(buf, at), b = e;
  int depth = 0;

  if (e > 0 && buf[e - 1] == ')') { /* __attribute__((...)) */
    while (b > 0) {
      b--;
      depth += buf[b] == ')' ? 1 : buf[b] == '(' ? -1 : 0;
      if (depth == 0)
        break;
    }
    b = skip_space_back(buf, b);
    if (b >= 13 && strncmp(buf + b - 13, "__attribute__", 13) == 0)
      return b - 13;
    return at;
  }
  while (b > 0 && is_ident_char(buf[b - 1]))
    b--;
  if (b == e)
    return at;
  if ((e - b == 10 && (strncmp(buf + b, "__device__", 10) == 0 ||
                       strncmp(buf + b, "__global__", 10) == 0)) ||
      (e - b == 8 && strncmp(buf + b, "__host__", 8) == 0) ||
      annotation_macro(mt, buf + b, e - b))
    return b;
  return at;
}

/* The annotation starting at `at`: its end, or `at` if none. */
static size_t annotation_at(const macro_texts *mt, size_t at) {
  const char *buf = mt->buf;
  size_t e = at, len = mt->len;
  int depth = 0;

  while (e < len && is_ident_char(buf[e]))
    e++;
  if (e - at == 13 && strncmp(buf + at, "__attribute__", 13) == 0) {
    while (e < len && (buf[e] == ' ' || buf[e] == '\t'))
      e++;
    for (; e < len; e++) {
      depth += buf[e] == '(' ? 1 : buf[e] == ')' ? -1 : 0;
      if (depth == 0)
        return buf[e] == ')' ? e + 1 : at;
    }
    return at;
  }
  if (e > at && annotation_before(mt, e) == at)
    return e;
  return at;
}

/* The unsaved copy of file path (made on first use); NULL on OOM. */
static char *copy_of(xl_recovery *rec, CXTranslationUnit tu, CXFile file,
                     const char *path) {
  size_t i, len;
  const char *text;
  char *copy;

  for (i = 0; i < rec->nunsaved; i++)
    if (strcmp(rec->unsaved[i].Filename, path) == 0)
      return (char *)rec->unsaved[i].Contents;
  text = clang_getFileContents(tu, file, &len);
  if (!text || rec->nunsaved == MAX_BLANKS)
    return NULL;
  copy = malloc(len + 1);
  if (!copy)
    return NULL;
  memcpy(copy, text, len);
  copy[len] = '\0';
  rec->unsaved[rec->nunsaved].Filename = xl_strdup(path);
  rec->unsaved[rec->nunsaved].Contents = copy;
  rec->unsaved[rec->nunsaved].Length = (unsigned long)len;
  rec->orig_hashes[rec->nunsaved] = xl_hash_bytes(XL_FNV_INIT, text, len);
  if (!rec->unsaved[rec->nunsaved].Filename) {
    free(copy);
    return NULL;
  }
  rec->nunsaved++;
  return copy;
}

/* Blank buf[b, e) and remember it. */
static void blank(xl_recovery *rec, char *buf, const char *path, size_t b,
                  size_t e) {
  char *text = malloc(e - b + 1);

  if (text) {
    memcpy(text, buf + b, e - b);
    text[e - b] = '\0';
  }
  memset(buf + b, ' ', e - b);
  rec->blanked[rec->n].path = xl_strdup(path);
  rec->blanked[rec->n].begin = (unsigned)b;
  rec->blanked[rec->n].end = (unsigned)e;
  rec->blanked[rec->n].text = text;
  if (rec->blanked[rec->n].path && text) {
    rec->n++;
    return;
  }
  free(rec->blanked[rec->n].path);
  free(text);
  rec->blanked[rec->n].path = rec->blanked[rec->n].text = NULL;
}

/*
 * Blank the annotations around one "expected body" error: clang reports it
 * at the '(' after '[]<typename T> __device__', or at the annotation itself
 * after '() mutable'.
 */
static int blank_at(xl_recovery *rec, CXTranslationUnit tu, CXFile file,
                    unsigned off) {
  CXString name = clang_getFileName(file);
  const char *path = clang_getCString(name);
  char *buf = copy_of(rec, tu, file, path);
  size_t len = buf ? strlen(buf) : 0, at = off, b;
  macro_texts mt = {buf, NULL, len, 0};
  int found = 0;

  if (rec->main_text && path && strcmp(path, rec->main_path) == 0) {
    mt.extra = rec->main_text;
    mt.extra_len = rec->main_len;
  }
  while (buf && at < len && rec->n < MAX_BLANKS) {
    b = annotation_at(&mt, at);
    if (b == at)
      break;
    blank(rec, buf, path, at, b);
    found = 1;
    for (at = b; at < len && (buf[at] == ' ' || buf[at] == '\t'); at++)
      ;
  }
  for (at = off; buf && at <= len && rec->n < MAX_BLANKS; at = b) {
    b = annotation_before(&mt, at);
    if (b >= at)
      break;
    blank(rec, buf, path, b, skip_space_back(buf, at));
    found = 1;
  }
  clang_disposeString(name);
  return found;
}

/*
 * '<<' (or '>>'), blanks, then the third chevron at off: join them into one
 * token, keeping the length. Returns 1 when it did.
 */
static int join_chevrons(xl_recovery *rec, CXTranslationUnit tu, CXFile file,
                         unsigned off) {
  CXString name = clang_getFileName(file);
  char *buf = copy_of(rec, tu, file, clang_getCString(name));
  size_t b, len = buf ? strlen(buf) : 0;
  char c = buf && off < len ? buf[off] : 0;
  int done = 0;

  b = (c == '<' || c == '>') ? skip_space_back(buf, off) : 0;
  if (b >= 2 && b < off && buf[b - 1] == c && buf[b - 2] == c &&
      (b < 3 || buf[b - 3] != c)) {
    memmove(buf + b + 1, buf + b, off - b);
    buf[b] = c;
    done = 1;
  }
  clang_disposeString(name);
  return done;
}

static int scan_errors(xl_recovery *rec, CXTranslationUnit tu) {
  unsigned i, n = clang_getNumDiagnostics(tu), off;
  int found = 0;

  for (i = 0; i < n; i++) {
    CXDiagnostic d = clang_getDiagnostic(tu, i);
    CXString msg = clang_getDiagnosticSpelling(d);
    CXFile file;
    clang_getExpansionLocation(clang_getDiagnosticLocation(d), &file, NULL,
                               NULL, &off);
    if (file && clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error &&
        !clang_Location_isInSystemHeader(clang_getDiagnosticLocation(d))) {
      const char *m = clang_getCString(msg);
      if (strcmp(m, "expected body of lambda expression") == 0)
        found |= blank_at(rec, tu, file, off);
      else if (strcmp(m, "expected expression") == 0)
        found |= join_chevrons(rec, tu, file, off);
    }
    clang_disposeString(msg);
    clang_disposeDiagnostic(d);
  }
  return found;
}

int xl_fe_recover(xl_recovery *rec, CXTranslationUnit *again,
                  CXTranslationUnit tu, CXIndex index, const char *file,
                  char **argv, int argc, const char *main_text,
                  size_t main_len) {
  *again = NULL;
  memset(rec, 0, sizeof(*rec));
  rec->main_path = file;
  rec->main_text = main_text;
  rec->main_len = main_len;
  rec->blanked = calloc(MAX_BLANKS, sizeof(*rec->blanked));
  rec->unsaved = calloc(MAX_BLANKS, sizeof(*rec->unsaved));
  rec->orig_hashes = calloc(MAX_BLANKS, sizeof(*rec->orig_hashes));
  if (!rec->blanked || !rec->unsaved || !rec->orig_hashes)
    return XL_ENOMEM;
  if (!scan_errors(rec, tu))
    return XL_OK;
  if (xl_fe_parse_tu(again, index, file, argv, argc, rec->unsaved,
                     (unsigned)rec->nunsaved,
                     CXTranslationUnit_KeepGoing) != CXError_Success) {
    *again = NULL;
    rec->n = 0; /* keep the first parse and its errors */
  }
  return XL_OK;
}

void xl_recovery_free(xl_recovery *rec) {
  size_t i;

  if (!rec)
    return;
  for (i = 0; rec->blanked && i < rec->n; i++) {
    free(rec->blanked[i].path);
    free(rec->blanked[i].text);
  }
  for (i = 0; rec->unsaved && i < rec->nunsaved; i++) {
    free((char *)rec->unsaved[i].Filename);
    free((char *)rec->unsaved[i].Contents);
  }
  free(rec->blanked);
  free(rec->unsaved);
  free(rec->orig_hashes);
  memset(rec, 0, sizeof(*rec));
}
