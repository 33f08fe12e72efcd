/*
 * check_cmd.c: `xlambda check`: options, the run over translation units,
 * output, fixes, summary and exit code.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "core/cdb.h"
#include "util/util.h"
#include "core/fix.h"
#include "emit/emit.h"
#include "frontend/frontend.h"
#include "xlambda/sys/facts.h"
#include "xlambda/xlambda.h"

typedef struct check_opts {
  const char *build_dir, *format, *cuda_path, *cuda_version;
  char *rules, *wae; /* every --rules / --warnings-as-errors, comma-joined */
  int fix, fix_notes, fix_errors, dump_facts, parse_errors_fail;
  int quiet, color;  /* color: -1 auto */
  char **files;
  int nfiles;
  char **extra;      /* after `--` */
  int nextra;
} check_opts;

/* Totals over the run. */
typedef struct run_stats {
  unsigned tus, failed, incomplete;
  unsigned errors, warnings;
} run_stats;

/* Match "--name=value", "-name=value", "--name value" or "-name value". */
static const char *opt_value(char **argv, int argc, int *i, const char *name) {
  const char *a = argv[*i];
  size_t n = strlen(name);

  a += (a[0] == '-' && a[1] == '-') ? 2 : 1;
  if (strncmp(a, name, n) != 0)
    return NULL;
  if (a[n] == '=')
    return a + n + 1;
  if (a[n] == '\0' && *i + 1 < argc)
    return argv[++*i];
  return NULL;
}

static int opt_flag(const char *arg, const char *name) {
  if (arg[0] != '-')
    return 0;
  arg += arg[1] == '-' ? 2 : 1;
  return strcmp(arg, name) == 0;
}

static const char *const flag_names[] = {
    "fix", "fix-notes", "fix-errors", "dump-facts", "parse-errors-fail",
    "quiet", "color", "no-color", "list-rules"};

/* Returns 1 if arg was a known flag (and sets it), else 0. */
static int parse_flag(check_opts *o, const char *arg, int *list_rules) {
  int *targets[] = {&o->fix,       &o->fix_notes,         &o->fix_errors,
                    &o->dump_facts, &o->parse_errors_fail, &o->quiet,
                    NULL,           NULL,                  list_rules};
  size_t i;

  for (i = 0; i < sizeof(flag_names) / sizeof(*flag_names); i++) {
    if (!opt_flag(arg, flag_names[i]))
      continue;
    if (targets[i])
      *targets[i] = 1;
    else
      o->color = strcmp(flag_names[i], "color") == 0;
    return 1;
  }
  return 0;
}

static const char *const value_names[] = {"p", "format", "rules", "checks",
                                          "warnings-as-errors", "cuda-path",
                                          "cuda-version"};

/* Append ",v" to a glob list, so repeated options apply in order. */
static int join(char **list, const char *v) {
  xl_buf b = XL_BUF_INIT;

  if (*list)
    xl_buf_printf(&b, "%s,", *list);
  xl_buf_puts(&b, v);
  if (b.oom)
    return -1;
  free(*list);
  *list = xl_buf_detach(&b);
  return *list ? 0 : -1;
}

static int parse_value(check_opts *o, char **argv, int argc, int *i) {
  const char **targets[] = {&o->build_dir, &o->format, NULL, NULL,
                            NULL, &o->cuda_path, &o->cuda_version};
  char **lists[] = {NULL, NULL, &o->rules, &o->rules, &o->wae, NULL, NULL};
  size_t k;

  for (k = 0; k < sizeof(value_names) / sizeof(*value_names); k++) {
    const char *v = opt_value(argv, argc, i, value_names[k]);
    if (!v)
      continue;
    if (targets[k])
      *targets[k] = v;
    else if (join(lists[k], v) < 0)
      return 0;
    return 1;
  }
  return 0;
}

/* Returns -1 on a usage error (already reported), 1 for --list-rules, 0. */
static int parse_args(check_opts *o, int argc, char **argv) {
  int i, list_rules = 0;

  memset(o, 0, sizeof(*o));
  o->color = -1;
  o->files = calloc((size_t)argc + 1, sizeof(char *));
  if (!o->files)
    return -1;
  for (i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (strcmp(a, "--") == 0) {
      o->extra = argv + i + 1;
      o->nextra = argc - i - 1;
      break;
    }
    if (a[0] == '-' && a[1] != '\0') {
      if (parse_flag(o, a, &list_rules) || parse_value(o, argv, argc, &i))
        continue;
      xl_cli_error("unknown option '%s' (see 'xlambda --help')", a);
      return -1;
    }
    o->files[o->nfiles++] = argv[i];
  }
  if (o->format && strcmp(o->format, "text") != 0 &&
      strcmp(o->format, "json") != 0) {
    xl_cli_error("unknown format '%s' (expected text or json)", o->format);
    return -1;
  }
  o->fix |= o->fix_notes;
  return list_rules;
}

