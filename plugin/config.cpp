/*
 * config.cpp: the configuration a compile's file gets, as `xlambda check`
 * gives it: the nearest .xlambda.yaml (or config-file=PATH), with the
 * plugin's arguments applied on top, as the CLI applies its command line
 * (xl_config_options). See docs/plugin.md, "Configuration".
 */
#include "plugin.h"

extern "C" {
#include "core/config.h"
#include "core/options.h"
#include "util/util.h"
}

namespace xlp {

/* The configuration of main_file, or of o->config_file, into *out. */
static int load_config(xl_config **out, const Options &o,
                       const std::string &main_file, const std::string &cwd,
                       xl_error *err) {
  if (o.config_file.empty())
    return xl_config_for_file(out, main_file.c_str(), err);
  char *path = xl_path_absolute(o.config_file.c_str(), cwd.c_str());
  if (!path)
    return xl_error_set(err, XL_ENOMEM, "out of memory");
  int rc = xl_config_load(out, path, err);
  free(path);
  return rc;
}

std::string apply_config(Options *o, const std::string &main_file,
                         const std::string &cwd) {
  xl_error *err = nullptr;
  xl_config *cfg = nullptr;
  xl_options *xo = nullptr;
  xl_config_cli cli = {};
  std::string msg;

  if (xl_error_new(&err) < 0)
    return "out of memory";
  cli.rules = o->rules_arg.empty() ? nullptr : o->rules_arg.c_str();
  cli.warnings_as_errors = o->werror ? "*" : nullptr;
  cli.cuda_version =
      o->cuda_version_arg.empty() ? nullptr : o->cuda_version_arg.c_str();
  if (load_config(&cfg, *o, main_file, cwd, err) < 0 ||
      xl_config_options(&xo, cfg, &cli, err) < 0) {
    msg = xl_error_message(err);
    goto cleanup;
  }
  o->rules = xo->rules;
  o->cuda_major = xo->cuda_major;
  o->cuda_minor = xo->cuda_minor;

cleanup:
  xl_options_free(xo);
  xl_config_free(cfg);
  xl_error_free(err);
  return msg;
}

std::vector<std::string> config_files(const Options &o,
                                      const std::string &main_file,
                                      const std::string &cwd) {
  std::vector<std::string> files;
  xl_error *err = nullptr;
  xl_config *cfg = nullptr;

  if (xl_error_new(&err) < 0)
    return files;
  /* a configuration that does not load names no file (the check reports) */
  if (load_config(&cfg, o, main_file, cwd, err) == XL_OK && cfg &&
      cfg->sources) {
    std::string list = cfg->sources;
    size_t at = 0, sep;
    while ((sep = list.find(',', at)) != std::string::npos) {
      files.push_back(list.substr(at, sep - at));
      at = sep + 1;
    }
    files.push_back(list.substr(at));
  }
  xl_config_free(cfg);
  xl_error_free(err);
  return files;
}

} // namespace xlp
