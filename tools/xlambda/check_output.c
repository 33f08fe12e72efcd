/*
 * check_output.c: after the run: merging the translation units' findings
 * (each finding once, in a deterministic order), the output formats,
 * --export-fixes and --fix, and the summary.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check.h"
#include "cli.h"
#include "core/fix.h"
#include "emit/emit.h"
#include "util/util.h"

/* ---- merging ------------------------------------------------------------- */

static void copy_all(xl_diags *to, const xl_diags *from) {
  size_t i;

  for (i = 0; from && i < from->count; i++)
    xl_diags_copy(to, from->items[i]);
}

/* One warning per unknown option per run, naming the first file. */
static void warn_unknown(const check_run *run) {
  size_t i, k;
  char **seen = NULL;
  size_t nseen = 0, cap = 0;

  for (i = 0; i < run->njobs; i++) {
    char **u = run->jobs[i].unknown;
    for (; u && *u; u++) {
      for (k = 0; k < nseen && strcmp(seen[k], *u) != 0; k++)
        ;
      if (k < nseen || XL_GROW(seen, cap, nseen + 1) < 0)
        continue;
      seen[nseen++] = *u;
      fprintf(stderr, "xlambda: warning: unknown compiler option '%s' "
              "ignored (first in the command for '%s')\n", *u,
              run->jobs[i].file);
    }
  }
  free(seen);
}

static void count(const check_opts *o, const xl_diags *all,
                  const xl_diags *supp, const xl_diags *hidden,
                  check_totals *t) {
  size_t i;

  for (i = 0; i < all->count; i++) {
    const xl_diag *d = all->items[i];
    if ((d->flags & XL_DIAG_CLANG) && !o->parse_errors_fail)
      continue;
    if (d->severity == XL_SEV_ERROR)
      t->errors++;
    else if (d->severity == XL_SEV_WARNING)
      t->warnings++;
  }
  for (i = 0; i < supp->count; i++) {
    unsigned f = supp->items[i]->flags;
    t->nolint += (f & XL_DIAG_BY_NOLINT) != 0;
    t->pragma += (f & XL_DIAG_BY_PRAGMA) != 0;
    t->flag += (f & XL_DIAG_BY_FLAG) != 0;
  }
  t->hidden = (unsigned)hidden->count;
}

static void absorb(const check_run *run, const check_job *j, xl_diags *all,
                   xl_diags *supp, xl_diags *hidden, check_totals *t) {
  if (j->skipped) {
    t->skipped++;
    return;
  }
  if (j->rc < 0) {
    t->failed++;
    if (j->error && strstr(j->error, j->file))
      xl_cli_error("%s", j->error);
    else /* name the translation unit */
      xl_cli_error("%s: %s", j->file, j->error ? j->error : "out of memory");
    return;
  }
  t->tus++;
  t->incomplete += j->incomplete != 0;
  if (j->empty && !run->o->quiet)
    fprintf(stderr, "xlambda: warning: '%s' is empty: nothing to check\n",
            j->file);
  t->cached += j->cached != 0;
  if (run->o->dump_facts && j->facts_json)
    printf("%s\n", j->facts_json);
  if (run->o->dump_args && j->facts_json)
    fputs(j->facts_json, stdout);
  copy_all(all, j->diags);
  copy_all(supp, j->suppressed);
  copy_all(hidden, j->hidden);
}

int check_merge(check_run *run, xl_diags *all, check_totals *t) {
  xl_diags *supp = NULL, *hidden = NULL;
  size_t i;
  int rc = XL_ENOMEM;

  if (xl_diags_new(&supp) < 0 || xl_diags_new(&hidden) < 0)
    goto cleanup;
  for (i = 0; i < run->njobs; i++)
    absorb(run, &run->jobs[i], all, supp, hidden, t);
  t->skipped += run->skipped;
  xl_diags_sort_unique(all);
  xl_diags_sort_unique(supp);
  xl_diags_sort_unique(hidden);
  count(run->o, all, supp, hidden, t);
  if (!run->o->quiet)
    warn_unknown(run);
  for (i = 0; i < run->njobs && !run->jobs[i].remote_warning; i++)
    ;
  if (i < run->njobs) /* once per run, however many lookups failed */
    fprintf(stderr, "xlambda: warning: %s\n",
            run->jobs[i].remote_warning);
  rc = all->oom || supp->oom || hidden->oom ? XL_ENOMEM : XL_OK;
cleanup:
  xl_diags_free(supp);
  xl_diags_free(hidden);
  return rc;
}

/* ---- output -------------------------------------------------------------- */

