/*
 * extended_lambda_arch_dependent_capture: an extended lambda captures other
 * variables, or the same ones in another order, in the host compilation than
 * in the device compilation.
 *
 * The host builds the closure with its own layout and copies it to the
 * device, which reads it with the device compilation's layout. nvcc 13.0
 * compiles this silently: with the same number of captures the device reads
 * the wrong values (measured: ../shared/gpu/arch_capture.cu computes 3, not
 * 42); with a different number, the host compilation of a kernel launch
 * fails inside nvcc's own header ("nvcc internal error: unexpected number of
 * captures!") -- unless another extended lambda of the translation unit has
 * that many captures in the host compilation: then it compiles too
 * (test/gpu/arch_capture_count.cu). An error when the closure reaches a
 * kernel (directly or through a launcher, or as a template argument of a
 * kernel's specialization that the walk recorded: a chain of launchers
 * deeper than the launcher search goes, a library's kernel such as CUB's
 * under thrust::transform, where test/gpu/arch_capture_thrust.cu computes 3,
 * not 42), a warning otherwise.
 *
 * Detector: lib/frontend/archscan.c (xl_fe_arch_scan(): whether the device side
 *   is parsed), lib/frontend/device.c (xl_fe_device_pass(): facts->device),
 *   lib/frontend/pair.c (pair_lists(): peer), lib/frontend/capture.c
 *   (xl_fe_lambda_end(): the captures of each side), lib/frontend/uses.c
 *   (mark_to_kernel(): XL_LAMBDA_TO_KERNEL), lib/frontend/instances.c
 *   (__global__ specializations, a system template's followed when it
 *   carries a closure)
 */
#include <stdlib.h>

#include "inst.h"
#include "rule_util.h"
#include "typewalk.h"

#define LIST_MAX 6

static int same_capture(const xl_capture *a, const xl_capture *b) {
  return a->kind == b->kind && a->name && b->name &&
         strcmp(a->name, b->name) == 0;
}

/* The index of a capture like c in lambda l of f, or -1. */
static int find_capture(const xl_facts *f, const xl_lambda *l,
                        const xl_capture *c) {
  XL_FOR_EACH_CAPTURE(f, l, x) {
    if (same_capture(x, c))
      return (int)XL_CAPTURE_INDEX(f, l, x);
  }
  return -1;
}

static int same_layout(const xl_facts *h, const xl_lambda *a,
                       const xl_facts *d, const xl_lambda *b) {
  if (a->ncaptures != b->ncaptures)
    return 0;
  for (uint32_t i = 0; i < a->ncaptures; i++)
    if (!same_capture(xl_lambda_capture(h, a, i), xl_lambda_capture(d, b, i)))
      return 0;
  return 1;
}

/* "'a', 'b'" or "nothing", in buf. */
static const char *list(char *buf, size_t n, const xl_facts *f,
                        const xl_lambda *l) {
  size_t len = 0;

  buf[0] = '\0';
  if (!l->ncaptures)
    return "nothing";
  for (uint32_t i = 0; i < l->ncaptures && len < n; i++) {
    const xl_capture *c = xl_lambda_capture(f, l, i);
    if (i == LIST_MAX) {
      snprintf(buf + len, n - len, ", ...");
      break;
    }
    len += (size_t)snprintf(buf + len, n - len, "%s'%s'", i ? ", " : "",
                            c->name ? c->name : "?");
  }
  return buf;
}

typedef struct one_side {
  const xl_capture *c;
  const char *side;
} one_side;

static int by_place(const void *a, const void *b) {
  const xl_loc *x = &((const one_side *)a)->c->loc;
  const xl_loc *y = &((const one_side *)b)->c->loc;

  if (x->file != y->file)
    return x->file < y->file ? -1 : 1;
  return x->offset < y->offset ? -1 : x->offset > y->offset;
}

