/*
 * lsp_publish.c: findings -> Diagnostic[] and CodeAction[].
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "lsp_publish.h"

struct lsp_other_file {
  char *path, *uri;
  char *data; /* NULL when it could not be read */
  size_t len;
};

void xl_lsp_publication_done(lsp_publication *p) {
  size_t i;

  for (i = 0; i < p->nfiles; i++) {
    free(p->files[i].path);
    free(p->files[i].uri);
    free(p->files[i].data);
  }
  free(p->files);
  p->files = NULL;
  p->nfiles = p->cap_files = 0;
}

/* Copy into f the editor's text of path, when the check parsed one.
 * Returns 1 when it did (f->data NULL when out of memory), else 0. */
static int other_text(lsp_other_file *f, const lsp_publication *p,
                      const char *path) {
  size_t i;

  for (i = 0; i < p->nothers; i++) {
    if (strcmp(p->others[i].path, path) != 0)
      continue;
    f->len = p->others[i].len;
    f->data = malloc(f->len + 1);
    if (f->data) {
      memcpy(f->data, p->others[i].text, f->len);
      f->data[f->len] = '\0';
    }
    return 1;
  }
  return 0;
}

/* The text and URI of a file: the snapshot for the document itself, the
 * editor's text of another open document, else the file on disk. */
static const lsp_other_file *other_file(lsp_publication *p, const char *path) {
  lsp_other_file *f;
  size_t i;

  for (i = 0; i < p->nfiles; i++)
    if (strcmp(p->files[i].path, path) == 0)
      return &p->files[i];
  if (XL_GROW(p->files, p->cap_files, p->nfiles + 1) < 0)
    return NULL;
  f = &p->files[p->nfiles];
  memset(f, 0, sizeof(*f));
  f->path = xl_strdup(path);
  f->uri = xl_lsp_uri_from_path(path);
  if (!f->path || !f->uri) {
    free(f->path);
    free(f->uri);
    return NULL;
  }
  if (!other_text(f, p, path) && xl_read_file(&f->data, &f->len, path, NULL) < 0)
    f->data = NULL;
  p->nfiles++;
  return f;
}

typedef struct file_view {
  const char *uri, *text; /* text is NULL when the file could not be read */
  size_t len;
} file_view;

static int view(file_view *v, lsp_publication *p, const char *path) {
  const lsp_other_file *f;

  if (strcmp(path, p->path) == 0) {
    v->uri = p->uri;
    v->text = p->text;
    v->len = p->len;
    return 0;
  }
  f = other_file(p, path);
  if (!f)
    return -1;
  v->uri = f->uri;
  v->text = f->data;
  v->len = f->data ? f->len : 0;
  return 0;
}

/* ---- ranges ------------------------------------------------------------ */

/*
 * The LSP position of a place: from its byte offset in the text, or, when
 * the file could not be read, from its line and byte column as they are.
 */
static lsp_pos pos_at(const file_view *v, const xl_dloc *at,
                      lsp_encoding enc) {
  lsp_pos p;

  if (v->text)
    return xl_lsp_position(v->text, v->len, at->offset, enc);
  p.line = at->line ? at->line - 1 : 0;
  p.character = at->col ? at->col - 1 : 0;
  return p;
}

static int ident_char(char c) {
  return isalnum((unsigned char)c) || c == '_';
}

/* The range of the token at `at`: an identifier, or one character. */
static lsp_range token_range(const file_view *v, const xl_dloc *at,
                             lsp_encoding enc) {
  size_t end = at->offset;
  lsp_range r;

  r.start = r.end = pos_at(v, at, enc);
  if (!v->text || end >= v->len)
    return r;
  if (ident_char(v->text[end])) {
    while (end < v->len && ident_char(v->text[end]))
      end++;
  } else if (v->text[end] != '\n' && v->text[end] != '\r') {
    end++;
  }
  r.end = xl_lsp_position(v->text, v->len, end, enc);
  return r;
}