/* The directory holding .git above the working directory, else it. */
char *check_source_root(const check_opts *o) {
  char *dir = xl_path_absolute(o->source_root ? o->source_root : ".", NULL);
  char *probe = NULL, *slash;
  struct stat st;

  if (!dir || o->source_root)
    return dir;
  for (;;) {
    xl_buf b = XL_BUF_INIT;
    xl_buf_printf(&b, "%s/.git", dir);
    probe = xl_buf_detach(&b);
    if (probe && stat(probe, &st) == 0) {
      free(probe);
      return dir;
    }
    free(probe);
    slash = strrchr(dir, '/');
    if (!slash || slash == dir)
      break;
    *slash = '\0';
  }
  free(dir);
  return xl_path_absolute(".", NULL);
}

int check_use_color(const check_opts *o, int fd) {
  const char *no_color = getenv("NO_COLOR"), *term = getenv("TERM");

  if (o->color != -1)
    return o->color;
  if (no_color && *no_color)
    return 0;
  if (term && strcmp(term, "dumb") == 0)
    return 0;
  return isatty(fd);
}

int check_emit(const check_run *run, const xl_diags *all) {
  const check_opts *o = run->o;
  const xl_emitter *em;
  xl_emit_opts eo;
  FILE *out = stdout;
  char *root = NULL;
  int rc;

  memset(&eo, 0, sizeof(eo));
  if (o->output)
    out = fopen(o->output, "w");
  if (!out) {
    xl_cli_error("cannot write '%s'", o->output);
    return XL_EIO;
  }
  if (o->output ? o->color == 1 : check_use_color(o, STDOUT_FILENO))
    eo.flags |= XL_EMIT_COLOR;
  em = xl_emitter_find(o->format);
  if (em->needs & XL_EMITTER_SOURCE_ROOT) {
    root = check_source_root(o);
    eo.base_dir = root;
  }
  rc = em->emit(out, all, &eo);
  free(root);
  if (out != stdout && fclose(out) != 0)
    rc = XL_EIO;
  if (rc < 0)
    xl_cli_error("cannot write the diagnostics");
  return rc;
}

/* ---- fixes --------------------------------------------------------------- */

static int export_fixes(const check_run *run, const xl_diags *all) {
  const char *path = run->o->export_fixes;
  xl_emit_opts eo;
  FILE *f = fopen(path, "w");
  char *cwd = xl_path_absolute(".", NULL);
  int rc;

  if (!f || !cwd) {
    if (f)
      fclose(f);
    free(cwd);
    xl_cli_error("cannot write '%s'", path);
    return XL_EXIT_TOOL;
  }
  memset(&eo, 0, sizeof(eo));
  eo.base_dir = cwd;
  eo.flags = run->o->fix_notes ? XL_EMIT_FIX_NOTES : 0;
  rc = xl_emit_fixes_yaml(f, all, &eo);
  if (fclose(f) != 0)
    rc = XL_EIO;
  free(cwd);
  if (rc < 0) {
    xl_cli_error("cannot write '%s'", path);
    return XL_EXIT_TOOL;
  }
  return XL_EXIT_OK;
}

/* What --fix did, and what it left: the counts of the summary and the exit
 * code are those of the files before the fixes. */
static void report_fixes(const check_opts *o, const xl_fix_stats *fs,
                         const xl_diags *all) {
  unsigned left = (unsigned)all->count - fs->fixed;

  fprintf(stderr, "xlambda: applied %u fix-it%s to %u file%s\n", fs->edits,
          fs->edits == 1 ? "" : "s", fs->files_changed,
          fs->files_changed == 1 ? "" : "s");
  fprintf(stderr, "xlambda: %u finding%s fixed, %u left; the counts below "
          "and the exit code are from before the fixes (check again to see "
          "the files as they are now)\n", fs->fixed,
          fs->fixed == 1 ? "" : "s", left);
  if (fs->notes_only && !o->fix_notes)
    fprintf(stderr, "xlambda: %u of the findings left ha%s a fix-it only on "
            "a note, which may change what the program does: read the note, "
            "then --fix-notes applies it\n", fs->notes_only,
            fs->notes_only == 1 ? "s" : "ve");
}