/* Collect the captures of l (in f) that the other lambda lacks. */
static size_t missing(one_side *out, size_t n, size_t max, const xl_facts *f,
                      const xl_lambda *l, const xl_facts *of,
                      const xl_lambda *ol, const char *side) {
  for (uint32_t i = 0; i < l->ncaptures && n < max; i++) {
    const xl_capture *c = xl_lambda_capture(f, l, i);
    if (find_capture(of, ol, c) < 0) {
      out[n].c = c;
      out[n++].side = side;
    }
  }
  return n;
}

/* Notes at each variable captured on one side only (in source order), or
 * at the first one whose position differs. */
static void note_differences(xl_diag *diag, const xl_facts *h,
                             const xl_lambda *a, const xl_facts *d,
                             const xl_lambda *b) {
  one_side v[32];
  size_t n = missing(v, 0, 32, h, a, d, b, "host");

  n = missing(v, n, 32, d, b, h, a, "device");
  qsort(v, n, sizeof(*v), by_place);
  for (size_t i = 0; i < n; i++)
    xl_diag_add_note(diag, v[i].c->loc,
                     "'%s' is captured only in the %s compilation",
                     v[i].c->name, v[i].side);
  for (uint32_t i = 0; i < a->ncaptures && n == 0; i++) {
    const xl_capture *c = xl_lambda_capture(h, a, i);
    int j = find_capture(d, b, c);
    if (j < 0 || (uint32_t)j == i)
      continue;
    xl_diag_add_note(diag, c->loc,
                     "'%s' is capture %u in the host compilation but capture "
                     "%d in the device compilation",
                     c->name, i + 1, j + 1);
    break;
  }
}

/* The fix: name every variable of both sides in the capture list, so that
 * both compilations capture all of them, in the list's order. */
static void suggest(xl_diag *diag, const xl_facts *h, const xl_lambda *a,
                    const xl_facts *d, const xl_lambda *b) {
  char text[512];
  size_t len = 1;
  int ok = a->capture_default == '=';
  xl_note *n;

  text[0] = '[';
  XL_FOR_EACH_CAPTURE(h, a, c) {
    ok &= (c->kind == XL_CAPTURE_VAR || c->kind == XL_CAPTURE_THIS) &&
          !(c->flags & XL_CAPTURE_EXPLICIT);
    len += (size_t)snprintf(text + len, sizeof(text) - len, "%s%s",
                            len > 1 ? ", " : "", c->name ? c->name : "?");
  }
  XL_FOR_EACH_CAPTURE(d, b, c) {
    ok &= (c->kind == XL_CAPTURE_VAR || c->kind == XL_CAPTURE_THIS) &&
          !(c->flags & XL_CAPTURE_EXPLICIT);
    if (find_capture(h, a, c) < 0 && len < sizeof(text))
      len += (size_t)snprintf(text + len, sizeof(text) - len, "%s%s",
                              len > 1 ? ", " : "", c->name ? c->name : "?");
  }
  n = xl_diag_add_note(diag, xl_loc_valid(a->intro.begin) ? a->intro.begin : a->loc,
                       "capture the variables explicitly, so that both "
                       "compilations capture all of them in one order");
  if (ok && len + 2 < sizeof(text)) {
    text[len++] = ']';
    text[len] = '\0';
    xl_note_add_fixit(n, a->intro, text);
  }
}

/* Without a launch found: a call whose body the parse skipped may hold
 * one (the language server skips system headers' template bodies), so the
 * warning may be the command line's error. */
static void note_opaque(xl_diag *diag, const xl_facts *h, const xl_lambda *a) {
  const xl_use *u = xl_use_of(h, a, 1u << XL_USE_OPAQUE_ARG);
  const char *callee, *skipped;

  if (!u)
    return;
  callee = u->callee ? u->callee : "?";
  skipped = u->detail ? u->detail : callee;
  if (strcmp(callee, skipped) == 0)
    xl_diag_add_note(diag, u->loc,
                     "the body of '%s' was not parsed here, so whether the "
                     "host copies the closure to the device through it is "
                     "not known",
                     callee);
  else
    xl_diag_add_note(diag, u->loc,
                     "the body of '%s' was not parsed here, so whether the "
                     "host copies the closure to the device through '%s' is "
                     "not known",
                     skipped, callee);
}

