/*
 * fuzz_nvcc.c: libFuzzer target for the compile-command front: the
 * shell-like splitting of a database "command", the nvcc and nvcc_wrapper
 * translator, the clang-driver path of xl_command_from_argv (response files
 * excluded: they read the file system), -std and -arch values. Checks that
 * the translated command is a well-formed argument vector.
 *
 * Input: one byte choosing the driver (nvcc, nvcc_wrapper, clang++), then
 * the command text after the driver.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/argv.h"
#include "core/command.h"
#include "core/nvcc.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_vector(char **v, int n) {
  int i;

  if (n < 0 || (n > 0 && !v))
    abort();
  for (i = 0; i < n; i++)
    if (!v[i])
      abort();
  if (v && v[n])
    abort();
}

static void check_command(const xl_command *c) {
  check_vector(c->args, c->nargs);
  check_vector(c->unknown, c->nunknown);
  check_vector(c->diag_suppress, c->ndiag_suppress);
  check_vector(c->inputs, c->ninputs);
}

/* The clang-driver path, without response files. */
static void from_clang(xl_argv *words) {
  xl_argv a = XL_ARGV_INIT;
  xl_command c;
  int i;

  xl_argv_push(&a, "clang++");
  for (i = 0; i < words->n; i++)
    if (words->v[i][0] != '@')
      xl_argv_push(&a, words->v[i]);
  if (!a.oom && xl_command_from_argv(&c, "/src/k.cu",
                                     (const char *const *)a.v, a.n, "/build",
                                     NULL) == XL_OK) {
    check_command(&c);
    xl_command_free(&c);
  }
  xl_argv_clear(&a);
}

static void nvcc(xl_argv *words, int wrapper) {
  xl_argv a = XL_ARGV_INIT;
  xl_command c;
  char arch[64];
  int i;

  xl_argv_push(&a, wrapper ? "nvcc_wrapper" : "nvcc");
  for (i = 0; i < words->n; i++) {
    xl_argv_push(&a, words->v[i]);
    xl_command_parse_std(words->v[i]);
    if (xl_nvcc_real_arch(arch, sizeof(arch), words->v[i]) &&
        strlen(arch) >= sizeof(arch))
      abort();
  }
  memset(&c, 0, sizeof(c));
  if (!a.oom && xl_nvcc_translate(&c, (const char *const *)a.v, a.n, wrapper,
                                  NULL) == XL_OK)
    check_command(&c);
  xl_command_free(&c);
  xl_argv_clear(&a);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  xl_argv words = XL_ARGV_INIT;

  if (size < 1)
    return 0;
  xl_argv_split(&words, (const char *)data + 1, size - 1);
  check_vector(words.v, words.n);
  if (data[0] % 3 == 2)
    from_clang(&words);
  else
    nvcc(&words, data[0] % 3);
  xl_argv_clear(&words);
  return 0;
}
