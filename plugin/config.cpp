/*
 * config.cpp: the configuration a compile's file gets, as `xlambda check`
 * gives it: the nearest .xlambda.yaml (or config-file=PATH), with the
 * plugin's arguments applied on top, as the CLI applies its command line
 * (xl_config_options). See docs/plugin.md, "Configuration".
 */
#include "plugin.h"

extern "C" {
#include "core/options.h"
#include "pipeline/pipeline.h"
#include "util/util.h"
}

namespace xlp {

/* The profile of main_file (lib/pipeline: the one lookup the command line
 * and the language server make too) with the plugin's arguments on top. */
static int load_profile(xl_profile **out, const Options &o,
                        const std::string &main_file, const std::string &cwd,
                        xl_error *err) {
  xl_profile_args a = {};
  char *path = nullptr;

  if (!o.config_file.empty()) {
    path = xl_path_absolute(o.config_file.c_str(), cwd.c_str());
    if (!path)
      return xl_error_set(err, XL_ENOMEM, "out of memory");
    a.config_file = path;
  }
  a.cli.rules = o.rules_arg.empty() ? nullptr : o.rules_arg.c_str();
  a.cli.warnings_as_errors = o.werror ? "*" : nullptr;
  a.cli.cuda_version =
      o.cuda_version_arg.empty() ? nullptr : o.cuda_version_arg.c_str();
  int rc = xl_profile_load(out, &a, main_file.c_str(), err);
  free(path);
  return rc;
}

std::string apply_config(Options *o, const std::string &main_file,
                         const std::string &cwd) {
  xl_error *err = nullptr;
  xl_profile *p = nullptr;
  std::string msg;

  if (xl_error_new(&err) < 0)
    return "out of memory";
  if (load_profile(&p, *o, main_file, cwd, err) < 0) {
    msg = xl_error_message(err);
  } else {
    const xl_options *xo = xl_profile_options(p);
    o->rules = xo->rules;
    o->cuda_major = xo->cuda_major;
    o->cuda_minor = xo->cuda_minor;
  }
  xl_profile_free(p);
  xl_error_free(err);
  return msg;
}

std::vector<std::string> config_files(const Options &o,
                                      const std::string &main_file,
                                      const std::string &cwd) {
  std::vector<std::string> files;
  xl_error *err = nullptr;
  xl_profile *p = nullptr;

  if (xl_error_new(&err) < 0)
    return files;
  /* a configuration that does not load names no file (the check reports) */
  if (load_profile(&p, o, main_file, cwd, err) == XL_OK &&
      xl_profile_config(p)->sources) {
    std::string list = xl_profile_config(p)->sources;
    size_t at = 0, sep;
    while ((sep = list.find(',', at)) != std::string::npos) {
      files.push_back(list.substr(at, sep - at));
      at = sep + 1;
    }
    files.push_back(list.substr(at));
  }
  xl_profile_free(p);
  xl_error_free(err);
  return files;
}

} // namespace xlp
