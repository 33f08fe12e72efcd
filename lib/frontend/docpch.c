/*
 * docpch.c: the precompiled headers of a language-server document
 * (document.c): the temporary files, and the document's leading block of
 * headers precompiled with the command line's skip decision.
 *
 * The block's PCH (cdriver.h's xl_cdriver_block_pch, blockpch.cpp) keeps
 * the bodies of user headers' templates, which libclang's preamble skips
 * with every other header body. It is built again when the block's text
 * changes, when a user file it entered changes on disk (size or
 * modification time), or when the editor's unsaved text of such a file
 * changes. A system header changed on disk makes clang refuse the PCH:
 * document.c then gives the block up (xl_fe_block_refused) until its text
 * or the unsaved files change, and parses as before. A block clang reports
 * an error in (a missing #include) is given up the same way: the parse as
 * before reports the error.
 *
 * The PCHs are named xlambda-base-PID-XXXXXX after the server's process. A
 * server that is killed cannot remove them (about 10 MB each), so before
 * making one, a server removes those of the same directory whose PID no
 * longer runs. A server of another PID namespace sharing the directory
 * would lose its PCH to this; clang then refuses the missing file and the
 * document is parsed without one.
 */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cdriver.h" /* its types; its functions only with XL_HAVE_CDRIVER */
#include "fe.h"
#include "frontend.h"

typedef struct block_file {
  long long size, mtime_ns; /* -1 when it could not be stat'ed */
} block_file;

struct fe_block {
  char *src;          /* the block's name: beside the document, not written */
  char *path;         /* the PCH, or NULL */
  xl_cdriver_block out; /* what it entered: user files, headers, functions */
  unsigned delta;      /* a parse's place of a function, less its loc */
  int has_delta;       /* delta is known (docfuncs.c) */
  block_file *stamps; /* the user files' on disk, when built */
  size_t nfiles;
  size_t nheaders;
  uint64_t key;       /* of the block's text and the unsaved files */
  uint64_t failed;    /* the key of a block given up; 0: none */
  const fe_shown *shown; /* lent: the header filter, or NULL */
};

/* Whether name is a PCH (xlambda-base-PID-XXXXXX) of a process that no
 * longer runs. */
static int stale_pch(const char *name) {
  static const char prefix[] = "xlambda-base-";
  const char *p = name + sizeof(prefix) - 1;
  char *end = NULL;
  long pid;

  if (strncmp(name, prefix, sizeof(prefix) - 1) != 0 || *p < '1' ||
      *p > '9')
    return 0;
  errno = 0;
  pid = strtol(p, &end, 10);
  if (errno || *end != '-' || strlen(end + 1) != 6 || pid == (long)getpid() ||
      pid != (long)(pid_t)pid)
    return 0;
  return kill((pid_t)pid, 0) < 0 && errno == ESRCH;
}

/* Remove the PCHs in dir that killed servers left (best effort: a file
 * that cannot be removed stays). */
static void remove_stale_pchs(const char *dir) {
  DIR *d = opendir(dir);
  struct dirent *e;
  char path[4096];

  if (!d)
    return;
  for (;;) {
    e = readdir(d);
    if (!e)
      break;
    if (stale_pch(e->d_name) &&
        snprintf(path, sizeof(path), "%s/%s", dir, e->d_name) <
            (int)sizeof(path))
      unlink(path);
  }
  closedir(d);
}

int xl_fe_pch_tempfile(char *path, size_t size) {
  const char *dir = getenv("TMPDIR");
  int fd;

  if (!dir || !*dir)
    dir = "/tmp";
  remove_stale_pchs(dir);
  if (snprintf(path, size, "%s/xlambda-base-%ld-XXXXXX", dir,
               (long)getpid()) >= (int)size)
    return -1;
  fd = mkstemp(path);
  if (fd < 0)
    return -1;
  close(fd);
  return 0;
}

int xl_fe_block_new(fe_block **out, const char *main_file) {
  fe_block *b = calloc(1, sizeof(*b));
  size_t n = strlen(main_file);

  *out = NULL;
  if (!b)
    return XL_ENOMEM;
  b->src = malloc(n + sizeof(".xlambda-block.cu"));
  if (!b->src) {
    free(b);
    return XL_ENOMEM;
  }
  memcpy(b->src, main_file, n);
  memcpy(b->src + n, ".xlambda-block.cu", sizeof(".xlambda-block.cu"));
  *out = b;
  return XL_OK;
}

void xl_fe_block_set_shown(fe_block *b, const fe_shown *shown) {
  b->shown = shown && shown->opts->shows ? shown : NULL;
}

/* Forget the PCH: its file is removed. */
static void drop_pch(fe_block *b) {
  if (b->path)
    unlink(b->path);
  free(b->path);
  b->path = NULL;
  xl_argv_free(b->out.files);
  xl_argv_free(b->out.headers);
  free(b->out.fns);
  free(b->stamps);
  memset(&b->out, 0, sizeof(b->out));
  b->has_delta = 0;
  b->stamps = NULL;
  b->nfiles = b->nheaders = 0;
}

void xl_fe_block_free(fe_block *b) {
  if (!b)
    return;
  drop_pch(b);
  free(b->src);
  free(b);
}

/* 1 when path is a user file the PCH entered. */
static int entered(const fe_block *b, const char *path) {
  size_t i;

  for (i = 0; i < b->nfiles; i++)
    if (strcmp(b->out.files[i], path) == 0)
      return 1;
  return 0;
}

