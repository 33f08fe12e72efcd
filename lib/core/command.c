/*
 * command.c: reduce a compile command to what the frontend needs.
 */
#include <stdlib.h>
#include <string.h>

#include "command.h"
#include "util/util.h"

void xl_argv_free(char **argv) {
  char **p;

  if (!argv)
    return;
  for (p = argv; *p; p++)
    free(*p);
  free(argv);
}

void xl_command_free(xl_command *cmd) {
  if (!cmd)
    return;
  free(cmd->file);
  free(cmd->directory);
  xl_argv_free(cmd->args);
  memset(cmd, 0, sizeof(*cmd));
}

static int push_arg(xl_command *cmd, size_t *cap, const char *a) {
  char *copy = xl_strdup(a);

  if (!copy || XL_GROW(cmd->args, *cap, (size_t)cmd->nargs + 2) < 0) {
    free(copy);
    return XL_ENOMEM;
  }
  cmd->args[cmd->nargs++] = copy;
  cmd->args[cmd->nargs] = NULL;
  return XL_OK;
}

/* An empty, NULL-terminated argument array. */
static int init_args(xl_command *cmd, size_t *cap) {
  if (XL_GROW(cmd->args, *cap, 1) < 0)
    return XL_ENOMEM;
  cmd->args[0] = NULL;
  cmd->nargs = 0;
  return XL_OK;
}

static int parse_std(const char *v) {
  static const struct { const char *name; int std; } map[] = {
      {"c++11", 11}, {"gnu++11", 11}, {"c++14", 14}, {"gnu++14", 14},
      {"c++17", 17}, {"gnu++17", 17}, {"c++20", 20}, {"gnu++20", 20},
      {"c++2a", 20}, {"c++23", 23},   {"gnu++23", 23}, {"c++2b", 23}};
  size_t i;

  for (i = 0; i < sizeof(map) / sizeof(*map); i++)
    if (strcmp(v, map[i].name) == 0)
      return map[i].std;
  return 0;
}

/* Record what an argument says about the TU; 1 when it must be dropped. */
static int observe(xl_command *cmd, const char *a, const char *next) {
  if (strcmp(a, "--extended-lambda") == 0 ||
      strcmp(a, "--expt-extended-lambda") == 0 ||
      strcmp(a, "-extended-lambda") == 0 ||
      strcmp(a, "-expt-extended-lambda") == 0) {
    cmd->extended_lambda = 1;
    return 1;
  }
  if (strcmp(a, "--expt-relaxed-constexpr") == 0 ||
      strcmp(a, "-expt-relaxed-constexpr") == 0) {
    cmd->relaxed_constexpr = 1;
    return 1;
  }
  if (strcmp(a, "-fgpu-rdc") == 0)
    cmd->rdc = 1;
  if (xl_str_startswith(a, "-std=") || xl_str_startswith(a, "--std="))
    cmd->cxx_std = parse_std(strchr(a, '=') + 1);
  if ((strcmp(a, "-std") == 0 || strcmp(a, "--std") == 0) && next)
    cmd->cxx_std = parse_std(next);
  if (strcmp(a, "-x") == 0 && next) {
    cmd->explicit_x = 1;
    cmd->is_cuda = strcmp(next, "cu") == 0 || strcmp(next, "cuda") == 0;
  } else if (xl_str_startswith(a, "-x") && strlen(a) > 2) {
    cmd->explicit_x = 1;
    cmd->is_cuda = strcmp(a + 2, "cu") == 0 || strcmp(a + 2, "cuda") == 0;
  }
  return 0;
}

static int finish(xl_command *cmd, const char *file, const char *directory) {
  cmd->directory = directory ? xl_path_absolute(directory, NULL)
                             : xl_path_absolute(".", NULL);
  if (!cmd->directory)
    return XL_ENOMEM;
  cmd->file = xl_path_absolute(file, cmd->directory);
  if (!cmd->file)
    return XL_ENOMEM;
  if (!cmd->explicit_x && !cmd->nvcc)
    cmd->is_cuda = xl_str_endswith(file, ".cu") || xl_str_endswith(file, ".cuh");
  if (cmd->nvcc)
    cmd->is_cuda = 1;
  return XL_OK;
}

int xl_command_from_args(xl_command *out, const char *file,
                         const char *const *args, int nargs,
                         const char *directory) {
  size_t cap = 0;
  int i;

  memset(out, 0, sizeof(*out));
  if (init_args(out, &cap) < 0)
    goto oom;
  for (i = 0; i < nargs; i++) {
    if (observe(out, args[i], i + 1 < nargs ? args[i + 1] : NULL))
      continue;
    if (push_arg(out, &cap, args[i]) < 0)
      goto oom;
  }
  out->extended_lambda = 1; /* a hand-run check assumes --extended-lambda */
  if (finish(out, file, directory) < 0)
    goto oom;
  return XL_OK;
oom:
  xl_command_free(out);
  return XL_ENOMEM;
}

static int is_input(const char *a, const char *file, const char *dir) {
  char *abs;
  int same;

  if (strcmp(a, file) == 0)
    return 1;
  abs = xl_path_absolute(a, dir);
  same = abs && strcmp(abs, file) == 0;
  free(abs);
  return same;
}

int xl_command_from_argv(xl_command *out, const char *file,
                         const char *const *argv, int argc,
                         const char *directory, xl_error *err) {
  size_t cap = 0;
  char *abs_file = NULL;
  const char *base;
  int i, rc = XL_ENOMEM;

  memset(out, 0, sizeof(*out));
  if (argc < 1)
    return xl_error_set(err, XL_EINVAL, "empty compile command for '%s'", file);
  base = strrchr(argv[0], '/') ? strrchr(argv[0], '/') + 1 : argv[0];
  out->nvcc = strstr(base, "nvcc") != NULL;
  abs_file = xl_path_absolute(file, directory);
  if (!abs_file || init_args(out, &cap) < 0)
    goto fail;
  for (i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (strcmp(a, "-c") == 0 || is_input(a, abs_file, directory))
      continue;
    if (strcmp(a, "-o") == 0) {
      i++;
      continue;
    }
    if (xl_str_startswith(a, "-o") && a[2])
      continue;
    if (observe(out, a, i + 1 < argc ? argv[i + 1] : NULL))
      continue;
    if (push_arg(out, &cap, a) < 0)
      goto fail;
  }
  if (!out->nvcc)
    out->extended_lambda = 1; /* clang needs no flag for extended lambdas */
  rc = finish(out, file, directory);
  if (rc < 0)
    goto fail;
  free(abs_file);
  return XL_OK;
fail:
  free(abs_file);
  xl_command_free(out);
  return xl_error_set(err, rc, "out of memory");
}
