/*
 * nvcc.c: the table-driven nvcc -> clang command translator.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "argv.h"
#include "nvcc.h"
#include "util/util.h"

static const xl_nvcc_option options[] = {
#define XL_NVCC_OPT(l, s, arity, action) {l, s, arity, action},
#include "nvcc_options.def"
#undef XL_NVCC_OPT
};

#define XL_HO_EXACT 0
#define XL_HO_PREFIX 1
#define XL_HO_SEP 2

typedef struct host_opt {
  const char *spelling;
  int match;
  int keep;
} host_opt;

static const host_opt host_opts[] = {
#define XL_HOST_OPT(spelling, match, keep) {spelling, match, keep},
#include "host_options.def"
#undef XL_HOST_OPT
};

/* ---- lookup ------------------------------------------------------------- */

const xl_nvcc_option *xl_nvcc_options(size_t *n) {
  *n = sizeof(options) / sizeof(*options);
  return options;
}

/* name[0..n) equals want, taking '_' and '-' as the same character. */
static int name_eq(const char *name, size_t n, const char *want) {
  size_t i;

  if (!want[0] || strlen(want) != n)
    return 0;
  for (i = 0; i < n; i++) {
    char a = name[i] == '_' ? '-' : name[i];
    char b = want[i] == '_' ? '-' : want[i];
    if (a != b)
      return 0;
  }
  return 1;
}

static const xl_nvcc_option *find_exact(const char *body, size_t n) {
  size_t k;

  for (k = 0; k < sizeof(options) / sizeof(*options); k++)
    if (name_eq(body, n, options[k].long_name) ||
        name_eq(body, n, options[k].short_name))
      return &options[k];
  return NULL;
}

/* "-Ipath", "-O3", "-DX=1": a glued value after a JOINED short name. */
static const xl_nvcc_option *find_joined(const char *body, const char **value) {
  size_t k, n;

  for (k = 0; k < sizeof(options) / sizeof(*options); k++) {
    if (!(options[k].arity & XL_NV_JOINED))
      continue;
    n = strlen(options[k].short_name);
    if (n && strncmp(body, options[k].short_name, n) == 0 && body[n]) {
      *value = body + n + (body[n] == '=' ? 1 : 0);
      return &options[k];
    }
  }
  return NULL;
}

/* Only the option lists for other tools take values that start with '-'
 * ("-Xcompiler -Wall"); elsewhere "-Werror -c" is a value-less -Werror. */
static int dash_values(const xl_nvcc_option *o) {
  return xl_str_endswith(o->long_name, "-options") ||
         strcmp(o->long_name, "run-args") == 0;
}

const xl_nvcc_option *xl_nvcc_lookup(const char *const *argv, int argc, int i,
                                     const char **value, int *used) {
  const char *a = argv[i], *body, *eq;
  const xl_nvcc_option *o;
  size_t n;

  *value = NULL;
  *used = 1;
  if (a[0] != '-' || a[1] == '\0')
    return NULL;
  body = a + (a[1] == '-' ? 2 : 1);
  eq = strchr(body, '=');
  n = eq ? (size_t)(eq - body) : strlen(body);
  o = find_exact(body, n);
  if (o && o->arity != XL_NV_FLAG) {
    if (eq)
      *value = eq + 1;
    else if (i + 1 < argc && (argv[i + 1][0] != '-' || dash_values(o))) {
      *value = argv[i + 1];
      *used = 2;
    }
    return o;
  }
  if (o)
    return eq ? NULL : o; /* a flag takes no value */
  if (a[1] == '-')
    return NULL;
  return find_joined(body, value);
}

int xl_host_option(const char *opt, int *takes_value) {
  size_t k, n;

  *takes_value = 0;
  for (k = 0; k < sizeof(host_opts) / sizeof(*host_opts); k++) {
    const host_opt *h = &host_opts[k];
    n = strlen(h->spelling);
    if (h->match == XL_HO_EXACT ? strcmp(opt, h->spelling) != 0
                                : strncmp(opt, h->spelling, n) != 0)
      continue;
    if (h->match == XL_HO_SEP && opt[n] == '\0')
      *takes_value = 1;
    return h->keep;
  }
  return -1;
}

