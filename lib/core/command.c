/*
 * command.c: reduce a compile command to what the frontend needs.
 */
#include <stdlib.h>
#include <string.h>

#include "argv.h"
#include "command.h"
#include "nvcc.h"
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
  xl_argv_free(cmd->unknown);
  xl_argv_free(cmd->diag_suppress);
  xl_argv_free(cmd->inputs);
  memset(cmd, 0, sizeof(*cmd));
}

int xl_command_parse_std(const char *v) {
  static const struct { const char *name; int std; } map[] = {
      {"03", 3}, {"98", 3}, {"11", 11}, {"0x", 11}, {"14", 14}, {"1y", 14},
      {"17", 17}, {"1z", 17}, {"20", 20}, {"2a", 20}, {"23", 23}, {"2b", 23}};
  size_t i;

  if (xl_str_startswith(v, "c++"))
    v += 3;
  else if (xl_str_startswith(v, "gnu++"))
    v += 5;
  else
    return 0;
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
    cmd->cxx_std = xl_command_parse_std(strchr(a, '=') + 1);
  if ((strcmp(a, "-std") == 0 || strcmp(a, "--std") == 0) && next)
    cmd->cxx_std = xl_command_parse_std(next);
  if (strcmp(a, "-x") == 0 && next) {
    cmd->explicit_x = 1;
    cmd->is_cuda = strcmp(next, "cu") == 0 || strcmp(next, "cuda") == 0;
  } else if (xl_str_startswith(a, "-x") && strlen(a) > 2) {
    cmd->explicit_x = 1;
    cmd->is_cuda = strcmp(a + 2, "cu") == 0 || strcmp(a + 2, "cuda") == 0;
  }
  return 0;
}

static int cuda_extension(const char *file) {
  return xl_str_endswith(file, ".cu") || xl_str_endswith(file, ".cuh");
}

/* nvcc_wrapper compiles every C++ source as CUDA; nvcc only .cu files. */
static int finish(xl_command *cmd, const char *file, const char *directory,
                  int wrapper) {
  cmd->directory = directory ? xl_path_absolute(directory, NULL)
                             : xl_path_absolute(".", NULL);
  if (!cmd->directory)
    return XL_ENOMEM;
  cmd->file = xl_path_absolute(file, cmd->directory);
  if (!cmd->file)
    return XL_ENOMEM;
  if (!cmd->explicit_x)
    cmd->is_cuda = wrapper || cuda_extension(file);
  return XL_OK;
}

/* The empty arrays every command has. */
static int init_lists(xl_command *cmd) {
  cmd->unknown = calloc(1, sizeof(char *));
  cmd->diag_suppress = calloc(1, sizeof(char *));
  cmd->inputs = calloc(1, sizeof(char *));
  return cmd->unknown && cmd->diag_suppress && cmd->inputs ? XL_OK
                                                           : XL_ENOMEM;
}

/* Whether arg is one of nvcc's own options, spelled as nvcc spells it and
 * as clang does not ("-arch=sm_90", "-gencode ...", "-ccbin g++",
 * "-rdc=true", "-Xcompiler -fopenmp"): the arguments after `--` are then
 * an nvcc command line. The names are nvcc 13.0's (nvcc_options.def). */
static int nvcc_only(const char *a) {
  static const char *const names[] = {
      "arch", "gpu-architecture", "gencode", "generate-code", "code",
      "gpu-code", "ccbin", "compiler-bindir", "Xcompiler", "compiler-options",
      "Xptxas", "ptxas-options", "Xnvlink", "nvlink-options", "rdc",
      "relocatable-device-code", "dc", "device-c", "dw", "device-w",
      "lineinfo", "generate-line-info", "use_fast_math", "use-fast-math",
      "maxrregcount", "ftz", "prec-div", "prec-sqrt", "fmad",
      "default-stream", "diag-suppress", "diag-error", "diag-warn",
      "forward-unknown-to-host-compiler", "allow-unsupported-compiler",
      "cudart", "cudadevrt", "Wno-deprecated-gpu-targets",
      "Wext-lambda-captures-this", "G", "device-debug", "keep", "keep-dir",
      "split-compile", "extra-device-vectorization", "resource-usage"};
  size_t k, n;

  if (a[0] != '-')
    return 0;
  a += a[1] == '-' ? 2 : 1;
  n = strcspn(a, "=");
  for (k = 0; k < sizeof(names) / sizeof(*names); k++)
    if (strlen(names[k]) == n && strncmp(a, names[k], n) == 0)
      return 1;
  return 0;
}