static int apply_fixes(const check_run *run, const xl_diags *all,
                       const check_totals *t) {
  const check_opts *o = run->o;
  xl_fix_stats fs;
  xl_error *err = NULL;
  int rc;

  if (t->incomplete && !o->fix_errors) {
    fprintf(stderr,
            "xlambda: clang reported errors in %u file%s; fixes were not "
            "applied (use --fix-errors to apply them anyway)\n",
            t->incomplete, t->incomplete == 1 ? "" : "s");
    return XL_EXIT_FINDINGS;
  }
  if (xl_error_new(&err) < 0)
    return XL_EXIT_TOOL;
  rc = xl_fix_apply(&fs, all, o->fix_notes ? XL_FIX_NOTES : 0, stderr, err);
  xl_error_free(err);
  if (!o->quiet)
    report_fixes(o, &fs, all);
  if (rc == XL_ECONFLICT)
    return XL_EXIT_FINDINGS;
  return rc < 0 ? XL_EXIT_TOOL : XL_EXIT_OK;
}

int check_fixes(const check_run *run, const xl_diags *all,
                const check_totals *t) {
  int code = XL_EXIT_OK, c;

  if (run->o->export_fixes)
    code = export_fixes(run, all);
  if (run->o->fix) {
    c = apply_fixes(run, all, t);
    if (c > code)
      code = c;
  }
  return code;
}

/* ---- summary ------------------------------------------------------------- */

typedef struct rule_count {
  const char *rule;
  unsigned n;
} rule_count;

static int cmp_count(const void *pa, const void *pb) {
  const rule_count *a = pa, *b = pb;

  if (a->n != b->n)
    return a->n > b->n ? -1 : 1;
  return strcmp(a->rule, b->rule);
}

/* "xlambda: by rule: a 3, b 1" */
static void by_rule(const xl_diags *all) {
  rule_count *rc = calloc(all->count + 1, sizeof(*rc));
  size_t i, k, n = 0;

  if (!rc)
    return;
  for (i = 0; i < all->count; i++) {
    const char *r = all->items[i]->rule_name;
    for (k = 0; k < n && strcmp(rc[k].rule, r) != 0; k++)
      ;
    if (k == n)
      rc[n++].rule = r;
    rc[k].n++;
  }
  qsort(rc, n, sizeof(*rc), cmp_count);
  if (n)
    fputs("xlambda: by rule:", stderr);
  for (k = 0; k < n; k++)
    fprintf(stderr, "%s %s %u", k ? "," : "", rc[k].rule, rc[k].n);
  if (n)
    fputc('\n', stderr);
  free(rc);
}

static const char *s_(unsigned n) { return n == 1 ? "" : "s"; }

void check_summary(const check_run *run, const xl_diags *all,
                   const check_totals *t) {
  unsigned supp = t->nolint + t->pragma + t->flag;

  fprintf(stderr, "xlambda: %u file%s checked: %u error%s, %u warning%s%s",
          t->tus, s_(t->tus), t->errors, s_(t->errors), t->warnings,
          s_(t->warnings), run->o->fix ? " (before the fixes)" : "");
  if (t->incomplete)
    fprintf(stderr, "; %u analysed incompletely (clang errors)",
            t->incomplete);
  if (t->failed)
    fprintf(stderr, "; %u could not be checked", t->failed);
  fputc('\n', stderr);
  by_rule(all);
  if (supp)
    fprintf(stderr, "xlambda: suppressed %u finding%s (%u by NOLINT, %u by "
            "nv_diag_suppress, %u by --diag-suppress)\n", supp, s_(supp),
            t->nolint, t->pragma, t->flag);
  if (t->hidden)
    fprintf(stderr, "xlambda: %u finding%s in filtered headers or outside "
            "the diff not shown\n", t->hidden, s_(t->hidden));
  if (t->skipped)
    fprintf(stderr, "xlambda: %u compile command%s not compiled as CUDA "
            "skipped\n", t->skipped, s_(t->skipped));
  if ((run->o->cache_dir || run->o->cache_url) && !run->o->dump_facts &&
      !run->o->dump_args)
    fprintf(stderr, "xlambda: cache: %u hit%s, %u miss%s\n", t->cached,
            s_(t->cached), t->tus - t->cached,
            t->tus - t->cached == 1 ? "" : "es");
  if (run->full_again && run->o->parse_skip == 1) /* asked for by name */
    fprintf(stderr, "xlambda: --parse=skip: %u file%s with clang errors "
            "checked again with the full parse, each in a fresh process\n",
            run->full_again, s_(run->full_again));
  if (run->threads && run->o->in_process)
    fprintf(stderr, "xlambda: done in %.2f s with %d thread%s\n", t->seconds,
            run->threads, s_((unsigned)run->threads));
  else if (run->threads)
    fprintf(stderr, "xlambda: done in %.2f s with %d process%s\n",
            t->seconds, run->threads, run->threads == 1 ? "" : "es");
}