/* The key of a block's text and of the unsaved files: all of them, or
 * (all 0) those the PCH entered. */
static uint64_t block_key(const fe_block *b, int all, const char *text,
                          size_t block, const xl_unsaved_file *files,
                          size_t nfiles) {
  uint64_t key = xl_hash_bytes(XL_FNV_INIT, text, block);
  size_t i;

  for (i = 0; i < nfiles; i++) {
    if (!all && !entered(b, files[i].path))
      continue;
    key = xl_hash_bytes(key, files[i].path, strlen(files[i].path) + 1);
    key = xl_hash_bytes(key, files[i].text, files[i].len);
    key = xl_hash_bytes(key, "", 1);
  }
  return key ? key : 1; /* 0 stands for none */
}

/* Stamp the user files the PCH entered. */
static int stamp(fe_block *b) {
  size_t n = 0;

  while (b->out.files && b->out.files[n])
    n++;
  b->stamps = calloc(n ? n : 1, sizeof(*b->stamps));
  if (!b->stamps)
    return XL_ENOMEM;
  for (b->nfiles = 0; b->nfiles < n; b->nfiles++)
    xl_file_stamp(&b->stamps[b->nfiles].size, &b->stamps[b->nfiles].mtime_ns,
                  b->out.files[b->nfiles]);
  return XL_OK;
}

/* 1 when every user file of the PCH is as it was on disk. */
static int unchanged_on_disk(const fe_block *b) {
  long long size, mtime;
  size_t i;

  for (i = 0; i < b->nfiles; i++) {
    xl_file_stamp(&size, &mtime, b->out.files[i]);
    if (size != b->stamps[i].size || mtime != b->stamps[i].mtime_ns)
      return 0;
  }
  return 1;
}

/* Build the PCH of text's block; on failure the block is given up for
 * that text and those unsaved files (failed: their key). */
static int build(fe_block *b, uint64_t failed, const char *text,
                 size_t block, const xl_unsaved_file *files, size_t nfiles,
                 const char *const *argv, int argc) {
#ifdef XL_HAVE_CDRIVER
  char path[4096];
  int built = 0, rc;

  b->failed = failed;
  if (xl_fe_pch_tempfile(path, sizeof(path)) < 0) {
    drop_pch(b);
    return XL_OK;
  }
  drop_pch(b); /* after: the new file's name differs from the old one's */
  rc = xl_cdriver_block_pch(&built, &b->out, path, b->src, text, block,
                            argv, argc, files, nfiles,
                            b->shown ? xl_fe_shown_header : NULL,
                            (void *)b->shown);
  if (rc < 0 || !built || stamp(b) < 0) {
    unlink(path);
    drop_pch(b);
    return rc < 0 ? rc : XL_OK;
  }
  b->path = xl_strdup(path);
  if (!b->path) {
    unlink(path);
    drop_pch(b);
    return XL_ENOMEM;
  }
  while (b->out.headers[b->nheaders])
    b->nheaders++;
  b->key = block_key(b, 0, text, block, files, nfiles);
  b->failed = 0;
  return XL_OK;
#else
  (void)text, (void)block, (void)files, (void)nfiles, (void)argv, (void)argc;
  b->failed = failed;
  return XL_OK;
#endif
}

int xl_fe_block_ready(const char **out_path, fe_block *b, const char *text,
                      size_t block, const xl_unsaved_file *files,
                      size_t nfiles, const char *const *argv, int argc) {
  uint64_t all = block_key(b, 1, text, block, files, nfiles);
  int rc;

  *out_path = NULL;
  if (all == b->failed)
    return XL_OK;
  if (b->path && block_key(b, 0, text, block, files, nfiles) == b->key &&
      unchanged_on_disk(b)) {
    *out_path = b->path;
    return XL_OK;
  }
  rc = build(b, all, text, block, files, nfiles, argv, argc);
  *out_path = b->path;
  return rc;
}

void xl_fe_block_refused(fe_block *b, const char *text, size_t block,
                         const xl_unsaved_file *files, size_t nfiles) {
  b->failed = block_key(b, 1, text, block, files, nfiles);
  drop_pch(b);
}

const char *xl_fe_block_src(const fe_block *b) { return b->src; }

const char *const *xl_fe_block_files(const fe_block *b, size_t *n) {
  *n = b && b->path ? b->nfiles : 0;
  return *n ? (const char *const *)b->out.files : NULL;
}

const char *const *xl_fe_block_headers(const fe_block *b, size_t *n) {
  *n = b && b->path ? b->nheaders : 0;
  return *n ? (const char *const *)b->out.headers : NULL;
}

const xl_cdriver_fn *xl_fe_block_functions(const fe_block *b, size_t *n) {
  *n = b && b->path ? b->out.nfns : 0;
  return *n ? b->out.fns : NULL;
}

int xl_fe_block_delta(const fe_block *b, unsigned *delta) {
  *delta = b && b->path && b->has_delta ? b->delta : 0;
  return b && b->path && b->has_delta;
}

void xl_fe_block_set_delta(fe_block *b, unsigned delta) {
  if (!b || !b->path)
    return;
  b->delta = delta;
  b->has_delta = 1;
}

int xl_fe_block_no_kernel_templates(const fe_block *b) {
  return b && b->path && !b->out.kernel_templates;
}
