/*
 * command.h: a compile command, as xlambda needs it.
 *
 * Commands come from the command line (`xlambda check f.cu -- ARGS`) or a
 * compile database entry (argv with the driver, -c, -o). They are reduced to
 * the clang arguments that describe the translation unit, and what xlambda
 * must remember of the original: whether the file is CUDA, whether the
 * driver was nvcc, whether extended lambdas are enabled, the C++ standard.
 */
#ifndef XL_COMMAND_H
#define XL_COMMAND_H

#include "xlambda/common.h"

typedef struct xl_command {
  char *file;       /* the main file (absolute) */
  char *directory;  /* the directory the command runs in (absolute) */
  char **args;      /* clang arguments, NULL-terminated, without driver/file */
  int nargs;
  int is_cuda;      /* -x cu/cuda, an nvcc driver, or a .cu/.cuh file */
  int nvcc;         /* the driver was nvcc or nvcc_wrapper */
  int extended_lambda;  /* --extended-lambda given (or assumed) */
  int relaxed_constexpr;
  int rdc;          /* relocatable device code */
  int cxx_std;      /* 11, 14, 17, 20, 23; 0 when not given */
  int explicit_x;   /* the arguments contain -x */
  int compiles;     /* the command compiles its input (not -E, -M, a link) */
  char **unknown;   /* options the translator did not know, dropped (unique) */
  int nunknown;
  char **diag_suppress; /* nvcc --diag-suppress / -Xcudafe tags: whole TU */
  int ndiag_suppress;
  char **inputs;    /* positional arguments of a database command, as written */
  int ninputs;
} xl_command;

/*
 * The C++ standard a -std value names: 11, 14, 17, 20, 23 (c++/gnu++
 * spellings, 0x/1y/1z/2a/2b aliases), 3 for c++03/98, or 0 when unknown.
 */
int xl_command_parse_std(const char *value);

/*
 * Edit cmd's clang arguments as a configuration asks: drop every argument
 * matching one of the `removed` globs, put `before` in front and `after` at
 * the end; what the added arguments say (-std, -x) is recorded. Returns
 * XL_OK or XL_ENOMEM (cmd is then unchanged).
 */
int xl_command_edit(xl_command *cmd, const char *const *before, int nbefore,
                    const char *const *after, int nafter,
                    const char *const *removed, int nremoved);

/*
 * Build a command for `file` with extra compiler arguments (the part after
 * `--` on the command line): clang's, or, when one of nvcc's own options
 * that clang does not take is among them ("-arch=sm_90", "-gencode ...",
 * "-ccbin", "-Xcompiler"), an nvcc command line, translated as a database
 * entry's (xl_nvcc_translate). `directory` may be NULL (the working
 * directory). Extended lambdas are assumed enabled. Returns XL_OK or
 * XL_ENOMEM; *out is zeroed first.
 */
int xl_command_from_args(xl_command *out, const char *file,
                         const char *const *args, int nargs,
                         const char *directory);

/*
 * Build a command from a compile database entry (or a launcher's compiler
 * command): argv[0] is the driver, possibly behind ccache-like launchers
 * (skipped). Response files are expanded (relative to `directory`). An
 * nvcc or nvcc_wrapper command is translated by xl_nvcc_translate; a
 * gcc/clang command keeps its arguments. The driver, the inputs, -c, -o and
 * dependency-file options are dropped. Returns XL_OK, XL_ENOMEM, XL_EINVAL
 * (no driver) or XL_EIO/XL_EPARSE (a response file), with a message.
 */
int xl_command_from_argv(xl_command *out, const char *file,
                         const char *const *argv, int argc,
                         const char *directory, xl_error *err);

/* Release a command's strings. Accepts NULL. */
void xl_command_free(xl_command *cmd);

/* Free a NULL-terminated heap array of heap strings. Accepts NULL. */
void xl_argv_free(char **argv);

#endif /* XL_COMMAND_H */
