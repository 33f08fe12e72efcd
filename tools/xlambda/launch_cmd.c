/*
 * launch_cmd.c: `xlambda launch [options] -- COMPILER ARGS...`: check the
 * translation unit the compile command builds, print the findings on
 * stderr, then exec the compiler (so it works as CMAKE_CUDA_COMPILER_LAUNCHER
 * and in front of ccache/sccache). The compile fails on findings only with
 * --fail-on-findings; a command xlambda cannot check is compiled anyway.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "cli.h"
#include "core/command.h"
#include "emit/emit.h"
#include "util/util.h"

static int has_source_extension(const char *f) {
  static const char *const ext[] = {".cu", ".cpp", ".cc", ".cxx", ".c++",
                                    ".C"};
  size_t k;

  for (k = 0; k < sizeof(ext) / sizeof(*ext); k++)
    if (xl_str_endswith(f, ext[k]))
      return 1;
  return 0;
}

/* The one source file the command compiles as CUDA (heap), or NULL. */
static char *cuda_input(char **cc, int ncc, const char *cwd) {
  xl_command cmd;
  char *found = NULL;
  int i, n = 0;

  if (xl_command_from_argv(&cmd, "-", (const char *const *)cc, ncc, cwd,
                           NULL) < 0)
    return NULL;
  for (i = 0; i < cmd.ninputs; i++) {
    if (!has_source_extension(cmd.inputs[i]))
      continue;
    if (n == 0)
      found = cmd.inputs[i];
    n++;
  }
  found = n == 1 && cmd.compiles ? xl_path_absolute(found, cwd) : NULL;
  xl_command_free(&cmd);
  if (found) {
    if (xl_command_from_argv(&cmd, found, (const char *const *)cc, ncc, cwd,
                             NULL) < 0 ||
        !cmd.is_cuda) {
      free(found);
      found = NULL;
    }
    xl_command_free(&cmd);
  }
  return found;
}

/* Check the command; returns 1 when it has error-level findings. */
static int check_one(check_run *run, const char *file, char **cc, int ncc,
                     const char *cwd) {
  xl_diags *all = NULL;
  check_totals t;
  xl_emit_opts eo;
  int bad = 0;

  memset(&t, 0, sizeof(t));
  memset(&eo, 0, sizeof(eo));
  if (XL_GROW(run->jobs, run->cap_jobs, 1) < 0)
    return 0;
  memset(run->jobs, 0, sizeof(*run->jobs));
  run->njobs = 1;
  run->jobs[0].file = xl_strdup(file);
  run->jobs[0].directory = xl_strdup(cwd);
  run->jobs[0].argv = cc;
  run->jobs[0].argc = ncc;
  run->jobs[0].prof = check_profile_for(run, file);
  if (run->jobs[0].prof && run->jobs[0].file && run->jobs[0].directory &&
      xl_diags_new(&all) == XL_OK && check_pool_run(run) == XL_OK) {
    /* in a worker process: a crash or a hang does not stop the build */
    if (check_merge(run, all, &t) == XL_OK) {
      if (check_use_color(run->o, STDERR_FILENO))
        eo.flags |= XL_EMIT_COLOR;
      xl_emit_text(stderr, all, &eo);
      bad = t.errors > 0;
    }
  }
  run->jobs[0].argv = NULL; /* lent */
  xl_diags_free(all);
  return bad;
}

int xl_cmd_launch(int argc, char **argv) {
  check_opts o;
  check_run run;
  char **cc = NULL, *file = NULL, *cwd = NULL;
  int i, ncc = 0, code = XL_EXIT_TOOL, bad = 0;

  memset(&run, 0, sizeof(run));
  run.o = &o;
  for (i = 1; i < argc && strcmp(argv[i], "--") != 0; i++)
    ;
  if (check_opts_parse(&o, i, argv) < 0)
    goto cleanup;
  if (o.help) {
    xl_print_usage(stdout);
    code = XL_EXIT_OK;
    goto cleanup;
  }
  o.no_progress = 1;
  if (i + 1 >= argc) {
    xl_cli_error("launch needs the compile command after '--'");
    goto cleanup;
  }
  cc = argv + i + 1;
  ncc = argc - i - 1;
  cwd = xl_path_absolute(".", NULL);
  file = cwd ? cuda_input(cc, ncc, cwd) : NULL;
  if (file)
    bad = check_one(&run, file, cc, ncc, cwd);
  fflush(stderr);
  if (bad && o.fail_on_findings) {
    fprintf(stderr, "xlambda: not compiling '%s': error-level findings "
            "(--fail-on-findings)\n", file);
    code = XL_EXIT_FINDINGS;
    goto cleanup;
  }
  execvp(cc[0], cc);
  xl_cli_error("cannot run the compiler '%s'", cc[0]);
cleanup:
  free(file);
  free(cwd);
  check_run_free(&run);
  check_opts_free(&o);
  return code;
}
