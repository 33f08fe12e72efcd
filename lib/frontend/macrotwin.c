/*
 * macrotwin.c: a lambda written by an object-like macro whose replacement
 * begins with the capture list '[=]' ('#define KOKKOS_LAMBDA [=] __host__
 * __device__'), and a macro defined in the same file that writes the same
 * lambda with '*this' captured too ('#define KOKKOS_CLASS_LAMBDA [=, *this]
 * __host__ __device__'): this_addr_capture_ext_lambda's fix-it writes the
 * second name for the first (issue 18). Nothing is guessed from a name: both
 * definitions are read and compared, blanks aside.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "fe.h"

/* The replacement of the object-like '#define' on the line holding `at`,
 * blanks removed, into out; its name into name. 0 when the line is no such
 * definition, or either does not fit. */
static int definition_at(const fe_file *f, size_t at, char *name, size_t nn,
                         char *out, size_t no) {
  size_t b = at, e = at, i, k = 0, n = 0;

  while (b > 0 && f->buf[b - 1] != '\n')
    b--;
  while (e < f->len && f->buf[e] != '\n')
    e++;
  while (b < e && isspace((unsigned char)f->buf[b]))
    b++;
  if (e - b < 8 || f->buf[b] != '#' || e > b + 200 || f->buf[e - 1] == '\\')
    return 0;
  for (b++; b < e && isspace((unsigned char)f->buf[b]); b++)
    ;
  if (e - b < 7 || strncmp(f->buf + b, "define", 6) != 0 ||
      !isspace((unsigned char)f->buf[b + 6]))
    return 0;
  for (b += 6; b < e && isspace((unsigned char)f->buf[b]); b++)
    ;
  while (b < e && (isalnum((unsigned char)f->buf[b]) || f->buf[b] == '_') &&
         n + 1 < nn)
    name[n++] = f->buf[b++];
  name[n] = '\0';
  if (!n || b == e || !isspace((unsigned char)f->buf[b]))
    return 0; /* function-like, or too long a name */
  for (i = b; i < e && k + 1 < no; i++)
    if (!isspace((unsigned char)f->buf[i]))
      out[k++] = f->buf[i];
  out[k] = '\0';
  return i == e && k > 0;
}

/* A '#define' in f whose replacement is `want`; its name into name. */
static int find_definition(const fe_file *f, const char *want, char *name,
                           size_t nn) {
  char body[256];
  size_t at = 0;
  const char *p;

  while (at < f->len && (p = memchr(f->buf + at, '#', f->len - at)) != NULL) {
    at = (size_t)(p - f->buf);
    if (definition_at(f, at, name, nn, body, sizeof(body)) &&
        strcmp(body, want) == 0)
      return 1;
    at++;
  }
  return 0;
}

void xl_fe_macro_twin(xl_fe *fe, xl_lambda *l, CXCursor c) {
  CXSourceLocation at = clang_getCursorLocation(c);
  char name[128], twin[128], body[256], want[272];
  const fe_file *ex, *def;
  unsigned eoff, soff;
  CXFile ef;
  size_t n;

  if (!(l->flags & XL_LAMBDA_MACRO) || l->capture_default != '=')
    return;
  clang_getExpansionLocation(at, &ef, NULL, NULL, &eoff);
  ex = ef ? xl_fe_file(fe, ef) : NULL;
  def = xl_fe_spelling(fe, at, &soff);
  if (!ex || !ex->buf || !def || !def->buf || eoff >= ex->len ||
      soff >= def->len ||
      !definition_at(def, soff, name, sizeof(name), body, sizeof(body)) ||
      strncmp(body, "[=]", 3) != 0)
    return;
  n = strlen(name);
  if (eoff + n > ex->len || memcmp(ex->buf + eoff, name, n) != 0 ||
      (eoff + n < ex->len &&
       (isalnum((unsigned char)ex->buf[eoff + n]) || ex->buf[eoff + n] == '_')))
    return; /* the name written there is another macro's */
  snprintf(want, sizeof(want), "[=,*this]%s", body + 3);
  if (!find_definition(def, want, twin, sizeof(twin)))
    return;
  l->macro_range.begin = xl_fe_loc_at(fe, ex, eoff);
  l->macro_range.end = xl_fe_loc_at(fe, ex, eoff + n);
  l->macro_name = xl_facts_strdup(fe->facts, name);
  l->star_this_macro = xl_facts_strdup(fe->facts, twin);
}
