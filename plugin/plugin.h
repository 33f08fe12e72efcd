/*
 * plugin.h: the clang plugin's options and its check of one translation
 * unit (check.cpp), shared with the action (plugin.cpp) and the reporting
 * of findings through clang's DiagnosticsEngine (report.cpp).
 */
#ifndef XLP_PLUGIN_H
#define XLP_PLUGIN_H

#include <string>

#include "clang/Frontend/CompilerInstance.h"
#include "llvm/ADT/STLFunctionalExtras.h"

extern "C" {
#include "core/diag_impl.h"
#include "rules/registry.h"
}

namespace xlp {

/* -fplugin-arg-xlambda-* */
struct Options {
  xl_rule_config rules;     /* in effect: apply_config's result */
  int cuda_major = 0;       /* in effect; 0: the headers' CUDA_VERSION */
  int cuda_minor = 0;
  std::string rules_arg;    /* rules=GLOBS, joined with ',' */
  bool werror = false;      /* werror */
  std::string cuda_version_arg; /* cuda-version=X.Y */
  std::string config_file;  /* config-file=PATH; else the nearest .xlambda.yaml */
  std::string dump_facts;   /* dump-facts=FILE: the facts as JSON */
  bool device_side = true;  /* no-device-side: skip the __CUDA_ARCH__ parse */
  bool nested = false;      /* inside the plugin's own second parse */
  bool time_report = false; /* time-report: the check's CPU time on stderr */
};

/*
 * Parse the plugin's arguments into *out. Returns "" on success, else a
 * one-line message naming the bad argument.
 */
std::string parse_options(Options *out, const std::vector<std::string> &args);

/*
 * Set o->rules and o->cuda_major/minor from the configuration of main_file
 * (the nearest .xlambda.yaml with its parents, or o->config_file) with o's
 * arguments on top, as `xlambda check` layers its command line. Returns ""
 * on success, else a one-line message ("FILE:LINE:COL: ..."); o's rules are
 * then unchanged. (config.cpp)
 */
std::string apply_config(Options *o, const std::string &main_file,
                         const std::string &cwd);

/*
 * The configuration files apply_config reads for main_file (the nearest
 * .xlambda.yaml and the parents it inherits, or o.config_file), as the configuration names
 * them (xl_config.sources, comma-separated).
 * Empty when there is none or it does not load. (config.cpp)
 */
std::vector<std::string> config_files(const Options &o,
                                      const std::string &main_file,
                                      const std::string &cwd);

/*
 * Check the translation unit ci has just parsed: walk it into facts, run the
 * rules and report the findings through ci's DiagnosticsEngine. Does
 * nothing for a device-side compilation (the host one reports).
 */
void check_tu(clang::CompilerInstance &ci, clang::ASTContext &ctx,
              const Options &opts);

/*
 * Report a sorted list of findings through ci's DiagnosticsEngine: errors
 * and warnings with their rule id, notes, ranges and fix-its; findings a
 * NOLINT comment or an nv_diag_suppress pragma suppresses are left out.
 */
void report_diags(clang::CompilerInstance &ci, const xl_diags *diags,
                  const char *main_file);

/* Whether a parse may skip a function's body (the parse's SourceManager,
 * the function's declaration). */
using SkipFn = llvm::function_ref<bool(const clang::SourceManager &,
                                       const clang::Decl *)>;

/*
 * Parse ci's main file again as the other side of the CUDA compilation
 * (device or host) and call fn with that compiler instance and its AST.
 * *errors says whether that parse had errors outside system headers (the
 * libraries' errors change no lambda of the user's files, and the skip
 * parse does not see those of the bodies it skips). The device side is parsed
 * for `arch` (e.g. "sm_75"), or when it is empty for first_gpu_arch(ci).
 * With skip, the parse skips the bodies skip accepts (clang keeps constexpr
 * bodies and those with a deduced return type); without, it parses every
 * body. Returns false when clang refused the invocation (fn was not
 * called). (sides.cpp)
 */
bool parse_other_side(
    clang::CompilerInstance &ci, bool device,
    llvm::function_ref<void(clang::CompilerInstance &, clang::ASTContext &)> fn,
    bool *errors, const std::string &arch = std::string(),
    SkipFn skip = nullptr);

/* A token of a preprocessor's output (the preprocessor, its
 * SourceManager, the token). */
using TokenFn = llvm::function_ref<void(const clang::Preprocessor &,
                                        const clang::SourceManager &,
                                        const clang::Token &)>;

/*
 * Preprocess ci's main file as the other side of the CUDA compilation (the
 * invocation parse_other_side makes, unknown pragmas ignored) and call fn
 * for each token the preprocessor returns, the last being eof. *errors
 * says whether the preprocessor reported any error. Returns false when
 * clang refused the invocation (fn was not called). (sides.cpp)
 */
bool preprocess_other_side(clang::CompilerInstance &ci, bool device,
                           TokenFn fn, bool *errors,
                           const std::string &arch = std::string());

struct Tu;

/*
 * Walk tu into facts (which know their main file and the command's flags)
 * with lib/frontend's walk, xl_fe_walk_tu, over the libclang functions of
 * cx_shim.cpp; walk_flags are xl_fe_walk_tu's (XL_PARSE_SYSTEM_HEADERS).
 * With needs_device (may be null) the __CUDA_ARCH__ conditionals are
 * scanned too and *needs_device says whether the file needs the device
 * side. Returns XL_OK or XL_ENOMEM. (cx_shim.cpp)
 */
int walk_tu(xl_facts *facts, const Tu &tu, bool *needs_device,
            unsigned walk_flags = 0);

/*
 * Parse ci's main file as the device side (for `arch`, else the compile's
 * first GPU architecture: parse_other_side), walk it into host->device and
 * pair the extended lambdas of the two sides (xl_fe_join_sides). With
 * skip, the device parse skips the bodies skip accepts and the device facts
 * say XL_FACTS_BODIES_SKIPPED. host_erred (the host side had clang errors
 * outside system headers): when the skip parse has none there, it is
 * given up, host's XL_LAMBDA_DEVICE_SKIPPED flags are cleared and the
 * device side is parsed whole. A device parse clang refuses leaves
 * host->device null. Returns XL_OK or XL_ENOMEM. (device.cpp)
 */
int device_pass(clang::CompilerInstance &ci, xl_facts *host,
                const std::string &arch = std::string(),
                SkipFn skip = nullptr, bool host_erred = false);

/* The compile's first GPU architecture, e.g. "sm_90" (sm_75 if none). */
std::string first_gpu_arch(clang::CompilerInstance &ci);

/* An error of the plugin itself ("xlambda plugin: ..."). */
void plugin_error(clang::DiagnosticsEngine &d, const std::string &msg);

} // namespace xlp

#endif /* XLP_PLUGIN_H */
