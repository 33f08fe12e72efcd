/*
 * main.c: the xlambda command: sub-command dispatch, --help, --version,
 * --list-rules.
 */
#define _XOPEN_SOURCE 700
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>

#include "cli.h"
#include "xlambda/xlambda.h"

static const char usage[] =
    "usage: xlambda check [options] FILE... [-- COMPILER-ARGS]\n"
    "       xlambda check -p BUILD_DIR [options] [REGEX...]\n"
    "       xlambda check [-p BUILD_DIR] --diff[=REV|-] [options]\n"
    "       xlambda lsp [options]   (a language server; see 'xlambda lsp --help')\n"
    "       xlambda clangd [options] [-- CLANGD-ARGS]   (clangd with xlambda's\n"
    "               findings; see 'xlambda clangd --help')\n"
    "       xlambda launch [options] -- COMPILER ARGS...\n"
    "       xlambda --list-rules [--format=json] | --plugin-path | --version |\n"
    "               --help\n"
    "\n"
    "xlambda checks CUDA extended lambdas (__device__ and __host__ __device__\n"
    "lambdas in host code) against nvcc's restrictions, including those nvcc\n"
    "13.0 compiles silently into wrong programs.\n"
    "\n"
    "what to check:\n"
    "  -p BUILD_DIR             read BUILD_DIR/compile_commands.json (nvcc,\n"
    "                           nvcc_wrapper and clang commands); REGEX...\n"
    "                           select entries by path, as run-clang-tidy\n"
    "                           (without -p and `--`, a compile_commands.json\n"
    "                           above the first FILE is used when it has it)\n"
    "  --diff[=REV]             only files and lines `git diff -U0 REV` changes\n"
    "                           (default HEAD; REV may be '--cached' or\n"
    "                           'origin/main...HEAD'); --diff=- reads a\n"
    "                           unified diff on stdin\n"
    "  -j N, --jobs=N           check N files at once (default: one per core),\n"
    "                           each in a worker process: a crash or a hang\n"
    "                           fails that file only (exit 2)\n"
    "  --timeout=SECONDS        give up on a file after SECONDS (default 600;\n"
    "                           0: no limit)\n"
    "  --in-process             check on threads inside xlambda: no crash\n"
    "                           isolation, no --timeout (for debugging)\n"
    "  --header-filter=REGEX    headers whose findings are shown (default: all\n"
    "                           non-system headers; the main file always is)\n"
    "  --exclude-header-filter=REGEX  headers whose findings are not shown\n"
    "                           (with --parse=skip, a header not shown is\n"
    "                           parsed as a system header: less to parse)\n"
    "  --system-headers         also analyse and show system headers\n"
    "  --parse=skip|full        skip: do not parse the header bodies that no\n"
    "                           rule reads (default); full: parse every body,\n"
    "                           the reference (the findings are the same)\n"
    "  --cache-dir=DIR          keep results in DIR and replay them for\n"
    "                           translation units whose files, arguments and\n"
    "                           configuration are unchanged (default: off)\n"
    "  --cache-url=URL          share results through an HTTP store (ccache's\n"
    "                           remote storage: WebDAV, nginx, bazel-remote;\n"
    "                           URL|layout=subdirs|read-only=true|\n"
    "                           bearer-token=T; default: $XLAMBDA_CACHE_URL,\n"
    "                           else CacheUrl); --cache-dir stays the first\n"
    "                           level; a failing store is a miss\n"
    "\n"
    "rules and configuration:\n"
    "  --rules=GLOBS            enable (GLOB) or disable (-GLOB) rules, in order\n"
    "  --warnings-as-errors=GLOBS  report these rules' warnings as errors\n"
    "  --config-file=FILE       use FILE instead of the .xlambda.yaml found in\n"
    "                           each file's directory or a parent\n"
    "  --dump-config            print the configuration that applies and exit\n"
    "  --verify-config          check the configuration files and exit\n"
    "  --list-rules             list the rules and exit\n"
    "  --cuda-path=DIR          the CUDA toolkit (default: $CUDA_PATH, nvcc on\n"
    "                           $PATH, /usr/local/cuda)\n"
    "  --cuda-version=X.Y       the CUDA version rules assume\n"
    "\n"
    "output and fixes:\n"
    "  --format=text|json|sarif output format (default: text)\n"
    "  -o FILE, --output=FILE   write the findings to FILE\n"
    "  --source-root=DIR        SARIF URIs are relative to DIR (default: the\n"
    "                           git work tree, else the working directory)\n"
    "  --export-fixes=FILE      write the fixes as clang-apply-replacements YAML\n"
    "  --fix                    apply the fix-its of the findings in place (the\n"
    "                           summary and exit code then describe the files\n"
    "                           before the fixes)\n"
    "  --fix-notes              also apply a note's fix when a finding has none\n"
    "  --fix-errors             apply fixes even in files clang could not parse\n"
    "  --dump-facts             print what the frontend extracted, as JSON\n"
    "  --verify-facts           debug: check each location the frontend\n"
    "                           recorded against the text there; a mismatch\n"
    "                           fails the file as an internal error (exit 2)\n"
    "  --parse-errors-fail      files clang cannot parse make the exit code 1\n"
    "  --quiet                  no progress, summary or warnings on stderr\n"
    "  --no-progress            no progress line on a terminal\n"
    "  --plugin-path            print the path of the clang plugin that goes\n"
    "                           with this xlambda (clang++ -fplugin=$(xlambda\n"
    "                           --plugin-path)) and exit; exit 2 when none\n"
    "  --color[=WHEN]           colour the text output: auto (the default: on a\n"
    "                           terminal, unless NO_COLOR is set or TERM is\n"
    "                           'dumb'), always or never; --no-color: never\n"
    "\n"
    "launch (CMAKE_CUDA_COMPILER_LAUNCHER):\n"
    "  xlambda launch [check options] -- nvcc ARGS...  checks the translation\n"
    "  unit, prints the findings on stderr and runs the compiler;\n"
    "  --fail-on-findings       do not compile when there are error-level\n"
    "                           findings (exit 1)\n"
    "\n"
    "Without -p, COMPILER-ARGS after `--` are clang arguments for every FILE,\n"
    "or an nvcc command line when one of nvcc's own options is among them\n"
    "(-arch, -gencode, -ccbin, -Xcompiler, -rdc, ...).\n"
    "Suppress a finding with // NOLINT(rule), // NOLINTNEXTLINE(rule),\n"
    "// NOLINTBEGIN(rule) ... // NOLINTEND(rule), #pragma nv_diag_suppress rule.\n"
    "\n"
    "exit codes:\n"
    "  0  no error-level finding (warnings may have been reported)\n"
    "  1  at least one error-level finding (warnings-as-errors included; with\n"
    "     --parse-errors-fail, also a file clang could not parse; fixes that\n"
    "     could not be applied; a bad configuration with --verify-config)\n"
    "  2  xlambda could not do its job, or not for every file (the others\n"
    "     were checked and reported): a missing, unreadable, binary or non-\n"
    "     CUDA file, a directory, bad options, configuration or compile\n"
    "     database, a check that crashed or ran past --timeout\n";

