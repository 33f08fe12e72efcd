/*
 * test_nvcc.c: the nvcc -> clang translation (lib/core/nvcc.c), with the
 * commands CMake, Kokkos' nvcc_wrapper and hand-written Makefiles emit.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "builder.h"
#include "core/argv.h"
#include "core/command.h"
#include "core/nvcc.h"
#include "util/util.h"

/* Split a command line and translate it as a database entry for `file`. */
static xl_command tr(const char *line, const char *file, const char *dir) {
  xl_argv a = XL_ARGV_INIT;
  xl_command c;
  int rc;

  ck_assert_int_eq(xl_argv_split(&a, line, strlen(line)), XL_OK);
  rc = xl_command_from_argv(&c, file, (const char *const *)a.v, a.n, dir,
                            NULL);
  ck_assert_int_eq(rc, XL_OK);
  xl_argv_clear(&a);
  return c;
}

/* The clang arguments joined by single spaces (static buffer). */
static const char *joined(char **v) {
  static char buf[4096];
  size_t n = 0;

  buf[0] = '\0';
  for (; v && *v; v++)
    n += (size_t)snprintf(buf + n, sizeof(buf) - n, "%s%s", n ? " " : "", *v);
  return buf;
}

START_TEST(cmake_ninja_command) {
  /* CMake 3.25 + nvcc 13.0, Ninja (docs: ecosystem notes, section 6) */
  xl_command c = tr(
      "/usr/local/cuda/bin/nvcc -forward-unknown-to-host-compiler "
      "-ccbin=/usr/bin/g++ -DFOO=1 -I/src/cm/inc1 -isystem=/opt/fakeinc -O3 "
      "-DNDEBUG --generate-code=arch=compute_90,code=[compute_90,sm_90] "
      "--extended-lambda --expt-relaxed-constexpr -Xcompiler=-Wall "
      "--diag-suppress=177 -Werror=all-warnings -std=c++17 -x cu -rdc=true "
      "-MD -MT CMakeFiles/k.dir/k.cu.o -MF CMakeFiles/k.dir/k.cu.o.d "
      "-c /src/cm/k.cu -o CMakeFiles/k.dir/k.cu.o",
      "/src/cm/k.cu", "/src/cm/build");

  ck_assert_str_eq(joined(c.args),
                   "-DFOO=1 -I/src/cm/inc1 -isystem/opt/fakeinc -O3 -DNDEBUG "
                   "-Wall -std=c++17 -x cuda --cuda-gpu-arch=sm_90 -fgpu-rdc");
  ck_assert_int_eq(c.nvcc, 1);
  ck_assert_int_eq(c.is_cuda, 1);
  ck_assert_int_eq(c.extended_lambda, 1);
  ck_assert_int_eq(c.relaxed_constexpr, 1);
  ck_assert_int_eq(c.rdc, 1);
  ck_assert_int_eq(c.cxx_std, 17);
  ck_assert_int_eq(c.compiles, 1);
  ck_assert_str_eq(joined(c.diag_suppress), "177");
  ck_assert_str_eq(joined(c.unknown), "");
  ck_assert_str_eq(joined(c.inputs), "/src/cm/k.cu");
  xl_command_free(&c);
}
END_TEST