/* ---- architectures ------------------------------------------------------ */

int xl_nvcc_real_arch(char *out, size_t size, const char *v) {
  const char *digits;
  size_t n;

  if (strncmp(v, "sm_", 3) == 0)
    digits = v + 3;
  else if (strncmp(v, "compute_", 8) == 0)
    digits = v + 8;
  else
    return 0;
  n = strspn(digits, "0123456789");
  if (n < 2 || n > 3)
    return 0;
  if (digits[n] != '\0' && strcmp(digits + n, "a") != 0 &&
      strcmp(digits + n, "f") != 0)
    return 0;
  /* clang 22 knows sm_XXa but no family-specific sm_XXf targets */
  return snprintf(out, size, "sm_%.*s%s", (int)n, digits,
                  digits[n] == 'a' ? "a" : "") < (int)size;
}

/* ---- translation -------------------------------------------------------- */

typedef struct nv_state {
  xl_command *cmd;
  xl_argv args;     /* clang arguments */
  xl_argv archs;    /* real GPU architectures, in order, unique */
  xl_argv unknown;  /* options nobody knows, unique */
  xl_argv suppress; /* --diag-suppress tags */
  xl_argv inputs;   /* positional arguments */
  int host_pending; /* -1 none; else keep flag of a host option's value */
  int no_compile;
} nv_state;

static void push2(xl_argv *a, const char *prefix, const char *v) {
  xl_buf b = XL_BUF_INIT;

  xl_buf_printf(&b, "%s%s", prefix, v);
  if (b.oom)
    a->oom = 1;
  else
    xl_argv_push(a, b.data);
  xl_buf_free(&b);
}

static void push_unique(xl_argv *a, const char *v) {
  if (xl_argv_find(a, v) < 0)
    xl_argv_push(a, v);
}

static void add_arch(nv_state *s, const char *v) {
  char arch[32];

  if (xl_nvcc_real_arch(arch, sizeof(arch), v))
    push_unique(&s->archs, arch);
}

/* Call fn for each comma-separated item of v (empty items skipped). */
static void each_item(nv_state *s, const char *v, const char *seps,
                      void (*fn)(nv_state *, const char *)) {
  char item[4096];

  while (*v) {
    size_t n = strcspn(v, seps);
    if (n > 0 && n < sizeof(item)) {
      memcpy(item, v, n);
      item[n] = '\0';
      fn(s, item);
    }
    v += n;
    if (*v)
      v++;
  }
}

/* "arch=compute_90,code=[compute_90,sm_90]": the real archs of `code`, or
 * the one of `arch` when code names none. */
static void add_gencode(nv_state *s, const char *v) {
  const char *arch = strstr(v, "arch="), *code = strstr(v, "code=");
  size_t before = s->archs.n;
  char buf[256];

  if (code) {
    const char *list = code + 5 + strspn(code + 5, "[\"' ");
    size_t n = strcspn(list, "]\"'");
    snprintf(buf, sizeof(buf), "%.*s", (int)n, list);
    each_item(s, buf, ",[]\"' ", add_arch);
  }
  if (arch && (size_t)s->archs.n == before) {
    snprintf(buf, sizeof(buf), "%.*s", (int)strcspn(arch + 5, ","), arch + 5);
    add_arch(s, buf);
  }
}

static void add_include(nv_state *s, const char *v) { push2(&s->args, "-I", v); }
static void add_define(nv_state *s, const char *v) { push2(&s->args, "-D", v); }
static void add_undef(nv_state *s, const char *v) { push2(&s->args, "-U", v); }
static void add_suppress(nv_state *s, const char *v) {
  push_unique(&s->suppress, v);
}

static void add_sysinclude(nv_state *s, const char *v) {
  push2(&s->args, "-isystem", v);
}

