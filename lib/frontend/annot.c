/*
 * annot.c: where a misplaced execution-space annotation of a lambda is, for
 * lambda_operator_annotated's fix-it that moves it right after the capture
 * list (issue 18): its text, its range with the blanks before it (its line
 * too when it stands alone), and where it belongs.
 */
#include <stdio.h>
#include <string.h>

#include "fe.h"
#include "util/lex.h"

/* Where the annotation belongs: the first character after the capture
 * list that is not a blank (the template head's '<' or the '('). */
static xl_loc annotation_place(xl_fe *fe, const xl_lambda *l, const fe_file *f) {
  size_t at = l->intro.end.offset;

  while (at < f->len && (f->buf[at] == ' ' || f->buf[at] == '\t'))
    at++;
  return at < l->body.offset ? xl_fe_loc_at(fe, f, at) : xl_loc_none();
}

/* Widen [*begin, *end) over the blanks before it; when nothing else is on
 * its line (an annotation on a line alone), over the line break before it
 * and the blanks after it too, so that its line goes. */
static void whole_line(const char *buf, size_t len, size_t *begin,
                       size_t *end) {
  size_t e = *end;

  while (*begin > 0 && (buf[*begin - 1] == ' ' || buf[*begin - 1] == '\t'))
    (*begin)--;
  while (e < len && (buf[e] == ' ' || buf[e] == '\t'))
    e++;
  if (*begin > 0 && buf[*begin - 1] == '\n' && e < len && buf[e] == '\n') {
    (*begin)--;
    *end = e;
  }
}

void xl_fe_annotation_read(xl_fe *fe, xl_lambda *l, const fe_file *f,
                           size_t at) {
  const char *text = f->buf;
  xl_lexer lx;
  xl_tok t;
  size_t begin = at, end = 0;

  if ((l->flags & XL_LAMBDA_MACRO) || at >= f->len ||
      !xl_loc_valid(l->intro.end))
    return;
  xl_lex_init(&lx, text, l->body.offset, at);
  while (xl_lex_next(&lx, &t) != XL_TOK_EOF &&
         (xl_tok_is(&lx, &t, "__host__") || xl_tok_is(&lx, &t, "__device__")))
    end = t.end;
  if (!end)
    return;
  l->annot_text = xl_facts_strndup(fe->facts, text + at, end - at);
  whole_line(f->buf, f->len, &begin, &end);
  l->annot_range.begin = xl_fe_loc_at(fe, f, begin);
  l->annot_range.end = xl_fe_loc_at(fe, f, end);
  l->annot_to = annotation_place(fe, l, f);
}

/* 1 when text is a literal execution-space annotation. */
static int is_space_word(const char *text) {
  return strcmp(text, "__host__") == 0 || strcmp(text, "__device__") == 0;
}

/* The n annotations joined in source order ("__host__ __device__") into
 * text; 0 when one is not a literal annotation (NULL) or text is short. */
static int join_in_order(char *text, size_t size, const fe_blanked **parts,
                         size_t n) {
  size_t i, j, len = 0;

  for (i = 0; i < n; i++)
    if (!parts[i]) /* a macro or another word: no fix-it */
      return 0;
  for (i = 0; i < n; i++) {
    size_t first = i;
    const fe_blanked *t;
    for (j = i + 1; j < n; j++)
      if (parts[j]->begin < parts[first]->begin)
        first = j;
    t = parts[i], parts[i] = parts[first], parts[first] = t;
    len += (size_t)snprintf(text + len, size - len, "%s%s", len ? " " : "",
                            parts[i]->text);
    if (len >= size)
      return 0;
  }
  return 1;
}

void xl_fe_annotation_blanked(xl_fe *fe, xl_lambda *l, const fe_file *f) {
  size_t i, begin = (size_t)-1, end = 0, n = 0;
  const char *path = fe->facts->files[f->id];
  const fe_blanked *parts[4];
  char text[64];

  for (i = 0; i < fe->nblanked; i++) {
    const fe_blanked *b = &fe->blanked[i];
    if (strcmp(b->path, path) != 0 || b->begin < l->loc.offset ||
        b->begin >= l->body.offset)
      continue;
    l->flags |= XL_LAMBDA_OPERATOR_ANNOTATED;
    l->annot = xl_fe_loc_at(fe, f, b->begin);
    if (n < 4)
      parts[n] = is_space_word(b->text) ? b : NULL;
    n++;
    begin = b->begin < begin ? b->begin : begin;
    end = b->end > end ? b->end : end;
  }
  if (!n || n > 4 || (l->flags & XL_LAMBDA_MACRO) ||
      !xl_loc_valid(l->intro.end) || end > f->len ||
      !join_in_order(text, sizeof(text), parts, n))
    return;
  whole_line(f->buf, f->len, &begin, &end);
  l->annot_range.begin = xl_fe_loc_at(fe, f, begin);
  l->annot_range.end = xl_fe_loc_at(fe, f, end);
  l->annot_text = xl_facts_strdup(fe->facts, text);
  l->annot_to = annotation_place(fe, l, f);
}
