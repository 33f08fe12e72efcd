/*
 * config.h: .xlambda.yaml configuration files.
 *
 * A configuration is a YAML mapping with these keys (all optional):
 *
 *   Rules: '-*,extended_lambda_*'      rule globs, as --rules (string or list)
 *   WarningsAsErrors: 'this_addr_*'    globs, as --warnings-as-errors
 *   Severity: {rule_id: error|warning} per-rule severity
 *   HeaderFilterRegex: 'src/.*'        as --header-filter
 *   ExcludeHeaderFilterRegex: 'gen/'   as --exclude-header-filter
 *   SystemHeaders: false               as --system-headers
 *   CudaVersion: '12.4'                as --cuda-version
 *   ExtraArgs: [-DX]                   clang arguments added after the command's
 *   ExtraArgsBefore: [-DY]             ... and before them
 *   RemovedArgs: ['-Werror*']          globs of arguments removed
 *   CacheUrl: 'http://host/xl'         as --cache-url
 *   InheritParentConfig: true          merge with the next one up
 *
 * For each checked file the nearest .xlambda.yaml in its directory or a
 * parent is used (as clang-tidy finds .clang-tidy); with InheritParentConfig
 * the parent's configuration comes first and this one is applied on top.
 * Command-line options are applied last. Errors name the file, line and
 * column of the offending key or value.
 */
#ifndef XL_CONFIG_H
#define XL_CONFIG_H

#include <stdio.h>

#include "argv.h"
#include "xlambda/xlambda.h"

#define XL_CONFIG_NAME ".xlambda.yaml"

/* The keys, for line numbers (xl_config.line). */
typedef enum xl_config_key {
  XL_CFG_RULES = 0,
  XL_CFG_WARNINGS_AS_ERRORS,
  XL_CFG_SEVERITY,
  XL_CFG_HEADER_FILTER,
  XL_CFG_EXCLUDE_HEADER_FILTER,
  XL_CFG_SYSTEM_HEADERS,
  XL_CFG_CUDA_VERSION,
  XL_CFG_EXTRA_ARGS,
  XL_CFG_EXTRA_ARGS_BEFORE,
  XL_CFG_REMOVED_ARGS,
  XL_CFG_CACHE_URL,
  XL_CFG_INHERIT,
  XL_CFG__COUNT
} xl_config_key;

typedef struct xl_config {
  char *path;            /* the file it came from; NULL when built in code */
  char *rules;           /* comma-joined globs; NULL when not set */
  char *warnings_as_errors;
  xl_argv severity;      /* pairs: rule, "error"|"warning" */
  char *header_filter;   /* NULL when not set */
  char *exclude_header_filter;
  int system_headers;    /* -1 not set, 0, 1 */
  char *cuda_version;
  xl_argv extra_args, extra_args_before, removed_args;
  char *cache_url;       /* CacheUrl; NULL when not set */
  int inherit;           /* InheritParentConfig */
  unsigned line[XL_CFG__COUNT]; /* where each key was (0: not in a file) */
  char *sources;         /* the files merged in, "a.yaml, b.yaml" (--explain) */
} xl_config;

/* An empty configuration (every key unset) into *out. XL_OK, XL_ENOMEM. */
int xl_config_new(xl_config **out);

/* Release. Accepts NULL. */
void xl_config_free(xl_config *cfg);

/*
 * Read the configuration file at path into *out (caller frees). Fails with
 * XL_ENOTFOUND / XL_EIO (unreadable), XL_EPARSE (bad YAML, unknown key,
 * wrong type or value: "path:line:col: message" in err), XL_ENOMEM.
 */
int xl_config_load(xl_config **out, const char *path, xl_error *err);

/*
 * Parse configuration text (for tests and --config). `name` is used in
 * messages. Same failures as xl_config_load.
 */
int xl_config_parse(xl_config **out, const char *text, size_t len,
                    const char *name, xl_error *err);

/*
 * Apply `over` on top of `base` (base's globs first, over's scalars win,
 * lists appended) into a new *out (caller frees). XL_OK or XL_ENOMEM.
 */
int xl_config_merge(xl_config **out, const xl_config *base,
                    const xl_config *over);

/*
 * The path of the nearest .xlambda.yaml in dir or a parent into *out
 * (caller frees; NULL when there is none). XL_OK or XL_ENOMEM.
 */
int xl_config_find(char **out, const char *dir);

/*
 * The configuration that applies to `file` into *out (caller frees): the
 * nearest .xlambda.yaml, merged with its parents while InheritParentConfig
 * is true; an empty configuration when there is none. Fails like
 * xl_config_load.
 */
int xl_config_for_file(xl_config **out, const char *file, xl_error *err);

/*
 * Set opts from cfg: rules, warnings-as-errors, severities, CUDA version,
 * extra and removed arguments, system headers. A glob matching no rule, an
 * unknown rule or a bad value is XL_EINVAL with "path:line: message".
 */
int xl_config_apply(const xl_config *cfg, xl_options *opts, xl_error *err);

/* What a command line sets on top of a configuration (NULL/0: not given). */
typedef struct xl_config_cli {
  const char *rules, *warnings_as_errors, *cuda_path, *cuda_version;
  int system_headers; /* --system-headers */
  int parse_skip;     /* --parse=skip */
  int defer_full_parse; /* the check's worker processes (xl_options_set_defer_full_parse) */
} xl_config_cli;

/*
 * New options in *out (caller frees) from cfg (may be NULL: none) with the
 * command line's settings applied after it, as clang-tidy layers them.
 * Fails like xl_config_apply, or with XL_EINVAL for a bad command-line
 * value; *out is NULL then.
 */
int xl_config_options(xl_options **out, const xl_config *cfg,
                      const xl_config_cli *cli, xl_error *err);

/* Print cfg as an .xlambda.yaml document (--dump-config). XL_OK, XL_EIO. */
int xl_config_dump(FILE *out, const xl_config *cfg);

#endif /* XL_CONFIG_H */
