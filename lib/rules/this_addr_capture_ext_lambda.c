/*
 * this_addr_capture_ext_lambda: an extended lambda in a member function uses
 * a member, so it implicitly captures 'this', a host pointer. nvcc compiles
 * it silently (it warns only under -Wext-lambda-captures-this) and the kernel
 * then dereferences host memory: an illegal memory access on the GPU.
 * An explicit '[this]' in a __device__ lambda is the same pointer, and nvcc
 * says nothing even under -Wext-lambda-captures-this; it is reported too,
 * with a note that the object may be in managed memory.
 *
 * Detector: lib/frontend/capture.c (xl_fe_note_ref(), implicit_this_member():
 *   uses of 'this'; fill_implicit(), fill_explicit(): XL_CAPTURE_THIS),
 *   lib/frontend/macrotwin.c (xl_fe_macro_twin(): star_this_macro, macro_range)
 */
#include "capfix.h"

/*
 * Fix-it (issue 18), on a note since the lambda then works on a copy of the
 * object: under C++17, '[=]' becomes '[=, *this]' and '[&]' becomes
 * '[=, *this]' (the edit extended_lambda_reference_capture offers too, so
 * --fix-notes applies one edit), for __device__ and __host__ __device__
 * lambdas alike; not when the class has a member the device cannot copy
 * (extended_lambda_star_this_copy would then report the fixed lambda).
 * A lambda a macro writes ('KOKKOS_LAMBDA') gets the name of the macro
 * defined beside it that also captures '*this' ('KOKKOS_CLASS_LAMBDA'),
 * when the frontend found one (macrotwin.c).
 */
static void suggest(xl_diag *d, const xl_facts *f, const xl_lambda *l) {
  xl_note *n;

  if (xl_capfix_star_this_ok(f, l) && !(l->flags & XL_LAMBDA_MACRO) &&
      xl_loc_valid(l->default_range.begin) &&
      (l->capture_default == '=' || l->capture_default == '&')) {
    n = xl_diag_add_note(d, l->default_range.begin,
                         "capture '*this' by copy to take the object to the "
                         "device");
    if (l->capture_default == '=')
      xl_note_add_fixit(n, xl_range_at(l->default_range.end), ", *this");
    else
      xl_capfix_default_to_copy(n, f, l);
    return;
  }
  if (xl_capfix_star_this_ok(f, l) && l->star_this_macro &&
      xl_loc_valid(l->macro_range.begin)) {
    n = xl_diag_add_note(d, l->macro_range.begin,
                         "write '%s', which also captures '*this' by copy, to "
                         "take the object to the device",
                         l->star_this_macro);
    xl_note_add_fixit(n, l->macro_range, l->star_this_macro);
    return;
  }
  xl_diag_add_note(d, l->loc,
                   "copy the members the lambda uses into local variables "
                   "and capture those");
}

/* Explicit '[this]' in a __device__ lambda (an explicit 'this' in a
 * __host__ __device__ lambda may be meant for its host calls). */
static void report_explicit(xl_rule_ctx *ctx, const xl_facts *f,
                            const xl_lambda *l, const xl_capture *c) {
  xl_diag *d;
  xl_note *n;

  if (l->space != XL_SPACE_DEVICE)
    return;
  d = xl_report_this_addr_capture_ext_lambda(ctx, c->loc, xl_lambda_space(l),
                                             "captures");
  xl_diag_add_note(d, c->loc,
                   "the device can dereference it only if the object is in "
                   "managed or device memory (cudaMallocManaged, "
                   "cudaMalloc)");
  if (f->cxx_std < 17) {
    xl_diag_add_note(d, l->loc,
                     "copy the members the lambda uses into local variables "
                     "and capture those");
    return;
  }
  n = xl_diag_add_note(d, c->loc,
                       "capture '*this' by copy to take the object to the "
                       "device");
  xl_note_add_fixit(n, xl_range_at(c->loc), "*");
}

void xl_check_this_addr_capture_ext_lambda(xl_rule_ctx *ctx,
                                           const xl_facts *f) {
  XL_FOR_EACH_EXTENDED_LAMBDA(f, l) {
    XL_FOR_EACH_CAPTURE(f, l, c) {
      xl_diag *d;
      if (c->kind != XL_CAPTURE_THIS)
        continue;
      if (c->flags & XL_CAPTURE_EXPLICIT) {
        report_explicit(ctx, f, l, c);
        break;
      }
      d = xl_report_this_addr_capture_ext_lambda(
          ctx, c->loc, xl_lambda_space(l), "implicitly captures");
      suggest(d, f, l);
      break; /* one 'this' per lambda */
    }
  }
}
