/*
 * check.h: the internals of `xlambda check` (and `xlambda launch`, which
 * checks one compile command the same way).
 *
 *   check_opts.c    options
 *   check_jobs.c    what to check: files, the compile database, --diff;
 *                   the configuration profile of each file
 *   check_pool.c    checking in parallel, progress, and what each
 *                   translation unit keeps (header filter, suppressions)
 *   check_workers.c crash isolation: each translation unit checked in a
 *                   worker process, with a time limit
 *   check_output.c  merging, output formats, fixes, the summary
 *   check_cmd.c     the command itself
 */
#ifndef XL_CHECK_H
#define XL_CHECK_H

#include <pthread.h>
#include <regex.h>
#include <stdio.h>

#include "core/config.h"
#include "core/diag_impl.h"
#include "core/linefilter.h"
#include "pipeline/pipeline.h"
#include "xlambda/xlambda.h"

/* --timeout's default: seconds one translation unit may take */
#define XL_DEFAULT_TIMEOUT 600

typedef struct check_opts {
  const char *build_dir, *format, *cuda_path, *cuda_version;
  char *rules, *wae; /* every --rules / --warnings-as-errors, comma-joined */
  const char *header_filter, *exclude_header_filter;
  const char *config_file, *export_fixes, *output, *source_root;
  const char *diff;  /* --diff[=REV]: a revision, or "-" for stdin */
  const char *cache_dir; /* --cache-dir: the result cache, or NULL */
  const char *cache_url; /* --cache-url, else $XLAMBDA_CACHE_URL, or NULL */
  int jobs;          /* 0: the number of cores */
  int fix, fix_notes, fix_errors, dump_facts, parse_errors_fail;
  int quiet, no_progress, system_headers;
  int parse_skip;       /* --parse=skip (1), the default (2), or
                           --parse=full (0) */
  int color;            /* --color: 1 always, 0 never, -1 auto */
  int help;             /* -h, --help */
  int dump_config, verify_config, list_rules;
  int fail_on_findings; /* launch: do not compile when there are errors */
  int dump_args;        /* print the clang arguments of each entry */
  int timeout;          /* seconds per translation unit, 0: no limit */
  int in_process;       /* check on threads in this process (no isolation) */
  int verify_facts;     /* check the facts' locations against the text */
  char **files;      /* positional arguments */
  int nfiles;
  char **extra;      /* after `--` */
  int nextra, dashdash;
} check_opts;

/* Whether text written to fd is coloured: --color=always / never, else
 * (auto) when fd is a terminal, NO_COLOR is unset or empty and TERM is not
 * 'dumb', as clang and https://no-color.org do. */
int check_use_color(const check_opts *o, int fd);

/* What applies to the files under one configuration. */
typedef struct check_profile {
  char *key;            /* the nearest .xlambda.yaml, or "" */
  xl_profile *p;        /* lib/pipeline: options and filters */
} check_profile;

/* One translation unit to check, and what came of it. */
typedef struct check_job {
  char *file;        /* absolute */
  char **argv;       /* the database command (NULL: the `--` arguments) */
  int argc;
  char *directory;
  check_profile *prof;
  /* results, written by the worker that ran the job */
  xl_diags *diags;      /* kept findings */
  xl_diags *suppressed; /* suppressed findings (XL_DIAG_BY_*) */
  xl_diags *hidden;     /* in filtered headers or outside the diff */
  int rc;               /* < 0: the TU could not be checked */
  char *error;
  int skipped;          /* a database entry that is not CUDA */
  int incomplete;
  int empty;            /* the main file is empty (warned about) */
  int cached;           /* replayed from --cache-dir or --cache-url */
  char *remote_warning; /* why the shared cache level failed, or NULL */
  char **unknown;       /* options the translator dropped */
  char *facts_json;     /* --dump-facts, --dump-args */
  int done;
  int parse_full; /* the skip parse gave way in another worker: check with
                     the full parse (check_workers.c) */
} check_job;

typedef struct check_run {
  const check_opts *o;
  check_job *jobs;
  size_t njobs;
  check_profile **profs;
  size_t nprofs, cap_profs;
  size_t cap_jobs;
  unsigned skipped;     /* database entries that are not CUDA */
  xl_linefilter *lines; /* --diff */
  char *db_path;        /* the compile database used, if any */
  /* the pool */
  pthread_mutex_t lock;
  size_t next, finished;
  int progress;
  int threads;
  unsigned worker_errors; /* worker processes that did not exit cleanly */
  unsigned full_again;    /* files the skip parse gave back to the full parse,
                             checked again in a fresh worker */
} check_run;

/* ---- check_opts.c ---- */

/* Parse `xlambda check` options. Returns 0, or -1 on a usage error (already
 * reported). o is filled; free it with check_opts_free. */
int check_opts_parse(check_opts *o, int argc, char **argv);
void check_opts_free(check_opts *o);

/* ---- check_jobs.c ---- */

/* Build run->jobs (and profiles) from the options. Returns an exit code
 * (XL_EXIT_OK on success); errors are reported. */
int check_jobs_build(check_run *run);

/* The profile for a file (created on first use). NULL on error (reported). */
check_profile *check_profile_for(check_run *run, const char *file);

/* Release the jobs, the profiles and the line filter. */
void check_run_free(check_run *run);

/* ---- check_pool.c ---- */

/* Check every job with run->o->jobs worker processes (threads with
 * --in-process). Returns XL_OK, or a negative status when no checker could
 * be made (reported). */
int check_pool_run(check_run *run);

/* Check one job with checker c (created for the job's profile). */
void check_job_run(check_run *run, xl_checker *c, check_job *j);

/* The progress line after job j finished (a terminal only; under the
 * caller's lock when threads run). */
void check_progress(check_run *run, const check_job *j);

/* ---- check_workers.c ---- */

/* Check every job in up to n worker processes: a job whose worker crashed
 * or ran past --timeout fails with a message naming its file; the others
 * are checked. Results land in the jobs as check_job_run leaves them.
 * Returns XL_OK, or a negative status when no checker could be made
 * (reported). Workers that did not exit cleanly are counted in
 * run->worker_errors (and reported). */
int check_workers_run(check_run *run, int n);

/* ---- check_output.c ---- */

typedef struct check_totals {
  unsigned tus, failed, skipped, incomplete, cached;
  unsigned errors, warnings;
  unsigned nolint, pragma, flag, hidden;
  double seconds;
} check_totals;

/* Merge the jobs' findings into all / suppressed / hidden (sorted, each
 * finding once), print the failures and unknown-option warnings, and count. */
int check_merge(check_run *run, xl_diags *all, check_totals *t);

/* Print the findings in the chosen format (to --output or stdout). */
int check_emit(const check_run *run, const xl_diags *all);

/* --export-fixes, --fix; returns the exit code they imply. */
int check_fixes(const check_run *run, const xl_diags *all,
                const check_totals *t);

/* The summary lines on stderr. */
void check_summary(const check_run *run, const xl_diags *all,
                   const check_totals *t);

/* The directory SARIF URIs are relative to (heap string). */
char *check_source_root(const check_opts *o);

#endif /* XL_CHECK_H */