/* The arguments as an nvcc command line, as a database entry's. */
static int from_nvcc_args(xl_command *out, const char *const *args,
                          int nargs) {
  xl_argv a = XL_ARGV_INIT;
  int i, rc;

  xl_argv_push(&a, "nvcc");
  for (i = 0; i < nargs; i++)
    xl_argv_push(&a, args[i]);
  rc = a.oom ? XL_ENOMEM
             : xl_nvcc_translate(out, (const char *const *)a.v, a.n, 0, NULL);
  xl_argv_clear(&a);
  return rc;
}

int xl_command_from_args(xl_command *out, const char *file,
                         const char *const *args, int nargs,
                         const char *directory) {
  xl_argv a = XL_ARGV_INIT;
  int i, nvcc = 0, rc = XL_OK;

  memset(out, 0, sizeof(*out));
  for (i = 0; i < nargs && !nvcc; i++)
    nvcc = nvcc_only(args[i]);
  if (nvcc) {
    rc = from_nvcc_args(out, args, nargs);
  } else {
    for (i = 0; i < nargs; i++)
      if (!observe(out, args[i], i + 1 < nargs ? args[i + 1] : NULL))
        xl_argv_push(&a, args[i]);
    out->nargs = a.n;
    out->args = a.oom ? NULL : xl_argv_detach(&a);
    xl_argv_clear(&a);
    rc = out->args && init_lists(out) == XL_OK ? XL_OK : XL_ENOMEM;
  }
  out->extended_lambda = 1; /* a hand-run check assumes --extended-lambda */
  out->compiles = 1;
  if (rc < 0 || finish(out, file, directory, 0) < 0) {
    xl_command_free(out);
    return XL_ENOMEM;
  }
  return XL_OK;
}

/* ---- gcc / clang commands ------------------------------------------------ */

/* Options that name an output, or ask for dependency files. Returns the
 * number of arguments to skip (0: not such an option). */
static int output_option(const char *a) {
  static const char *const with_value[] = {"-o", "-MF", "-MT", "-MQ"};
  static const char *const flags[] = {"-c", "-MD", "-MMD", "-MP"};
  size_t k;

  for (k = 0; k < sizeof(with_value) / sizeof(*with_value); k++) {
    if (strcmp(a, with_value[k]) == 0)
      return 2;
    if (xl_str_startswith(a, with_value[k]))
      return 1;
  }
  for (k = 0; k < sizeof(flags) / sizeof(*flags); k++)
    if (strcmp(a, flags[k]) == 0)
      return 1;
  return 0;
}

/* clang options whose value is the next argument (kept with it). */
static int separate_value(const char *a) {
  static const char *const names[] = {
      "-x", "-I", "-isystem", "-iquote", "-idirafter", "-include",
      "-imacros", "-D", "-U", "-Xclang", "-Xpreprocessor", "-target",
      "-isysroot", "-imultilib", "-iprefix", "-iwithprefix", "-Xarch_host",
      "-Xarch_device", "-Xcuda-ptxas", "-Xcuda-fatbinary"};
  size_t k;

  for (k = 0; k < sizeof(names) / sizeof(*names); k++)
    if (strcmp(a, names[k]) == 0)
      return 1;
  return 0;
}

static int from_clang(xl_command *out, const char *const *argv, int argc) {
  xl_argv a = XL_ARGV_INIT, in = XL_ARGV_INIT;
  int i, skip;

  out->compiles = 1;
  for (i = 1; i < argc; i++) {
    const char *arg = argv[i], *next = i + 1 < argc ? argv[i + 1] : NULL;
    skip = output_option(arg);
    if (skip) {
      i += skip - 1;
    } else if (separate_value(arg) && next) {
      observe(out, arg, next);
      xl_argv_push(&a, arg);
      xl_argv_push(&a, argv[++i]);
    } else if (arg[0] != '-' || !arg[1]) {
      xl_argv_push(&in, arg);
    } else if (strcmp(arg, "-E") == 0 || strcmp(arg, "-M") == 0 ||
               strcmp(arg, "-MM") == 0) {
      out->compiles = 0;
    } else if (!observe(out, arg, next)) {
      xl_argv_push(&a, arg);
    }
  }
  out->extended_lambda = 1; /* clang needs no flag for extended lambdas */
  out->nargs = a.n;
  out->ninputs = in.n;
  if (!a.oom && !in.oom) {
    out->args = xl_argv_detach(&a);
    out->inputs = xl_argv_detach(&in);
  }
  xl_argv_clear(&a);
  xl_argv_clear(&in);
  out->unknown = calloc(1, sizeof(char *));
  out->diag_suppress = calloc(1, sizeof(char *));
  return out->args && out->inputs && out->unknown && out->diag_suppress
             ? XL_OK
             : XL_ENOMEM;
}