START_TEST(cmake_makefiles_options_file) {
  /* The Makefile generator hides the includes in a response file. */
  char dir[] = "/tmp/xl-nvcc-XXXXXX";
  char path[256];
  FILE *f;
  xl_command c;

  ck_assert_ptr_nonnull(mkdtemp(dir));
  snprintf(path, sizeof(path), "%s/includes_CUDA.rsp", dir);
  f = fopen(path, "w");
  ck_assert_ptr_nonnull(f);
  fputs("-I/src/cm/inc1 -isystem=/opt/fakeinc \"-I/src/with space\"\n", f);
  fclose(f);
  c = tr("/usr/local/cuda/bin/nvcc -DFOO=1 --options-file includes_CUDA.rsp "
         "-O3 -arch=sm_80 -x cu -c /src/cm/k.cu -o k.o",
         "/src/cm/k.cu", dir);
  ck_assert_str_eq(joined(c.args),
                   "-DFOO=1 -I/src/cm/inc1 -isystem/opt/fakeinc "
                   "-I/src/with space -O3 -x cuda --cuda-gpu-arch=sm_80");
  ck_assert_int_eq(c.extended_lambda, 0);
  ck_assert_int_eq(c.cxx_std, 0); /* nvcc's default; the frontend adds it */
  xl_command_free(&c);
  unlink(path);
  rmdir(dir);
}
END_TEST

START_TEST(missing_options_file_is_an_error) {
  const char *argv[] = {"nvcc", "--options-file", "/nonexistent/x.rsp",
                        "-c", "k.cu"};
  xl_command c;
  xl_error *err = NULL;

  ck_assert_int_eq(xl_error_new(&err), XL_OK);
  ck_assert_int_eq(xl_command_from_argv(&c, "k.cu", argv, 5, "/tmp", err),
                   XL_EIO);
  ck_assert_ptr_nonnull(strstr(xl_error_message(err), "/nonexistent/x.rsp"));
  xl_error_free(err);
}
END_TEST

START_TEST(kokkos_nvcc_wrapper_command) {
  /* Kokkos with CMAKE_CXX_COMPILER=nvcc_wrapper: g++-style options */
  xl_command c = tr(
      "/k/bin/nvcc_wrapper -DKOKKOS_DEPENDENCE -I/k/core/src -isystem "
      "/k/tpls/mdspan -O3 -DNDEBUG -extended-lambda "
      "-Wext-lambda-captures-this -arch=sm_90 -fPIC -std=c++17 -Wall "
      "-Wshadow -pedantic -Wsign-compare -Werror -fno-gnu-unique "
      "--remove-duplicate-link-files -MD -MT a.o -MF a.o.d -o a.o -c "
      "/k/core/unit_test/TestA.cpp",
      "/k/core/unit_test/TestA.cpp", "/k/build");

  ck_assert_str_eq(joined(c.args),
                   "-DKOKKOS_DEPENDENCE -I/k/core/src -isystem/k/tpls/mdspan "
                   "-O3 -DNDEBUG -fPIC -std=c++17 -Wall -Wshadow -pedantic "
                   "-Wsign-compare --cuda-gpu-arch=sm_90");
  ck_assert_int_eq(c.is_cuda, 1); /* nvcc_wrapper compiles .cpp as CUDA */
  ck_assert_int_eq(c.extended_lambda, 1);
  ck_assert_str_eq(joined(c.unknown), "-fno-gnu-unique");
  xl_command_free(&c);
}
END_TEST

START_TEST(makefile_command) {
  xl_command c = tr(
      "ccache nvcc -O2 -g -G -lineinfo -Xptxas -v -Xcompiler -fopenmp,-O3 "
      "-Xcompiler \"-fPIC -Wl,-rpath,/x\" -gencode arch=compute_80,code=sm_80 "
      "-gencode arch=compute_90,code=\\\"sm_90,compute_90\\\" --use_fast_math "
      "-maxrregcount=64 -I../include -L/usr/lib -lcublas -default-stream "
      "per-thread -std c++20 -ccbin g++-12 -c kernel.cu -o kernel.o",
      "kernel.cu", "/src/app");

  ck_assert_str_eq(joined(c.args),
                   "-O2 -fopenmp -O3 -fPIC -I../include "
                   "-DCUDA_API_PER_THREAD_DEFAULT_STREAM=1 -std=c++20 "
                   "--cuda-gpu-arch=sm_80 --cuda-gpu-arch=sm_90");
  ck_assert_int_eq(c.cxx_std, 20);
  ck_assert_int_eq(c.is_cuda, 1);
  ck_assert_int_eq(c.rdc, 0);
  ck_assert_str_eq(joined(c.unknown), "");
  ck_assert_str_eq(c.file, "/src/app/kernel.cu");
  xl_command_free(&c);
}
END_TEST

