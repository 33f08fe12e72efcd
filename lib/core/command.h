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
} xl_command;

/*
 * Build a command for `file` with extra compiler arguments (the part after
 * `--` on the command line). `directory` may be NULL (the working
 * directory). Extended lambdas are assumed enabled. Returns XL_OK or
 * XL_ENOMEM; *out is zeroed first.
 */
int xl_command_from_args(xl_command *out, const char *file,
                         const char *const *args, int nargs,
                         const char *directory);

/*
 * Build a command from a compile database entry: argv[0] is the driver.
 * Drops the driver, the input file, -c and -o; nvcc-only options are
 * translated by xl_nvcc_translate. Returns XL_OK, XL_ENOMEM or XL_EINVAL
 * (empty argv).
 */
int xl_command_from_argv(xl_command *out, const char *file,
                         const char *const *argv, int argc,
                         const char *directory, xl_error *err);

/* Release a command's strings. Accepts NULL. */
void xl_command_free(xl_command *cmd);

/* Free a NULL-terminated heap array of heap strings. Accepts NULL. */
void xl_argv_free(char **argv);

#endif /* XL_COMMAND_H */