/* A highlighted range on the diagnostic's line that holds it, or -1. */
static int find_range(const xl_diag *d) {
  size_t i;

  for (i = 0; i + 1 < d->nranges; i += 2) {
    const xl_dloc *b = &d->ranges[i], *e = &d->ranges[i + 1];
    if (b->file == d->loc.file && b->line == d->loc.line &&
        e->line == d->loc.line && b->offset <= d->loc.offset &&
        d->loc.offset <= e->offset && b->offset < e->offset)
      return (int)i;
  }
  return -1;
}

static lsp_range diag_range(const file_view *v, const xl_diag *d,
                            lsp_encoding enc) {
  int i = find_range(d);
  lsp_range r;

  if (i < 0)
    return token_range(v, &d->loc, enc);
  r.start = pos_at(v, &d->ranges[i], enc);
  r.end = pos_at(v, &d->ranges[i + 1], enc);
  return r;
}

static json_t *range_json(lsp_range r) {
  return json_pack("{s:{s:i,s:i},s:{s:i,s:i}}", "start", "line",
                   (json_int_t)r.start.line, "character",
                   (json_int_t)r.start.character, "end", "line",
                   (json_int_t)r.end.line, "character",
                   (json_int_t)r.end.character);
}

/* ---- diagnostics ------------------------------------------------------- */

/*
 * Where a finding shows in the document: its own place there, else the
 * first of its notes there (a finding in a header that a lambda of the
 * document causes: the header's template asks for its return type, say,
 * and a note points at the lambda). NULL: the document does not show it.
 */
static const xl_dloc *anchor(const lsp_publication *p, const xl_diag *d) {
  size_t i;

  if (d->flags & XL_DIAG_CLANG || d->loc.line == 0)
    return NULL;
  if (strcmp(d->loc.file, p->path) == 0)
    return &d->loc;
  for (i = 0; i < d->nnotes; i++)
    if (d->notes[i]->loc.line > 0 &&
        strcmp(d->notes[i]->loc.file, p->path) == 0)
      return &d->notes[i]->loc;
  return NULL;
}

static int published(const lsp_publication *p, const xl_diag *d) {
  return anchor(p, d) != NULL;
}

/* The finding's range in the document (published(p, d) holds). */
static lsp_range shown_range(lsp_publication *p, const xl_diag *d) {
  const xl_dloc *at = anchor(p, d);
  file_view v;

  view(&v, p, p->path); /* the document's own text: cannot fail */
  return at == &d->loc ? diag_range(&v, d, p->enc)
                       : token_range(&v, at, p->enc);
}

static int severity(xl_severity s) {
  return s == XL_SEV_ERROR ? 1 : s == XL_SEV_WARNING ? 2 : 3;
}

/* One DiagnosticRelatedInformation. */
static int add_related(json_t *out, const file_view *v, lsp_range r,
                       const char *message) {
  return json_array_append_new(
      out, json_pack("{s:{s:s,s:o},s:s}", "location", "uri", v->uri, "range",
                     range_json(r), "message", message));
}

/* The notes, after the finding's own place when it is in another file. */
static json_t *related(lsp_publication *p, const xl_diag *d) {
  json_t *out = json_array();
  file_view v;
  size_t i;

  if (out && anchor(p, d) != &d->loc &&
      (view(&v, p, d->loc.file) < 0 ||
       add_related(out, &v, diag_range(&v, d, p->enc), d->message) < 0)) {
    json_decref(out);
    return NULL;
  }
  for (i = 0; out && i < d->nnotes; i++) {
    const xl_note *n = d->notes[i];
    const xl_dloc *at = n->loc.line > 0 ? &n->loc : &d->loc;
    if (view(&v, p, at->file) < 0) {
      json_decref(out);
      return NULL;
    }
    if (add_related(out, &v, token_range(&v, at, p->enc), n->message) < 0) {
      json_decref(out);
      return NULL;
    }
  }
  return out;
}

/* The message; a finding in another file says where it is. */
static void shown_message(xl_buf *b, const lsp_publication *p,
                          const xl_diag *d) {
  const char *base = strrchr(d->loc.file, '/');

  xl_buf_puts(b, d->message);
  if (anchor(p, d) != &d->loc)
    xl_buf_printf(b, " (in '%s', line %u)", base ? base + 1 : d->loc.file,
                  d->loc.line);
}

