/*
 * test_document.c: the editor document API (xl_document_*): the unsaved
 * text is what is checked, a document is reparsed in place, the preamble
 * survives edits below the includes, bad commands are refused, and a
 * profile's header filters hide and skip as the command line's do.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lsp_tests.h"
#include "pipeline/pipeline.h"
#include "xlambda/xlambda.h"

static const char bad_text[] = "#include <cstddef>\n"
                               "void f() {\n"
                               "  int a = 1;\n"
                               "  auto l = [&a] __device__ () { return a; };\n"
                               "  (void)l;\n"
                               "}\n";
static const char good_text[] = "#include <cstddef>\n"
                                "void f() {\n"
                                "  int a = 1;\n"
                                "  auto l = [a] __device__ () { return a; };\n"
                                "  (void)l;\n"
                                "}\n";

typedef struct fixture {
  xl_options *opts;
  xl_checker *checker;
  xl_error *err;
  char dir[64], file[96];
} fixture;

static void setup(fixture *fx) {
  ck_assert_int_eq(xl_error_new(&fx->err), XL_OK);
  ck_assert_int_eq(xl_options_new(&fx->opts), XL_OK);
  ck_assert_int_eq(xl_checker_new(&fx->checker, fx->opts, fx->err), XL_OK);
  strcpy(fx->dir, "/tmp/xl-document-XXXXXX");
  ck_assert_ptr_nonnull(mkdtemp(fx->dir));
  /* the file is never written: only the editor's text exists */
  snprintf(fx->file, sizeof(fx->file), "%s/k.cu", fx->dir);
}

static void teardown(fixture *fx) {
  xl_checker_free(fx->checker);
  xl_options_free(fx->opts);
  xl_error_free(fx->err);
  rmdir(fx->dir);
}

/* Check text; returns the number of findings of the reference rule. */
static size_t findings(xl_document *doc, const char *text, xl_error *err) {
  xl_result *r = NULL;
  const xl_diags *d;
  size_t i, n = 0;

  ck_assert_int_eq(xl_document_check(&r, doc, text, strlen(text), err), XL_OK);
  d = xl_result_diags(r);
  for (i = 0; i < xl_diags_count(d); i++) {
    const xl_diag *x = xl_diags_at(d, i);
    if (strcmp(xl_diag_rule(x), "extended_lambda_reference_capture") == 0) {
      ck_assert_uint_eq(xl_diag_position(x).line, 4);
      n++;
    }
  }
  xl_result_free(r);
  return n;
}

static void reparse_in_place(unsigned flags) {
  const char *argv[] = {"clang++", "-std=c++17"};
  fixture fx;
  xl_document *doc = NULL;

  setup(&fx);
  ck_assert_int_eq(xl_document_new(&doc, fx.checker, NULL, fx.file, argv, 2, fx.dir,
                                   flags, fx.err),
                   XL_OK);
  ck_assert_str_eq(xl_document_file(doc), fx.file);
  ck_assert_uint_eq(findings(doc, bad_text, fx.err), 1);
  ck_assert_uint_eq(findings(doc, good_text, fx.err), 0);
  ck_assert_uint_eq(findings(doc, bad_text, fx.err), 1);
  xl_document_free(doc);
  teardown(&fx);
}

START_TEST(unsaved_text_reparsed) { reparse_in_place(0); }
END_TEST

START_TEST(unsaved_text_header_bodies_skipped) {
  reparse_in_place(XL_DOCUMENT_SKIP_HEADER_BODIES);
}
END_TEST

START_TEST(refuses_what_it_cannot_check) {
  const char *cxx[] = {"clang++", "-c"};
  const char *bad[] = {"clang++", "--no-such-option"};
  fixture fx;
  xl_document *doc = NULL;
  xl_result *r = NULL;
  char cpp[128];

  setup(&fx);
  snprintf(cpp, sizeof(cpp), "%s/plain.cpp", fx.dir);
  ck_assert_int_eq(xl_document_new(&doc, fx.checker, NULL, cpp, cxx, 2, fx.dir, 0,
                                   fx.err),
                   XL_EINVAL);
  ck_assert_ptr_null(doc);
  ck_assert_int_eq(xl_document_new(&doc, fx.checker, NULL, fx.file, cxx, 0, fx.dir,
                                   0, fx.err),
                   XL_EINVAL);
  ck_assert_int_eq(xl_document_new(&doc, fx.checker, NULL, fx.file, bad, 2, fx.dir,
                                   0, fx.err),
                   XL_OK);
  ck_assert_int_eq(xl_document_check(&r, doc, good_text, strlen(good_text),
                                     fx.err),
                   XL_EINVAL);
  ck_assert_ptr_null(r);
  ck_assert_ptr_nonnull(strstr(xl_error_message(fx.err), "--no-such-option"));
  xl_document_free(doc);
  teardown(&fx);
}
END_TEST