/* ---- database entries ---------------------------------------------------- */

static const char *base_name(const char *path) {
  const char *slash = strrchr(path, '/');

  return slash ? slash + 1 : path;
}

/* ccache and friends put the real compiler in the next argument. */
static int is_launcher(const char *arg) {
  static const char *const names[] = {"ccache", "sccache", "distcc", "icecc",
                                      "buildcache", "xlambda"};
  const char *b = base_name(arg);
  size_t k;

  for (k = 0; k < sizeof(names) / sizeof(*names); k++)
    if (strcmp(b, names[k]) == 0)
      return 1;
  return 0;
}

int xl_command_from_argv(xl_command *out, const char *file,
                         const char *const *argv, int argc,
                         const char *directory, xl_error *err) {
  xl_argv ex = XL_ARGV_INIT;
  const char *driver;
  int k = 0, rc, nvcc, wrapper = 0;

  memset(out, 0, sizeof(*out));
  while (k < argc && is_launcher(argv[k]))
    k++;
  if (k >= argc)
    return xl_error_set(err, XL_EINVAL, "empty compile command for '%s'",
                        file);
  driver = base_name(argv[k]);
  nvcc = strstr(driver, "nvcc") != NULL;
  wrapper = strstr(driver, "nvcc_wrapper") != NULL;
  rc = xl_argv_expand(&ex, argv + k, argc - k, directory,
                      XL_RSP_AT | (nvcc ? XL_RSP_NVCC : 0), err);
  if (rc < 0)
    goto cleanup;
  if (nvcc)
    rc = xl_nvcc_translate(out, (const char *const *)ex.v, ex.n, wrapper, err);
  else if (from_clang(out, (const char *const *)ex.v, ex.n) < 0)
    rc = xl_error_set(err, XL_ENOMEM, "out of memory");
  if (rc == XL_OK && finish(out, file, directory, wrapper) < 0)
    rc = xl_error_set(err, XL_ENOMEM, "out of memory");
cleanup:
  xl_argv_clear(&ex);
  if (rc < 0)
    xl_command_free(out);
  return rc;
}

/* ---- configuration edits ------------------------------------------------- */

static int removed_by(const char *arg, const char *const *removed, int n) {
  int i;

  for (i = 0; i < n; i++)
    if (xl_glob_match(removed[i], arg))
      return 1;
  return 0;
}

int xl_command_edit(xl_command *cmd, const char *const *before, int nbefore,
                    const char *const *after, int nafter,
                    const char *const *removed, int nremoved) {
  xl_argv a = XL_ARGV_INIT;
  xl_command probe = *cmd;
  int i;

  for (i = 0; i < nbefore; i++)
    xl_argv_push(&a, before[i]);
  for (i = 0; i < cmd->nargs; i++)
    if (!removed_by(cmd->args[i], removed, nremoved))
      xl_argv_push(&a, cmd->args[i]);
  for (i = 0; i < nafter; i++)
    xl_argv_push(&a, after[i]);
  if (a.oom) {
    xl_argv_clear(&a);
    return XL_ENOMEM;
  }
  for (i = 0; i < nbefore; i++)
    observe(&probe, before[i], i + 1 < nbefore ? before[i + 1] : NULL);
  for (i = 0; i < nafter; i++)
    observe(&probe, after[i], i + 1 < nafter ? after[i + 1] : NULL);
  cmd->cxx_std = probe.cxx_std;
  cmd->explicit_x = probe.explicit_x;
  cmd->is_cuda = probe.is_cuda;
  cmd->rdc = probe.rdc;
  xl_argv_free(cmd->args);
  cmd->nargs = a.n;
  cmd->args = xl_argv_detach(&a);
  return XL_OK;
}
