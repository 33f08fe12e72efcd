/*
 * config.c: .xlambda.yaml files (libyaml document API).
 */
#define _POSIX_C_SOURCE 200809L
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <yaml.h>

#include "config.h"
#include "util/util.h"

typedef enum key_type { KT_GLOBS, KT_SEVERITY, KT_REGEX, KT_BOOL, KT_VERSION,
                        KT_ARGS, KT_URL } key_type;

static const struct {
  const char *name;
  key_type type;
} keys[XL_CFG__COUNT] = {
    {"Rules", KT_GLOBS},
    {"WarningsAsErrors", KT_GLOBS},
    {"Severity", KT_SEVERITY},
    {"HeaderFilterRegex", KT_REGEX},
    {"ExcludeHeaderFilterRegex", KT_REGEX},
    {"SystemHeaders", KT_BOOL},
    {"CudaVersion", KT_VERSION},
    {"ExtraArgs", KT_ARGS},
    {"ExtraArgsBefore", KT_ARGS},
    {"RemovedArgs", KT_ARGS},
    {"CacheUrl", KT_URL},
    {"InheritParentConfig", KT_BOOL},
};

int xl_config_new(xl_config **out) {
  xl_config *c = calloc(1, sizeof(*c));

  *out = c;
  if (!c)
    return XL_ENOMEM;
  c->system_headers = -1;
  return XL_OK;
}

void xl_config_free(xl_config *c) {
  if (!c)
    return;
  free(c->path);
  free(c->rules);
  free(c->warnings_as_errors);
  xl_argv_clear(&c->severity);
  free(c->header_filter);
  free(c->exclude_header_filter);
  free(c->cuda_version);
  free(c->cache_url);
  xl_argv_clear(&c->extra_args);
  xl_argv_clear(&c->extra_args_before);
  xl_argv_clear(&c->removed_args);
  free(c->sources);
  free(c);
}

/* ---- reading ------------------------------------------------------------- */

typedef struct reader {
  yaml_document_t *doc;
  const char *name;
  xl_config *cfg;
  xl_error *err;
} reader;

static int fail(reader *r, const yaml_node_t *n, const char *fmt,
                const char *a, const char *b) {
  char msg[512];

  snprintf(msg, sizeof(msg), fmt, a, b ? b : "");
  return xl_error_set(r->err, XL_EPARSE, "%s:%lu:%lu: %s", r->name,
                      (unsigned long)n->start_mark.line + 1,
                      (unsigned long)n->start_mark.column + 1, msg);
}

static const char *scalar(const yaml_node_t *n) {
  return n && n->type == YAML_SCALAR_NODE ? (const char *)n->data.scalar.value
                                          : NULL;
}

/* A string, or a list of strings joined with ','. */
static int read_globs(reader *r, const yaml_node_t *n, const char *key,
                      char **out) {
  xl_buf b = XL_BUF_INIT;
  yaml_node_item_t *it;

  if (scalar(n)) {
    xl_buf_puts(&b, scalar(n));
  } else if (n->type == YAML_SEQUENCE_NODE) {
    xl_buf_puts(&b, "");
    for (it = n->data.sequence.items.start; it < n->data.sequence.items.top;
         it++) {
      const yaml_node_t *e = yaml_document_get_node(r->doc, *it);
      if (!scalar(e)) {
        xl_buf_free(&b);
        return fail(r, e, "'%s' must be a string or a list of strings", key,
                    NULL);
      }
      xl_buf_printf(&b, "%s%s", b.len ? "," : "", scalar(e));
    }
  } else {
    return fail(r, n, "'%s' must be a string or a list of strings", key, NULL);
  }
  free(*out);
  *out = xl_buf_detach(&b);
  return *out ? XL_OK : xl_error_set(r->err, XL_ENOMEM, "out of memory");
}

static int read_args(reader *r, const yaml_node_t *n, const char *key,
                     xl_argv *out) {
  yaml_node_item_t *it;

  if (scalar(n))
    return xl_argv_push(out, scalar(n));
  if (n->type != YAML_SEQUENCE_NODE)
    return fail(r, n, "'%s' must be a list of strings", key, NULL);
  for (it = n->data.sequence.items.start; it < n->data.sequence.items.top;
       it++) {
    const yaml_node_t *e = yaml_document_get_node(r->doc, *it);
    if (!scalar(e))
      return fail(r, e, "'%s' must be a list of strings", key, NULL);
    if (xl_argv_push(out, scalar(e)) < 0)
      return xl_error_set(r->err, XL_ENOMEM, "out of memory");
  }
  return XL_OK;
}

