/*
 * extended_lambda_init_capture_array: an init-capture initialised from an
 * array. ISO C++ deduces a pointer for [t = table], but nvcc 13.0 rejects it.
 */
#include "rule_util.h"

void xl_check_extended_lambda_init_capture_array(xl_rule_ctx *ctx,
                                                 const xl_facts *f) {
  XL_FOR_EACH_EXTENDED_LAMBDA(f, l) {
    if (l->space == XL_SPACE_HOST_DEVICE)
      continue;
    XL_FOR_EACH_CAPTURE(f, l, c) {
      const xl_type *t = xl_facts_type(f, c->var_type);
      const xl_type *held = xl_facts_type(f, c->type);
      xl_diag *d;
      /* the initializer is an array that decayed into the capture */
      if (c->kind != XL_CAPTURE_INIT || !t || t->kind != XL_TYPE_ARRAY ||
          (held && held->kind != XL_TYPE_POINTER && held->kind != XL_TYPE_ARRAY))
        continue;
      d = xl_report(ctx, c->loc, xl_lambda_space(l), c->name,
                    c->init_text ? c->init_text : t->spelling);
      xl_diag_add_range(d, c->range);
      xl_diag_add_note(d, c->init.begin,
                       "the initializer has array type '%s'; nvcc does not "
                       "let it decay to a pointer here",
                       t->spelling);
    }
  }
}
