/*
 * file.c: whole-file reads, atomic writes, path and string helpers.
 */
#define _DEFAULT_SOURCE /* realpath, fchown, O_DIRECTORY */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util.h"

char *xl_strdup(const char *s) {
  size_t n;
  char *p;

  if (!s)
    return NULL;
  n = strlen(s);
  p = malloc(n + 1);
  if (!p)
    return NULL;
  memcpy(p, s, n + 1);
  return p;
}

int xl_str_endswith(const char *s, const char *suffix) {
  size_t a = strlen(s), b = strlen(suffix);

  return a >= b && memcmp(s + a - b, suffix, b) == 0;
}

int xl_str_startswith(const char *s, const char *prefix) {
  return strncmp(s, prefix, strlen(prefix)) == 0;
}

static int read_fd(char **out, size_t *out_len, int fd, const char *path,
                   xl_error *err) {
  xl_buf buf = XL_BUF_INIT;
  char chunk[65536];
  ssize_t n;

  for (;;) {
    n = read(fd, chunk, sizeof(chunk));
    if (n == 0)
      break;
    if (n < 0 && errno == EINTR)
      continue;
    if (n < 0) {
      xl_buf_free(&buf);
      return xl_error_set(err, XL_EIO, "cannot read '%s': %s", path,
                          strerror(errno));
    }
    if (xl_buf_put(&buf, chunk, (size_t)n) < 0) {
      xl_buf_free(&buf);
      return xl_error_set(err, XL_ENOMEM, "out of memory reading '%s'", path);
    }
  }
  *out_len = buf.len;
  *out = xl_buf_detach(&buf);
  if (!*out)
    return xl_error_set(err, XL_ENOMEM, "out of memory reading '%s'", path);
  return XL_OK;
}

int xl_file_stamp(long long *size, long long *mtime_ns, const char *path) {
  struct stat st;

  *size = *mtime_ns = -1;
  if (stat(path, &st) != 0)
    return XL_ENOTFOUND;
  *size = (long long)st.st_size;
  *mtime_ns =
      (long long)st.st_mtim.tv_sec * 1000000000LL + st.st_mtim.tv_nsec;
  return XL_OK;
}

int xl_read_file(char **out, size_t *out_len, const char *path, xl_error *err) {
  struct stat st;
  int fd, rc;

  *out = NULL;
  *out_len = 0;
  fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    int status = errno == ENOENT ? XL_ENOTFOUND : XL_EIO;
    return xl_error_set(err, status, "cannot open '%s': %s", path,
                        strerror(errno));
  }
  if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
    close(fd);
    return xl_error_set(err, XL_EINVAL, "'%s' is a directory, not a file",
                        path);
  }
  rc = read_fd(out, out_len, fd, path, err);
  close(fd);
  return rc;
}

static int write_all(int fd, const char *data, size_t len) {
  while (len > 0) {
    ssize_t n = write(fd, data, len);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      return -1;
    data += n;
    len -= (size_t)n;
  }
  return 0;
}

/* fsync the directory holding path, so that the rename itself is durable.
 * Best effort: some file systems refuse to sync a directory. */
static void sync_dir(const char *path) {
  char *dir = xl_strdup(path), *slash;
  int fd;

  if (!dir)
    return;
  slash = strrchr(dir, '/');
  if (slash == dir)
    slash[1] = '\0';
  else if (slash)
    *slash = '\0';
  fd = open(slash ? dir : ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd >= 0) {
    (void)fsync(fd);
    close(fd);
  }
  free(dir);
}

/* Give the temporary file the original's permission bits and, where we
 * may, its owner. */
static void copy_mode(int fd, const char *path) {
  struct stat st;

  if (stat(path, &st) != 0)
    return;
  if (geteuid() == 0)
    (void)fchown(fd, st.st_uid, st.st_gid);
  (void)fchmod(fd, st.st_mode & 07777);
}

