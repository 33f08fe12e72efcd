/*
 * test_fix.c: applying edits to buffers and files.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <sys/stat.h>
#include <unistd.h>

#include "builder.h"
#include "core/fix.h"
#include "util/util.h"

static char *apply(const char *buf, xl_repl *e, size_t n, int *rc) {
  char *out = NULL;
  size_t len;

  *rc = xl_fix_buffer(&out, &len, buf, strlen(buf), e, n, NULL);
  return out;
}

START_TEST(edits_apply_in_offset_order) {
  xl_repl e[] = {{8, 1, "=", 0}, {1, 1, "", 1}, {5, 0, "auto y;", 2}};
  int rc;
  char *out = apply("[&x] f [&]", e, 3, &rc);

  ck_assert_int_eq(rc, XL_OK);
  ck_assert_str_eq(out, "[x] auto y;f [=]");
  free(out);
}
END_TEST

START_TEST(identical_edits_apply_once) {
  xl_repl e[] = {{1, 1, "=", 0}, {1, 1, "=", 1}};
  int rc;
  char *out = apply("[&]", e, 2, &rc);

  ck_assert_int_eq(rc, XL_OK);
  ck_assert_str_eq(out, "[=]");
  free(out);
}
END_TEST

START_TEST(overlaps_and_out_of_range_are_refused) {
  xl_repl a[] = {{1, 3, "x", 0}, {2, 1, "y", 1}};
  xl_repl b[] = {{1, 1, "x", 0}, {1, 1, "y", 1}};
  xl_repl c[] = {{5, 10, "x", 0}};
  int rc;

  ck_assert_ptr_null(apply("abcdef", a, 2, &rc));
  ck_assert_int_eq(rc, XL_ECONFLICT);
  ck_assert_ptr_null(apply("abcdef", b, 2, &rc));
  ck_assert_int_eq(rc, XL_ECONFLICT);
  ck_assert_ptr_null(apply("abcdef", c, 1, &rc));
  ck_assert_int_eq(rc, XL_ECONFLICT);
}
END_TEST

START_TEST(insertions_at_one_offset_keep_their_order) {
  xl_repl e[] = {{0, 0, "b", 1}, {0, 0, "a", 0}};
  int rc;
  char *out = apply("c", e, 2, &rc);

  ck_assert_str_eq(out, "abc");
  free(out);
}
END_TEST

/* Several findings proposing one move of a type, another type's move in
 * between: each insertion and removal applies once, in first order. */
START_TEST(identical_insertions_apart_apply_once) {
  xl_repl e[] = {{0, 0, "L;", 0}, {4, 2, "", 1},  {0, 0, "E;", 2},
                 {6, 2, "", 3},   {0, 0, "L;", 4}, {4, 2, "", 5}};
  int rc;
  char *out = apply("f(){L;E;}", e, 6, &rc);

  ck_assert_int_eq(rc, XL_OK);
  ck_assert_str_eq(out, "L;E;f(){}");
  free(out);
}
END_TEST

/* A list with one finding whose fix replaces byte 1 of `path` by "=". */
static xl_diags *one_fix(const char *path, uint64_t hash) {
  xl_diags *d = NULL;
  xl_dloc b, e;
  xl_diag *x;

  ck_assert_int_eq(xl_diags_new(&d), XL_OK);
  memset(&b, 0, sizeof(b));
  b.file = xl_diags_intern(d, path);
  b.line = b.col = 1;
  b.offset = 1;
  e = b;
  e.offset = 2;
  e.col = 2;
  x = xl_diags_add(d, 0, "r", XL_SEV_ERROR, b, "m");
  xl_diag_add_edit(x, b, e, "=");
  xl_diags_set_hash(d, path, hash);
  return d;
}

static char *slurp(const char *path) {
  char *text = NULL;
  size_t len;

  ck_assert_int_eq(xl_read_file(&text, &len, path, NULL), XL_OK);
  return text;
}

