/*
 * check_jobs.c: what `xlambda check` checks: the files named, the entries
 * of a compile database (-p, or one found above the first file), the
 * files a diff changes; and the configuration profile of each file.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "check.h"
#include "cli.h"
#include "frontend/cdb.h"
#include "core/command.h"
#include "util/util.h"

int check_diff_load(check_run *run); /* check_diff.c */

/* ---- profiles ------------------------------------------------------------ */

static void profile_free(check_profile *p) {
  if (!p)
    return;
  free(p->key);
  xl_profile_free(p->p);
  free(p);
}

/* The command line's part of every profile. */
static void profile_args(xl_profile_args *a, const check_opts *o) {
  memset(a, 0, sizeof(*a));
  a->config_file = o->config_file;
  a->cli.rules = o->rules;
  a->cli.warnings_as_errors = o->wae;
  a->cli.cuda_path = o->cuda_path;
  a->cli.cuda_version = o->cuda_version;
  a->cli.system_headers = o->system_headers;
  a->cli.parse_skip = o->parse_skip;
  /* workers check a file with clang errors again in a fresh process */
  a->cli.defer_full_parse = o->parse_skip && !o->in_process;
  a->header_filter = o->header_filter;
  a->exclude_header_filter = o->exclude_header_filter;
  /* replayed results carry no facts: --dump-facts, --verify-facts and
     --dump-args parse */
  if (!o->dump_facts && !o->dump_args && !o->verify_facts) {
    a->cache_dir = o->cache_dir;
    a->cache_url = o->cache_url;
  } else
    a->no_cache = 1;
}

static int profile_load(check_profile *p, const check_opts *o,
                        const char *file) {
  xl_profile_args a;
  xl_error *err = NULL;
  int rc = xl_error_new(&err);

  profile_args(&a, o);
  if (rc == XL_OK)
    rc = xl_profile_load(&p->p, &a, file, err);
  if (rc < 0)
    xl_cli_error("%s", err && *xl_error_message(err) ? xl_error_message(err)
                                                     : xl_status_string(rc));
  xl_error_free(err);
  return rc < 0 ? -1 : 0;
}

check_profile *check_profile_for(check_run *run, const char *file) {
  xl_profile_args a;
  char *key = NULL;
  check_profile *p;
  size_t i;

  profile_args(&a, run->o);
  if (xl_profile_key(&key, &a, file) < 0)
    return NULL;
  for (i = 0; i < run->nprofs; i++)
    if (strcmp(run->profs[i]->key, key) == 0) {
      free(key);
      return run->profs[i];
    }
  p = calloc(1, sizeof(*p));
  if (!p || XL_GROW(run->profs, run->cap_profs, run->nprofs + 1) < 0) {
    free(p);
    free(key);
    return NULL;
  }
  p->key = key;
  run->profs[run->nprofs++] = p;
  return profile_load(p, run->o, file) < 0 ? NULL : p;
}

/* ---- jobs ---------------------------------------------------------------- */

static int add_job(check_run *run, const char *file, char *const *argv,
                   int argc, const char *directory) {
  check_job *j;
  int i;

  if (XL_GROW(run->jobs, run->cap_jobs, run->njobs + 1) < 0)
    return -1;
  j = &run->jobs[run->njobs];
  memset(j, 0, sizeof(*j));
  j->file = xl_path_absolute(file, directory);
  j->directory = directory ? xl_strdup(directory) : NULL;
  if (!j->file || (directory && !j->directory))
    goto oom;
  if (argv) {
    j->argv = calloc((size_t)argc + 1, sizeof(char *));
    for (i = 0; j->argv && i < argc; i++) {
      j->argv[i] = xl_strdup(argv[i]);
      if (!j->argv[i])
        break;
    }
    if (!j->argv || i < argc)
      goto oom;
    j->argc = argc;
  }
  run->njobs++;
  return 0;
oom:
  free(j->file);
  free(j->directory);
  xl_argv_free(j->argv);
  return -1;
}

/* 1 when the database entry is compiled as CUDA (nvcc, -x cu, .cu). */
static int entry_is_cuda(const xl_cdb_entry *e) {
  xl_command cmd;
  int cuda;

  if (xl_command_from_argv(&cmd, e->file, (const char *const *)e->argv,
                           e->argc, e->directory, NULL) < 0)
    return 1; /* let the check report what is wrong */
  cuda = cmd.is_cuda && cmd.compiles;
  xl_command_free(&cmd);
  return cuda;
}