static int make_checker(xl_checker **out, const check_opts *o) {
  xl_options *opts = NULL;
  xl_error *err = NULL;
  int rc = xl_error_new(&err);

  if (rc == XL_OK)
    rc = xl_options_new(&opts);
  if (rc == XL_OK && o->rules)
    rc = xl_options_set_rules(opts, o->rules, err);
  if (rc == XL_OK && o->wae)
    rc = xl_options_set_warnings_as_errors(opts, o->wae, err);
  if (rc == XL_OK && o->cuda_path)
    rc = xl_options_set_cuda_path(opts, o->cuda_path);
  if (rc == XL_OK && o->cuda_version)
    rc = xl_options_set_cuda_version(opts, o->cuda_version, err);
  if (rc == XL_OK)
    rc = xl_checker_new(out, opts, err);
  if (rc < 0)
    xl_cli_error("%s", *xl_error_message(err) ? xl_error_message(err)
                                              : xl_status_string(rc));
  xl_options_free(opts);
  xl_error_free(err);
  return rc;
}

/* Print one TU's facts for --dump-facts. */
static void dump_facts(const xl_result *r) {
  char *json = NULL;

  if (xl_facts_to_json(&json, xl_result_facts(r)) == XL_OK)
    printf("%s\n", json);
  free(json);
}

/* Merge one TU's outcome into the run. */
static void absorb(xl_diags *all, run_stats *st, const check_opts *o,
                   const xl_result *r) {
  const xl_diags *d = xl_result_diags(r);
  size_t i;

  st->tus++;
  if (xl_result_incomplete(r))
    st->incomplete++;
  if (o->dump_facts) {
    dump_facts(r);
    return;
  }
  for (i = 0; i < d->count; i++)
    xl_diags_copy(all, d->items[i]);
}

static void report_failure(run_stats *st, xl_error *err, int rc) {
  st->failed++;
  xl_cli_error("%s", *xl_error_message(err) ? xl_error_message(err)
                                            : xl_status_string(rc));
}

/* Check files named on the command line, with the `--` arguments. */
static void run_files(xl_checker *c, const check_opts *o, xl_diags *all,
                      run_stats *st) {
  xl_error *err = NULL;
  int i;

  if (xl_error_new(&err) < 0)
    return;
  for (i = 0; i < o->nfiles; i++) {
    xl_result *r = NULL;
    int rc = xl_check_file(&r, c, o->files[i], (const char *const *)o->extra,
                           o->nextra, err);
    if (rc < 0)
      report_failure(st, err, rc);
    else
      absorb(all, st, o, r);
    xl_result_free(r);
  }
  xl_error_free(err);
}

/* 1 when entry e is selected by the positional FILE arguments. */
static int selected(const check_opts *o, const xl_cdb_entry *e, int *hits) {
  int i, any = 0;

  if (o->nfiles == 0)
    return 1;
  for (i = 0; i < o->nfiles; i++) {
    char *abs = xl_path_absolute(o->files[i], NULL);
    if (abs && strcmp(abs, e->file) == 0) {
      hits[i]++;
      any = 1;
    }
    free(abs);
  }
  return any;
}

static void run_db(xl_checker *c, const check_opts *o, const xl_cdb *db,
                   xl_diags *all, run_stats *st) {
  xl_error *err = NULL;
  int *hits = calloc((size_t)o->nfiles + 1, sizeof(int));
  size_t k;
  int i;

  if (!hits || xl_error_new(&err) < 0)
    goto cleanup;
  for (k = 0; k < db->n; k++) {
    const xl_cdb_entry *e = &db->entries[k];
    xl_result *r = NULL;
    int rc;
    if (!selected(o, e, hits))
      continue;
    rc = xl_check_command(&r, c, e->file, (const char *const *)e->argv,
                          e->argc, e->directory, err);
    if (rc < 0)
      report_failure(st, err, rc);
    else
      absorb(all, st, o, r);
    xl_result_free(r);
  }
  for (i = 0; i < o->nfiles; i++) {
    if (!hits[i]) {
      st->failed++;
      xl_cli_error("'%s' is not in the compilation database '%s'",
                   o->files[i], db->path);
    }
  }
cleanup:
  xl_error_free(err);
  free(hits);
}

static void count(xl_diags *all, run_stats *st, const check_opts *o) {
  size_t i;

  for (i = 0; i < all->count; i++) {
    const xl_diag *d = all->items[i];
    if ((d->flags & XL_DIAG_CLANG) && !o->parse_errors_fail)
      continue;
    if (d->severity == XL_SEV_ERROR)
      st->errors++;
    else if (d->severity == XL_SEV_WARNING)
      st->warnings++;
  }
}

