/*
 * test_util.c: globs, paths, buffers, commands.
 */
#include <stdlib.h>
#include <string.h>

#include "builder.h"
#include "core/command.h"
#include "util/util.h"

START_TEST(globs) {
  ck_assert(xl_glob_match("*", "anything"));
  ck_assert(xl_glob_match("extended_*_capture", "extended_lambda_pack_capture"));
  ck_assert(!xl_glob_match("extended_*_capture", "extended_lambda_constexpr"));
  ck_assert(xl_glob_match("this?addr*", "this_addr_capture_ext_lambda"));
}
END_TEST

START_TEST(paths) {
  char *p = xl_path_absolute("../b/./c.cu", "/x/y");

  ck_assert_str_eq(p, "/x/b/c.cu");
  free(p);
  p = xl_path_absolute("/abs/../k.cu", "/ignored");
  ck_assert_str_eq(p, "/k.cu");
  free(p);
}
END_TEST

START_TEST(commands) {
  const char *argv[] = {"/usr/local/cuda/bin/nvcc", "-std=c++20", "-c",
                        "k.cu", "-o", "k.o", "-DX=1", "--extended-lambda"};
  const char *args[] = {"-x", "cuda", "-std=c++14"};
  xl_command cmd;

  ck_assert_int_eq(xl_command_from_argv(&cmd, "k.cu", argv, 8, "/src", NULL),
                   XL_OK);
  ck_assert_int_eq(cmd.nvcc, 1);
  ck_assert_int_eq(cmd.is_cuda, 1);
  ck_assert_int_eq(cmd.extended_lambda, 1);
  ck_assert_int_eq(cmd.cxx_std, 20);
  ck_assert_str_eq(cmd.file, "/src/k.cu");
  ck_assert_int_eq(cmd.nargs, 2); /* -std=c++20 -DX=1 */
  xl_command_free(&cmd);
  ck_assert_int_eq(xl_command_from_args(&cmd, "k.cpp", args, 3, "/src"), XL_OK);
  ck_assert_int_eq(cmd.is_cuda, 1);
  ck_assert_int_eq(cmd.cxx_std, 14);
  xl_command_free(&cmd);
  ck_assert_int_eq(xl_command_from_args(&cmd, "k.cpp", NULL, 0, "/src"), XL_OK);
  ck_assert_int_eq(cmd.is_cuda, 0);
  xl_command_free(&cmd);
}
END_TEST

/* After `--`, an nvcc option that clang does not take makes the arguments an
 * nvcc command line; clang's own stay clang's. */
START_TEST(nvcc_arguments_after_dashes) {
  const char *nv[] = {"-gencode", "arch=compute_90,code=sm_90", "-DX=1",
                      "-std=c++17", "-Xcompiler", "-fopenmp"};
  const char *cl[] = {"-Werror", "-std=c++14", "--cuda-gpu-arch=sm_90"};
  xl_command cmd;
  int i, arch = 0, def = 0;

  ck_assert_int_eq(xl_command_from_args(&cmd, "k.cu", nv, 6, "/src"), XL_OK);
  ck_assert_int_eq(cmd.nvcc, 1);
  ck_assert_int_eq(cmd.is_cuda, 1);
  ck_assert_int_eq(cmd.extended_lambda, 1);
  ck_assert_int_eq(cmd.cxx_std, 17);
  for (i = 0; i < cmd.nargs; i++) {
    arch += strcmp(cmd.args[i], "--cuda-gpu-arch=sm_90") == 0;
    def += strcmp(cmd.args[i], "-DX=1") == 0;
    ck_assert(strcmp(cmd.args[i], "-gencode") != 0);
  }
  ck_assert_int_eq(arch, 1);
  ck_assert_int_eq(def, 1);
  xl_command_free(&cmd);
  ck_assert_int_eq(xl_command_from_args(&cmd, "k.cu", cl, 3, "/src"), XL_OK);
  ck_assert_int_eq(cmd.nvcc, 0);
  ck_assert_int_eq(cmd.nargs, 3);
  ck_assert_str_eq(cmd.args[0], "-Werror");
  ck_assert_str_eq(cmd.args[2], "--cuda-gpu-arch=sm_90");
  xl_command_free(&cmd);
}
END_TEST

START_TEST(buffers) {
  xl_buf b = XL_BUF_INIT;
  char *s;

  xl_buf_printf(&b, "%s-%d", "a", 1);
  xl_buf_putc(&b, '!');
  ck_assert_str_eq(b.data, "a-1!");
  s = xl_buf_detach(&b);
  ck_assert_str_eq(s, "a-1!");
  ck_assert_ptr_null(b.data);
  free(s);
}
END_TEST

/* Patterns glibc's regcomp would take minutes and gigabytes to compile are
 * refused (found by fuzz_config: "n++++...+" in HeaderFilterRegex); real
 * filters pass. */
START_TEST(regex_blowups_are_refused) {
  static const char *const ok[] = {"src/.*", "^(inc|gen)/[^/]+\\.cuh$",
                                   "a{1,1000}", "(a+)+", "[]{+*]+x",
                                   "[[:alpha:]]*", "\\++"};
  static const char *const bad[] = {
      "n++++++++++++++++++++++++++++++++++++++++", "a**", "a+?",
      "a{1,30000}", "(a{1,1000}){1,1000}", "((((((((((((a+)+)+)+)+)+)+)+)+)+)+)+)+"};
  regex_t re;
  const char *why;
  size_t i;

  for (i = 0; i < sizeof(ok) / sizeof(*ok); i++) {
    ck_assert_msg(xl_regex_compile(&re, ok[i], &why) == XL_OK, "%s", ok[i]);
    regfree(&re);
  }
  for (i = 0; i < sizeof(bad) / sizeof(*bad); i++) {
    ck_assert_msg(xl_regex_compile(&re, bad[i], &why) == XL_EINVAL, "%s",
                  bad[i]);
    ck_assert_str_eq(why, "too complex: nested or repeated repetitions");
  }
  ck_assert_int_eq(xl_regex_compile(&re, "(", &why), XL_EINVAL);
  ck_assert_str_eq(why, "not a valid regular expression");
}
END_TEST

Suite *util_suite(void) {
  Suite *s = suite_create("util");
  TCase *tc = tcase_create("util");

  tcase_add_test(tc, globs);
  tcase_add_test(tc, paths);
  tcase_add_test(tc, commands);
  tcase_add_test(tc, nvcc_arguments_after_dashes);
  tcase_add_test(tc, buffers);
  tcase_add_test(tc, regex_blowups_are_refused);
  suite_add_tcase(s, tc);
  return s;
}