static int same_entry(const check_job *j, const xl_cdb_entry *e) {
  int i;

  if (!j->argv || j->argc != e->argc || strcmp(j->file, e->file) != 0 ||
      strcmp(j->directory ? j->directory : "", e->directory) != 0)
    return 0;
  for (i = 0; i < e->argc; i++)
    if (strcmp(j->argv[i], e->argv[i]) != 0)
      return 0;
  return 1;
}

static int add_entry(check_run *run, const xl_cdb_entry *e) {
  size_t i;

  for (i = 0; i < run->njobs; i++)
    if (same_entry(&run->jobs[i], e))
      return 0; /* a duplicate entry */
  if (!entry_is_cuda(e)) {
    run->skipped++;
    return 0;
  }
  return add_job(run, e->file, e->argv, e->argc, e->directory);
}

/* A name with a source file's extension (not a pattern). */
static int is_source(const char *f) {
  static const char *const ext[] = {".cu", ".cpp", ".cc", ".cxx", ".c++",
                                    ".C", ".c"};
  size_t k;

  if (strpbrk(f, "*?[](){}|^$\\"))
    return 0;
  for (k = 0; k < sizeof(ext) / sizeof(*ext); k++)
    if (xl_str_endswith(f, ext[k]))
      return 1;
  return 0;
}

static int exists(const char *f) {
  struct stat st;

  return stat(f, &st) == 0;
}

/* Positional arguments with -p are regular expressions searched in the
 * entries' absolute paths (as run-clang-tidy does), or exact paths. */
typedef struct selector {
  regex_t *re;
  char **abs;
  int *hits;
  int n;
} selector;

static void selector_free(selector *s) {
  int i;

  for (i = 0; s->re && i < s->n; i++)
    regfree(&s->re[i]);
  for (i = 0; s->abs && i < s->n; i++)
    free(s->abs[i]);
  free(s->re);
  free(s->abs);
  free(s->hits);
}

static int selector_init(selector *s, const check_opts *o) {
  const char *why;
  int i;

  memset(s, 0, sizeof(*s));
  s->re = calloc((size_t)o->nfiles + 1, sizeof(*s->re));
  s->abs = calloc((size_t)o->nfiles + 1, sizeof(*s->abs));
  s->hits = calloc((size_t)o->nfiles + 1, sizeof(*s->hits));
  if (!s->re || !s->abs || !s->hits)
    return -1;
  for (i = 0; i < o->nfiles; i++, s->n++) {
    s->abs[i] = xl_path_absolute(o->files[i], NULL);
    if (xl_regex_compile(&s->re[i], o->files[i], &why) != XL_OK) {
      xl_cli_error("'%s' is not a valid regular expression (%s)", o->files[i],
                   why);
      return -1;
    }
  }
  return 0;
}

static int selected(selector *s, const char *file) {
  int i, any = s->n == 0;

  for (i = 0; i < s->n; i++) {
    if ((s->abs[i] && strcmp(s->abs[i], file) == 0) ||
        regexec(&s->re[i], file, 0, NULL, 0) == 0) {
      s->hits[i]++;
      any = 1;
    }
  }
  return any;
}

/* Arguments that selected nothing are errors (exit 2), so that a typo in a
 * CI filter cannot pass by checking nothing. */
static int report_unselected(const check_run *run, const selector *s) {
  int i, bad = 0;

  for (i = 0; i < s->n; i++) {
    if (s->hits[i])
      continue;
    if (is_source(run->o->files[i]))
      xl_cli_error("'%s' is not in the compilation database '%s'",
                   run->o->files[i], run->db_path);
    else
      xl_cli_error("the filter '%s' selects no entry of the compilation "
                   "database '%s'", run->o->files[i], run->db_path);
    bad = 1;
  }
  return bad;
}

static int wanted(const check_run *run, const char *file) {
  return !run->lines || xl_linefilter_has_file(run->lines, file);
}

/* Jobs from every selected CUDA entry of db. */
static int jobs_from_db(check_run *run, const xl_cdb *db) {
  selector s;
  size_t k;
  int rc;

  if (db->n == 0) {
    xl_cli_error("%s has no compile commands", db->path);
    return -2;
  }
  rc = selector_init(&s, run->o);

  for (k = 0; rc == 0 && k < db->n; k++) {
    const xl_cdb_entry *e = &db->entries[k];
    if (selected(&s, e->file) && wanted(run, e->file))
      rc = add_entry(run, e);
  }
  if (rc == 0 && report_unselected(run, &s))
    rc = -2;
  selector_free(&s);
  return rc;
}

