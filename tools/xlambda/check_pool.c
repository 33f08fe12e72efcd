/*
 * check_pool.c: checking the jobs on N threads (one xl_checker each: a
 * checker owns a libclang index and is not thread-safe), the progress line,
 * and what each translation unit keeps: the header filter, the diff's
 * lines, and the suppressions (NOLINT comments, nv_diag_suppress pragmas,
 * nvcc --diag-suppress).
 */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check.h"
#include "cli.h"
#include "core/command.h"
#include "util/util.h"
#include "xlambda/sys/facts.h"

/* ---- which findings a translation unit keeps ----------------------------- */

static void record_failure(check_job *j, int rc, const xl_error *err) {
  j->rc = rc;
  j->error = xl_strdup(*xl_error_message(err) ? xl_error_message(err)
                                              : xl_status_string(rc));
}

/* Sort one TU's findings into kept, suppressed and hidden (lib/pipeline). */
static void sift(check_run *run, check_job *j, const xl_result *r) {
  xl_sift_in in = {xl_result_diags(r), xl_result_file(r), xl_result_facts(r),
                   xl_result_diag_suppress(r), j->prof->p, run->lines, NULL};
  xl_sift_out out = {j->diags, j->suppressed, j->hidden};
  xl_error *err = NULL;
  int rc = xl_error_new(&err);

  if (rc == XL_OK)
    rc = xl_pipeline_sift(&out, &in, err);
  if (rc < 0)
    record_failure(j, rc, err);
  xl_error_free(err);
}

/* ---- one job ------------------------------------------------------------- */

static char **copy_list(const char *const *v) {
  size_t n = 0, i;
  char **c;

  while (v && v[n])
    n++;
  c = calloc(n + 1, sizeof(char *));
  for (i = 0; c && i < n; i++)
    c[i] = xl_strdup(v[i]);
  return c;
}


/* --verify-facts: a location that does not hold what the facts say fails
 * the job as an internal error (every mismatch listed). Returns 0, or -1
 * when the job failed. */
static int verify_facts(check_job *j, const xl_result *r) {
  char *report = NULL;
  int n = xl_facts_verify(&report, xl_result_facts(r));
  xl_buf b = XL_BUF_INIT;

  if (n == 0)
    return 0;
  j->rc = n < 0 ? n : XL_ERROR;
  xl_buf_printf(&b, "%s: internal error: %d location%s in the facts do%s "
                "not match the source (--verify-facts)", j->file,
                n < 0 ? 0 : n, n == 1 ? "" : "s", n == 1 ? "es" : "");
  if (report) {
    xl_buf_putc(&b, '\n');
    xl_buf_put(&b, report, strlen(report) - 1); /* without its last '\n' */
  }
  j->error = xl_buf_detach(&b);
  xl_buf_free(&b);
  free(report);
  return -1;
}

static void record_result(check_run *run, check_job *j, const xl_result *r) {
  struct stat st;

  j->incomplete = xl_result_incomplete(r);
  j->empty = stat(j->file, &st) == 0 && st.st_size == 0;
  j->cached = xl_result_cached(r);
  j->unknown = copy_list(xl_result_unknown_options(r));
  if (run->o->verify_facts && verify_facts(j, r) < 0)
    return;
  if (run->o->dump_facts) {
    xl_facts_to_json(&j->facts_json, xl_result_facts(r));
    return;
  }
  sift(run, j, r);
}

/* --dump-args: the clang command line, one argument per line. */
static int dump_args(check_job *j, xl_checker *c, xl_error *err) {
  char **v = NULL;
  int n = 0, i, rc;
  xl_buf b = XL_BUF_INIT;

  if (!j->argv)
    return xl_error_set(err, XL_EINVAL, "--dump-args needs a compile "
                        "database entry for '%s'", j->file);
  rc = xl_check_command_args(&v, &n, c, j->file, (const char *const *)j->argv,
                             j->argc, j->directory, err);
  xl_buf_printf(&b, "# %s\n", j->file);
  for (i = 0; rc == XL_OK && i < n; i++)
    xl_buf_printf(&b, "%s\n", v[i]);
  xl_argv_free(v);
  j->facts_json = rc == XL_OK ? xl_buf_detach(&b) : NULL;
  xl_buf_free(&b);
  return rc;
}

/* The checker takes j's profile options; a job whose skip parse gave way
 * (j->parse_full, check_workers.c) a copy with the full parse. */
static int set_job_options(xl_checker *c, const check_job *j, xl_error *err) {
  const xl_options *po = xl_profile_options(j->prof->p);
  xl_options *full = NULL;
  int rc;

  if (!j->parse_full)
    return xl_checker_set_profile(c, j->prof->p, err);
  if (xl_options_copy(&full, po) < 0)
    return xl_error_set(err, XL_ENOMEM, "out of memory");
  xl_options_set_parse_skip(full, 0);
  rc = xl_checker_set_options(c, full, err);
  xl_options_free(full);
  return rc;
}

