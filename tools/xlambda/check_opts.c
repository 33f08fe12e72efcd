/*
 * check_opts.c: the options of `xlambda check`.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "emit/emit.h"
#include "cli.h"
#include "util/util.h"

/* Match "--name=value", "-name=value", "--name value" or "-name value". */
static const char *opt_value(char **argv, int argc, int *i, const char *name) {
  const char *a = argv[*i];
  size_t n = strlen(name);

  a += (a[0] == '-' && a[1] == '-') ? 2 : 1;
  if (strncmp(a, name, n) != 0)
    return NULL;
  if (a[n] == '=')
    return a + n + 1;
  if (a[n] == '\0' && *i + 1 < argc)
    return argv[++*i];
  return NULL;
}

static int opt_flag(const char *arg, const char *name) {
  if (arg[0] != '-')
    return 0;
  arg += arg[1] == '-' ? 2 : 1;
  return strcmp(arg, name) == 0;
}

/* Flags: the name and where it is stored (color is special). */
static int parse_flag(check_opts *o, const char *arg) {
  const struct {
    const char *name;
    int *target;
    int value;
  } flags[] = {
      {"fix", &o->fix, 1},
      {"fix-notes", &o->fix_notes, 1},
      {"fix-errors", &o->fix_errors, 1},
      {"dump-facts", &o->dump_facts, 1},
      {"verify-facts", &o->verify_facts, 1},
      {"parse-errors-fail", &o->parse_errors_fail, 1},
      {"quiet", &o->quiet, 1},
      {"color", &o->color, 1},
      {"no-color", &o->color, 0},
      {"help", &o->help, 1},
      {"h", &o->help, 1},
      {"list-rules", &o->list_rules, 1},
      {"system-headers", &o->system_headers, 1},
      {"parse=skip", &o->parse_skip, 1},
      {"parse=full", &o->parse_skip, 0},
      {"dump-config", &o->dump_config, 1},
      {"verify-config", &o->verify_config, 1},
      {"no-progress", &o->no_progress, 1},
      {"fail-on-findings", &o->fail_on_findings, 1},
      {"dump-args", &o->dump_args, 1},
      {"in-process", &o->in_process, 1},
  };
  size_t i;

  for (i = 0; i < sizeof(flags) / sizeof(*flags); i++) {
    if (opt_flag(arg, flags[i].name)) {
      *flags[i].target = flags[i].value;
      return 1;
    }
  }
  return 0;
}

/* Append ",v" to a glob list, so repeated options apply in order. */
static int join(char **list, const char *v) {
  xl_buf b = XL_BUF_INIT;

  if (*list)
    xl_buf_printf(&b, "%s,", *list);
  xl_buf_puts(&b, v);
  if (b.oom)
    return -1;
  free(*list);
  *list = xl_buf_detach(&b);
  return *list ? 0 : -1;
}

/* Options with a value. Returns 1 when argv[*i] was one, -1 on error. */
static int parse_value(check_opts *o, char **argv, int argc, int *i) {
  const struct {
    const char *name;
    const char **target;
    char **list;
  } values[] = {
      {"p", &o->build_dir, NULL},
      {"format", &o->format, NULL},
      {"rules", NULL, &o->rules},
      {"checks", NULL, &o->rules},
      {"warnings-as-errors", NULL, &o->wae},
      {"cuda-path", &o->cuda_path, NULL},
      {"cuda-version", &o->cuda_version, NULL},
      {"header-filter", &o->header_filter, NULL},
      {"exclude-header-filter", &o->exclude_header_filter, NULL},
      {"config-file", &o->config_file, NULL},
      {"export-fixes", &o->export_fixes, NULL},
      {"output", &o->output, NULL},
      {"o", &o->output, NULL},
      {"source-root", &o->source_root, NULL},
      {"cache-dir", &o->cache_dir, NULL},
      {"cache-url", &o->cache_url, NULL},
  };
  size_t k;

  for (k = 0; k < sizeof(values) / sizeof(*values); k++) {
    const char *v = opt_value(argv, argc, i, values[k].name);
    if (!v)
      continue;
    if (values[k].target)
      *values[k].target = v;
    else if (join(values[k].list, v) < 0)
      return -1;
    return 1;
  }
  return 0;
}

