/*
 * check_workers.c: crash isolation. Each translation unit is checked in a
 * worker process forked from xlambda, so that a libclang crash (a signal,
 * an abort, a sanitizer report) or a hang (--timeout) costs that unit only:
 * it is reported as failed, with its name, and the run goes on.
 *
 * The parent stays single-threaded (a fork is then safe, and libclang never
 * runs in it after the jobs are built): it hands job numbers to up to N
 * workers over a socket each, polls for their results, and kills a worker
 * whose job ran past its deadline. A worker checks one job at a time on a
 * thread with a 16 MiB stack and sends the job's results back, encoded with
 * lib/core/wire.c; the parent decodes them into the job, so that merging
 * and output are those of the in-process run and do not depend on N.
 * A worker that crashed or timed out is replaced by a fresh one; so is one
 * that saw libclang's own crash recovery fire (its state is suspect).
 *
 * With --parse=skip, a job whose skip parse gives way to the full parse
 * (clang errors; XL_EFULLPARSE, xl_options_set_defer_full_parse) comes
 * back unfinished, and its worker exits: the job runs again with the full
 * parse in a freshly forked worker (the job number's JOB_FULL bit), so that
 * its peak memory is the full parse's alone, as with --parse=full.
 *
 * Test hooks (tests only, documented in docs/internals/reliability.md): in
 * a worker, XL_TEST_CRASH_ON=NAME raises SIGSEGV and XL_TEST_HANG_ON=NAME
 * sleeps forever before checking a file whose base name is NAME.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdarg.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include "check.h"
#include "cli.h"
#include "core/command.h"
#include "core/wire.h"
#include "util/util.h"

typedef struct proc {
  pid_t pid;       /* 0: no process */
  int fd;          /* the parent's end of the socket */
  long job;        /* the job it checks, -1 when idle */
  double deadline; /* when that job times out (0: never) */
  xl_buf in;       /* the result being received */
} proc;

/* A job number's flag: check it with the full parse (the skip parse gave
 * way in another worker). */
#define JOB_FULL 0x80000000u

typedef struct pool {
  check_run *run;
  xl_checker *checker; /* made here, inherited by every worker */
  proc *procs;
  int n;
  size_t next;
  size_t *retry; /* jobs to check again with the full parse */
  size_t nretry, cap_retry;
  int spawn_errno; /* why the last fork (or socketpair) failed */
} pool;