START_TEST(unknown_options_are_listed_once) {
  xl_command c = tr("nvcc --bogus-opt=3 -fbogus --bogus-opt=4 -c k.cu",
                    "k.cu", "/tmp");

  ck_assert_str_eq(joined(c.unknown), "--bogus-opt -fbogus");
  ck_assert_str_eq(joined(c.args), "");
  xl_command_free(&c);
}
END_TEST

START_TEST(cudafe_and_diag_suppress) {
  xl_command c = tr("nvcc -Xcudafe '--diag_suppress=esa_on_defaulted "
                    "--diag_suppress=177' "
                    "-Xcudafe=--display_error_number --diag_suppress=20012 "
                    "-diag-suppress 1,2 -c k.cu",
                    "k.cu", "/tmp");

  ck_assert_str_eq(joined(c.diag_suppress),
                   "esa_on_defaulted 177 20012 1 2");
  ck_assert_str_eq(joined(c.args), "");
  xl_command_free(&c);
}
END_TEST

START_TEST(architectures) {
  char a[32];
  xl_command c = tr("nvcc -arch=native -arch=all -code=compute_90,sm_90a "
                    "-arch sm_100f --gpu-architecture=sm_75 -c k.cu",
                    "k.cu", "/tmp");

  ck_assert_str_eq(joined(c.args),
                   "--cuda-gpu-arch=sm_90 --cuda-gpu-arch=sm_90a "
                   "--cuda-gpu-arch=sm_100 --cuda-gpu-arch=sm_75");
  xl_command_free(&c);
  ck_assert_int_eq(xl_nvcc_real_arch(a, sizeof(a), "compute_120"), 1);
  ck_assert_str_eq(a, "sm_120");
  ck_assert_int_eq(xl_nvcc_real_arch(a, sizeof(a), "lto_90"), 0);
  ck_assert_int_eq(xl_nvcc_real_arch(a, sizeof(a), "all-major"), 0);
  ck_assert_int_eq(xl_nvcc_real_arch(a, sizeof(a), "sm_9"), 0);
  ck_assert_int_eq(xl_nvcc_real_arch(a, sizeof(a), "sm_90x"), 0);
}
END_TEST

START_TEST(languages_and_modes) {
  xl_command c = tr("nvcc -x c++ -c k.cu", "k.cu", "/tmp");

  ck_assert_int_eq(c.is_cuda, 0);
  ck_assert_str_eq(joined(c.args), "-x c++");
  xl_command_free(&c);
  c = tr("nvcc -c host.cpp", "host.cpp", "/tmp"); /* nvcc: a host file */
  ck_assert_int_eq(c.is_cuda, 0);
  xl_command_free(&c);
  c = tr("nvcc -E k.cu", "k.cu", "/tmp");
  ck_assert_int_eq(c.compiles, 0);
  xl_command_free(&c);
  c = tr("nvcc -dc -Werror -c k.cu", "k.cu", "/tmp");
  ck_assert_int_eq(c.compiles, 1);
  ck_assert_int_eq(c.rdc, 1);
  ck_assert_str_eq(joined(c.args), "-fgpu-rdc");
  xl_command_free(&c);
  c = tr("nvcc --relocatable-device-code false -noeh -ftemplate-depth 900 "
         "-include pre.h --std=c++14 -c k.cu",
         "k.cu", "/tmp");
  ck_assert_int_eq(c.rdc, 0);
  ck_assert_int_eq(c.cxx_std, 14);
  ck_assert_str_eq(joined(c.args), "-fno-exceptions -ftemplate-depth=900 "
                                   "-include pre.h -std=c++14");
  xl_command_free(&c);
}
END_TEST

