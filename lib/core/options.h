/*
 * options.h: what an xl_options holds, for the code that reads it: the
 * checker (check.c) and the clang plugin, which layers .xlambda.yaml and its
 * own arguments the way the command line does (xl_config_options).
 */
#ifndef XL_CORE_OPTIONS_H
#define XL_CORE_OPTIONS_H

#include "xlambda/xlambda.h"
#include "argv.h"
#include "core/ruletable.h"

struct xl_options {
  xl_rule_config rules;
  char *cuda_path;
  int cuda_major, cuda_minor;
  xl_argv before, after; /* extra arguments (ExtraArgsBefore, ExtraArgs) */
  xl_argv removed;       /* globs of arguments to remove (RemovedArgs) */
  int system_headers;
  int parse_skip;        /* --parse=skip (issue 20) */
  int defer_full_parse;  /* XL_EFULLPARSE instead of the fallback parse */
  char *cache_dir;       /* the result cache, or NULL */
  char *cache_url;       /* its shared level (--cache-url), or NULL */
};

#endif /* XL_CORE_OPTIONS_H */