static int emit(const xl_diags *all, const check_opts *o) {
  xl_emit_opts eo;

  memset(&eo, 0, sizeof(eo));
  if (o->color == 1 || (o->color == -1 && isatty(STDOUT_FILENO)))
    eo.flags |= XL_EMIT_COLOR;
  if (o->format && strcmp(o->format, "json") == 0)
    return xl_emit_json(stdout, all, &eo);
  return xl_emit_text(stdout, all, &eo);
}

/* Apply fixes; returns the exit code it implies (0 when all went well). */
static int apply_fixes(const xl_diags *all, const check_opts *o,
                       const run_stats *st) {
  xl_fix_stats fs;
  xl_error *err = NULL;
  int rc;

  if (st->incomplete && !o->fix_errors) {
    fprintf(stderr,
            "xlambda: clang reported errors in %u file%s; fixes were not "
            "applied (use --fix-errors to apply them anyway)\n",
            st->incomplete, st->incomplete == 1 ? "" : "s");
    return XL_EXIT_FINDINGS;
  }
  if (xl_error_new(&err) < 0)
    return XL_EXIT_TOOL;
  rc = xl_fix_apply(&fs, all, o->fix_notes ? XL_FIX_NOTES : 0, stderr, err);
  xl_error_free(err);
  if (!o->quiet)
    fprintf(stderr, "xlambda: applied %u fix-it%s to %u file%s\n", fs.edits,
            fs.edits == 1 ? "" : "s", fs.files_changed,
            fs.files_changed == 1 ? "" : "s");
  if (rc == XL_ECONFLICT)
    return XL_EXIT_FINDINGS;
  return rc < 0 ? XL_EXIT_TOOL : XL_EXIT_OK;
}

static void summary(const run_stats *st) {
  fprintf(stderr, "xlambda: %u file%s checked: %u error%s, %u warning%s",
          st->tus, st->tus == 1 ? "" : "s", st->errors,
          st->errors == 1 ? "" : "s", st->warnings,
          st->warnings == 1 ? "" : "s");
  if (st->incomplete)
    fprintf(stderr, "; %u analysed incompletely (clang errors)",
            st->incomplete);
  if (st->failed)
    fprintf(stderr, "; %u could not be checked", st->failed);
  fputc('\n', stderr);
}

static int load_and_run(xl_checker *c, const check_opts *o, xl_diags *all,
                        run_stats *st) {
  xl_cdb *db = NULL;
  xl_error *err = NULL;
  int rc;

  if (!o->build_dir) {
    run_files(c, o, all, st);
    return XL_OK;
  }
  rc = xl_error_new(&err);
  if (rc == XL_OK)
    rc = xl_cdb_load(&db, o->build_dir, err);
  if (rc < 0)
    xl_cli_error("%s", xl_error_message(err));
  else
    run_db(c, o, db, all, st);
  xl_cdb_free(db);
  xl_error_free(err);
  return rc;
}

int xl_cmd_check(int argc, char **argv) {
  check_opts o;
  run_stats st;
  xl_checker *c = NULL;
  xl_diags *all = NULL;
  int code = XL_EXIT_TOOL, rc, fixcode = 0;

  memset(&st, 0, sizeof(st));
  rc = parse_args(&o, argc, argv);
  if (rc != 0) {
    if (rc == 1)
      xl_print_rules(stdout, o.format && strcmp(o.format, "json") == 0);
    code = rc == 1 ? XL_EXIT_OK : XL_EXIT_TOOL;
    goto cleanup;
  }
  if (!o.build_dir && o.nfiles == 0) {
    xl_cli_error("no input files (give FILE... or -p BUILD_DIR)");
    goto cleanup;
  }
  if (make_checker(&c, &o) < 0 || xl_diags_new(&all) < 0)
    goto cleanup;
  if (load_and_run(c, &o, all, &st) < 0)
    goto cleanup;
  xl_diags_sort_unique(all);
  count(all, &st, &o);
  if (!o.dump_facts && emit(all, &o) < 0)
    xl_cli_error("cannot write the diagnostics");
  fflush(stdout);
  if (o.fix)
    fixcode = apply_fixes(all, &o, &st);
  if (!o.quiet && !o.dump_facts)
    summary(&st);
  code = st.failed ? XL_EXIT_TOOL
         : st.errors || (o.parse_errors_fail && st.incomplete) ? XL_EXIT_FINDINGS
                                                               : XL_EXIT_OK;
  if (fixcode > code)
    code = fixcode;
cleanup:
  xl_diags_free(all);
  xl_checker_free(c);
  free(o.files);
  free(o.rules);
  free(o.wae);
  return code;
}