static int read_bool(reader *r, const yaml_node_t *n, const char *key,
                     int *out) {
  static const char *const yes[] = {"true", "yes", "on"};
  static const char *const no[] = {"false", "no", "off"};
  const char *v = scalar(n);
  size_t i;

  for (i = 0; v && i < 3; i++) {
    if (strcasecmp(v, yes[i]) == 0 || strcasecmp(v, no[i]) == 0) {
      *out = strcasecmp(v, yes[i]) == 0;
      return XL_OK;
    }
  }
  return fail(r, n, "'%s' must be true or false, not '%s'", key,
              v ? v : "(not a scalar)");
}

static int read_regex(reader *r, const yaml_node_t *n, const char *key,
                      char **out) {
  regex_t re;
  const char *v = scalar(n), *why;

  if (!v)
    return fail(r, n, "'%s' must be a string (a regular expression)", key,
                NULL);
  if (xl_regex_compile(&re, v, &why) != XL_OK)
    return fail(r, n, "'%s' is not a valid regular expression: '%s'", key, v);
  regfree(&re);
  free(*out);
  *out = xl_strdup(v);
  return *out ? XL_OK : xl_error_set(r->err, XL_ENOMEM, "out of memory");
}

/* CacheUrl: a string; checked when the cache is used (a bad one is a
   warning and a miss there, not a failed check). */
static int read_url(reader *r, const yaml_node_t *n, char **out) {
  const char *v = scalar(n);

  if (!v || !*v)
    return fail(r, n, "'CacheUrl' must be a non-empty string", NULL, NULL);
  free(*out);
  *out = xl_strdup(v);
  return *out ? XL_OK : xl_error_set(r->err, XL_ENOMEM, "out of memory");
}

static int read_version(reader *r, const yaml_node_t *n, char **out) {
  const char *v = scalar(n);
  int major, minor;
  char tail;

  if (!v || sscanf(v, "%d.%d%c", &major, &minor, &tail) != 2 || major <= 0 ||
      minor < 0)
    return fail(r, n, "'CudaVersion' must be MAJOR.MINOR, not '%s'",
                v ? v : "(not a scalar)", NULL);
  free(*out);
  *out = xl_strdup(v);
  return *out ? XL_OK : xl_error_set(r->err, XL_ENOMEM, "out of memory");
}

/* Severity: {rule: error|warning}. */
static int read_severity(reader *r, const yaml_node_t *n) {
  yaml_node_pair_t *p;

  if (n->type != YAML_MAPPING_NODE)
    return fail(r, n, "'Severity' must map rule ids to error or warning",
                NULL, NULL);
  for (p = n->data.mapping.pairs.start; p < n->data.mapping.pairs.top; p++) {
    const yaml_node_t *k = yaml_document_get_node(r->doc, p->key);
    const yaml_node_t *v = yaml_document_get_node(r->doc, p->value);
    if (!scalar(k) || xl_rule_find(scalar(k)) < 0)
      return fail(r, k, "unknown rule '%s' in 'Severity' (see --list-rules)",
                  scalar(k) ? scalar(k) : "(not a scalar)", NULL);
    if (!scalar(v) || (strcmp(scalar(v), "error") != 0 &&
                       strcmp(scalar(v), "warning") != 0))
      return fail(r, v, "unknown severity '%s' for '%s' (expected error or "
                  "warning)", scalar(v) ? scalar(v) : "(not a scalar)",
                  scalar(k));
    if (xl_argv_push(&r->cfg->severity, scalar(k)) < 0 ||
        xl_argv_push(&r->cfg->severity, scalar(v)) < 0)
      return xl_error_set(r->err, XL_ENOMEM, "out of memory");
  }
  return XL_OK;
}