static json_t *diag_json(lsp_publication *p, const xl_diag *d) {
  json_t *j;
  xl_buf href = XL_BUF_INIT, msg = XL_BUF_INIT;

  shown_message(&msg, p, d);
  j = msg.oom ? NULL
              : json_pack("{s:o,s:i,s:s,s:s,s:s}", "range",
                          range_json(shown_range(p, d)), "severity",
                          severity(d->severity), "code", d->rule_name,
                          "source", "xlambda", "message", msg.data);
  xl_buf_free(&msg);
  if (j && d->nnotes)
    json_object_set_new(j, "relatedInformation", related(p, d));
  if (j && p->docs_url && d->rule >= 0) {
    xl_buf_printf(&href, "%s/%s.md", p->docs_url, d->rule_name);
    if (!href.oom)
      json_object_set_new(j, "codeDescription",
                          json_pack("{s:s}", "href", href.data));
  }
  xl_buf_free(&href);
  return j;
}

json_t *xl_lsp_diagnostics(lsp_publication *p) {
  json_t *out = json_array(), *inc;
  size_t i;

  for (i = 0; out && i < p->diags->count; i++) {
    const xl_diag *d = p->diags->items[i];
    if (published(p, d) && json_array_append_new(out, diag_json(p, d)) < 0) {
      json_decref(out);
      out = NULL;
    }
  }
  inc = out ? xl_lsp_incomplete_diagnostic(p) : NULL;
  if (inc && json_array_append_new(out, inc) < 0) {
    json_decref(out);
    out = NULL;
  }
  return out;
}

static int ends_with(const char *s, const char *tail) {
  size_t n = strlen(s), t = strlen(tail);

  return n >= t && strcmp(s + n - t, tail) == 0;
}

/*
 * clang's first error that leaves xlambda blind: a file not found, or an
 * error in another file (a header the command cannot compile). Typing
 * errors in the document itself are clangd's to show.
 */
static const xl_diag *blinding_error(const lsp_publication *p) {
  size_t i;

  for (i = 0; i < p->diags->count; i++) {
    const xl_diag *d = p->diags->items[i];
    if ((d->flags & XL_DIAG_CLANG) && d->severity == XL_SEV_ERROR &&
        (ends_with(d->message, "file not found") ||
         strcmp(d->loc.file, p->path) != 0))
      return d;
  }
  return NULL;
}

json_t *xl_lsp_incomplete_diagnostic(lsp_publication *p) {
  const xl_diag *d = blinding_error(p);
  xl_buf msg = XL_BUF_INIT;
  lsp_range r = {{0, 0}, {0, 0}};
  file_view v;
  json_t *j;

  if (!d)
    return NULL;
  if (strcmp(d->loc.file, p->path) == 0 && view(&v, p, d->loc.file) == 0)
    r = token_range(&v, &d->loc, p->enc);
  xl_buf_printf(&msg, "xlambda could not check this file fully (findings "
                "may be missing): %s", d->message);
  if (strcmp(d->loc.file, p->path) != 0 && *d->loc.file)
    xl_buf_printf(&msg, " (in '%s')", d->loc.file);
  if (p->origin)
    xl_buf_printf(&msg, "; the compile command is from %s%s", p->origin,
                  strstr(p->origin, "fallback")
                      ? ": give the include paths in compile_commands.json "
                        "or compile_flags.txt"
                      : "");
  j = msg.oom ? NULL
              : json_pack("{s:o,s:i,s:s,s:s,s:s}", "range", range_json(r),
                          "severity", 2, "code", "xlambda-incomplete",
                          "source", "xlambda", "message", msg.data);
  xl_buf_free(&msg);
  return j;
}

/* ---- code actions ------------------------------------------------------ */