void xl_cli_error(const char *fmt, ...) {
  va_list ap;

  fputs("xlambda: error: ", stderr);
  va_start(ap, fmt);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
  fputc('\n', stderr);
}

void xl_print_usage(FILE *out) { fputs(usage, out); }

static const char *sev_name(size_t i) {
  return xl_rule_default_severity(i) == XL_SEV_ERROR ? "error" : "warning";
}

void xl_print_rules(FILE *out, int json) {
  size_t i;

  if (json) {
    json_t *rules = json_array(), *doc;
    for (i = 0; i < xl_rule_count(); i++)
      json_array_append_new(
          rules, json_pack("{s:s,s:s,s:s,s:s}", "id", xl_rule_name(i),
                           "severity", sev_name(i), "oracle",
                           xl_rule_oracle(i), "summary", xl_rule_summary(i)));
    doc = json_pack("{s:o}", "rules", rules);
    json_dumpf(doc, out, JSON_INDENT(2));
    fputc('\n', out);
    json_decref(doc);
    return;
  }
  for (i = 0; i < xl_rule_count(); i++)
    fprintf(out, "%-54s %-7s %s\n", xl_rule_name(i), sev_name(i),
            xl_rule_summary(i));
}

/* --plugin-path: the plugin installed beside this executable
 * (XL_PLUGIN_INSTALL_REL, relative to the executable's directory), else the
 * one of the build tree (XL_PLUGIN_BUILD_REL). */
