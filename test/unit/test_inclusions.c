/*
 * test_inclusions.c: a document's kept list of user files
 * (lib/frontend/inclusions.c): reused for a text with the same leading
 * directives, unsaved files and files on disk; asked again otherwise, and
 * never for a text with an #include further down; the texts and
 * directives of its files kept with it.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "builder.h"
#include "frontend/fe.h"
#include "xlambda/xlambda.h"

static const char text1[] = "// a comment\n#include \"h.h\"\n"
                            "#define A \\\n  1\nint x;\nvoid f() {}\n";

/* A list kept for text (of main) and header: what the scan would keep. */
static fe_incl *kept(const char *main, const char *header, const char *text) {
  fe_incl *c = NULL;
  const char *paths[2];

  paths[0] = main;
  paths[1] = header;
  ck_assert_int_eq(xl_fe_incl_new(&c, main), XL_OK);
  xl_fe_incl_prepare(c, text, strlen(text), NULL, 0);
  ck_assert_int_eq(xl_fe_incl_reused(c), 0);
  ck_assert_int_eq(xl_fe_incl_keep(c, paths, 2), XL_OK);
  return c;
}

static size_t usable(fe_incl *c, const char *text,
                     const xl_unsaved_file *files, size_t n) {
  size_t count = 0;

  xl_fe_incl_prepare(c, text, strlen(text), files, n);
  return xl_fe_incl_files(c, &count) ? count : 0;
}

START_TEST(leading_block) {
  const char *t = text1;

  ck_assert_uint_eq(xl_fe_leading_block(t, strlen(t)),
                    (size_t)(strstr(t, "int x;") - t));
  ck_assert_uint_eq(xl_fe_leading_block("int x;", 6), 0);
  ck_assert_uint_eq(xl_fe_leading_block("\xef\xbb\xbf/* c */ #if 1", 16), 16);
}
END_TEST

START_TEST(reused_until_something_changes) {
  char dir[] = "/tmp/xl-incl-XXXXXX", header[64];
  xl_unsaved_file other = {"/tmp/other.h", "int y;", 6};
  fe_incl *c;

  ck_assert_ptr_nonnull(mkdtemp(dir));
  snprintf(header, sizeof(header), "%s/h.h", dir);
  tb_write_file(header, "int h;\n");
  c = kept("/tmp/main.cu", header, text1);
  /* an edit below the leading block: reused */
  ck_assert_uint_eq(usable(c, "// a comment\n#include \"h.h\"\n#define A \\\n"
                              "  1\nint x;\nvoid f() { int z; }\n", NULL, 0), 2);
  ck_assert_int_eq(xl_fe_incl_reused(c), 1);
  /* the leading block changed: asked again */
  ck_assert_uint_eq(usable(c, "#include \"g.h\"\nint x;\n", NULL, 0), 0);
  xl_fe_incl_free(c);
  /* another unsaved file */
  c = kept("/tmp/main.cu", header, text1);
  ck_assert_uint_eq(usable(c, text1, &other, 1), 0);
  xl_fe_incl_free(c);
  /* the header changed on disk (its size) */
  c = kept("/tmp/main.cu", header, text1);
  tb_write_file(header, "int h, i;\n");
  ck_assert_uint_eq(usable(c, text1, NULL, 0), 0);
  ck_assert_int_eq(xl_fe_incl_reused(c), 0);
  xl_fe_incl_free(c);
  unlink(header);
  rmdir(dir);
}
END_TEST

START_TEST(never_with_a_late_include) {
  const char *late = "#include \"h.h\"\nint x;\n  #  include \"g.h\"\n";
  const char *paths[] = {"/tmp/main.cu"};
  fe_incl *c = NULL;
  size_t n = 1;

  ck_assert_int_eq(xl_fe_incl_new(&c, "/tmp/main.cu"), XL_OK);
  xl_fe_incl_prepare(c, late, strlen(late), NULL, 0);
  ck_assert_int_eq(xl_fe_incl_keep(c, paths, 1), XL_OK);
  ck_assert_ptr_null(xl_fe_incl_files(c, &n)); /* nothing was kept */
  ck_assert_uint_eq(n, 0);
  ck_assert_uint_eq(usable(c, late, NULL, 0), 0);
  xl_fe_incl_drop(c);
  xl_fe_incl_free(c);
  xl_fe_incl_free(NULL);
}
END_TEST