static void add_preinclude(nv_state *s, const char *v) {
  xl_argv_push(&s->args, "-include");
  xl_argv_push(&s->args, v);
}

/* One host-compiler option (or the value of the previous one). */
static void host_token(nv_state *s, const char *tok) {
  int takes, keep;

  if (s->host_pending >= 0) {
    if (s->host_pending)
      xl_argv_push(&s->args, tok);
    s->host_pending = -1;
    return;
  }
  keep = xl_host_option(tok, &takes);
  if (keep > 0)
    xl_argv_push(&s->args, tok);
  if (keep >= 0 && takes)
    s->host_pending = keep;
}

/* -Xcudafe: keep what --diag_suppress names; the rest is cudafe's. */
static void cudafe_token(nv_state *s, const char *tok) {
  static const char *const names[] = {"--diag_suppress", "--diag-suppress",
                                      "-diag_suppress", "-diag-suppress"};
  size_t k, n;

  for (k = 0; k < sizeof(names) / sizeof(*names); k++) {
    n = strlen(names[k]);
    if (strncmp(tok, names[k], n) == 0 && tok[n] == '=')
      each_item(s, tok + n + 1, ",", add_suppress);
  }
}

static void set_language(nv_state *s, const char *v) {
  xl_command *c = s->cmd;

  c->explicit_x = 1;
  c->is_cuda = strcmp(v, "cu") == 0 || strcmp(v, "cuda") == 0;
  xl_argv_push(&s->args, "-x");
  xl_argv_push(&s->args, c->is_cuda ? "cuda" : v);
}

static void set_std(nv_state *s, const char *v) {
  s->cmd->cxx_std = xl_command_parse_std(v);
  push2(&s->args, "-std=", v);
}

/* Apply one table entry with its value (NULL for flags). */
static void apply(nv_state *s, const xl_nvcc_option *o, const char *v) {
  xl_command *c = s->cmd;

  if (o->arity != XL_NV_FLAG && !v)
    return; /* a value was missing: nvcc would refuse the command */
  switch (o->action) {
  case XL_NVA_INCLUDE: each_item(s, v, ",", add_include); break;
  case XL_NVA_SYSTEM_INCLUDE: each_item(s, v, ",", add_sysinclude); break;
  case XL_NVA_DEFINE: each_item(s, v, ",", add_define); break;
  case XL_NVA_UNDEFINE: each_item(s, v, ",", add_undef); break;
  case XL_NVA_PRE_INCLUDE: each_item(s, v, ",", add_preinclude); break;
  case XL_NVA_OPTIMIZE: push2(&s->args, "-O", v); break;
  case XL_NVA_ARCH:
  case XL_NVA_CODE: each_item(s, v, ",", add_arch); break;
  case XL_NVA_GENCODE: add_gencode(s, v); break;
  case XL_NVA_RDC: c->rdc = strcmp(v, "true") == 0 || strcmp(v, "1") == 0; break;
  case XL_NVA_DEVICE_C: c->rdc = 1; break;
  case XL_NVA_COMPILER_OPTIONS: each_item(s, v, ", \t", host_token); break;
  case XL_NVA_CUDAFE_OPTIONS: each_item(s, v, ", \t", cudafe_token); break;
  case XL_NVA_STD: set_std(s, v); break;
  case XL_NVA_LANGUAGE: set_language(s, v); break;
  case XL_NVA_EXTENDED_LAMBDA: c->extended_lambda = 1; break;
  case XL_NVA_RELAXED_CONSTEXPR: c->relaxed_constexpr = 1; break;
  case XL_NVA_DIAG_SUPPRESS: each_item(s, v, ",", add_suppress); break;
  case XL_NVA_NO_EXCEPTIONS: xl_argv_push(&s->args, "-fno-exceptions"); break;
  case XL_NVA_DEFAULT_STREAM:
    if (strcmp(v, "per-thread") == 0)
      xl_argv_push(&s->args, "-DCUDA_API_PER_THREAD_DEFAULT_STREAM=1");
    break;
  case XL_NVA_TEMPLATE_DEPTH: push2(&s->args, "-ftemplate-depth=", v); break;
  case XL_NVA_NO_COMPILE: s->no_compile = 1; break;
  default: break; /* DROP, COMPILE, FORWARD_UNKNOWN */
  }
}