/* -j N, -jN, --jobs=N. Returns 1 when argv[*i] was one, -1 when bad. */
static int parse_jobs(check_opts *o, char **argv, int argc, int *i) {
  const char *a = argv[*i], *v = NULL;
  char *end;
  long n;

  if (strncmp(a, "-j", 2) == 0 && a[2] && a[2] != '=')
    v = a + 2;
  else if (strcmp(a, "-j") == 0 || strncmp(a, "--jobs", 6) == 0 ||
           strncmp(a, "-j=", 3) == 0)
    v = opt_value(argv, argc, i, a[1] == 'j' ? "j" : "jobs");
  if (!v)
    return 0;
  n = strtol(v, &end, 10);
  if (*end || n < 0 || n > 1024) {
    xl_cli_error("bad job count '%s' (expected a number, 0 for one per core)",
                 v);
    return -1;
  }
  o->jobs = (int)n;
  return 1;
}

/* --timeout=SECONDS (0: no limit). Returns 1 when argv[*i] was one, -1
 * when bad. */
static int parse_timeout(check_opts *o, char **argv, int argc, int *i) {
  const char *v = NULL;
  char *end;
  long n;

  if (strncmp(argv[*i], "--timeout", 9) == 0 ||
      strncmp(argv[*i], "-timeout", 8) == 0)
    v = opt_value(argv, argc, i, "timeout");
  if (!v)
    return 0;
  n = strtol(v, &end, 10);
  if (!*v || *end || n < 0 || n > 86400) {
    xl_cli_error("bad timeout '%s' (expected seconds, 0 for no limit)", v);
    return -1;
  }
  o->timeout = (int)n;
  return 1;
}

/* --color=auto|always|never. Returns 1 when a is one, -1 when bad. */
static int parse_color(check_opts *o, const char *a) {
  static const struct {
    const char *when;
    int color;
  } whens[] = {{"auto", -1}, {"always", 1}, {"never", 0}};
  size_t k;

  if (strncmp(a, "--color=", 8) != 0 && strncmp(a, "-color=", 7) != 0)
    return 0;
  a = strchr(a, '=') + 1;
  for (k = 0; k < sizeof(whens) / sizeof(*whens); k++) {
    if (strcmp(a, whens[k].when) == 0) {
      o->color = whens[k].color;
      return 1;
    }
  }
  xl_cli_error("bad colour mode '%s' (expected auto, always or never)", a);
  return -1;
}

/* --diff (changes against HEAD), --diff=REV, --diff=- (a diff on stdin). */
static int parse_diff(check_opts *o, const char *a) {
  if (strcmp(a, "--diff") == 0 || strcmp(a, "-diff") == 0) {
    o->diff = "HEAD";
    return 1;
  }
  if (strncmp(a, "--diff=", 7) == 0 && a[7]) {
    o->diff = a + 7;
    return 1;
  }
  return 0;
}

static int parse_one(check_opts *o, char **argv, int argc, int *i) {
  int rc;

  if (parse_flag(o, argv[*i]) || parse_diff(o, argv[*i]))
    return 0;
  rc = parse_color(o, argv[*i]);
  if (rc == 0)
    rc = parse_jobs(o, argv, argc, i);
  if (rc == 0)
    rc = parse_timeout(o, argv, argc, i);
  if (rc == 0)
    rc = parse_value(o, argv, argc, i);
  if (rc == 0) {
    xl_cli_error("unknown option '%s' (see 'xlambda --help')", argv[*i]);
    return -1;
  }
  return rc < 0 ? -1 : 0;
}

static int check_format(const check_opts *o) {
  char names[128];

  if (xl_emitter_find(o->format))
    return 0;
  xl_cli_error("unknown format '%s' (expected %s)", o->format,
               xl_emitter_names(names, sizeof(names)));
  return -1;
}

int check_opts_parse(check_opts *o, int argc, char **argv) {
  int i;

  memset(o, 0, sizeof(*o));
  o->color = -1;
  o->timeout = XL_DEFAULT_TIMEOUT;
  o->parse_skip = 2; /* skip, not asked for: proven equal to --parse=full */
  o->files = calloc((size_t)argc + 1, sizeof(char *));
  if (!o->files)
    return -1;
  for (i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (strcmp(a, "--") == 0) {
      o->extra = argv + i + 1;
      o->nextra = argc - i - 1;
      o->dashdash = 1;
      break;
    }
    if (a[0] == '-' && a[1] != '\0') {
      if (parse_one(o, argv, argc, &i) < 0)
        return -1;
      continue;
    }
    o->files[o->nfiles++] = argv[i];
  }
  if (check_format(o) < 0)
    return -1;
  if (!o->cache_url && getenv("XLAMBDA_CACHE_URL") &&
      *getenv("XLAMBDA_CACHE_URL"))
    o->cache_url = getenv("XLAMBDA_CACHE_URL");
  o->fix |= o->fix_notes;
  return 0;
}

void check_opts_free(check_opts *o) {
  free(o->files);
  free(o->rules);
  free(o->wae);
  memset(o, 0, sizeof(*o));
}