START_TEST(texts_kept_with_the_list) {
  char dir[] = "/tmp/xl-incl-XXXXXX", header[64];
  char *text, *other;
  const char *got, *was;
  const fe_dirs *kd;
  fe_dirs dirs;
  uint64_t hash = 0;
  size_t len = 0;
  fe_incl *c;

  ck_assert_ptr_nonnull(mkdtemp(dir));
  snprintf(header, sizeof(header), "%s/h.h", dir);
  tb_write_file(header, "#define H 1\n");
  c = kept("/tmp/main.cu", header, text1);
  text = xl_strdup("#define H 1\n");
  other = xl_strdup("#define H 2\n");
  ck_assert_ptr_nonnull(text);
  ck_assert_ptr_nonnull(other);
  xl_fe_incl_keep_text(c, "/tmp/none.h", &other, 12, 7); /* not kept */
  ck_assert_ptr_nonnull(other);
  xl_fe_incl_keep_text(c, header, &text, 12, 42);
  ck_assert_ptr_null(text); /* taken */
  xl_fe_incl_keep_text(c, header, &other, 12, 7); /* it has one */
  ck_assert_ptr_nonnull(other);
  free(other);
  got = xl_fe_incl_text(c, header, &len, &hash);
  ck_assert_str_eq(got, "#define H 1\n");
  ck_assert_uint_eq(len, 12);
  ck_assert_uint_eq(hash, 42);
  /* directives: kept for the kept text only */
  memset(&dirs, 0, sizeof(dirs));
  dirs.items = calloc(1, sizeof(*dirs.items));
  dirs.n = dirs.cap = 1;
  xl_fe_incl_keep_dirs(c, header, "#define H 1\n", &dirs); /* another copy */
  ck_assert_ptr_nonnull(dirs.items);
  xl_fe_incl_keep_dirs(c, header, got, &dirs);
  ck_assert_ptr_null(dirs.items);
  kd = xl_fe_incl_dirs(c, header, got);
  ck_assert_ptr_nonnull(kd);
  ck_assert_uint_eq(kd->n, 1);
  ck_assert_ptr_null(xl_fe_incl_dirs(c, header, "#define H 1\n"));
  /* the next check of an edit below the block: the same text */
  ck_assert_uint_eq(usable(c, text1, NULL, 0), 2);
  ck_assert_ptr_eq(xl_fe_incl_text(c, header, &len, &hash), got);
  /* the header changed on disk: no text, and the one a check may still
     hold stays readable until the next prepare (valgrind would say) */
  was = got;
  tb_write_file(header, "#define H 22\n");
  ck_assert_uint_eq(usable(c, text1, NULL, 0), 0);
  ck_assert_ptr_null(xl_fe_incl_text(c, header, &len, &hash));
  ck_assert_ptr_null(xl_fe_incl_dirs(c, header, was));
  ck_assert_int_eq(memcmp(was, "#define H 1\n", 12), 0);
  xl_fe_incl_free(c);
  xl_fe_dirs_free(NULL);
  unlink(header);
  rmdir(dir);
}
END_TEST

Suite *inclusions_suite(void) {
  Suite *s = suite_create("inclusions");
  TCase *tc = tcase_create("core");

  tcase_add_test(tc, leading_block);
  tcase_add_test(tc, reused_until_something_changes);
  tcase_add_test(tc, never_with_a_late_include);
  tcase_add_test(tc, texts_kept_with_the_list);
  suite_add_tcase(s, tc);
  return s;
}