/* Quote up to one line and 40 bytes of s. */
static void quote(xl_buf *b, const char *s, size_t n) {
  size_t cut = strcspn(s, "\n") < n ? strcspn(s, "\n") : n;

  if (cut > 40)
    cut = 37;
  xl_buf_putc(b, '\'');
  xl_buf_put(b, s, cut);
  xl_buf_puts(b, cut < n ? "...'" : "'");
}

/* clangd's titles: "change 'a' to 'b'", "remove 'a'", "insert 'b'". */
static char *fix_title(lsp_publication *p, const xl_fixit *f) {
  xl_buf b = XL_BUF_INIT;
  file_view v;
  size_t at = f->begin.offset, n = f->end.offset - f->begin.offset;

  if (view(&v, p, f->begin.file) < 0)
    return NULL;
  if (!v.text || at > v.len || n > v.len - at) {
    xl_buf_puts(&b, "apply the fix-it"); /* the file cannot be read */
  } else if (n && *f->text) {
    xl_buf_puts(&b, "change ");
    quote(&b, v.text + at, n);
    xl_buf_puts(&b, " to ");
    quote(&b, f->text, strlen(f->text));
  } else if (n) {
    xl_buf_puts(&b, "remove ");
    quote(&b, v.text + at, n);
  } else {
    xl_buf_puts(&b, "insert ");
    quote(&b, f->text, strlen(f->text));
  }
  if (b.oom) {
    xl_buf_free(&b);
    return NULL;
  }
  return xl_buf_detach(&b);
}

/* WorkspaceEdit.changes: uri -> TextEdit[]. */
static json_t *edit_json(lsp_publication *p, const xl_fixit *fixits,
                         size_t n) {
  json_t *changes = json_object(), *edits;
  file_view v;
  lsp_range r;
  size_t i;

  for (i = 0; changes && i < n; i++) {
    if (view(&v, p, fixits[i].begin.file) < 0)
      goto oom;
    edits = json_object_get(changes, v.uri);
    if (!edits && json_object_set_new(changes, v.uri, edits = json_array()) < 0)
      goto oom;
    r.start = pos_at(&v, &fixits[i].begin, p->enc);
    r.end = pos_at(&v, &fixits[i].end, p->enc);
    if (json_array_append_new(edits, json_pack("{s:o,s:s}", "range",
                                               range_json(r), "newText",
                                               fixits[i].text)) < 0)
      goto oom;
  }
  return changes ? json_pack("{s:o}", "changes", changes) : NULL;
oom:
  json_decref(changes);
  return NULL;
}

static int json_array_contains(const json_t *a, const json_t *v) {
  size_t i;
  const json_t *e;

  json_array_foreach(a, i, e) {
    if (json_equal((json_t *)e, (json_t *)v))
      return 1;
  }
  return 0;
}

/*
 * Add a quick fix for finding `diag` that applies fixits[0..n): one action
 * per distinct edit, titled by the edit; a second finding with the same
 * edit joins the action's diagnostics. Preferred when any of its fixes
 * keeps the meaning (a finding's own fix-it, not a note's).
 */
static int add_action(json_t *out, lsp_publication *p, const json_t *diag,
                      const xl_fixit *fixits, size_t n, int preferred) {
  json_t *edit = edit_json(p, fixits, n), *a, *ds;
  char *title = NULL;
  size_t i;
  int rc = -1;

  if (!edit)
    return -1;
  json_array_foreach(out, i, a) {
    if (!json_equal(json_object_get(a, "edit"), edit))
      continue;
    ds = json_object_get(a, "diagnostics");
    if (!json_array_contains(ds, diag))
      json_array_append(ds, (json_t *)diag);
    if (preferred)
      json_object_set_new(a, "isPreferred", json_true());
    json_decref(edit);
    return 0;
  }
  title = fix_title(p, &fixits[0]);
  a = title ? json_pack("{s:s,s:s,s:[O],s:b,s:o}", "title", title, "kind",
                        "quickfix", "diagnostics", diag, "isPreferred",
                        preferred, "edit", edit)
            : NULL;
  if (!title)
    json_decref(edit);
  rc = a ? json_array_append_new(out, a) : -1;
  free(title);
  return rc;
}

