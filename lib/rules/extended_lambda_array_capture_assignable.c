/*
 * extended_lambda_array_capture_assignable: an extended lambda captures an
 * array whose element type is not copy-assignable (nvcc's closure assigns
 * arrays element by element).
 *
 * Detector: lib/frontend/types.c (decl_flags(): XL_TYPE_NO_COPY_ASSIGN;
 *   describe_parts(): the array's element), lib/frontend/capture.c (set_decl():
 *   var_type)
 */
#include "rule_util.h"

void xl_check_extended_lambda_array_capture_assignable(xl_rule_ctx *ctx,
                                                       const xl_facts *f) {
  XL_FOR_EACH_EXTENDED_LAMBDA(f, l) {
    XL_FOR_EACH_CAPTURE(f, l, c) {
      const xl_type *t = xl_facts_type(f, c->var_type);
      const xl_type *e = xl_array_element(f, c->var_type);
      xl_diag *d;
      if (c->kind != XL_CAPTURE_VAR || !t || t->kind != XL_TYPE_ARRAY || !e ||
          !(e->flags & XL_TYPE_NO_COPY_ASSIGN) ||
          (e->flags & XL_TYPE_NO_DEFAULT_CTOR))
        continue;
      d = xl_report_extended_lambda_array_capture_assignable(
          ctx, c->loc, xl_lambda_space(l), c->name, e->spelling);
      if (xl_loc_valid(e->decl))
        xl_diag_add_note(d, e->decl, "'%s' cannot be copy-assigned",
                         e->spelling);
    }
  }
}