/* Write data to a new temporary file beside path; its name goes to tmp. */
static int write_temp(xl_buf *tmp, const char *path, const char *data,
                      size_t len, xl_error *err) {
  int fd, rc = XL_OK;

  if (xl_buf_printf(tmp, "%s.xlambda-XXXXXX", path) < 0)
    return xl_error_set(err, XL_ENOMEM, "out of memory");
  fd = mkstemp(tmp->data);
  if (fd < 0)
    return xl_error_set(err, XL_EIO, "cannot create a temporary file beside "
                        "'%s': %s", path, strerror(errno));
  copy_mode(fd, path);
  if (write_all(fd, data, len) < 0 || fsync(fd) < 0)
    rc = xl_error_set(err, XL_EIO, "cannot write '%s': %s", tmp->data,
                      strerror(errno));
  if (close(fd) < 0 && rc == XL_OK)
    rc = xl_error_set(err, XL_EIO, "cannot write '%s': %s", tmp->data,
                      strerror(errno));
  if (rc != XL_OK)
    unlink(tmp->data);
  return rc;
}

int xl_write_file_atomic(const char *path, const char *data, size_t len,
                         xl_error *err) {
  xl_buf tmp = XL_BUF_INIT;
  char *target = NULL;
  struct stat st;
  int rc;

  /* a symbolic link stays one: the file it points to is replaced */
  if (lstat(path, &st) == 0 && S_ISLNK(st.st_mode)) {
    target = realpath(path, NULL);
    if (!target)
      return xl_error_set(err, XL_EIO, "cannot resolve '%s': %s", path,
                          strerror(errno));
    path = target;
  }
  rc = write_temp(&tmp, path, data, len, err);
  if (rc == XL_OK && rename(tmp.data, path) < 0) {
    rc = xl_error_set(err, XL_EIO, "cannot replace '%s': %s", path,
                      strerror(errno));
    unlink(tmp.data);
  }
  if (rc == XL_OK)
    sync_dir(path);
  xl_buf_free(&tmp);
  free(target);
  return rc;
}

static void path_push(xl_buf *out, const char *seg, size_t n) {
  if (n == 0 || (n == 1 && seg[0] == '.'))
    return;
  if (n == 2 && seg[0] == '.' && seg[1] == '.') {
    while (out->len > 1 && out->data[out->len - 1] != '/')
      out->len--;
    if (out->len > 1)
      out->len--;
    out->data[out->len] = '\0';
    return;
  }
  if (out->len > 1 || (out->len == 1 && out->data[0] != '/'))
    xl_buf_putc(out, '/');
  xl_buf_put(out, seg, n);
}

static void path_append(xl_buf *out, const char *p) {
  while (*p) {
    const char *slash = strchr(p, '/');
    size_t n = slash ? (size_t)(slash - p) : strlen(p);
    path_push(out, p, n);
    p += n;
    if (*p == '/')
      p++;
  }
}

char *xl_path_absolute(const char *path, const char *cwd) {
  xl_buf out = XL_BUF_INIT;
  char here[4096];

  xl_buf_putc(&out, '/');
  if (path[0] != '/') {
    if (!cwd || cwd[0] != '/') {
      if (!getcwd(here, sizeof(here)))
        strcpy(here, "/");
      path_append(&out, here);
    }
    if (cwd)
      path_append(&out, cwd);
  }
  path_append(&out, path);
  return xl_buf_detach(&out);
}

uint64_t xl_hash_bytes(uint64_t h, const void *data, size_t n) {
  const unsigned char *p = data;

  while (n--) {
    h ^= *p++;
    h *= 0x100000001b3ULL;
  }
  return h;
}

int xl_glob_match(const char *pat, const char *s) {
  const char *star = NULL, *mark = NULL;

  while (*s) {
    if (*pat == '*') {
      star = pat++;
      mark = s;
    } else if (*pat == '?' || *pat == *s) {
      pat++;
      s++;
    } else if (star) {
      pat = star + 1;
      s = ++mark;
    } else {
      return 0;
    }
  }
  while (*pat == '*')
    pat++;
  return *pat == '\0';
}
