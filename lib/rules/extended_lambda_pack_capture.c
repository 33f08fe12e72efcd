/*
 * extended_lambda_pack_capture: an extended lambda captures an element of a
 * function parameter pack, explicitly ([args...]) or by using it in the body.
 *
 * Detector: lib/frontend/capture.c (fill_explicit(), set_decl():
 *   XL_CAPTURE_PACK), lib/frontend/types.c (xl_fe_type(): XL_TYPE_PACK)
 */
#include "rule_util.h"

void xl_check_extended_lambda_pack_capture(xl_rule_ctx *ctx,
                                           const xl_facts *f) {
  XL_FOR_EACH_EXTENDED_LAMBDA(f, l) {
    XL_FOR_EACH_CAPTURE(f, l, c) {
      xl_diag *d;
      if (!(c->flags & XL_CAPTURE_PACK) || c->kind == XL_CAPTURE_INIT)
        continue;
      d = xl_report_extended_lambda_pack_capture(ctx, c->loc,
                                                 xl_lambda_space(l), c->name);
      xl_note_declared(d, c);
      xl_diag_add_note(d, c->loc,
                       "pack the arguments into a tuple-like object (for "
                       "example cuda::std::tuple) and capture that");
    }
  }
}