START_TEST(xcompiler_values_in_pieces) {
  xl_command c = tr("nvcc -Xcompiler -isystem -Xcompiler /opt/x "
                    "-Xcompiler -Werror,-m32,-fno-keep-inline-dllexport "
                    "-Xcompiler -include,pre.h -c k.cu",
                    "k.cu", "/tmp");

  ck_assert_str_eq(joined(c.args), "-isystem /opt/x -include pre.h");
  ck_assert_str_eq(joined(c.unknown), ""); /* host options drop quietly */
  xl_command_free(&c);
}
END_TEST

START_TEST(clang_commands_keep_their_arguments) {
  xl_command c = tr("/usr/bin/clang++ -x cuda -I inc -D X=1 -std=c++20 "
                    "--cuda-gpu-arch=sm_90 -MD -MF k.d -c k.cu -o k.o",
                    "k.cu", "/src");

  ck_assert_str_eq(joined(c.args), "-x cuda -I inc -D X=1 -std=c++20 "
                                   "--cuda-gpu-arch=sm_90");
  ck_assert_int_eq(c.nvcc, 0);
  ck_assert_int_eq(c.extended_lambda, 1);
  ck_assert_int_eq(c.cxx_std, 20);
  ck_assert_str_eq(joined(c.inputs), "k.cu");
  xl_command_free(&c);
}
END_TEST

/* Every table entry is found by both its spellings, with a value where it
 * takes one, and none is taken for an unknown option. */
START_TEST(every_table_entry_is_recognised) {
  size_t n, k;
  const xl_nvcc_option *t = xl_nvcc_options(&n);
  char spelled[128];

  ck_assert_uint_gt(n, 140);
  for (k = 0; k < n; k++) {
    const char *names[2] = {t[k].long_name, t[k].short_name};
    int j;
    for (j = 0; j < 2; j++) {
      const char *argv[2] = {spelled, "v1"}, *value;
      int used;
      if (!names[j][0])
        continue;
      snprintf(spelled, sizeof(spelled), "%s%s", j ? "-" : "--", names[j]);
      ck_assert_msg(xl_nvcc_lookup(argv, 2, 0, &value, &used) == &t[k],
                    "'%s' is not found as itself", spelled);
      ck_assert_int_eq(used, t[k].arity == XL_NV_FLAG ? 1 : 2);
    }
  }
}
END_TEST

START_TEST(lookup_spellings) {
  const char *argv[] = {"-I/x", "-O3", "--diag_suppress=1", "-DA=1,B",
                        "-Ofc", "1", "--extended-lambda=1", "--Ifoo"};
  const char *v;
  int used;
  const xl_nvcc_option *o;

  o = xl_nvcc_lookup(argv, 8, 0, &v, &used);
  ck_assert_str_eq(o->long_name, "include-path");
  ck_assert_str_eq(v, "/x");
  o = xl_nvcc_lookup(argv, 8, 1, &v, &used);
  ck_assert_str_eq(o->long_name, "optimize");
  ck_assert_str_eq(v, "3");
  o = xl_nvcc_lookup(argv, 8, 2, &v, &used); /* underscores = hyphens */
  ck_assert_str_eq(o->long_name, "diag-suppress");
  o = xl_nvcc_lookup(argv, 8, 3, &v, &used);
  ck_assert_str_eq(v, "A=1,B");
  o = xl_nvcc_lookup(argv, 8, 4, &v, &used);
  ck_assert_str_eq(o->long_name, "Ofast-compile");
  ck_assert_int_eq(used, 2);
  ck_assert_ptr_null(xl_nvcc_lookup(argv, 8, 6, &v, &used));
  ck_assert_ptr_null(xl_nvcc_lookup(argv, 8, 7, &v, &used)); /* no --I */
}
END_TEST