/* Without -p: the named files, each with its database entries when the
 * database found above them has any, else with the default arguments. */
static int jobs_from_files(check_run *run, const xl_cdb *db) {
  const check_opts *o = run->o;
  size_t k, before;
  int i;

  for (i = 0; i < o->nfiles; i++) {
    char *abs = xl_path_absolute(o->files[i], NULL);
    int rc = abs ? 0 : -1;
    before = run->njobs;
    for (k = 0; rc == 0 && db && k < db->n; k++)
      if (strcmp(db->entries[k].file, abs) == 0)
        rc = add_job(run, abs, db->entries[k].argv, db->entries[k].argc,
                     db->entries[k].directory);
    if (rc == 0 && run->njobs == before)
      rc = add_job(run, o->files[i], NULL, 0, NULL);
    free(abs);
    if (rc < 0)
      return -1;
  }
  return 0;
}

/* --diff without files or database: the changed .cu files, with the
 * default arguments. */
static int jobs_from_diff(check_run *run) {
  size_t i;
  int rc = 0;

  for (i = 0; rc == 0 && i < xl_linefilter_file_count(run->lines); i++) {
    const char *f = xl_linefilter_file(run->lines, i);
    if (xl_str_endswith(f, ".cu") && exists(f))
      rc = add_job(run, f, NULL, 0, NULL);
  }
  return rc;
}

static int load_db(check_run *run, xl_cdb **db, const char *dir) {
  xl_error *err = NULL;
  int rc = xl_error_new(&err);

  if (rc == XL_OK)
    rc = xl_cdb_load(db, dir, err);
  if (rc < 0)
    xl_cli_error("%s", *xl_error_message(err) ? xl_error_message(err)
                                              : xl_status_string(rc));
  else
    run->db_path = xl_strdup((*db)->path);
  xl_error_free(err);
  return rc < 0 ? -2 : 0; /* reported */
}

/* The compile database: -p, else one above the first file (or the working
 * directory with --diff), unless `--` gives the arguments. */
static int find_db(check_run *run, xl_cdb **db) {
  const check_opts *o = run->o;
  char *dir = NULL;
  int rc;

  *db = NULL;
  if (o->build_dir)
    return load_db(run, db, o->build_dir);
  if (o->dashdash || (!o->nfiles && !o->diff))
    return 0;
  if (xl_cdb_discover(&dir, o->nfiles ? o->files[0] : "./-") < 0)
    return -1;
  rc = dir ? load_db(run, db, dir) : 0;
  free(dir);
  return rc;
}

static int assign_profiles(check_run *run) {
  size_t i;

  for (i = 0; i < run->njobs; i++) {
    run->jobs[i].prof = check_profile_for(run, run->jobs[i].file);
    if (!run->jobs[i].prof)
      return -1;
  }
  return 0;
}

int check_jobs_build(check_run *run) {
  const check_opts *o = run->o;
  xl_cdb *db = NULL;
  int rc;

  if (o->diff && check_diff_load(run) < 0)
    return XL_EXIT_TOOL;
  rc = find_db(run, &db);
  if (rc == 0 && db && (o->build_dir || !o->nfiles))
    rc = jobs_from_db(run, db);
  else if (rc == 0 && !o->nfiles)
    rc = jobs_from_diff(run);
  else if (rc == 0)
    rc = jobs_from_files(run, db);
  xl_cdb_free(db);
  if (rc == -1)
    xl_cli_error("out of memory");
  if (rc == 0 && assign_profiles(run) < 0)
    rc = -1;
  return rc < 0 ? XL_EXIT_TOOL : XL_EXIT_OK;
}

static void job_free(check_job *j) {
  free(j->file);
  free(j->directory);
  free(j->error);
  free(j->remote_warning);
  free(j->facts_json);
  xl_argv_free(j->argv);
  xl_argv_free(j->unknown);
  xl_diags_free(j->diags);
  xl_diags_free(j->suppressed);
  xl_diags_free(j->hidden);
}

void check_run_free(check_run *run) {
  size_t i;

  for (i = 0; i < run->njobs; i++)
    job_free(&run->jobs[i]);
  for (i = 0; i < run->nprofs; i++)
    profile_free(run->profs[i]);
  free(run->jobs);
  free(run->profs);
  free(run->db_path);
  xl_linefilter_free(run->lines);
}