static int read_key(reader *r, int k, const yaml_node_t *v) {
  xl_config *c = r->cfg;
  const char *name = keys[k].name;

  c->line[k] = (unsigned)v->start_mark.line + 1;
  switch (k) {
  case XL_CFG_RULES: return read_globs(r, v, name, &c->rules);
  case XL_CFG_WARNINGS_AS_ERRORS:
    return read_globs(r, v, name, &c->warnings_as_errors);
  case XL_CFG_SEVERITY: return read_severity(r, v);
  case XL_CFG_HEADER_FILTER: return read_regex(r, v, name, &c->header_filter);
  case XL_CFG_EXCLUDE_HEADER_FILTER:
    return read_regex(r, v, name, &c->exclude_header_filter);
  case XL_CFG_SYSTEM_HEADERS: return read_bool(r, v, name, &c->system_headers);
  case XL_CFG_CUDA_VERSION: return read_version(r, v, &c->cuda_version);
  case XL_CFG_EXTRA_ARGS: return read_args(r, v, name, &c->extra_args);
  case XL_CFG_EXTRA_ARGS_BEFORE:
    return read_args(r, v, name, &c->extra_args_before);
  case XL_CFG_REMOVED_ARGS: return read_args(r, v, name, &c->removed_args);
  case XL_CFG_CACHE_URL: return read_url(r, v, &c->cache_url);
  default: return read_bool(r, v, name, &c->inherit);
  }
}

static int find_key(const char *name) {
  int k;

  for (k = 0; k < XL_CFG__COUNT; k++)
    if (strcmp(keys[k].name, name) == 0)
      return k;
  return -1;
}

static int read_root(reader *r) {
  yaml_node_t *root = yaml_document_get_root_node(r->doc);
  yaml_node_pair_t *p;
  int rc;

  if (!root || (scalar(root) && !*scalar(root)))
    return XL_OK; /* an empty file */
  if (root->type != YAML_MAPPING_NODE)
    return fail(r, root, "expected a mapping of configuration keys", NULL,
                NULL);
  for (p = root->data.mapping.pairs.start; p < root->data.mapping.pairs.top;
       p++) {
    const yaml_node_t *k = yaml_document_get_node(r->doc, p->key);
    int key = scalar(k) ? find_key(scalar(k)) : -1;
    if (key < 0)
      return fail(r, k, "unknown key '%s' (expected Rules, WarningsAsErrors, "
                  "Severity, HeaderFilterRegex, ExcludeHeaderFilterRegex, "
                  "SystemHeaders, CudaVersion, ExtraArgs, ExtraArgsBefore, "
                  "RemovedArgs, CacheUrl or InheritParentConfig)",
                  scalar(k) ? scalar(k) : "(not a scalar)", NULL);
    rc = read_key(r, key, yaml_document_get_node(r->doc, p->value));
    if (rc < 0)
      return rc;
  }
  return XL_OK;
}

static int yaml_failure(const yaml_parser_t *p, const char *name,
                        xl_error *err) {
  return xl_error_set(err, XL_EPARSE, "%s:%lu:%lu: invalid YAML: %s%s%s",
                      name, (unsigned long)p->problem_mark.line + 1,
                      (unsigned long)p->problem_mark.column + 1,
                      p->problem ? p->problem : "parse error",
                      p->context ? " " : "", p->context ? p->context : "");
}

int xl_config_parse(xl_config **out, const char *text, size_t len,
                    const char *name, xl_error *err) {
  yaml_parser_t parser;
  yaml_document_t doc;
  reader r;
  int rc;

  *out = NULL;
  if (xl_config_new(&r.cfg) < 0 || !yaml_parser_initialize(&parser)) {
    xl_config_free(r.cfg);
    return xl_error_set(err, XL_ENOMEM, "out of memory");
  }
  yaml_parser_set_input_string(&parser, (const unsigned char *)text, len);
  if (!yaml_parser_load(&parser, &doc)) {
    rc = yaml_failure(&parser, name, err);
    yaml_parser_delete(&parser);
    xl_config_free(r.cfg);
    return rc;
  }
  r.doc = &doc;
  r.name = name;
  r.err = err;
  rc = read_root(&r);
  r.cfg->path = xl_strdup(name);
  r.cfg->sources = xl_strdup(name);
  if (rc == XL_OK && (!r.cfg->path || !r.cfg->sources))
    rc = xl_error_set(err, XL_ENOMEM, "out of memory");
  yaml_document_delete(&doc);
  yaml_parser_delete(&parser);
  if (rc < 0)
    xl_config_free(r.cfg);
  else
    *out = r.cfg;
  return rc;
}

