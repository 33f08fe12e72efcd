/*
 * lsp_cmd.c: `xlambda lsp`: the language server's options, then
 * xl_lsp_serve on stdin and stdout (the log goes to stderr).
 */
#define _POSIX_C_SOURCE 200809L
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "core/config.h"
#include "lsp/lsp.h"
#include "lsp/lsp_text.h"
#include "pipeline/pipeline.h"
#include "util/util.h"

static const char lsp_usage[] =
    "usage: xlambda lsp [options]\n"
    "\n"
    "A language server on stdin/stdout that runs beside clangd for CUDA files\n"
    "and publishes xlambda's findings, with their fix-its as quick fixes.\n"
    "\n"
    "options:\n"
    "  --compile-commands-dir=DIR  read DIR/compile_commands.json (default:\n"
    "                           search the file's parents, as clangd does)\n"
    "  --rules=GLOBS            enable (GLOB) or disable (-GLOB) rules\n"
    "  --warnings-as-errors=GLOBS  report these rules' warnings as errors\n"
    "  --cuda-path=DIR          the CUDA toolkit\n"
    "  --cuda-version=X.Y       the CUDA version rules assume\n"
    "  --config-file=FILE       use FILE for every document instead of the\n"
    "                           nearest .xlambda.yaml (read when a document\n"
    "                           is opened; command-line options win)\n"
    "  --header-filter=REGEX    show the findings of the headers that match\n"
    "                           (default: every header, or the\n"
    "                           configuration's HeaderFilterRegex)\n"
    "  --exclude-header-filter=REGEX  hide the findings of the headers that\n"
    "                           match (and skip their template bodies in\n"
    "                           the precompiled headers, as system headers')\n"
    "  --debounce-ms=N          wait N ms after a change before parsing\n"
    "                           (default: 20)\n"
    "  --max-tus=N              keep at most N translation units in memory\n"
    "                           (default: 8; the least recently checked file\n"
    "                           is parsed from scratch when it changes again)\n"
    "  --parse-header-bodies    parse function bodies in included headers\n"
    "                           too (slower; by default they are skipped in\n"
    "                           the precompiled preamble)\n"
    "  --docs-url=URL           base URL of the rule pages (default: the\n"
    "                           installed docs/rules, as a file:// URL)\n"
    "  --log=error|info|verbose what to log on stderr (default: error; editors\n"
    "                           show each stderr line as an error)\n"
    "  --lit-test               for tests: the three options below\n"
    "  --input-style=standard|delimited  framing of the input (default:\n"
    "                           standard, Content-Length headers)\n"
    "  --pretty                 indent the output\n"
    "  --test-methods           answer the test-only 'sync' request\n";

typedef struct lsp_cli {
  const char *cdb_dir, *rules, *wae, *cuda_path, *cuda_version, *docs_url;
  const char *log, *input_style, *config_file;
  const char *header_filter, *exclude_header_filter;
  int debounce_ms, max_tus, header_bodies, lit_test, pretty, test_methods;
} lsp_cli;

/* "--name=value": the value, else NULL. */
static const char *value_of(const char *arg, const char *name) {
  size_t n = strlen(name);

  if (strncmp(arg, "--", 2) != 0 || strncmp(arg + 2, name, n) != 0 ||
      arg[2 + n] != '=')
    return NULL;
  return arg + 3 + n;
}

static int parse_value(lsp_cli *o, const char *a) {
  const char *names[] = {"compile-commands-dir", "rules", "warnings-as-errors",
                         "cuda-path", "cuda-version", "docs-url", "log",
                         "input-style", "config-file", "header-filter",
                         "exclude-header-filter"};
  const char **targets[] = {&o->cdb_dir, &o->rules, &o->wae,
                            &o->cuda_path, &o->cuda_version, &o->docs_url,
                            &o->log, &o->input_style, &o->config_file,
                            &o->header_filter, &o->exclude_header_filter};
  const char *v = value_of(a, "debounce-ms");
  size_t i;

  if (v) {
    o->debounce_ms = atoi(v);
    return o->debounce_ms >= 0 ? 1 : -1;
  }
  v = value_of(a, "max-tus");
  if (v) {
    o->max_tus = atoi(v);
    return o->max_tus >= 1 ? 1 : -1;
  }
  for (i = 0; i < sizeof(names) / sizeof(*names); i++) {
    v = value_of(a, names[i]);
    if (v) {
      *targets[i] = v;
      return 1;
    }
  }
  return 0;
}

/* Returns 1 when a is a known flag (and sets it). */
static int parse_flag(lsp_cli *o, const char *a) {
  if (strcmp(a, "--lit-test") == 0)
    o->lit_test = 1;
  else if (strcmp(a, "--pretty") == 0)
    o->pretty = 1;
  else if (strcmp(a, "--parse-header-bodies") == 0)
    o->header_bodies = 1;
  else if (strcmp(a, "--test-methods") == 0)
    o->test_methods = 1;
  else
    return 0;
  return 1;
}

/* 1 (reported) when o's header filters are no regular expressions that
 * the documents' profiles can use (lib/pipeline decides); 0 otherwise. */
