/*
 * extended_lambda_init_capture_array: an init-capture initialised from an
 * array. ISO C++ deduces a pointer for [t = table], but nvcc 13.0 rejects it
 * (measured) for local arrays, parameters' and objects' member arrays, and
 * accepts it for arrays with static storage duration (globals, statics).
 * When the initializer is a local array the body never names, a note offers
 * to capture the array itself (a copy, where C++ would have captured a
 * pointer to the host array) and to rename the body's uses.
 *
 * Detector: lib/frontend/capture.c (fill_explicit(): XL_CAPTURE_INIT, the
 *   initializer's var_type, XL_CAPTURE_INIT_GLOBAL; plan_array():
 *   XL_CAPTURE_ARRAY_LOCAL, rename, uses)
 */
#include "capfix.h"

#define XL_MAX_ARRAY_RANK 7

/* The array may be captured by copy without another rule firing. */
static int copyable(const xl_facts *f, const xl_lambda *l,
                    const xl_capture *c) {
  const xl_type *t = xl_facts_type(f, c->var_type);
  const xl_type *elem = xl_array_element(f, c->var_type);

  if (!(c->flags & XL_CAPTURE_ARRAY_LOCAL) || !c->rename || !t || !elem ||
      t->array_rank > XL_MAX_ARRAY_RANK ||
      (elem->flags & (XL_TYPE_NO_DEFAULT_CTOR | XL_TYPE_NO_COPY_ASSIGN)))
    return 0;
  XL_FOR_EACH_CAPTURE(f, l, x) {
    if (x != c && x->name && strcmp(x->name, c->rename) == 0)
      return 0; /* '[table, t = table]' */
  }
  return 1;
}

static void capture_itself(xl_diag *d, const xl_facts *f, const xl_lambda *l,
                           const xl_capture *c) {
  xl_range drop = xl_capfix_drop(f, l, c);
  xl_note *n;

  if (!copyable(f, l, c) || (l->capture_default == '=' &&
                             !xl_loc_valid(drop.begin)))
    return;
  n = xl_diag_add_note(d, c->range.begin,
                       "capture the array '%s' itself%s: the lambda then "
                       "holds a copy of it, not a pointer to it",
                       c->rename,
                       c->nuses ? " and use its name in the body" : "");
  /* '[=, table]' would repeat the default: the body's use captures it */
  if (l->capture_default == '=')
    xl_note_add_fixit(n, drop, "");
  else
    xl_note_add_fixit(n, c->range, c->rename);
  xl_capfix_rename_uses(n, c, c->rename);
}

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
          (c->flags & XL_CAPTURE_INIT_GLOBAL) ||
          (held && held->kind != XL_TYPE_POINTER && held->kind != XL_TYPE_ARRAY))
        continue;
      d = xl_report_extended_lambda_init_capture_array(
          ctx, c->loc, xl_lambda_space(l), c->name,
          c->init_text ? c->init_text : t->spelling);
      xl_diag_add_range(d, c->range);
      xl_diag_add_note(d, c->init.begin,
                       "the initializer has array type '%s'; nvcc does not "
                       "let it decay to a pointer here",
                       t->spelling);
      capture_itself(d, f, l, c);
    }
  }
}