/* nvcc_wrapper's own options, and its "--c++17" spelling of -std. */
static int wrapper_option(nv_state *s, const char *a) {
  static const char *const own[] = {
      "--show", "--nvcc-wrapper-show", "--host-only", "--host-version",
      "--replace-pragma-ident", "--remove-duplicate-link-files"};
  size_t k;

  if (strncmp(a, "--c++", 5) == 0) {
    set_std(s, a + 2);
    return 1;
  }
  for (k = 0; k < sizeof(own) / sizeof(*own); k++)
    if (strcmp(a, own[k]) == 0)
      return 1;
  return 0;
}

/* An option nvcc does not know: a host option clang knows, or unknown.
 * Returns how many arguments it takes. */
static int other_option(nv_state *s, const char *const *argv, int argc,
                        int i) {
  int takes, keep = xl_host_option(argv[i], &takes);
  char name[256];

  if (keep < 0) {
    snprintf(name, sizeof(name), "%.*s", (int)strcspn(argv[i], "="), argv[i]);
    push_unique(&s->unknown, name);
    return 1;
  }
  if (keep)
    xl_argv_push(&s->args, argv[i]);
  if (takes && i + 1 < argc) {
    if (keep)
      xl_argv_push(&s->args, argv[i + 1]);
    return 2;
  }
  return 1;
}

static int one_arg(nv_state *s, const char *const *argv, int argc, int i,
                   int wrapper) {
  const char *value;
  int used;
  const xl_nvcc_option *o;

  if (argv[i][0] != '-' || argv[i][1] == '\0') {
    xl_argv_push(&s->inputs, argv[i]);
    return 1;
  }
  o = xl_nvcc_lookup(argv, argc, i, &value, &used);
  if (o) {
    apply(s, o, value);
    return used;
  }
  if (wrapper && wrapper_option(s, argv[i]))
    return 1;
  return other_option(s, argv, argc, i);
}

static void finish(nv_state *s) {
  xl_command *c = s->cmd;
  int i;

  for (i = 0; i < s->archs.n; i++)
    push2(&s->args, "--cuda-gpu-arch=", s->archs.v[i]);
  if (c->rdc)
    xl_argv_push(&s->args, "-fgpu-rdc");
  c->compiles = !s->no_compile;
  c->nargs = s->args.n;
  c->args = xl_argv_detach(&s->args);
  c->nunknown = s->unknown.n;
  c->unknown = xl_argv_detach(&s->unknown);
  c->ndiag_suppress = s->suppress.n;
  c->diag_suppress = xl_argv_detach(&s->suppress);
  c->ninputs = s->inputs.n;
  c->inputs = xl_argv_detach(&s->inputs);
}

int xl_nvcc_translate(xl_command *cmd, const char *const *argv, int argc,
                      int wrapper, xl_error *err) {
  nv_state s;
  int i, oom;

  memset(&s, 0, sizeof(s));
  s.cmd = cmd;
  s.host_pending = -1;
  cmd->nvcc = 1;
  for (i = 1; i < argc;)
    i += one_arg(&s, argv, argc, i, wrapper);
  oom = s.args.oom || s.archs.oom || s.unknown.oom || s.suppress.oom ||
        s.inputs.oom;
  if (!oom)
    finish(&s);
  xl_argv_clear(&s.args);
  xl_argv_clear(&s.archs);
  xl_argv_clear(&s.unknown);
  xl_argv_clear(&s.suppress);
  xl_argv_clear(&s.inputs);
  if (oom || !cmd->args || !cmd->unknown || !cmd->diag_suppress ||
      !cmd->inputs)
    return xl_error_set(err, XL_ENOMEM, "out of memory");
  return XL_OK;
}
