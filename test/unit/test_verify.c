/*
 * test_verify.c: xl_facts_verify against hand-built facts over a real file:
 * facts that point at the right text pass, each kind of wrong place fails
 * with an internal error naming it.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "builder.h"

static const char *const text =
    "void f(int x) {\n"
    "  auto l = [=] __device__ (int i) { return x + i; };\n"
    "}\n";

static char path[64];

/* The place of the n-th (0-based) occurrence of needle in text. */
static xl_loc at(const char *needle, int n) {
  const char *p = text;
  xl_loc l = xl_loc_none();
  unsigned line = 1;
  const char *q;

  for (p = strstr(p, needle); p && n > 0; n--)
    p = strstr(p + 1, needle);
  ck_assert_ptr_nonnull(p);
  l.file = 0;
  l.offset = (uint32_t)(p - text);
  for (q = text; q < p; q++)
    if (*q == '\n')
      line++;
  for (q = p; q > text && q[-1] != '\n'; q--)
    ;
  l.line = line;
  l.col = (uint32_t)(p - q) + 1;
  return l;
}

/* Write `text` to a new temporary file; its path into buf. */
static void write_text(char *buf, size_t size) {
  FILE *out;
  int fd;

  snprintf(buf, size, "/tmp/xl-verify-XXXXXX");
  fd = mkstemp(buf);
  ck_assert_int_ge(fd, 0);
  out = fdopen(fd, "w");
  fputs(text, out);
  fclose(out);
}

/* Facts for `text` that are right: a lambda, its capture of x, f. */
static xl_facts *good_facts(void) {
  xl_facts *f = NULL;
  xl_lambda *l;
  xl_capture *c;
  xl_func *fn;
  xl_id id, lid;

  write_text(path, sizeof(path));
  ck_assert_int_eq(xl_facts_new(&f, path), XL_OK);
  ck_assert_int_eq(xl_facts_add_file(&id, f, path, XL_FILE_MAIN), XL_OK);
  ck_assert_int_eq(xl_facts_add_lambda(&l, &lid, f), XL_OK);
  l->loc = l->spelling = at("[", 0);
  l->range = xl_range_make(at("[", 0), at(";", 1));
  l->intro = xl_range_make(at("[", 0), at(" __device__", 0));
  l->capture_default = '=';
  l->default_range = xl_range_make(at("=", 1), at("]", 0));
  l->annot = at("__device__", 0);
  l->params_loc = at("(int i", 0);
  l->body = at("{", 1);
  ck_assert_int_eq(xl_facts_add_capture(&c, NULL, f), XL_OK);
  c->kind = XL_CAPTURE_VAR;
  c->name = "x";
  c->loc = at("x +", 0);
  c->decl = at("x)", 0);
  c->lambda = lid;
  ck_assert_int_eq(xl_facts_add_func(&fn, NULL, f), XL_OK);
  fn->name = "f";
  fn->loc = at("f(", 0);
  fn->range = xl_range_make(at("void", 0), at("}\n", 0));
  fn->body = xl_range_make(at("{", 0), at("\n", 2));
  return f;
}

static int verify(const xl_facts *f, const char *expect) {
  char *report = NULL;
  int n = xl_facts_verify(&report, f);

  if (expect) {
    ck_assert_ptr_nonnull(report);
    ck_assert_msg(strstr(report, expect) && strstr(report, "internal error"),
                  "report lacks '%s': %s", expect, report);
  } else {
    ck_assert_msg(n == 0 && !report, "unexpected: %s", report ? report : "");
  }
  free(report);
  return n;
}

START_TEST(right_places_pass) {
  xl_facts *f = good_facts();

  ck_assert_int_eq(verify(f, NULL), 0);
  xl_facts_free(f);
  unlink(path);
}
END_TEST