/* A header whose findings a profile hides, and a document that reaches
 * two of its templates: one asks the closure's return type (a finding in
 * the header), one launches it (the arch-dependent capture's note). */
static const char lib_h[] =
    "#pragma once\n"
    "#include <type_traits>\n"
    "template <typename F> __global__ void v_kernel(F f) { f(); }\n"
    "template <typename F> void v_launch(F f) { v_kernel<<<1, 1>>>(f); }\n"
    "template <class F> void v_apply(F f) {\n"
    "  using R = std::invoke_result_t<F, int>;\n"
    "  R r{};\n"
    "  (void)f, (void)r;\n"
    "}\n";
static const char lib_user[] =
    "#include \"lib.h\"\n"
    "void g() { v_apply([] __device__ (int x) { return 1.5 * x; }); }\n"
    "void go(int a, int c) {\n"
    "  auto lam = [=] __device__ () {\n"
    "#ifdef __CUDA_ARCH__\n"
    "    return a + c;\n"
    "#else\n"
    "    return a;\n"
    "#endif\n"
    "  };\n"
    "  v_launch(lam);\n"
    "}\n";

/* The severity of r's finding of `rule`, or -1 when it has none. */
static int severity_of(const xl_result *r, const char *rule) {
  const xl_diags *d = xl_result_diags(r);
  size_t i;

  for (i = 0; i < xl_diags_count(d); i++)
    if (strcmp(xl_diag_rule(xl_diags_at(d, i)), rule) == 0)
      return (int)xl_diag_severity(xl_diags_at(d, i));
  return -1;
}

/* Check lib_user in a document made with p (NULL: none), sifted by p. */
static xl_result *check_lib_user(fixture *fx, const xl_profile *p) {
  const char *argv[] = {"clang++", "-std=c++17"};
  xl_document *doc = NULL;
  xl_result *r = NULL;

  if (p)
    ck_assert_int_eq(xl_document_new_profiled(
                         &doc, fx->checker, p, fx->file, argv, 2, fx->dir,
                         XL_DOCUMENT_SKIP_HEADER_BODIES, fx->err),
                     XL_OK);
  else
    ck_assert_int_eq(xl_document_new(&doc, fx->checker, NULL, fx->file, argv,
                                     2, fx->dir,
                                     XL_DOCUMENT_SKIP_HEADER_BODIES, fx->err),
                     XL_OK);
  ck_assert_int_eq(xl_document_check(&r, doc, lib_user, strlen(lib_user),
                                     fx->err),
                   XL_OK);
  ck_assert_int_eq(xl_result_sift(NULL, r, lib_user, strlen(lib_user), NULL,
                                  0, p, fx->err),
                   XL_OK);
  xl_document_free(doc);
  return r;
}

/* A profile's header filter hides the header's finding and precompiles
 * the header as a system header: the launcher's body is not parsed, so
 * the capture's error becomes a warning (uses.c's opaque argument). */
START_TEST(header_filter_hides_and_skips) {
  static const char *const capture = "extended_lambda_arch_dependent_capture";
  static const char *const ret = "extended_lambda_host_return_type";
  fixture fx;
  xl_profile_args a;
  xl_profile *p = NULL;
  xl_result *r;
  char header[128];
  FILE *f;

  setup(&fx);
  snprintf(header, sizeof(header), "%s/lib.h", fx.dir);
  f = fopen(header, "w");
  ck_assert_ptr_nonnull(f);
  fputs(lib_h, f);
  fclose(f);
  memset(&a, 0, sizeof(a));
  a.config_file = "/dev/null"; /* no .xlambda.yaml of /tmp's */
  a.exclude_header_filter = "/lib\\.h$";
  ck_assert_int_eq(xl_profile_load(&p, &a, fx.file, fx.err), XL_OK);
  r = check_lib_user(&fx, NULL);
  ck_assert_int_eq(severity_of(r, ret), XL_SEV_ERROR);
  ck_assert_int_eq(severity_of(r, capture), XL_SEV_ERROR);
  xl_result_free(r);
  r = check_lib_user(&fx, p);
  ck_assert_int_eq(severity_of(r, ret), -1);
  ck_assert_int_eq(severity_of(r, capture), XL_SEV_WARNING);
  xl_result_free(r);
  xl_profile_free(p);
  unlink(header);
  teardown(&fx);
}
END_TEST

Suite *document_suite(void) {
  Suite *s = suite_create("document");
  TCase *tc = tcase_create("document");

  tcase_set_timeout(tc, 120);
  tcase_add_test(tc, unsaved_text_reparsed);
  tcase_add_test(tc, unsaved_text_header_bodies_skipped);
  tcase_add_test(tc, refuses_what_it_cannot_check);
  tcase_add_test(tc, header_filter_hides_and_skips);
  suite_add_tcase(s, tc);
  return s;
}
