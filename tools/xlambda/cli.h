/*
 * cli.h: the xlambda command line, shared between its sub-commands.
 */
#ifndef XL_CLI_H
#define XL_CLI_H

#include <stdio.h>

/* Exit codes, documented in --help and README.md. */
#define XL_EXIT_OK 0       /* no error-level finding */
#define XL_EXIT_FINDINGS 1 /* at least one error-level finding */
#define XL_EXIT_TOOL 2     /* xlambda could not do its job */

/* `xlambda check ...`; argv[0] is "check". Returns an exit code. */
int xl_cmd_check(int argc, char **argv);

/* `xlambda lsp ...`; argv[0] is "lsp". Returns an exit code. */
int xl_cmd_lsp(int argc, char **argv);

/* `xlambda clangd ...` (argv[0] is "clangd"), or the xlambda-clangd link
 * (as_link: argv[0] is its path; arguments are clangd's but --xlambda-*).
 * Runs clangd behind the proxy; returns an exit code (clangd's, once it
 * ran). */
int xl_cmd_clangd(int argc, char **argv, int as_link);

/* `xlambda launch [options] -- COMPILER ARGS`; argv[0] is "launch". Checks
 * the translation unit, then execs the compiler; returns an exit code only
 * when it does not exec. */
int xl_cmd_launch(int argc, char **argv);

/* Print the usage text (--help, `check --help`, `launch --help`; the man
 * page is generated from it) on out. */
void xl_print_usage(FILE *out);

/* Print the rule table (id, default severity, summary), as text or JSON. */
void xl_print_rules(FILE *out, int json);

/* Print an error line "xlambda: error: ..." on stderr. */
void xl_cli_error(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;

#endif /* XL_CLI_H */