START_TEST(stale_files_are_not_touched) {
  char path[] = "/tmp/xl-unit-fix-XXXXXX";
  int fd = mkstemp(path);
  xl_fix_stats st;
  xl_diags *d;
  char *text;

  ck_assert_int_ge(fd, 0);
  ck_assert_int_eq(write(fd, "[&]", 3), 3);
  close(fd);
  /* analysed as "[&]"; then someone edited the file */
  d = one_fix(path, xl_hash_bytes(XL_FNV_INIT, "[&]", 3));
  ck_assert_int_eq(xl_write_file_atomic(path, "[&] ", 4, NULL), XL_OK);
  ck_assert_int_eq(xl_fix_apply(&st, d, 0, NULL, NULL), XL_ESTALE);
  text = slurp(path);
  ck_assert_str_eq(text, "[&] ");
  free(text);
  xl_diags_free(d);
  /* unchanged since analysed: fixed */
  d = one_fix(path, xl_hash_bytes(XL_FNV_INIT, "[&] ", 4));
  ck_assert_int_eq(xl_fix_apply(&st, d, 0, NULL, NULL), XL_OK);
  ck_assert_uint_eq(st.files_changed, 1);
  text = slurp(path);
  ck_assert_str_eq(text, "[=] ");
  free(text);
  unlink(path);
  xl_diags_free(d);
}
END_TEST

/* A finding in `file` at offset off with one fix-it [off, off+len) -> text. */
static void add_fix(xl_diags *l, const char *file, unsigned off, unsigned len,
                    const char *text) {
  xl_dloc b, e;
  xl_diag *d;

  memset(&b, 0, sizeof(b));
  b.file = xl_diags_intern(l, file);
  b.line = 1;
  b.col = off + 1;
  b.offset = off;
  e = b;
  e.col += len;
  e.offset += len;
  d = xl_diags_add(l, 0, "r", XL_SEV_ERROR, b, "m");
  ck_assert_ptr_nonnull(d);
  xl_diag_add_edit(d, b, e, text);
}

/* Files are fixed all or nothing: one with overlapping edits is left as it
 * was (with a message), the other file is still fixed; identical edits
 * from two findings (two translation units) count once. */
START_TEST(files_are_fixed_all_or_nothing) {
  char dir[] = "/tmp/xl-fix-XXXXXX", a[64], b[64], log[256] = "";
  xl_diags *l = NULL;
  xl_fix_stats st;
  char *text = NULL;
  size_t len;
  FILE *lf;

  ck_assert_ptr_nonnull(mkdtemp(dir));
  snprintf(a, sizeof(a), "%s/a.cu", dir);
  snprintf(b, sizeof(b), "%s/b.cu", dir);
  tb_write_file(a, "[&x, &y]");
  tb_write_file(b, "[&z]");
  ck_assert_int_eq(xl_diags_new(&l), XL_OK);
  add_fix(l, a, 1, 1, "");
  add_fix(l, a, 1, 2, "w"); /* overlaps the first */
  add_fix(l, a, 5, 1, "");
  add_fix(l, b, 1, 1, "");
  add_fix(l, b, 1, 1, ""); /* the same edit again */
  lf = fmemopen(log, sizeof(log) - 1, "w");
  ck_assert_int_eq(xl_fix_apply(&st, l, 0, lf, NULL), XL_ECONFLICT);
  fclose(lf);
  ck_assert_ptr_nonnull(strstr(log, "not fixing"));
  ck_assert_ptr_nonnull(strstr(log, "a.cu"));
  ck_assert_uint_eq(st.files_changed, 1);
  ck_assert_uint_eq(st.files_refused, 1);
  ck_assert_uint_eq(st.edits, 1);
  ck_assert_int_eq(xl_read_file(&text, &len, a, NULL), XL_OK);
  ck_assert_str_eq(text, "[&x, &y]");
  free(text);
  ck_assert_int_eq(xl_read_file(&text, &len, b, NULL), XL_OK);
  ck_assert_str_eq(text, "[z]");
  free(text);
  xl_diags_free(l);
  unlink(a);
  unlink(b);
  rmdir(dir);
}
END_TEST

/* Entries of dir whose name starts with prefix. */
static int count_entries(const char *dir, const char *prefix) {
  DIR *d = opendir(dir);
  struct dirent *e;
  int n = 0;

  ck_assert_ptr_nonnull(d);
  while ((e = readdir(d)) != NULL)
    n += strncmp(e->d_name, prefix, strlen(prefix)) == 0;
  closedir(d);
  return n;
}