static int actions_for(json_t *out, lsp_publication *p, const xl_diag *d,
                       const json_t *dj) {
  size_t i;
  int rc = 0;

  if (d->nfixits)
    rc = add_action(out, p, dj, d->fixits, d->nfixits, 1);
  for (i = 0; rc == 0 && i < d->nnotes; i++)
    if (d->notes[i]->nfixits)
      rc = add_action(out, p, dj, d->notes[i]->fixits, d->notes[i]->nfixits,
                      0);
  return rc;
}

static int pos_before(lsp_pos a, lsp_pos b) {
  return a.line < b.line || (a.line == b.line && a.character < b.character);
}

static int pos_json_eq(const json_t *j, lsp_pos p) {
  return json_integer_value(json_object_get(j, "line")) == p.line &&
         json_integer_value(json_object_get(j, "character")) == p.character;
}

static int touches(lsp_range r, lsp_range want) {
  return !pos_before(r.end, want.start) && !pos_before(want.end, r.start);
}

/* The finding's range touches the request's, or the client named it. */
static int wanted(const json_t *dj, lsp_range r, lsp_range want,
                  const json_t *context) {
  size_t i;
  const json_t *c;

  if (touches(r, want))
    return 1;
  json_array_foreach(context, i, c) {
    const json_t *code = json_object_get(c, "code");
    if (json_is_string(code) &&
        json_equal((json_t *)code, json_object_get(dj, "code")) &&
        pos_json_eq(json_object_get(json_object_get(c, "range"), "start"),
                    r.start))
      return 1;
  }
  return 0;
}

/* One of the finding's fix-its (its own or a note's) touches `want`. */
static int fix_touches(lsp_publication *p, const xl_diag *d, lsp_range want) {
  const xl_fixit *f;
  size_t i, j, n;
  file_view v;
  lsp_range r;

  for (i = 0; i <= d->nnotes; i++) {
    f = i < d->nnotes ? d->notes[i]->fixits : d->fixits;
    n = i < d->nnotes ? d->notes[i]->nfixits : d->nfixits;
    for (j = 0; j < n; j++) {
      if (strcmp(f[j].begin.file, p->path) != 0 ||
          view(&v, p, f[j].begin.file) < 0)
        continue;
      r.start = pos_at(&v, &f[j].begin, p->enc);
      r.end = pos_at(&v, &f[j].end, p->enc);
      if (touches(r, want))
        return 1;
    }
  }
  return 0;
}

/* The preferred actions first, each group in its order. */
static json_t *preferred_first(json_t *actions) {
  json_t *out = json_array(), *a;
  size_t i;
  int pass;

  for (pass = 1; out && pass >= 0; pass--) {
    json_array_foreach(actions, i, a) {
      if (json_is_true(json_object_get(a, "isPreferred")) == pass &&
          json_array_append(out, a) < 0) {
        json_decref(out);
        out = NULL;
        break;
      }
    }
  }
  json_decref(actions);
  return out;
}

static int wants_quickfix(const json_t *only) {
  size_t i;
  const json_t *k;

  if (!json_is_array(only))
    return 1;
  json_array_foreach(only, i, k) {
    const char *s = json_string_value(k);
    if (s && (strcmp(s, "quickfix") == 0 || *s == '\0'))
      return 1;
  }
  return 0;
}

json_t *xl_lsp_code_actions(lsp_publication *p, lsp_range want,
                            const json_t *context, const json_t *only) {
  json_t *out = json_array(), *dj;
  size_t i;
  int rc = 0;

  for (i = 0; out && wants_quickfix(only) && rc == 0 && i < p->diags->count;
       i++) {
    const xl_diag *d = p->diags->items[i];
    if (!published(p, d))
      continue;
    dj = diag_json(p, d);
    if (!dj)
      rc = -1;
    else if (wanted(dj, shown_range(p, d), want, context) ||
             fix_touches(p, d, want))
      rc = actions_for(out, p, d, dj);
    json_decref(dj);
  }
  if (rc < 0) {
    json_decref(out);
    return NULL;
  }
  return out ? preferred_first(out) : NULL;
}