void check_job_run(check_run *run, xl_checker *c, check_job *j) {
  const check_opts *o = run->o;
  xl_error *err = NULL;
  xl_result *r = NULL;
  int rc = xl_error_new(&err);

  if (rc == XL_OK && (xl_diags_new(&j->diags) < 0 ||
                      xl_diags_new(&j->suppressed) < 0 ||
                      xl_diags_new(&j->hidden) < 0))
    rc = xl_error_set(err, XL_ENOMEM, "out of memory");
  if (rc == XL_OK)
    rc = set_job_options(c, j, err);
  if (rc == XL_OK && o->dump_args) {
    rc = dump_args(j, c, err);
    if (rc < 0)
      record_failure(j, rc, err);
    xl_error_free(err);
    return;
  }
  if (rc == XL_OK && j->argv)
    rc = xl_check_command(&r, c, j->file, (const char *const *)j->argv,
                          j->argc, j->directory, err);
  else if (rc == XL_OK)
    rc = xl_check_file(&r, c, j->file, (const char *const *)o->extra,
                       o->nextra, err);
  if (rc == XL_ENOTCUDA && j->argv && !o->nfiles)
    j->skipped = 1;
  else if (rc < 0)
    record_failure(j, rc, err);
  else
    record_result(run, j, r);
  if (xl_checker_remote_warning(c)) /* printed once per run */
    j->remote_warning = xl_strdup(xl_checker_remote_warning(c));
  xl_result_free(r);
  xl_error_free(err);
}

/* ---- the pool ------------------------------------------------------------ */

/* "[12/340] src/foo.cu" on a terminal, overwritten in place. */
void check_progress(check_run *run, const check_job *j) {
  char cwd[4096];
  const char *shown = j->file;
  size_t n;

  if (getcwd(cwd, sizeof(cwd))) {
    n = strlen(cwd);
    if (strncmp(shown, cwd, n) == 0 && shown[n] == '/')
      shown += n + 1;
  }
  fprintf(stderr, "\r\033[K[%zu/%zu] %s", run->finished, run->njobs, shown);
  fflush(stderr);
}

typedef struct worker {
  check_run *run;
  xl_checker *checker;
} worker;

static void *work(void *arg) {
  worker *w = arg;
  check_run *run = w->run;

  for (;;) {
    check_job *j;
    pthread_mutex_lock(&run->lock);
    j = run->next < run->njobs ? &run->jobs[run->next++] : NULL;
    pthread_mutex_unlock(&run->lock);
    if (!j)
      break;
    check_job_run(run, w->checker, j);
    pthread_mutex_lock(&run->lock);
    j->done = 1;
    run->finished++;
    if (run->progress)
      check_progress(run, j);
    pthread_mutex_unlock(&run->lock);
  }
  return NULL;
}

static int make_checkers(worker *w, int n, check_run *run) {
  xl_error *err = NULL;
  int i, rc = xl_error_new(&err);

  for (i = 0; rc == XL_OK && i < n; i++) {
    w[i].run = run;
    rc = xl_checker_new(&w[i].checker, xl_profile_options(run->jobs[0].prof->p), err);
  }
  if (rc < 0)
    xl_cli_error("%s", *xl_error_message(err) ? xl_error_message(err)
                                              : xl_status_string(rc));
  xl_error_free(err);
  return rc;
}

static int thread_count(const check_run *run) {
  long n = run->o->jobs;

  if (n <= 0)
    n = sysconf(_SC_NPROCESSORS_ONLN);
  if (n <= 0)
    n = 1;
  if ((size_t)n > run->njobs)
    n = (long)run->njobs;
  return (int)n;
}

/* n threads, each with its own checker and a 16 MiB stack (deep ASTs and
 * walks); the calling thread only waits. */
static int run_threads(check_run *run, int n) {
  int i, started = 0, rc;
  pthread_attr_t attr;
  pthread_t *tids = calloc((size_t)n + 1, sizeof(*tids));
  worker *w = calloc((size_t)n + 1, sizeof(*w));

  if (!tids || !w || pthread_mutex_init(&run->lock, NULL) != 0) {
    free(tids);
    free(w);
    xl_cli_error("out of memory");
    return XL_ENOMEM;
  }
  rc = n ? make_checkers(w, n, run) : XL_OK;
  pthread_attr_init(&attr);
  pthread_attr_setstacksize(&attr, 16u << 20);
  for (i = 0; rc == XL_OK && i < n; i++, started++)
    if (pthread_create(&tids[i], &attr, work, &w[i]) != 0)
      break;
  pthread_attr_destroy(&attr);
  for (i = 0; i < started; i++)
    pthread_join(tids[i], NULL);
  if (rc == XL_OK && n && !started)
    work(&w[0]); /* no thread could be started */
  for (i = 0; i < n; i++)
    xl_checker_free(w[i].checker);
  pthread_mutex_destroy(&run->lock);
  free(tids);
  free(w);
  return rc;
}

/* Worker processes (check_workers.c), or threads with --in-process. */
int check_pool_run(check_run *run) {
  int n = thread_count(run), rc;

  run->threads = n;
  run->progress = !run->o->quiet && !run->o->no_progress &&
                  isatty(STDERR_FILENO);
  if (run->o->in_process)
    rc = run_threads(run, n);
  else
    rc = n ? check_workers_run(run, n) : XL_OK;
  if (run->progress && n)
    fputs("\r\033[K", stderr);
  return rc;
}
