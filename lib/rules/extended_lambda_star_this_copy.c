/*
 * extended_lambda_star_this_copy: '[=, *this]' copies an object with a
 * member that cannot live on the device.
 *
 * The closure holds a copy of the whole object; the kernel's copy of the
 * closure is destroyed on the device, which then runs the member's host-only
 * destructor (std::vector, std::string, any class with a destructor or copy
 * constructor that is not __device__). nvcc 13.0 only warns, at a line of a
 * CUDA header ("calling a __host__ function ... from a __host__ __device__
 * function is not allowed"). The Kokkos lambda guide describes the case.
 *
 * Detector: lib/frontend/capture.c (fill_explicit(): XL_CAPTURE_STAR_THIS),
 *   lib/frontend/thisobj.c (xl_fe_this_fields(): the xl_field facts,
 *   XL_FIELD_HOST_ONLY)
 */
#include "rule_util.h"

static const xl_field *first_host_only(const xl_facts *f, xl_id owner,
                                       uint32_t after) {
  for (uint32_t i = after; i < f->nfields; i++)
    if (f->fields[i].owner == owner && (f->fields[i].flags & XL_FIELD_HOST_ONLY))
      return &f->fields[i];
  return NULL;
}

static void report(xl_rule_ctx *ctx, const xl_facts *f, const xl_lambda *l,
                   const xl_capture *c, const xl_field *m) {
  /* at the '*' of '*this', or at the lambda when the list is in a macro */
  xl_loc at = (c->flags & XL_CAPTURE_EXPLICIT) && !(l->flags & XL_LAMBDA_MACRO)
                  ? c->range.begin
                  : l->loc;
  xl_diag *d = xl_report_extended_lambda_star_this_copy(
      ctx, at, xl_lambda_space(l), m->name ? m->name : "?",
      xl_type_name(f, m->type));
  const xl_field *more;

  xl_diag_add_note(d, m->loc, "'%s' declared here", m->name ? m->name : "?");
  if (xl_loc_valid(m->why))
    xl_diag_add_note(d, m->why,
                     "the %s of '%s' is host code; the device runs it when "
                     "the kernel's copy of the closure goes away",
                     (m->flags & XL_FIELD_WHY_DTOR) ? "destructor"
                                                    : "copy constructor",
                     m->why_name ? m->why_name : "?");
  for (more = first_host_only(f, c->type, (uint32_t)(m - f->fields) + 1); more;
       more = first_host_only(f, c->type, (uint32_t)(more - f->fields) + 1))
    xl_diag_add_note(d, more->loc, "'%s' cannot live on the device either",
                     more->name ? more->name : "?");
  xl_diag_add_note(d, at,
                   "copy the members the lambda uses into local variables and "
                   "capture those instead of '*this'");
}

void xl_check_extended_lambda_star_this_copy(xl_rule_ctx *ctx,
                                             const xl_facts *f) {
  XL_FOR_EACH_EXTENDED_LAMBDA(f, l) {
    XL_FOR_EACH_CAPTURE(f, l, c) {
      const xl_field *m;
      if (c->kind != XL_CAPTURE_STAR_THIS)
        continue;
      m = first_host_only(f, c->type, 0);
      if (m)
        report(ctx, f, l, c, m);
    }
  }
}