static int print_plugin_path(void) {
  static const char *const rel[] = {XL_PLUGIN_INSTALL_REL, XL_PLUGIN_BUILD_REL};
  char exe[PATH_MAX], path[PATH_MAX + 64], *slash, *real;
  ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
  size_t k;

  if (n <= 0) {
    xl_cli_error("cannot find the xlambda executable (/proc/self/exe)");
    return XL_EXIT_TOOL;
  }
  exe[n] = '\0';
  slash = strrchr(exe, '/');
  if (slash)
    *slash = '\0';
  for (k = 0; k < sizeof(rel) / sizeof(*rel); k++) {
    snprintf(path, sizeof(path), "%s/%s", exe, rel[k]);
    real = realpath(path, NULL);
    if (real) {
      printf("%s\n", real);
      free(real);
      return XL_EXIT_OK;
    }
  }
  xl_cli_error("no clang plugin beside '%s' (looked for %s/%s): xlambda "
               "was built without it (libclang-cpp22-dev missing?)",
               exe, exe, rel[0]);
  return XL_EXIT_TOOL;
}

/* Invoked through the xlambda-clangd link? */
static int as_clangd_link(const char *argv0) {
  const char *base = strrchr(argv0, '/');

  base = base ? base + 1 : argv0;
  return strcmp(base, "xlambda-clangd") == 0;
}

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define XL_ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) && !defined(XL_ASAN)
#define XL_ASAN 1
#endif
#ifdef XL_ASAN
/*
 * AddressSanitizer builds only (-DXL_SANITIZE=ON): the first libclang call
 * that asks LLVM to remove a file on a signal (clang_saveTranslationUnit,
 * for the language server's base PCH) makes LLVM replace the calling
 * thread's alternate signal stack, ASan's, by a larger one from malloc.
 * When that thread exits, ASan unmaps the current alternate stack as if it
 * were its own, munmap fails on the heap block and ASan aborts the process.
 * Without an ASan alternate stack LLVM keeps its own and nothing is
 * unmapped. The environment's ASAN_OPTIONS still override this.
 */
const char *__asan_default_options(void);
const char *__asan_default_options(void) { return "use_sigaltstack=0"; }
#endif

int main(int argc, char **argv) {
  if (argc >= 1 && as_clangd_link(argv[0]))
    return xl_cmd_clangd(argc, argv, 1);
  if (argc < 2) {
    fputs(usage, stderr);
    return XL_EXIT_TOOL;
  }
  if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 ||
      strcmp(argv[1], "help") == 0) {
    fputs(usage, stdout);
    return XL_EXIT_OK;
  }
  if (strcmp(argv[1], "--version") == 0 || strcmp(argv[1], "version") == 0) {
    printf("xlambda %s\n", XL_VERSION_STRING);
    return XL_EXIT_OK;
  }
  if (strcmp(argv[1], "--plugin-path") == 0)
    return print_plugin_path();
  if (strcmp(argv[1], "--list-rules") == 0 ||
      strcmp(argv[1], "list-rules") == 0) {
    xl_print_rules(stdout, argc > 2 && strcmp(argv[2], "--format=json") == 0);
    return XL_EXIT_OK;
  }
  if (strcmp(argv[1], "check") == 0)
    return xl_cmd_check(argc - 1, argv + 1);
  if (strcmp(argv[1], "lsp") == 0)
    return xl_cmd_lsp(argc - 1, argv + 1);
  if (strcmp(argv[1], "clangd") == 0)
    return xl_cmd_clangd(argc - 1, argv + 1, 0);
  if (strcmp(argv[1], "launch") == 0)
    return xl_cmd_launch(argc - 1, argv + 1);
  xl_cli_error("unknown command '%s' (expected check, launch, lsp or clangd; see "
               "--help)",
               argv[1]);
  return XL_EXIT_TOOL;
}