int xl_config_load(xl_config **out, const char *path, xl_error *err) {
  char *text = NULL;
  size_t len;
  int rc;

  *out = NULL;
  rc = xl_read_file(&text, &len, path, err);
  if (rc < 0)
    return rc;
  rc = xl_config_parse(out, text, len, path, err);
  free(text);
  return rc;
}

/* ---- merging and discovery ----------------------------------------------- */

/* "a" + "b" -> "a,b"; either may be NULL. */
static int join_globs(char **out, const char *a, const char *b) {
  xl_buf buf = XL_BUF_INIT;

  *out = NULL;
  if (!a && !b)
    return XL_OK;
  xl_buf_printf(&buf, "%s%s%s", a ? a : "", a && b ? "," : "", b ? b : "");
  *out = xl_buf_detach(&buf);
  return *out ? XL_OK : XL_ENOMEM;
}

static int pick(char **out, const char *base, const char *over) {
  const char *v = over ? over : base;

  *out = v ? xl_strdup(v) : NULL;
  return !v || *out ? XL_OK : XL_ENOMEM;
}

static int append_all(xl_argv *dst, const xl_argv *a, const xl_argv *b) {
  int i;

  for (i = 0; i < a->n; i++)
    xl_argv_push(dst, a->v[i]);
  for (i = 0; i < b->n; i++)
    xl_argv_push(dst, b->v[i]);
  return dst->oom ? XL_ENOMEM : XL_OK;
}

static int merge_strings(xl_config *c, const xl_config *b,
                         const xl_config *o) {
  int rc = join_globs(&c->rules, b->rules, o->rules);

  if (rc == XL_OK)
    rc = join_globs(&c->warnings_as_errors, b->warnings_as_errors,
                    o->warnings_as_errors);
  if (rc == XL_OK)
    rc = pick(&c->header_filter, b->header_filter, o->header_filter);
  if (rc == XL_OK)
    rc = pick(&c->exclude_header_filter, b->exclude_header_filter,
              o->exclude_header_filter);
  if (rc == XL_OK)
    rc = pick(&c->cuda_version, b->cuda_version, o->cuda_version);
  if (rc == XL_OK)
    rc = pick(&c->cache_url, b->cache_url, o->cache_url);
  if (rc == XL_OK)
    rc = pick(&c->path, b->path, o->path);
  if (rc == XL_OK && (b->sources || o->sources))
    rc = join_globs(&c->sources, b->sources, o->sources);
  return rc;
}

int xl_config_merge(xl_config **out, const xl_config *b, const xl_config *o) {
  xl_config *c;
  int rc = xl_config_new(&c), k;

  *out = NULL;
  if (rc == XL_OK)
    rc = merge_strings(c, b, o);
  if (rc == XL_OK)
    rc = append_all(&c->severity, &b->severity, &o->severity);
  if (rc == XL_OK)
    rc = append_all(&c->extra_args, &b->extra_args, &o->extra_args);
  if (rc == XL_OK)
    rc = append_all(&c->extra_args_before, &b->extra_args_before,
                    &o->extra_args_before);
  if (rc == XL_OK)
    rc = append_all(&c->removed_args, &b->removed_args, &o->removed_args);
  if (rc < 0) {
    xl_config_free(c);
    return XL_ENOMEM;
  }
  c->system_headers = o->system_headers >= 0 ? o->system_headers
                                             : b->system_headers;
  c->inherit = o->inherit;
  for (k = 0; k < XL_CFG__COUNT; k++)
    c->line[k] = o->line[k] ? o->line[k] : b->line[k];
  *out = c;
  return XL_OK;
}

int xl_config_find(char **out, const char *dir) {
  char *d = xl_path_absolute(dir, NULL), *slash;
  xl_buf probe = XL_BUF_INIT;
  struct stat st;

  *out = NULL;
  if (!d)
    return XL_ENOMEM;
  for (;;) {
    xl_buf_clear(&probe);
    xl_buf_printf(&probe, "%s/%s", strcmp(d, "/") == 0 ? "" : d,
                  XL_CONFIG_NAME);
    if (probe.oom)
      break;
    if (stat(probe.data, &st) == 0 && S_ISREG(st.st_mode)) {
      *out = xl_buf_detach(&probe);
      break;
    }
    slash = strrchr(d, '/');
    if (!slash || strcmp(d, "/") == 0)
      break;
    slash[slash == d ? 1 : 0] = '\0';
  }
  xl_buf_free(&probe);
  free(d);
  return probe.oom ? XL_ENOMEM : XL_OK;
}