static double now(void) {
  struct timespec ts;

  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static int send_all(int fd, const char *p, size_t n) {
  while (n > 0) {
    ssize_t k = send(fd, p, n, MSG_NOSIGNAL);
    if (k < 0 && errno == EINTR)
      continue;
    if (k <= 0)
      return -1;
    p += k;
    n -= (size_t)k;
  }
  return 0;
}

/* ---- a job's results on the wire ---------------------------------------- */

static void clear_results(check_job *j) {
  free(j->error);
  free(j->remote_warning);
  free(j->facts_json);
  xl_argv_free(j->unknown);
  xl_diags_free(j->diags);
  xl_diags_free(j->suppressed);
  xl_diags_free(j->hidden);
  j->error = j->facts_json = j->remote_warning = NULL;
  j->unknown = NULL;
  j->diags = j->suppressed = j->hidden = NULL;
}

static void put_diags(xl_buf *b, const xl_diags *d) {
  xl_diags empty;

  memset(&empty, 0, sizeof(empty));
  xl_diags_encode(b, d ? d : &empty);
}

/* u32 length, then: job, rc, error, remote warning, skipped, incomplete, empty, cached, last,
 * unknown options, facts JSON, the three lists. */
static int encode_job(xl_buf *b, const check_job *j, size_t index, int last) {
  char **u;
  uint32_t n = 0;

  xl_wire_put_u32(b, 0);
  xl_wire_put_u32(b, (uint32_t)index);
  xl_wire_put_u32(b, (uint32_t)j->rc);
  xl_wire_put_str(b, j->error);
  xl_wire_put_str(b, j->remote_warning);
  xl_wire_put_u32(b, (uint32_t)j->skipped);
  xl_wire_put_u32(b, (uint32_t)j->incomplete);
  xl_wire_put_u32(b, (uint32_t)j->empty);
  xl_wire_put_u32(b, (uint32_t)j->cached);
  xl_wire_put_u32(b, (uint32_t)last);
  for (u = j->unknown; u && *u; u++)
    n++;
  xl_wire_put_u32(b, n);
  for (u = j->unknown; u && *u; u++)
    xl_wire_put_str(b, *u);
  xl_wire_put_u32(b, j->facts_json != NULL);
  xl_wire_put_str(b, j->facts_json);
  put_diags(b, j->diags);
  put_diags(b, j->suppressed);
  put_diags(b, j->hidden);
  if (b->oom)
    return XL_ENOMEM;
  n = (uint32_t)(b->len - 4);
  memcpy(b->data, &n, 4); /* the length, in the machine's own order */
  return XL_OK;
}

static char **decode_list(xl_wire_in *in) {
  uint32_t n = xl_wire_u32(in), i;
  char **v;

  if (in->bad || n > (size_t)(in->end - in->p) / 5)
    return NULL;
  v = calloc((size_t)n + 1, sizeof(char *));
  for (i = 0; v && i < n; i++)
    v[i] = xl_strdup(xl_wire_str(in));
  return v;
}

/* Fill job j from a received message (after its length and job number).
 * Returns 1 when the worker said it exits after this job, 0, or -1 when
 * the message is malformed. */
static int decode_job(check_job *j, xl_wire_in *in) {
  const char *error;
  int last, has_facts;

  j->rc = (int)xl_wire_u32(in);
  error = xl_wire_str(in);
  j->error = *error ? xl_strdup(error) : NULL;
  error = xl_wire_str(in);
  j->remote_warning = *error ? xl_strdup(error) : NULL;
  j->skipped = (int)xl_wire_u32(in);
  j->incomplete = (int)xl_wire_u32(in);
  j->empty = (int)xl_wire_u32(in);
  j->cached = (int)xl_wire_u32(in);
  last = xl_wire_u32(in) != 0;
  j->unknown = decode_list(in);
  has_facts = xl_wire_u32(in) != 0;
  j->facts_json = xl_strdup(xl_wire_str(in));
  if (!has_facts) {
    free(j->facts_json);
    j->facts_json = NULL;
  }
  if (in->bad || xl_diags_decode(&j->diags, in) < 0 ||
      xl_diags_decode(&j->suppressed, in) < 0 ||
      xl_diags_decode(&j->hidden, in) < 0 || in->p != in->end) {
    clear_results(j);
    return -1;
  }
  return last;
}

/* ---- the worker --------------------------------------------------------- */

typedef struct worker_arg {
  check_run *run;
  xl_checker *checker;
  int fd;
  int rc;
} worker_arg;

static void test_hooks(const char *file) {
  const char *base = strrchr(file, '/') ? strrchr(file, '/') + 1 : file;
  const char *crash = getenv("XL_TEST_CRASH_ON");
  const char *hang = getenv("XL_TEST_HANG_ON");
  struct rlimit no_core = {0, 0};

  if (crash && strcmp(crash, base) == 0) {
    setrlimit(RLIMIT_CORE, &no_core);
    signal(SIGSEGV, SIG_DFL); /* not a sanitizer's handler: a plain crash */
    raise(SIGSEGV);
  }
  while (hang && strcmp(hang, base) == 0)
    sleep(1000);
}

static int recv_job(int fd, uint32_t *index) {
  char b[4];
  size_t got = 0;

  while (got < 4) {
    ssize_t k = recv(fd, b + got, 4 - got, 0);
    if (k < 0 && errno == EINTR)
      continue;
    if (k <= 0)
      return -1;
    got += (size_t)k;
  }
  memcpy(index, b, 4);
  return 0;
}

static void *worker_loop(void *arg) {
  worker_arg *w = arg;
  uint32_t index;

  w->rc = 0;
  while (recv_job(w->fd, &index) == 0) {
    uint32_t job = index & ~JOB_FULL;
    check_job *j = &w->run->jobs[job < w->run->njobs ? job : 0];
    xl_buf b = XL_BUF_INIT;
    int last;
    if (job >= w->run->njobs) {
      w->rc = 1;
      break;
    }
    test_hooks(j->file);
    j->parse_full = (index & JOB_FULL) != 0;
    check_job_run(w->run, w->checker, j);
    last = j->rc == XL_ECRASH || j->rc == XL_EFULLPARSE;
    if (encode_job(&b, j, job, last) < 0 || send_all(w->fd, b.data, b.len) < 0)
      w->rc = 1;
    xl_buf_free(&b);
    clear_results(j);
    if (last || w->rc)
      break;
  }
  return NULL;
}

/* In the child after fork: never returns. */
static void worker_main(pool *pl, int fd, pid_t parent) {
  worker_arg w;
  pthread_attr_t attr;
  pthread_t tid;
  int i;

#ifdef __linux__
  prctl(PR_SET_PDEATHSIG, SIGKILL);
#endif
  if (getppid() != parent)
    _exit(1);
  for (i = 0; i < pl->n; i++)
    if (pl->procs[i].pid)
      close(pl->procs[i].fd); /* other workers' sockets: keep EOF working */
  w.run = pl->run;
  w.checker = pl->checker;
  w.fd = fd;
  w.rc = 1;
  pthread_attr_init(&attr);
  pthread_attr_setstacksize(&attr, 16u << 20);
  if (pthread_create(&tid, &attr, worker_loop, &w) == 0)
    pthread_join(tid, NULL);
  pthread_attr_destroy(&attr);
  close(fd);
  xl_checker_free(pl->checker);
  exit(w.rc); /* exit, not _exit: leak checkers and valgrind run at exit */
}

/* ---- the parent ---------------------------------------------------------- */

static int spawn(pool *pl, proc *p) {
  int sv[2];
  pid_t parent = getpid(), pid;

  if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) < 0) {
    pl->spawn_errno = errno;
    return -1;
  }
  fflush(NULL);
  pid = fork();
  if (pid == 0) {
    close(sv[0]);
    worker_main(pl, sv[1], parent);
  }
  close(sv[1]);
  if (pid < 0) {
    pl->spawn_errno = errno;
    close(sv[0]);
    return -1;
  }
  p->pid = pid;
  p->fd = sv[0];
  p->job = -1;
  return 0;
}

