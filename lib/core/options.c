/*
 * options.c: xl_options, the settings of a check (rules, severities, CUDA
 * version and path, extra and removed arguments, the cache). Clang-free, so
 * that the clang plugin builds its rule configuration the same way.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/options.h"
#include "util/util.h"

int xl_options_new(xl_options **out) {
  xl_options *o = calloc(1, sizeof(*o));

  *out = NULL;
  if (!o)
    return XL_ENOMEM;
  xl_rule_config_init(&o->rules);
  *out = o;
  return XL_OK;
}

void xl_options_free(xl_options *o) {
  if (!o)
    return;
  free(o->cuda_path);
  free(o->cache_dir);
  free(o->cache_url);
  xl_argv_clear(&o->before);
  xl_argv_clear(&o->after);
  xl_argv_clear(&o->removed);
  free(o);
}

static int copy_argv(xl_argv *dst, const xl_argv *src) {
  int i;

  for (i = 0; i < src->n; i++)
    if (xl_argv_push(dst, src->v[i]) < 0)
      return XL_ENOMEM;
  return XL_OK;
}

int xl_options_copy(xl_options **out, const xl_options *o) {
  xl_options *c = calloc(1, sizeof(*c));

  *out = NULL;
  if (!c)
    return XL_ENOMEM;
  c->rules = o->rules;
  c->cuda_major = o->cuda_major;
  c->cuda_minor = o->cuda_minor;
  c->system_headers = o->system_headers;
  c->parse_skip = o->parse_skip;
  c->defer_full_parse = o->defer_full_parse;
  c->cuda_path = o->cuda_path ? xl_strdup(o->cuda_path) : NULL;
  c->cache_dir = o->cache_dir ? xl_strdup(o->cache_dir) : NULL;
  c->cache_url = o->cache_url ? xl_strdup(o->cache_url) : NULL;
  if ((o->cuda_path && !c->cuda_path) || (o->cache_dir && !c->cache_dir) ||
      (o->cache_url && !c->cache_url) ||
      copy_argv(&c->before, &o->before) ||
      copy_argv(&c->after, &o->after) || copy_argv(&c->removed, &o->removed)) {
    xl_options_free(c);
    return XL_ENOMEM;
  }
  *out = c;
  return XL_OK;
}

int xl_options_add_arg(xl_options *o, const char *arg, int before) {
  return xl_argv_push(before ? &o->before : &o->after, arg);
}

int xl_options_remove_args(xl_options *o, const char *glob) {
  return xl_argv_push(&o->removed, glob);
}

int xl_options_set_cache_dir(xl_options *o, const char *dir) {
  char *copy = dir ? xl_strdup(dir) : NULL;

  if (dir && !copy)
    return XL_ENOMEM;
  free(o->cache_dir);
  o->cache_dir = copy;
  return XL_OK;
}

int xl_options_set_cache_url(xl_options *o, const char *url) {
  char *copy = url ? xl_strdup(url) : NULL;

  if (url && !copy)
    return XL_ENOMEM;
  free(o->cache_url);
  o->cache_url = copy;
  return XL_OK;
}

void xl_options_set_system_headers(xl_options *o, int on) {
  o->system_headers = on != 0;
}

void xl_options_set_parse_skip(xl_options *o, int on) {
  o->parse_skip = on != 0;
}

void xl_options_set_defer_full_parse(xl_options *o, int on) {
  o->defer_full_parse = on != 0;
}

int xl_options_set_rules(xl_options *o, const char *globs, xl_error *err) {
  return xl_rule_config_select(&o->rules, globs, err);
}

int xl_options_set_warnings_as_errors(xl_options *o, const char *globs,
                                      xl_error *err) {
  return xl_rule_config_as_error(&o->rules, globs, err);
}

int xl_options_set_severity(xl_options *o, const char *rule,
                            const char *severity, xl_error *err) {
  int i = xl_rule_find(rule);

  if (i < 0)
    return xl_error_set(err, XL_EINVAL, "unknown rule '%s'", rule);
  if (strcmp(severity, "error") == 0)
    o->rules.severity[i] = XL_SEV_ERROR;
  else if (strcmp(severity, "warning") == 0)
    o->rules.severity[i] = XL_SEV_WARNING;
  else
    return xl_error_set(err, XL_EINVAL,
                        "unknown severity '%s' (expected error or warning)",
                        severity);
  return XL_OK;
}

int xl_options_set_cuda_path(xl_options *o, const char *path) {
  char *copy = xl_strdup(path);

  if (!copy)
    return XL_ENOMEM;
  free(o->cuda_path);
  o->cuda_path = copy;
  return XL_OK;
}

int xl_options_set_cuda_version(xl_options *o, const char *v, xl_error *err) {
  int major, minor;
  char tail;

  if (sscanf(v, "%d.%d%c", &major, &minor, &tail) != 2 || major <= 0 ||
      minor < 0)
    return xl_error_set(err, XL_EINVAL,
                        "bad CUDA version '%s' (expected MAJOR.MINOR)", v);
  o->cuda_major = major;
  o->cuda_minor = minor;
  return XL_OK;
}
