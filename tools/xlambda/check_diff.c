/*
 * check_diff.c: --diff[=REV]: the changed lines, from `git diff -U0 REV`
 * (REV may be several words: "--cached", "origin/main...HEAD") or from a
 * unified diff on stdin (--diff=-).
 */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"
#include "cli.h"
#include "core/argv.h"
#include "util/util.h"

int check_diff_load(check_run *run);

/* Read all of fd into b. */
static int slurp(int fd, xl_buf *b) {
  char chunk[65536];
  ssize_t n;

  for (;;) {
    n = read(fd, chunk, sizeof(chunk));
    if (n == 0)
      return b->oom ? -1 : 0;
    if (n < 0)
      return -1;
    xl_buf_put(b, chunk, (size_t)n);
  }
}

/* Run argv (argv[0] on $PATH) and capture its stdout; stderr passes
 * through. Returns its exit status, or -1 when it could not run. */
static int capture(char *const *argv, xl_buf *out) {
  int fd[2], status = 0;
  pid_t pid;

  if (pipe(fd) < 0)
    return -1;
  pid = fork();
  if (pid < 0) {
    close(fd[0]);
    close(fd[1]);
    return -1;
  }
  if (pid == 0) {
    dup2(fd[1], STDOUT_FILENO);
    close(fd[0]);
    close(fd[1]);
    execvp(argv[0], argv);
    _exit(127);
  }
  close(fd[1]);
  if (slurp(fd[0], out) < 0)
    status = -1;
  close(fd[0]);
  if (waitpid(pid, &status, 0) < 0 || status == -1)
    return -1;
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* The work tree's top directory (heap string), or NULL. */
static char *git_toplevel(void) {
  char *argv[] = {"git", "rev-parse", "--show-toplevel", NULL};
  xl_buf b = XL_BUF_INIT;

  if (capture(argv, &b) != 0 || !b.len) {
    xl_buf_free(&b);
    return NULL;
  }
  while (b.len && (b.data[b.len - 1] == '\n' || b.data[b.len - 1] == '\r'))
    b.data[--b.len] = '\0';
  return xl_buf_detach(&b);
}

static int git_diff(const char *rev, xl_buf *out, char **top) {
  xl_argv a = XL_ARGV_INIT;
  const char *fixed[] = {"git", "diff", "-U0", "--no-color", "--no-ext-diff",
                         "--src-prefix=a/", "--dst-prefix=b/"};
  size_t k;
  int rc;

  *top = git_toplevel();
  if (!*top) {
    xl_cli_error("--diff=%s: not inside a git work tree (give a diff on "
                 "stdin with --diff=-)", rev);
    return -1;
  }
  for (k = 0; k < sizeof(fixed) / sizeof(*fixed); k++)
    xl_argv_push(&a, fixed[k]);
  xl_argv_split(&a, rev, strlen(rev));
  xl_argv_push(&a, "--");
  rc = a.oom ? -1 : capture(a.v, out);
  xl_argv_clear(&a);
  if (rc != 0)
    xl_cli_error("'git diff %s' failed", rev);
  return rc == 0 ? 0 : -1;
}

int check_diff_load(check_run *run) {
  xl_buf text = XL_BUF_INIT;
  char *base = NULL;
  int rc;

  if (strcmp(run->o->diff, "-") == 0) {
    rc = slurp(STDIN_FILENO, &text);
    if (rc < 0)
      xl_cli_error("cannot read the diff on stdin");
  } else {
    rc = git_diff(run->o->diff, &text, &base);
  }
  if (rc == 0 && xl_linefilter_from_diff(&run->lines,
                                         text.data ? text.data : "", text.len,
                                         base) < 0) {
    xl_cli_error("out of memory");
    rc = -1;
  }
  xl_buf_free(&text);
  free(base);
  return rc;
}