/* Wait for a worker that ended (or was killed); returns its wait status. */
static int reap(proc *p) {
  int st = 0;

  close(p->fd);
  while (waitpid(p->pid, &st, 0) < 0 && errno == EINTR)
    ;
  p->pid = 0;
  p->fd = -1;
  p->job = -1;
  xl_buf_clear(&p->in);
  return st;
}

static void finish(pool *pl, check_job *j) {
  check_run *run = pl->run;

  j->done = 1;
  run->finished++;
  if (run->progress)
    check_progress(run, j);
}

static void fail(pool *pl, check_job *j, int rc, const char *fmt, ...)
    XL_PRINTF(4, 5);

static void fail(pool *pl, check_job *j, int rc, const char *fmt, ...) {
  xl_buf b = XL_BUF_INIT;
  va_list ap;

  clear_results(j);
  va_start(ap, fmt);
  xl_buf_vprintf(&b, fmt, ap);
  va_end(ap);
  j->rc = rc;
  j->error = xl_buf_detach(&b);
  xl_buf_free(&b);
  finish(pl, j);
}

/* A worker's socket closed during a job: it crashed. */
static void died(pool *pl, proc *p) {
  check_job *j = &pl->run->jobs[p->job];
  int st = reap(p);

  if (WIFSIGNALED(st))
    fail(pl, j, XL_ECRASH, "checking '%s' crashed (signal %d: %s)", j->file,
         WTERMSIG(st), strsignal(WTERMSIG(st)));
  else
    fail(pl, j, XL_ECRASH, "checking '%s' crashed (the checking process "
         "exited with status %d)", j->file, WEXITSTATUS(st));
}

