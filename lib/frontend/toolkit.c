/*
 * toolkit.c: find the CUDA toolkit and read its version.
 */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "frontend.h"
#include "util/util.h"

void xl_toolkit_free(xl_toolkit *tk) {
  if (!tk)
    return;
  free(tk->path);
  memset(tk, 0, sizeof(*tk));
}

static int is_dir(const char *p) {
  struct stat st;

  return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

static int has_file(const char *dir, const char *rel) {
  xl_buf buf = XL_BUF_INIT;
  struct stat st;
  int ok;

  xl_buf_printf(&buf, "%s/%s", dir, rel);
  ok = !buf.oom && stat(buf.data, &st) == 0 && S_ISREG(st.st_mode);
  xl_buf_free(&buf);
  return ok;
}

/* The toolkit root of the first nvcc on $PATH (".../bin/nvcc" -> "..."). */
static char *nvcc_on_path(void) {
  const char *path = getenv("PATH");
  char dir[4096];

  while (path && *path) {
    size_t n = strcspn(path, ":");
    if (n > 0 && n < sizeof(dir) - 16) {
      memcpy(dir, path, n);
      dir[n] = '\0';
      if (has_file(dir, "nvcc") && xl_str_endswith(dir, "/bin")) {
        dir[n - 4] = '\0';
        return xl_strdup(dir);
      }
    }
    path += n;
    if (*path == ':')
      path++;
  }
  return NULL;
}

/* CUDA_VERSION from include/cuda.h (13000 -> 13.0). */
static void read_version(xl_toolkit *tk) {
  char path[4096], *text = NULL, *p;
  size_t len;

  snprintf(path, sizeof(path), "%s/include/cuda.h", tk->path);
  if (xl_read_file(&text, &len, path, NULL) < 0)
    return;
  p = strstr(text, "#define CUDA_VERSION ");
  if (p) {
    long v = strtol(p + strlen("#define CUDA_VERSION "), NULL, 10);
    tk->major = (int)(v / 1000);
    tk->minor = (int)(v % 1000) / 10;
  }
  free(text);
}

/* nvcc's build number, from a dist-info or version.json entry. */
static void read_build(xl_toolkit *tk) {
  char path[4096];
  DIR *d;
  struct dirent *e;
  int a, b, c;

  snprintf(path, sizeof(path), "%s/dist-info", tk->path);
  d = opendir(path);
  if (!d)
    return;
  while ((e = readdir(d)) != NULL) {
    if (sscanf(e->d_name, "nvidia_cuda_nvcc-%d.%d.%d", &a, &b, &c) == 3) {
      tk->build = c;
      break;
    }
  }
  closedir(d);
}

int xl_toolkit_find(xl_toolkit *out, const char *explicit_path,
                    xl_error *err) {
  const char *env = getenv("CUDA_PATH");

  memset(out, 0, sizeof(*out));
  if (explicit_path) {
    if (!is_dir(explicit_path) || !has_file(explicit_path, "include/cuda.h"))
      return xl_error_set(err, XL_ENOTFOUND,
                          "'%s' is not a CUDA toolkit (no include/cuda.h)",
                          explicit_path);
    out->path = xl_strdup(explicit_path);
  } else if (env && *env && has_file(env, "include/cuda.h")) {
    out->path = xl_strdup(env);
  } else {
    out->path = nvcc_on_path();
    if (out->path && !has_file(out->path, "include/cuda.h")) {
      free(out->path);
      out->path = NULL;
    }
    if (!out->path && has_file("/usr/local/cuda", "include/cuda.h"))
      out->path = xl_strdup("/usr/local/cuda");
  }
  if (out->path) {
    read_version(out);
    read_build(out);
  }
  return XL_OK;
}
