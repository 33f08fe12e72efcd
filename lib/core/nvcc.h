/*
 * nvcc.h: translating an nvcc (or nvcc_wrapper) compile command into the
 * clang arguments libclang needs.
 *
 * The translation is table-driven: nvcc_options.def lists every nvcc 13.0
 * option with the kind of value it takes and what clang gets for it, and
 * host_options.def lists the host-compiler options clang understands (the
 * ones -Xcompiler, -forward-unknown-to-host-compiler and nvcc_wrapper pass
 * on). Anything else is dropped; an option nvcc itself does not know is
 * recorded in xl_command.unknown so that the caller can warn once per run.
 */
#ifndef XL_NVCC_H
#define XL_NVCC_H

#include "command.h"

/* The value an nvcc option takes (xl_nvcc_option.arity). */
#define XL_NV_FLAG 0x0u   /* none */
#define XL_NV_VALUE 0x1u  /* "--opt=v", "--opt v", "-o=v", "-o v" */
#define XL_NV_LIST 0x2u   /* a value that is a comma-separated list */
#define XL_NV_JOINED 0x4u /* the short name also takes "-Iv" (glued) */

/* What clang gets for an nvcc option (xl_nvcc_option.action). */
typedef enum xl_nv_action {
  XL_NVA_DROP = 0,          /* nothing: the option does not change the parse */
  XL_NVA_INCLUDE,           /* -I<v> */
  XL_NVA_SYSTEM_INCLUDE,    /* -isystem<v> */
  XL_NVA_DEFINE,            /* -D<v> */
  XL_NVA_UNDEFINE,          /* -U<v> */
  XL_NVA_PRE_INCLUDE,       /* -include <v> */
  XL_NVA_OPTIMIZE,          /* -O<v> */
  XL_NVA_ARCH,              /* -arch: --cuda-gpu-arch for each real arch */
  XL_NVA_CODE,              /* -code: likewise */
  XL_NVA_GENCODE,           /* -gencode arch=compute_X,code=[sm_X,...] */
  XL_NVA_RDC,               /* -rdc=true: -fgpu-rdc */
  XL_NVA_DEVICE_C,          /* -dc: -fgpu-rdc, and the command compiles */
  XL_NVA_COMPILER_OPTIONS,  /* -Xcompiler: host options clang knows */
  XL_NVA_CUDAFE_OPTIONS,    /* -Xcudafe: only --diag_suppress is kept */
  XL_NVA_STD,               /* -std=<v>, remembered */
  XL_NVA_LANGUAGE,          /* -x cu|c++|c */
  XL_NVA_EXTENDED_LAMBDA,   /* remembered, dropped */
  XL_NVA_RELAXED_CONSTEXPR, /* remembered, dropped */
  XL_NVA_FORWARD_UNKNOWN,   /* unknown options go to the host compiler */
  XL_NVA_DIAG_SUPPRESS,     /* tags remembered as whole-TU suppressions */
  XL_NVA_NO_EXCEPTIONS,     /* -fno-exceptions */
  XL_NVA_DEFAULT_STREAM,    /* per-thread: -DCUDA_API_PER_THREAD_DEFAULT_STREAM=1 */
  XL_NVA_TEMPLATE_DEPTH,    /* -ftemplate-depth=<v> */
  XL_NVA_COMPILE,           /* -c, -cuda, -ptx, ...: the command compiles */
  XL_NVA_NO_COMPILE         /* -E, -M, --version, -dlink, ...: it does not */
} xl_nv_action;

/* One nvcc option, as listed in nvcc_options.def. */
typedef struct xl_nvcc_option {
  const char *long_name;  /* without "--"; never NULL */
  const char *short_name; /* without "-"; "" when nvcc has none */
  unsigned arity;         /* XL_NV_* */
  xl_nv_action action;
} xl_nvcc_option;

/* The option table (nvcc_options.def): *n entries. Lent, static. */
const xl_nvcc_option *xl_nvcc_options(size_t *n);

/*
 * Find the nvcc option that argument argv[i] spells ("--include-path=x",
 * "-I", "-Ix", "-O3", "-extended-lambda"). On a match *value gets its value
 * (lent: a pointer into argv[i] or argv[i + 1]; NULL for a flag or a missing
 * value) and *used the number of arguments taken (1 or 2). Returns NULL when
 * nvcc has no such option.
 */
const xl_nvcc_option *xl_nvcc_lookup(const char *const *argv, int argc, int i,
                                     const char **value, int *used);

/*
 * Classify the host-compiler option `opt` (host_options.def): 1 when clang
 * gets it (clang accepts it with gcc's meaning), 0 when it is known and
 * dropped (clang rejects it, or it could only hurt the parse: -Werror,
 * -pedantic-errors, -m32, linker options), -1 when it is not listed.
 * *takes_value is set to 1 when the option consumes the next argument
 * ("-isystem", "-include", a bare "-I").
 */
int xl_host_option(const char *opt, int *takes_value);

/*
 * Translate argv[1..argc) of an nvcc or nvcc_wrapper command (argv[0] is
 * the driver; response files already expanded) into cmd: cmd->args gets the
 * clang arguments, and cmd's nvcc fields (extended_lambda, rdc, cxx_std,
 * is_cuda/explicit_x, compiles, unknown, diag_suppress, inputs) are set.
 * `wrapper` is 1 for nvcc_wrapper (a g++-style front: host options are
 * taken as they come). The -o output, -c and the inputs are not passed.
 * Returns XL_OK or XL_ENOMEM; cmd->args must be initialised by the caller.
 */
int xl_nvcc_translate(xl_command *cmd, const char *const *argv, int argc,
                      int wrapper, xl_error *err);

/*
 * The real GPU architecture named by an nvcc arch or code value: "sm_90"
 * and "compute_90" give "sm_90", "sm_90a" stays "sm_90a", a family target
 * "sm_100f" becomes "sm_100" (clang 22 has no family targets). Writes it to
 * out (size n) and returns 1, or returns 0 for values that name no single
 * architecture ("all", "all-major", "native", "lto_90", garbage).
 */
int xl_nvcc_real_arch(char *out, size_t n, const char *value);

#endif /* XL_NVCC_H */