static void timed_out(pool *pl, proc *p) {
  check_job *j = &pl->run->jobs[p->job];

  kill(p->pid, SIGKILL);
  reap(p);
  fail(pl, j, XL_ETIMEOUT, "checking '%s' timed out after %d s (--timeout)",
       j->file, pl->run->o->timeout);
}

/* Queue job to be checked again with the full parse; it fails when the
 * queue cannot grow. */
static void again_in_full(pool *pl, size_t job) {
  check_job *j = &pl->run->jobs[job];
  size_t *grown;

  clear_results(j);
  j->rc = XL_OK; /* a fresh worker inherits the job as it is now */
  pl->run->full_again++;
  if (pl->nretry == pl->cap_retry) {
    grown = realloc(pl->retry, (pl->cap_retry * 2 + 4) * sizeof(*grown));
    if (!grown) {
      fail(pl, j, XL_ENOMEM, "out of memory");
      return;
    }
    pl->retry = grown;
    pl->cap_retry = pl->cap_retry * 2 + 4;
  }
  pl->retry[pl->nretry++] = job;
}

/* End an idle worker: its socket closes, it exits. A worker that did not
 * exit cleanly (a sanitizer or valgrind finding at its exit) is an error
 * of the run (run->worker_errors). */
static void retire(pool *pl, proc *p) {
  int st = reap(p);

  if (WIFEXITED(st) && WEXITSTATUS(st) == 0)
    return;
  pl->run->worker_errors++;
  if (WIFSIGNALED(st))
    xl_cli_error("a checking process was killed by signal %d (%s)",
                 WTERMSIG(st), strsignal(WTERMSIG(st)));
  else
    xl_cli_error("a checking process exited with status %d",
                 WEXITSTATUS(st));
}

/* A complete result message from p: decode it into its job. */
static void received(pool *pl, proc *p, uint32_t len) {
  check_job *j = &pl->run->jobs[p->job];
  xl_wire_in in;
  int last = -1;

  in.p = p->in.data + 4;
  in.end = in.p + len;
  in.bad = 0;
  if (p->in.len == 4 + (size_t)len && xl_wire_u32(&in) == (uint32_t)p->job) {
    clear_results(j);
    last = decode_job(j, &in);
  }
  if (last < 0) {
    kill(p->pid, SIGKILL);
    reap(p);
    fail(pl, j, XL_ECRASH, "checking '%s' failed: the checking process sent "
         "a malformed result", j->file);
    return;
  }
  xl_buf_clear(&p->in);
  if (j->rc == XL_EFULLPARSE) {
    again_in_full(pl, (size_t)p->job);
    p->job = -1;
    retire(pl, p); /* it exits: the full parse gets a fresh process */
    return;
  }
  p->job = -1;
  finish(pl, j);
  if (last)
    reap(p);
}

static void receive(pool *pl, proc *p) {
  char chunk[65536];
  ssize_t k = read(p->fd, chunk, sizeof(chunk));
  uint32_t len;

  if (k < 0 && errno == EINTR)
    return;
  if (k <= 0) {
    died(pl, p);
    return;
  }
  if (xl_buf_put(&p->in, chunk, (size_t)k) < 0) {
    kill(p->pid, SIGKILL);
    reap(p);
    fail(pl, &pl->run->jobs[p->job], XL_ENOMEM, "out of memory");
    return;
  }
  if (p->in.len < 4)
    return;
  memcpy(&len, p->in.data, 4);
  if (p->in.len >= 4 + (size_t)len)
    received(pl, p, len);
}

/* Send job (with flags) to the idle worker p, started when needed.
 * Returns 1 when p took it, else 0 (p ended while idle, or no process
 * could be started). */
static int give(pool *pl, proc *p, size_t job, uint32_t flags) {
  uint32_t index = (uint32_t)job | flags;

  if (!p->pid && spawn(pl, p) < 0)
    return 0;
  if (send_all(p->fd, (const char *)&index, 4) < 0) {
    reap(p); /* it ended while idle: a fresh one next time */
    return 0;
  }
  p->job = (long)job;
  p->deadline = pl->run->o->timeout > 0 ? now() + pl->run->o->timeout : 0;
  return 1;
}