START_TEST(wrong_places_fail) {
  xl_facts *f = good_facts();
  xl_lambda *l = &f->lambdas[0];
  xl_loc keep;

  /* the parameter list at another '(' (the function's): outside the lambda */
  keep = l->params_loc;
  l->params_loc = at("(int x", 0);
  ck_assert_int_eq(verify(f, "lambda 'params_loc': the place lies outside"), 1);
  /* at text that is no '(' */
  l->params_loc = at("int i", 0);
  ck_assert_int_ge(verify(f, "lambda 'params_loc' should be at '('"), 1);
  l->params_loc = keep;
  /* an introducer that does not start with '[' */
  l->loc = at("auto", 0);
  ck_assert_int_ge(verify(f, "lambda 'loc' should be at '['"), 1);
  l->loc = at("[", 0);
  /* an annotation on other text */
  l->annot = at("(int i", 0);
  ck_assert_int_ge(verify(f, "lambda 'annot' should be at '__host__'"), 1);
  l->annot = at("__device__", 0);
  /* a capture whose place spells another name */
  f->captures[0].loc = at("i; }", 0);
  ck_assert_int_ge(verify(f, "capture 'loc' should be at 'x'"), 1);
  f->captures[0].loc = at("x +", 0);
  /* an offset that disagrees with its line and column */
  l->body.offset += 3;
  ck_assert_int_ge(verify(f, "the offset does not match the line"), 1);
  l->body.offset -= 3;
  ck_assert_int_eq(verify(f, NULL), 0);
  xl_facts_free(f);
  unlink(path);
}
END_TEST

/* The bug of issue 25: a parameter list read from another file's text, at
 * a '(' there. The text is right; the place is not the lambda's. */
START_TEST(place_in_another_file_fails) {
  xl_facts *f = good_facts();
  char other[64];
  xl_id id;

  f->lambdas[0].params_loc = at("(int x", 0); /* a '(', not the lambda's */
  ck_assert_int_eq(verify(f, "lambda 'params_loc': the place lies outside"),
                   1);
  write_text(other, sizeof(other)); /* a header with the same text */
  ck_assert_int_eq(xl_facts_add_file(&id, f, other, 0), XL_OK);
  f->lambdas[0].params_loc = at("(int i", 0);
  f->lambdas[0].params_loc.file = id;
  ck_assert_int_eq(verify(f, "lambda 'params_loc': the place is in another "
                             "file"), 1);
  xl_facts_free(f);
  unlink(other);
  unlink(path);
}
END_TEST

START_TEST(unreadable_and_edited_files_are_skipped) {
  xl_facts *f = good_facts();

  f->lambdas[0].params_loc = at("int i", 0); /* wrong, but not checked: */
  f->file_hashes[0] = 42; /* the file changed since it was parsed */
  ck_assert_int_eq(verify(f, NULL), 0);
  f->file_hashes[0] = 0;
  unlink(path); /* and gone */
  ck_assert_int_eq(verify(f, NULL), 0);
  xl_facts_free(f);
}
END_TEST

START_TEST(macro_places_hold_a_name) {
  xl_facts *f = good_facts();
  xl_lambda *l = &f->lambdas[0];

  /* a place from a macro expansion is the macro's use: a name */
  l->annot = at("__device__", 0);
  l->annot.flags |= XL_LOC_MACRO;
  ck_assert_int_eq(verify(f, NULL), 0);
  l->annot = at("(int i", 0);
  l->annot.flags |= XL_LOC_MACRO;
  ck_assert_int_ge(verify(f, "a macro's name"), 1);
  xl_facts_free(f);
  unlink(path);
}
END_TEST

Suite *verify_suite(void) {
  Suite *s = suite_create("verify");
  TCase *tc = tcase_create("facts");

  tcase_add_test(tc, right_places_pass);
  tcase_add_test(tc, wrong_places_fail);
  tcase_add_test(tc, place_in_another_file_fails);
  tcase_add_test(tc, unreadable_and_edited_files_are_skipped);
  tcase_add_test(tc, macro_places_hold_a_name);
  suite_add_tcase(s, tc);
  return s;
}