/* A __global__ specialization over the closure of a, or of a lambda at
 * its place (its pattern, its other instantiations), or XL_NONE: a kernel
 * that takes the closure by its type, though no launch of it was followed
 * (down a chain of calls deeper than the launcher search goes, or through a
 * library that wraps the closure before its launch). */
static xl_id kernel_over(const xl_facts *h, const xl_lambda *a) {
  xl_id k = XL_NONE;
  uint32_t i;

  for (i = 0; i < h->nlambdas && k == XL_NONE; i++)
    if (h->lambdas[i].loc.file == a->loc.file &&
        h->lambdas[i].loc.offset == a->loc.offset)
      k = xl_lambda_kernel(h, i);
  return k;
}

/* The note at the copy to the device: at the use, or for a kernel found by
 * its template arguments, where user code requests it (inst.h). */
static void note_copy(xl_diag *diag, const xl_facts *h, const xl_use *u,
                      xl_id kernel, const char *why) {
  static const char text[] =
      "the host copies the closure to the device here, through '%s'; %s";
  char name[256];
  xl_id from;
  xl_loc at;

  if (u) {
    xl_diag_add_note(diag, u->loc, text, u->callee ? u->callee : "?", why);
    return;
  }
  snprintf(name, sizeof(name), "%.*s",
           (int)strcspn(h->funcs[kernel].name, "<"), h->funcs[kernel].name);
  at = xl_shown_poi(h, kernel, &from);
  xl_diag_add_note(diag, at, text, name, why);
  xl_note_library_launch(diag, h, kernel, from, name);
  xl_note_instantiations(diag, h, h->funcs[from].poi_func, 0);
}

static void report(xl_rule_ctx *ctx, const xl_facts *h, const xl_lambda *a,
                   const xl_facts *d, const xl_lambda *b) {
  char hl[256], dl[256];
  const xl_use *u = xl_use_of(h, a, (1u << XL_USE_KERNEL_ARG) |
                                        (1u << XL_USE_LAUNCHER_ARG));
  xl_id kernel = u ? XL_NONE : kernel_over(h, a);
  int to_kernel = (a->flags & XL_LAMBDA_TO_KERNEL) || kernel != XL_NONE;
  xl_diag *diag = xl_report_extended_lambda_arch_dependent_capture_as(
      ctx, to_kernel ? XL_SEV_ERROR : XL_SEV_WARNING, a->loc,
      xl_lambda_space(a), list(hl, sizeof(hl), h, a),
      list(dl, sizeof(dl), d, b));

  xl_diag_add_range(diag, a->intro);
  note_differences(diag, h, a, d, b);
  if (u || kernel != XL_NONE)
    note_copy(diag, h, u, kernel,
              a->ncaptures != b->ncaptures
                  ? "the capture counts differ: nvcc's host compilation "
                    "fails (its static assertion 'unexpected number of "
                    "captures!'), or compiles when another extended lambda "
                    "of the file has as many captures"
                  : "the device then reads the captured values from the "
                    "wrong places");
  else
    note_opaque(diag, h, a);
  suggest(diag, h, a, d, b);
}

void xl_check_extended_lambda_arch_dependent_capture(xl_rule_ctx *ctx,
                                                     const xl_facts *f) {
  const xl_facts *d = f->device;

  if (!d || (d->flags & XL_FACTS_INCOMPLETE))
    return;
  XL_FOR_EACH_EXTENDED_LAMBDA(f, l) {
    const xl_lambda *b = l->peer < d->nlambdas ? &d->lambdas[l->peer] : NULL;
    if (b && !same_layout(f, l, d, b))
      report(ctx, f, l, d, b);
  }
}