/* Give every idle worker the next job: first a job to check again with the
 * full parse, in a fresh process (an idle one is ended first), then the
 * next new one. Returns the number of workers busy afterwards. */
static int dispatch(pool *pl) {
  int i, busy = 0;

  for (i = 0; i < pl->n; i++) {
    proc *p = &pl->procs[i];
    if (p->job < 0 && pl->nretry) {
      if (p->pid)
        retire(pl, p);
      if (give(pl, p, pl->retry[pl->nretry - 1], JOB_FULL))
        pl->nretry--;
    } else if (p->job < 0 && pl->next < pl->run->njobs &&
               give(pl, p, pl->next, 0)) {
      pl->next++;
    }
    busy += p->job >= 0;
  }
  return busy;
}

/* Wait for results, deaths or deadlines. */
static void wait_some(pool *pl) {
  struct pollfd fds[1024];
  int map[1024], k = 0, i, ms = -1;
  double t = now();

  for (i = 0; i < pl->n && k < 1024; i++) {
    proc *p = &pl->procs[i];
    if (p->job < 0)
      continue;
    if (p->deadline > 0) {
      double left = (p->deadline - t) * 1000.0 + 1.0;
      int m = left < 0 ? 0 : left > 3.6e6 ? 3600000 : (int)left;
      ms = ms < 0 || m < ms ? m : ms;
    }
    fds[k].fd = p->fd;
    fds[k].events = POLLIN;
    fds[k].revents = 0;
    map[k++] = i;
  }
  if (poll(fds, (nfds_t)k, ms) > 0)
    for (i = 0; i < k; i++)
      if (fds[i].revents)
        receive(pl, &pl->procs[map[i]]);
  t = now();
  for (i = 0; i < pl->n; i++) {
    proc *p = &pl->procs[i];
    if (p->job >= 0 && p->deadline > 0 && t >= p->deadline)
      timed_out(pl, p);
  }
}

/* No worker could be started: the jobs left fail with the reason. */
static void fail_rest(pool *pl, int errnum) {
  check_run *run = pl->run;
  check_job *j;

  while (pl->next < run->njobs || pl->nretry) {
    j = &run->jobs[pl->nretry ? pl->retry[--pl->nretry] : pl->next++];
    fail(pl, j, XL_EIO, "cannot check '%s': cannot start a checking "
         "process: %s", j->file, strerror(errnum));
  }
}

/* Close the sockets, wait for the workers (retire). */
static void shut_down(pool *pl) {
  int i;

  for (i = 0; i < pl->n; i++)
    if (pl->procs[i].pid)
      retire(pl, &pl->procs[i]);
}

int check_workers_run(check_run *run, int n) {
  pool pl;
  xl_error *err = NULL;
  int rc = xl_error_new(&err), idle_rounds = 0, i;

  memset(&pl, 0, sizeof(pl));
  pl.run = run;
  pl.n = n > 1024 ? 1024 : n;
  pl.procs = calloc((size_t)pl.n + 1, sizeof(*pl.procs));
  if (rc == XL_OK && !pl.procs)
    rc = xl_error_set(err, XL_ENOMEM, "out of memory");
  if (rc == XL_OK && n)
    rc = xl_checker_new(&pl.checker, xl_profile_options(run->jobs[0].prof->p), err);
  if (rc < 0)
    xl_cli_error("%s", *xl_error_message(err) ? xl_error_message(err)
                                              : xl_status_string(rc));
  xl_error_free(err);
  signal(SIGCHLD, SIG_DFL);
  for (i = 0; rc == XL_OK && i < pl.n; i++)
    pl.procs[i].job = -1;
  while (rc == XL_OK && run->finished < run->njobs) {
    if (dispatch(&pl)) {
      idle_rounds = 0;
      wait_some(&pl);
    } else if (++idle_rounds > 3) {
      fail_rest(&pl, pl.spawn_errno ? pl.spawn_errno : EAGAIN);
    }
  }
  shut_down(&pl);
  for (i = 0; pl.procs && i < pl.n; i++)
    xl_buf_free(&pl.procs[i].in);
  free(pl.procs);
  free(pl.retry);
  xl_checker_free(pl.checker);
  return rc;
}
