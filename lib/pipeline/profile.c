/*
 * profile.c: the options of one file (see pipeline.h), the one lookup the
 * command line, the language server and the plugin share.
 */
#include <regex.h>
#include <stdlib.h>
#include <string.h>

#include "core/diag_impl.h"
#include "pipeline/pipeline.h"
#include "util/util.h"

struct xl_profile {
  xl_config *cfg;
  xl_options *opts;
  regex_t header, exclude;
  int has_header, has_exclude;
  int system_headers;
};

void xl_profile_free(xl_profile *p) {
  if (!p)
    return;
  xl_config_free(p->cfg);
  xl_options_free(p->opts);
  if (p->has_header)
    regfree(&p->header);
  if (p->has_exclude)
    regfree(&p->exclude);
  free(p);
}

const xl_options *xl_profile_options(const xl_profile *p) { return p->opts; }

const xl_config *xl_profile_config(const xl_profile *p) { return p->cfg; }

int xl_profile_key(char **out, const xl_profile_args *a, const char *file) {
  char *dir, *slash, *found = NULL;

  *out = NULL;
  if (a->config_file) {
    *out = xl_strdup(a->config_file);
    return *out ? XL_OK : XL_ENOMEM;
  }
  dir = xl_strdup(file);
  if (!dir)
    return XL_ENOMEM;
  slash = strrchr(dir, '/');
  if (slash)
    slash[slash == dir ? 1 : 0] = '\0';
  if (xl_config_find(&found, dir) < 0) {
    free(dir);
    return XL_ENOMEM;
  }
  free(dir);
  *out = found ? found : xl_strdup("");
  return *out ? XL_OK : XL_ENOMEM;
}

static int compile_filter(regex_t *re, int *has, const char *pattern,
                          const char *what, xl_error *err) {
  const char *why;

  if (!pattern)
    return XL_OK;
  if (xl_regex_compile(re, pattern, &why) != XL_OK)
    return xl_error_set(err, XL_EINVAL, "%s '%s' is not a valid regular "
                        "expression (%s)", what, pattern, why);
  *has = 1;
  return XL_OK;
}

int xl_profile_check_filters(const xl_profile_args *a, xl_error *err) {
  regex_t header, exclude;
  int has_header = 0, has_exclude = 0;
  int rc = compile_filter(&header, &has_header, a->header_filter,
                          "--header-filter", err);

  if (rc == XL_OK)
    rc = compile_filter(&exclude, &has_exclude, a->exclude_header_filter,
                        "--exclude-header-filter", err);
  if (has_header)
    regfree(&header);
  if (has_exclude)
    regfree(&exclude);
  return rc;
}

/* The options and the filters of p, whose configuration is loaded. */
static int profile_setup(xl_profile *p, const xl_profile_args *a,
                         xl_error *err) {
  int rc = xl_config_options(&p->opts, p->cfg, &a->cli, err);

  if (rc == XL_OK && a->cache_dir)
    rc = xl_options_set_cache_dir(p->opts, a->cache_dir);
  if (rc == XL_OK && (a->cache_url || a->no_cache))
    rc = xl_options_set_cache_url(p->opts, a->cache_url);
  if (rc < 0)
    return *xl_error_message(err) ? rc : xl_error_set(err, rc, "%s",
                                                      xl_status_string(rc));
  p->system_headers = a->cli.system_headers || p->cfg->system_headers > 0;
  rc = compile_filter(&p->header, &p->has_header,
                      a->header_filter ? a->header_filter
                                       : p->cfg->header_filter,
                      "--header-filter", err);
  if (rc == XL_OK)
    rc = compile_filter(&p->exclude, &p->has_exclude,
                        a->exclude_header_filter
                            ? a->exclude_header_filter
                            : p->cfg->exclude_header_filter,
                        "--exclude-header-filter", err);
  return rc;
}

int xl_profile_load(xl_profile **out, const xl_profile_args *a,
                    const char *file, xl_error *err) {
  xl_profile *p = calloc(1, sizeof(*p));
  int rc;

  *out = NULL;
  if (!p)
    return xl_error_set(err, XL_ENOMEM, "out of memory");
  if (a->config_file)
    rc = xl_config_load(&p->cfg, a->config_file, err);
  else
    rc = xl_config_for_file(&p->cfg, file, err);
  if (rc == XL_OK && !p->cfg)
    rc = xl_config_new(&p->cfg);
  if (rc == XL_OK)
    rc = profile_setup(p, a, err);
  if (rc < 0) {
    if (!*xl_error_message(err))
      xl_error_set(err, rc, "%s", xl_status_string(rc));
    xl_profile_free(p);
    return rc;
  }
  *out = p;
  return XL_OK;
}

static int file_is_system(const xl_facts *f, const char *file) {
  uint32_t i;

  for (i = 0; f && i < f->nfiles; i++)
    if (strcmp(f->files[i], file) == 0)
      return (f->file_flags[i] & XL_FILE_SYSTEM) != 0;
  return 0;
}

int xl_profile_shows_header(const xl_profile *p, const char *file) {
  if (p->has_header && regexec(&p->header, file, 0, NULL, 0) != 0)
    return 0;
  return !(p->has_exclude && regexec(&p->exclude, file, 0, NULL, 0) == 0);
}

int xl_profile_filters_headers(const xl_profile *p) {
  return p->has_header || p->has_exclude;
}

unsigned xl_profile_hides(const xl_profile *p, const xl_diag *d,
                          const char *main_file, const xl_facts *facts) {
  const char *file = d->loc.file;

  if (strcmp(file, main_file) == 0 || !*file)
    return 0;
  if (!p->system_headers &&
      ((d->flags & XL_DIAG_IN_SYSTEM) || file_is_system(facts, file)))
    return XL_DIAG_BY_SYSTEM;
  if (!xl_profile_shows_header(p, file))
    return XL_DIAG_BY_HEADER;
  return 0;
}