/* The directory above the one holding `path` (a config file). */
static char *parent_dir(const char *path) {
  char *d = xl_strdup(path), *slash;

  if (!d)
    return NULL;
  slash = strrchr(d, '/');
  if (slash)
    *slash = '\0'; /* the config's directory */
  slash = strrchr(d, '/');
  if (!slash || slash == d) {
    free(d);
    return NULL; /* at the root: no parent */
  }
  *slash = '\0';
  return d;
}

/* Load path and, while it inherits, its parents; merged into *out. */
static int load_chain(xl_config **out, const char *path, int depth,
                      xl_error *err) {
  xl_config *cfg = NULL, *parent = NULL;
  char *up = NULL, *ppath = NULL;
  int rc = xl_config_load(&cfg, path, err);

  if (rc < 0 || !cfg->inherit || depth > 32)
    goto done;
  up = parent_dir(path);
  if (up && xl_config_find(&ppath, up) < 0)
    rc = xl_error_set(err, XL_ENOMEM, "out of memory");
  if (rc == XL_OK && ppath)
    rc = load_chain(&parent, ppath, depth + 1, err);
  if (rc == XL_OK && parent) {
    xl_config *merged = NULL;
    if (xl_config_merge(&merged, parent, cfg) < 0)
      rc = xl_error_set(err, XL_ENOMEM, "out of memory");
    xl_config_free(cfg);
    cfg = merged;
  }
done:
  xl_config_free(parent);
  free(up);
  free(ppath);
  if (rc < 0) {
    xl_config_free(cfg);
    cfg = NULL;
  }
  *out = cfg;
  return rc;
}

int xl_config_for_file(xl_config **out, const char *file, xl_error *err) {
  char *abs = xl_path_absolute(file, NULL), *slash, *path = NULL;
  int rc;

  *out = NULL;
  if (!abs)
    return xl_error_set(err, XL_ENOMEM, "out of memory");
  slash = strrchr(abs, '/');
  if (slash)
    slash[slash == abs ? 1 : 0] = '\0';
  rc = xl_config_find(&path, abs);
  if (rc == XL_OK && path)
    rc = load_chain(out, path, 0, err);
  else if (rc == XL_OK)
    rc = xl_config_new(out);
  if (rc == XL_ENOMEM)
    xl_error_set(err, rc, "out of memory");
  free(path);
  free(abs);
  return rc;
}

/* ---- applying ------------------------------------------------------------ */

/* Prefix err's message with "path:line: " and name the key, not the flag. */
static int located(const xl_config *c, int key, int rc, xl_error *err) {
  char msg[1024];
  const char *m = xl_error_message(err), *flag;

  if (!c->path || !c->line[key])
    return rc;
  flag = key == XL_CFG_RULES ? "--rules" : "--warnings-as-errors";
  if (xl_str_startswith(m, flag))
    snprintf(msg, sizeof(msg), "'%s'%s", keys[key].name, m + strlen(flag));
  else
    snprintf(msg, sizeof(msg), "%s", m);
  return xl_error_set(err, rc, "%s:%u: %s", c->path, c->line[key], msg);
}

static int apply_args(const xl_config *c, xl_options *o) {
  int i, rc = XL_OK;

  for (i = 0; rc == XL_OK && i < c->extra_args_before.n; i++)
    rc = xl_options_add_arg(o, c->extra_args_before.v[i], 1);
  for (i = 0; rc == XL_OK && i < c->extra_args.n; i++)
    rc = xl_options_add_arg(o, c->extra_args.v[i], 0);
  for (i = 0; rc == XL_OK && i < c->removed_args.n; i++)
    rc = xl_options_remove_args(o, c->removed_args.v[i]);
  return rc;
}

