/*
 * clangd_cmd.c: `xlambda clangd` (and `xlambda-clangd`): the options, the
 * two children's command lines, then xl_lsp_proxy_serve.
 *
 * `xlambda clangd [--clangd=PATH] [options] [-- CLANGD-ARGS]`: the options
 * before `--` are xlambda's (those of `xlambda lsp`), the rest clangd's.
 * Invoked as `xlambda-clangd` (the link an editor's clangd path can name),
 * every argument is clangd's except those spelled --xlambda-NAME, which are
 * xlambda's --NAME (so --xlambda-clangd=PATH names the real clangd).
 */
#define _POSIX_C_SOURCE 200809L
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "lsp/lsp_proxy.h"
#include "util/util.h"

#ifndef XL_LLVM_CLANGD
#define XL_LLVM_CLANGD "clangd"
#endif

static const char clangd_usage[] =
    "usage: xlambda clangd [--clangd=PATH] [options] [-- CLANGD-ARGS]\n"
    "       xlambda-clangd [--xlambda-OPTION...] [CLANGD-ARGS]\n"
    "\n"
    "One language server for C++ and CUDA: runs clangd (its answers go to\n"
    "the editor unchanged) and `xlambda lsp` beside it, and adds xlambda's\n"
    "findings to clangd's diagnostics and its fix-its to clangd's code\n"
    "actions. Give its path wherever the editor names the clangd executable.\n"
    "As xlambda-clangd every argument is clangd's except --xlambda-OPTION,\n"
    "which is xlambda's --OPTION.\n"
    "\n"
    "options:\n"
    "  --clangd=PATH            the real clangd (default: " XL_LLVM_CLANGD
    ",\n"
    "                           else clangd on PATH)\n"
    "  --timeout-ms=N           how long an answer waits for xlambda's part\n"
    "                           (default: 3000)\n"
    "  --log=error|info|verbose what the proxy and xlambda log on stderr\n"
    "                           (default: error)\n"
    "  and the options of 'xlambda lsp' (see 'xlambda lsp --help'):\n"
    "  --compile-commands-dir, --rules, --warnings-as-errors, --cuda-path,\n"
    "  --cuda-version, --config-file, --header-filter,\n"
    "  --exclude-header-filter, --debounce-ms, --max-tus,\n"
    "  --parse-header-bodies, --docs-url\n";

/* The options passed on to `xlambda lsp`: "--NAME=" values and flags. */
static int lsp_option(const char *a) {
  static const char *const values[] = {
      "--compile-commands-dir=", "--rules=", "--warnings-as-errors=",
      "--cuda-path=", "--cuda-version=", "--config-file=", "--debounce-ms=",
      "--max-tus=", "--docs-url=", "--log=", "--header-filter=",
      "--exclude-header-filter="};
  size_t i;

  if (strcmp(a, "--parse-header-bodies") == 0)
    return 1;
  for (i = 0; i < sizeof(values) / sizeof(*values); i++)
    if (strncmp(a, values[i], strlen(values[i])) == 0)
      return 1;
  return 0;
}

typedef struct clangd_cli {
  const char *clangd, *log;
  int timeout_ms;
  char **x, **c; /* the children's argv (NULL-terminated, owned arrays) */
  int nx, nc;
} clangd_cli;

/* One xlambda option (the --xlambda- prefix already taken off). */
static int take_option(clangd_cli *o, const char *a) {
  if (strncmp(a, "--clangd=", 9) == 0) {
    o->clangd = a + 9;
  } else if (strncmp(a, "--timeout-ms=", 13) == 0) {
    o->timeout_ms = atoi(a + 13);
    if (o->timeout_ms < 0)
      return -1;
  } else if (lsp_option(a)) {
    if (strncmp(a, "--log=", 6) == 0)
      o->log = a + 6;
    o->x[o->nx++] = (char *)a;
  } else {
    return -1;
  }
  return 0;
}

/* Returns 0, 1 for --help, -1 on a usage error (reported). */
static int parse_args(clangd_cli *o, int argc, char **argv, int as_link) {
  int i, rest = as_link;
  char *a;

  for (i = 1; i < argc; i++) {
    a = argv[i];
    if (!rest && (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0))
      return 1;
    if (!rest && strcmp(a, "--") == 0) {
      rest = 1;
      continue;
    }
    if (as_link && strncmp(a, "--xlambda-", 10) == 0) {
      a += 8;
      a[0] = a[1] = '-'; /* "--xlambda-NAME" -> "--NAME" (argv is ours) */
    } else if (rest) {
      o->c[o->nc++] = a;
      continue;
    }
    if (take_option(o, a) < 0) {
      xl_cli_error("%s option '%s' (see 'xlambda clangd --help')",
                   strncmp(a, "--timeout-ms=", 13) == 0 ? "bad value in"
                                                        : "unknown",
                   a);
      return -1;
    }
  }
  return 0;
}

static int log_ok(const char *l) {
  return strcmp(l, "error") == 0 || strcmp(l, "info") == 0 ||
         strcmp(l, "verbose") == 0;
}

/* The real clangd: --clangd, else LLVM's next to libclang, else PATH's. */
static const char *real_clangd(const clangd_cli *o) {
  if (o->clangd)
    return o->clangd;
  if (access(XL_LLVM_CLANGD, X_OK) == 0)
    return XL_LLVM_CLANGD;
  return "clangd";
}

static int run(clangd_cli *o) {
  static char self[4096];
  xl_lsp_proxy_opts po;
  ssize_t n = readlink("/proc/self/exe", self, sizeof(self) - 1);

  if (n <= 0) {
    xl_cli_error("cannot find the xlambda executable");
    return XL_EXIT_TOOL;
  }
  self[n] = '\0';
  o->x[0] = self;
  o->x[1] = "lsp";
  if (!o->log)
    o->x[o->nx++] = "--log=error";
  o->c[0] = (char *)real_clangd(o);
  memset(&po, 0, sizeof(po));
  po.in = stdin;
  po.out = stdout;
  po.log = stderr;
  po.log_level = !o->log || strcmp(o->log, "error") == 0 ? XL_LSP_LOG_ERROR
                 : strcmp(o->log, "info") == 0           ? XL_LSP_LOG_INFO
                                                         : XL_LSP_LOG_VERBOSE;
  po.clangd_argv = o->c;
  po.xlambda_argv = o->x;
  po.timeout_ms = o->timeout_ms;
  signal(SIGPIPE, SIG_IGN); /* a child that goes away is an EIO, not a kill */
  return xl_lsp_proxy_serve(&po);
}

int xl_cmd_clangd(int argc, char **argv, int as_link) {
  clangd_cli o;
  int rc;

  memset(&o, 0, sizeof(o));
  o.timeout_ms = 3000;
  o.x = calloc((size_t)argc + 4, sizeof(char *));
  o.c = calloc((size_t)argc + 2, sizeof(char *));
  if (!o.x || !o.c) {
    rc = XL_EXIT_TOOL;
    goto cleanup;
  }
  o.nx = 2; /* self, "lsp" */
  o.nc = 1; /* clangd */
  rc = parse_args(&o, argc, argv, as_link);
  if (rc == 0 && o.log && !log_ok(o.log)) {
    xl_cli_error("unknown log level '%s' (expected error, info or verbose)",
                 o.log);
    rc = -1;
  }
  if (rc != 0) {
    if (rc == 1)
      fputs(clangd_usage, stdout);
    rc = rc == 1 ? XL_EXIT_OK : XL_EXIT_TOOL;
    goto cleanup;
  }
  rc = run(&o);
cleanup:
  free(o.x);
  free(o.c);
  return rc;
}
