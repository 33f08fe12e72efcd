/*
 * check_cmd.c: `xlambda check`: the order of things (see check.h for the
 * pieces): options, jobs, the parallel run, output, fixes, summary, exit
 * code; and --dump-config / --verify-config.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "check.h"
#include "cli.h"
#include "util/util.h"

static double now(void) {
  struct timespec ts;

  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* The configuration the command line adds, for --dump-config. */
static int cli_config(xl_config **out, const check_opts *o) {
  xl_config *c;

  if (xl_config_new(&c) < 0)
    return XL_ENOMEM;
  c->rules = o->rules ? xl_strdup(o->rules) : NULL;
  c->warnings_as_errors = o->wae ? xl_strdup(o->wae) : NULL;
  c->header_filter = o->header_filter ? xl_strdup(o->header_filter) : NULL;
  c->exclude_header_filter =
      o->exclude_header_filter ? xl_strdup(o->exclude_header_filter) : NULL;
  c->cuda_version = o->cuda_version ? xl_strdup(o->cuda_version) : NULL;
  c->system_headers = o->system_headers ? 1 : -1;
  *out = c;
  return XL_OK;
}

/* The file whose configuration --dump-config / --verify-config show. */
static char *probe_file(const check_opts *o) {
  return xl_path_absolute(o->nfiles ? o->files[0] : "xlambda-probe.cu",
                          NULL);
}

static int dump_config(check_run *run) {
  char *file = probe_file(run->o);
  check_profile *p = file ? check_profile_for(run, file) : NULL;
  xl_config *cli = NULL, *eff = NULL;
  int code = XL_EXIT_TOOL;

  if (p && cli_config(&cli, run->o) == XL_OK &&
      xl_config_merge(&eff, xl_profile_config(p->p), cli) == XL_OK &&
      xl_config_dump(stdout, eff) == XL_OK)
    code = XL_EXIT_OK;
  xl_config_free(cli);
  xl_config_free(eff);
  free(file);
  return code;
}

/* Every configuration the inputs use (or the working directory's) loads
 * and names only known rules: exit 0, else 1 (as clang-tidy). */
static int verify_config(check_run *run) {
  const check_opts *o = run->o;
  char *file = NULL;
  int ok;

  if (o->build_dir || o->nfiles || o->diff) {
    ok = check_jobs_build(run) == XL_EXIT_OK;
  } else {
    file = probe_file(o);
    ok = file && check_profile_for(run, file);
  }
  free(file);
  if (ok)
    fprintf(stderr, "xlambda: no configuration errors found\n");
  return ok ? XL_EXIT_OK : XL_EXIT_FINDINGS;
}

static int exit_code(const check_run *run, const check_totals *t, int fix) {
  const check_opts *o = run->o;
  int code = XL_EXIT_OK;

  if (t->errors || (o->parse_errors_fail && t->incomplete))
    code = XL_EXIT_FINDINGS;
  if (fix > code)
    code = fix;
  return t->failed || run->worker_errors ? XL_EXIT_TOOL : code;
}

static int run_all(check_run *run, check_totals *t) {
  const check_opts *o = run->o;
  xl_diags *all = NULL;
  double start = now();
  int code = check_jobs_build(run), fix;

  if (code != XL_EXIT_OK)
    return code;
  if (check_pool_run(run) < 0) /* reported */
    return XL_EXIT_TOOL;
  if (xl_diags_new(&all) < 0 || check_merge(run, all, t) < 0) {
    xl_cli_error("out of memory");
    xl_diags_free(all);
    return XL_EXIT_TOOL;
  }
  if (!o->dump_facts && !o->dump_args && check_emit(run, all) < 0)
    t->failed++;
  fflush(stdout);
  fix = check_fixes(run, all, t);
  t->seconds = now() - start;
  if (!o->quiet && !o->dump_facts && !o->dump_args)
    check_summary(run, all, t);
  code = exit_code(run, t, fix);
  xl_diags_free(all);
  return code;
}

int xl_cmd_check(int argc, char **argv) {
  check_opts o;
  check_run run;
  check_totals t;
  int code = XL_EXIT_TOOL;

  memset(&run, 0, sizeof(run));
  memset(&t, 0, sizeof(t));
  run.o = &o;
  if (check_opts_parse(&o, argc, argv) < 0)
    goto cleanup;
  if (o.help) {
    xl_print_usage(stdout);
    code = XL_EXIT_OK;
  } else if (o.list_rules) {
    xl_print_rules(stdout, o.format && strcmp(o.format, "json") == 0);
    code = XL_EXIT_OK;
  } else if (o.dump_config) {
    code = dump_config(&run);
  } else if (o.verify_config) {
    code = verify_config(&run);
  } else if (!o.build_dir && !o.nfiles && !o.diff) {
    xl_cli_error("no input files (give FILE..., -p BUILD_DIR or --diff)");
  } else {
    code = run_all(&run, &t);
  }
cleanup:
  check_run_free(&run);
  check_opts_free(&o);
  return code;
}