static int bad_filters(const lsp_cli *o) {
  xl_profile_args a;
  xl_error *err = NULL;
  int bad;

  memset(&a, 0, sizeof(a));
  a.header_filter = o->header_filter;
  a.exclude_header_filter = o->exclude_header_filter;
  if (xl_error_new(&err) < 0) {
    xl_cli_error("out of memory");
    return 1;
  }
  bad = xl_profile_check_filters(&a, err) < 0;
  if (bad)
    xl_cli_error("%s", xl_error_message(err));
  xl_error_free(err);
  return bad;
}

/* Returns 0, 1 for --help, -1 on a usage error (reported). */
static int parse_args(lsp_cli *o, int argc, char **argv) {
  int i, rc;

  memset(o, 0, sizeof(*o));
  o->debounce_ms = 20;
  o->max_tus = 8;
  for (i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0)
      return 1;
    if (parse_flag(o, a))
      continue;
    rc = parse_value(o, a);
    if (rc <= 0) {
      xl_cli_error("%s option '%s' (see 'xlambda lsp --help')",
                   rc < 0 ? "bad value in" : "unknown", a);
      return -1;
    }
  }
  if (bad_filters(o))
    return -1;
  if (o->input_style && strcmp(o->input_style, "standard") != 0 &&
      strcmp(o->input_style, "delimited") != 0) {
    xl_cli_error("unknown input style '%s' (expected standard or delimited)",
                 o->input_style);
    return -1;
  }
  return 0;
}

static int log_level(const char *name, xl_lsp_log_level *out) {
  static const char *const names[] = {"error", "info", "verbose"};
  int i;

  for (i = 0; i < 3; i++) {
    if (strcmp(name, names[i]) == 0) {
      *out = (xl_lsp_log_level)i;
      return 0;
    }
  }
  xl_cli_error("unknown log level '%s' (expected error, info or verbose)",
               name);
  return -1;
}

/*
 * The rule pages next to the executable: <prefix>/share/doc/xlambda/rules
 * when installed, <source>/docs/rules from a build tree (build/bin).
 */
static char *find_docs(void) {
  static const char *const rel[] = {"../share/doc/xlambda/rules",
                                    "../../docs/rules"};
  char exe[4096], *slash, *dir, *url = NULL;
  struct stat st;
  ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
  size_t i;

  if (n <= 0)
    return NULL;
  exe[n] = '\0';
  slash = strrchr(exe, '/');
  if (!slash)
    return NULL;
  *slash = '\0';
  for (i = 0; i < sizeof(rel) / sizeof(*rel) && !url; i++) {
    dir = xl_path_absolute(rel[i], exe);
    if (dir && stat(dir, &st) == 0 && S_ISDIR(st.st_mode))
      url = xl_lsp_uri_from_path(dir);
    free(dir);
  }
  return url;
}

static int make_checker(xl_checker **out, const lsp_cli *o) {
  xl_config_cli cli = {o->rules, o->wae, o->cuda_path, o->cuda_version, 0, 0, 0};
  xl_options *opts = NULL;
  xl_error *err = NULL;
  int rc = xl_error_new(&err);

  if (rc == XL_OK)
    rc = xl_config_options(&opts, NULL, &cli, err);
  if (rc == XL_OK)
    rc = xl_checker_new(out, opts, err);
  if (rc < 0)
    xl_cli_error("%s", *xl_error_message(err) ? xl_error_message(err)
                                              : xl_status_string(rc));
  xl_options_free(opts);
  xl_error_free(err);
  return rc;
}

static void fill_opts(xl_lsp_opts *lo, const lsp_cli *o) {
  memset(lo, 0, sizeof(*lo));
  lo->in = stdin;
  lo->out = stdout;
  lo->log = stderr;
  lo->log_level = o->lit_test ? XL_LSP_LOG_VERBOSE : XL_LSP_LOG_ERROR;
  lo->delimited = o->input_style ? strcmp(o->input_style, "delimited") == 0
                                 : o->lit_test;
  lo->pretty = o->lit_test || o->pretty;
  lo->test_methods = o->lit_test || o->test_methods;
  lo->debounce_ms = o->debounce_ms;
  lo->max_tus = o->max_tus;
  lo->compile_commands_dir = o->cdb_dir;
  lo->rules = o->rules;
  lo->wae = o->wae;
  lo->cuda_version = o->cuda_version;
  lo->config_file = o->config_file;
  lo->header_filter = o->header_filter;
  lo->exclude_header_filter = o->exclude_header_filter;
  if (!o->header_bodies)
    lo->document_flags |= XL_DOCUMENT_SKIP_HEADER_BODIES;
}

int xl_cmd_lsp(int argc, char **argv) {
  lsp_cli o;
  xl_lsp_opts lo;
  xl_checker *c = NULL;
  char *docs = NULL;
  int rc = parse_args(&o, argc, argv);

  if (rc != 0) {
    if (rc == 1)
      fputs(lsp_usage, stdout);
    return rc == 1 ? XL_EXIT_OK : XL_EXIT_TOOL;
  }
  fill_opts(&lo, &o);
  if (o.log && log_level(o.log, &lo.log_level) < 0)
    return XL_EXIT_TOOL;
  if (make_checker(&c, &o) < 0)
    return XL_EXIT_TOOL;
  docs = o.docs_url ? NULL : find_docs();
  lo.docs_url = o.docs_url ? o.docs_url : docs;
  lo.checker = c;
  signal(SIGPIPE, SIG_IGN); /* a client that goes away is an EIO, not a kill */
  rc = xl_lsp_serve(&lo);
  free(docs);
  xl_checker_free(c);
  return rc;
}