int xl_config_apply(const xl_config *c, xl_options *o, xl_error *err) {
  int i, rc = XL_OK;

  if (c->rules)
    rc = xl_options_set_rules(o, c->rules, err);
  if (rc < 0)
    return located(c, XL_CFG_RULES, rc, err);
  if (c->warnings_as_errors)
    rc = xl_options_set_warnings_as_errors(o, c->warnings_as_errors, err);
  if (rc < 0)
    return located(c, XL_CFG_WARNINGS_AS_ERRORS, rc, err);
  for (i = 0; rc == XL_OK && i + 1 < c->severity.n; i += 2)
    rc = xl_options_set_severity(o, c->severity.v[i], c->severity.v[i + 1],
                                 err);
  if (rc < 0)
    return located(c, XL_CFG_SEVERITY, rc, err);
  if (c->cuda_version)
    rc = xl_options_set_cuda_version(o, c->cuda_version, err);
  if (rc < 0)
    return located(c, XL_CFG_CUDA_VERSION, rc, err);
  if (c->system_headers >= 0)
    xl_options_set_system_headers(o, c->system_headers);
  if (apply_args(c, o) < 0 ||
      (c->cache_url && xl_options_set_cache_url(o, c->cache_url) < 0))
    return xl_error_set(err, XL_ENOMEM, "out of memory");
  return XL_OK;
}

/* ---- dumping ------------------------------------------------------------- */

/* A YAML single-quoted scalar. */
static void quoted(FILE *out, const char *s) {
  fputc('\'', out);
  for (; *s; s++) {
    if (*s == '\'')
      fputc('\'', out);
    fputc(*s, out);
  }
  fputc('\'', out);
}

static void dump_list(FILE *out, const char *key, const xl_argv *a) {
  int i;

  fprintf(out, "%s:", key);
  if (!a->n)
    fputs(" []", out);
  for (i = 0; i < a->n; i++) {
    fputs("\n  - ", out);
    quoted(out, a->v[i]);
  }
  fputc('\n', out);
}

int xl_config_dump(FILE *out, const xl_config *c) {
  int i;

  fputs("---\nRules: ", out);
  quoted(out, c->rules ? c->rules : "*");
  fputs("\nWarningsAsErrors: ", out);
  quoted(out, c->warnings_as_errors ? c->warnings_as_errors : "");
  fputs("\nSeverity:", out);
  if (!c->severity.n)
    fputs(" {}", out);
  for (i = 0; i + 1 < c->severity.n; i += 2)
    fprintf(out, "\n  %s: %s", c->severity.v[i], c->severity.v[i + 1]);
  fputs("\nHeaderFilterRegex: ", out);
  quoted(out, c->header_filter ? c->header_filter : ".*");
  fputs("\nExcludeHeaderFilterRegex: ", out);
  quoted(out, c->exclude_header_filter ? c->exclude_header_filter : "");
  fprintf(out, "\nSystemHeaders: %s\n",
          c->system_headers > 0 ? "true" : "false");
  if (c->cuda_version) {
    fputs("CudaVersion: ", out);
    quoted(out, c->cuda_version);
    fputc('\n', out);
  }
  dump_list(out, "ExtraArgs", &c->extra_args);
  dump_list(out, "ExtraArgsBefore", &c->extra_args_before);
  dump_list(out, "RemovedArgs", &c->removed_args);
  if (c->cache_url) {
    fputs("CacheUrl: ", out);
    quoted(out, c->cache_url);
    fputc('\n', out);
  }
  fputs("...\n", out);
  return ferror(out) ? XL_EIO : XL_OK;
}

int xl_config_options(xl_options **out, const xl_config *cfg,
                      const xl_config_cli *cli, xl_error *err) {
  int rc = xl_options_new(out);

  if (rc < 0)
    return xl_error_set(err, rc, "out of memory");
  if (cfg)
    rc = xl_config_apply(cfg, *out, err);
  if (rc == XL_OK && cli->rules)
    rc = xl_options_set_rules(*out, cli->rules, err);
  if (rc == XL_OK && cli->warnings_as_errors)
    rc = xl_options_set_warnings_as_errors(*out, cli->warnings_as_errors,
                                           err);
  if (rc == XL_OK && cli->cuda_path)
    rc = xl_options_set_cuda_path(*out, cli->cuda_path);
  if (rc == XL_OK && cli->cuda_version)
    rc = xl_options_set_cuda_version(*out, cli->cuda_version, err);
  if (rc == XL_OK && cli->system_headers)
    xl_options_set_system_headers(*out, 1);
  if (rc == XL_OK && cli->parse_skip)
    xl_options_set_parse_skip(*out, 1);
  if (rc == XL_OK && cli->defer_full_parse)
    xl_options_set_defer_full_parse(*out, 1);
  if (rc < 0) {
    if (rc == XL_ENOMEM)
      xl_error_set(err, rc, "out of memory");
    xl_options_free(*out);
    *out = NULL;
  }
  return rc;
}
