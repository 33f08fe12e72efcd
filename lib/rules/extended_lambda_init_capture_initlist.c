/*
 * extended_lambda_init_capture_initlist: an init-capture of type
 * std::initializer_list in an extended lambda (x = {1, 2} or x = il).
 */
#include "rule_util.h"

void xl_check_extended_lambda_init_capture_initlist(xl_rule_ctx *ctx,
                                                    const xl_facts *f) {
  XL_FOR_EACH_EXTENDED_LAMBDA(f, l) {
    /* __host__ __device__ lambdas reject every init-capture already */
    if (l->space == XL_SPACE_HOST_DEVICE)
      continue;
    XL_FOR_EACH_CAPTURE(f, l, c) {
      const xl_type *t = xl_facts_type(f, c->type);
      xl_diag *d;
      if (c->kind != XL_CAPTURE_INIT || !t ||
          !(t->flags & XL_TYPE_INITIALIZER_LIST))
        continue;
      d = xl_report(ctx, c->loc, xl_lambda_space(l), c->name, t->spelling);
      xl_diag_add_range(d, c->range);
      xl_diag_add_note(d, c->loc,
                       "nvcc cannot pass a std::initializer_list to the device; "
                       "capture an array-like object such as cuda::std::array "
                       "instead");
    }
  }
}