START_TEST(host_option_table) {
  int takes;

  ck_assert_int_eq(xl_host_option("-fPIC", &takes), 1);
  ck_assert_int_eq(xl_host_option("-isystem", &takes), 1);
  ck_assert_int_eq(takes, 1);
  ck_assert_int_eq(xl_host_option("-isystem/x", &takes), 1);
  ck_assert_int_eq(takes, 0);
  ck_assert_int_eq(xl_host_option("-Werror=vla", &takes), 0);
  ck_assert_int_eq(xl_host_option("-Wl,-rpath,x", &takes), 0);
  ck_assert_int_eq(xl_host_option("-fext-numeric-literals", &takes), -1);
  ck_assert_int_eq(xl_host_option("-MF", &takes), 0);
  ck_assert_int_eq(takes, 1);
}
END_TEST

START_TEST(shell_splitting) {
  xl_argv a = XL_ARGV_INIT;
  const char *t = "a 'b c' \"d \\\" e\" f\\ g \"\" h'i'j";

  ck_assert_int_eq(xl_argv_split(&a, t, strlen(t)), XL_OK);
  ck_assert_int_eq(a.n, 6);
  ck_assert_str_eq(a.v[1], "b c");
  ck_assert_str_eq(a.v[2], "d \" e");
  ck_assert_str_eq(a.v[3], "f g");
  ck_assert_str_eq(a.v[4], "");
  ck_assert_str_eq(a.v[5], "hij");
  xl_argv_clear(&a);
  ck_assert_int_eq(xl_argv_split(&a, "x 'open", 7), XL_EPARSE);
  xl_argv_clear(&a);
}
END_TEST

START_TEST(std_values) {
  ck_assert_int_eq(xl_command_parse_std("c++17"), 17);
  ck_assert_int_eq(xl_command_parse_std("gnu++2a"), 20);
  ck_assert_int_eq(xl_command_parse_std("c++03"), 3);
  ck_assert_int_eq(xl_command_parse_std("c++2b"), 23);
  ck_assert_int_eq(xl_command_parse_std("c11"), 0);
}
END_TEST

START_TEST(config_edits) {
  xl_command c = tr("nvcc -Werror=x -DA -DB -c k.cu", "k.cu", "/tmp");
  const char *before[] = {"-DFIRST"}, *after[] = {"-std=c++20"};
  const char *removed[] = {"-DB"};

  ck_assert_int_eq(xl_command_edit(&c, before, 1, after, 1, removed, 1),
                   XL_OK);
  ck_assert_str_eq(joined(c.args), "-DFIRST -DA -std=c++20");
  ck_assert_int_eq(c.cxx_std, 20);
  xl_command_free(&c);
}
END_TEST

Suite *nvcc_suite(void) {
  Suite *s = suite_create("nvcc");
  TCase *tc = tcase_create("nvcc");

  tcase_add_test(tc, cmake_ninja_command);
  tcase_add_test(tc, cmake_makefiles_options_file);
  tcase_add_test(tc, missing_options_file_is_an_error);
  tcase_add_test(tc, kokkos_nvcc_wrapper_command);
  tcase_add_test(tc, makefile_command);
  tcase_add_test(tc, unknown_options_are_listed_once);
  tcase_add_test(tc, cudafe_and_diag_suppress);
  tcase_add_test(tc, architectures);
  tcase_add_test(tc, languages_and_modes);
  tcase_add_test(tc, xcompiler_values_in_pieces);
  tcase_add_test(tc, clang_commands_keep_their_arguments);
  tcase_add_test(tc, every_table_entry_is_recognised);
  tcase_add_test(tc, lookup_spellings);
  tcase_add_test(tc, host_option_table);
  tcase_add_test(tc, shell_splitting);
  tcase_add_test(tc, std_values);
  tcase_add_test(tc, config_edits);
  suite_add_tcase(s, tc);
  return s;
}