START_TEST(atomic_writes_keep_permissions) {
  char dir[] = "/tmp/xl-unit-perm-XXXXXX";
  char path[256];
  struct stat st;
  char *text;
  FILE *f;

  ck_assert_ptr_nonnull(mkdtemp(dir));
  snprintf(path, sizeof(path), "%s/k.cu", dir);
  f = fopen(path, "w");
  ck_assert_ptr_nonnull(f);
  fputs("[&]", f);
  fclose(f);
  ck_assert_int_eq(chmod(path, 0751), 0);
  ck_assert_int_eq(xl_write_file_atomic(path, "[=]", 3, NULL), XL_OK);
  ck_assert_int_eq(stat(path, &st), 0);
  ck_assert_uint_eq(st.st_mode & 07777, 0751);
  ck_assert(S_ISREG(st.st_mode));
  ck_assert_int_eq(chmod(path, 0604), 0);
  ck_assert_int_eq(xl_write_file_atomic(path, "[x]", 3, NULL), XL_OK);
  ck_assert_int_eq(stat(path, &st), 0);
  ck_assert_uint_eq(st.st_mode & 07777, 0604);
  text = slurp(path);
  ck_assert_str_eq(text, "[x]");
  free(text);
  /* the temporary file is gone, and it was made in the same directory */
  ck_assert_int_eq(count_entries(dir, "k.cu.xlambda-"), 0);
  unlink(path);
  rmdir(dir);
}
END_TEST

START_TEST(atomic_writes_keep_symbolic_links) {
  char dir[] = "/tmp/xl-unit-link-XXXXXX";
  char path[256], link[256];
  struct stat st;
  char *text;
  FILE *f;

  ck_assert_ptr_nonnull(mkdtemp(dir));
  snprintf(path, sizeof(path), "%s/real.cu", dir);
  snprintf(link, sizeof(link), "%s/link.cu", dir);
  f = fopen(path, "w");
  ck_assert_ptr_nonnull(f);
  fputs("[&]", f);
  fclose(f);
  ck_assert_int_eq(symlink("real.cu", link), 0);
  ck_assert_int_eq(xl_write_file_atomic(link, "[=]", 3, NULL), XL_OK);
  ck_assert_int_eq(lstat(link, &st), 0);
  ck_assert(S_ISLNK(st.st_mode));
  text = slurp(path);
  ck_assert_str_eq(text, "[=]");
  free(text);
  unlink(link);
  unlink(path);
  rmdir(dir);
}
END_TEST

START_TEST(atomic_write_failures_leave_the_original) {
  char dir[] = "/tmp/xl-unit-fail-XXXXXX";
  char path[256];
  xl_error *err = NULL;

  ck_assert_ptr_nonnull(mkdtemp(dir));
  /* a missing directory: nothing can be created */
  snprintf(path, sizeof(path), "%s/no/such/k.cu", dir);
  ck_assert_int_eq(xl_error_new(&err), XL_OK);
  ck_assert_int_eq(xl_write_file_atomic(path, "x", 1, err), XL_EIO);
  ck_assert_ptr_nonnull(strstr(xl_error_message(err), "temporary file"));
  xl_error_free(err);
  ck_assert_int_eq(count_entries(dir, "."), 2); /* "." and ".." only */
  rmdir(dir);
}
END_TEST

Suite *fix_suite(void) {
  Suite *s = suite_create("fix");
  TCase *tc = tcase_create("buffer");

  tcase_add_test(tc, edits_apply_in_offset_order);
  tcase_add_test(tc, identical_edits_apply_once);
  tcase_add_test(tc, overlaps_and_out_of_range_are_refused);
  tcase_add_test(tc, insertions_at_one_offset_keep_their_order);
  tcase_add_test(tc, identical_insertions_apart_apply_once);
  tcase_add_test(tc, stale_files_are_not_touched);
  tcase_add_test(tc, files_are_fixed_all_or_nothing);
  tcase_add_test(tc, atomic_writes_keep_permissions);
  tcase_add_test(tc, atomic_writes_keep_symbolic_links);
  tcase_add_test(tc, atomic_write_failures_leave_the_original);
  suite_add_tcase(s, tc);
  return s;
}
