/*
 * lambda_operator_annotated: an execution-space annotation is written where
 * nvcc reads it as annotating the lambda's operator() itself: after the
 * parameter list ('[] () __device__ {}'), or after a C++20 template
 * parameter list ('[]<typename T> __device__ (T x) {}'; clang 22 cannot
 * parse that one: xlambda parses it again without the annotation). nvcc
 * 13.0 reports it at the lambda's body and ignores the annotation.
 *
 * The fix-it moves the annotation right after the capture list, on the
 * finding: the lambda then is what its author wrote (clang already reads
 * the annotation as the call operator's; nvcc rejected the file). It is
 * not offered where the lambda would then break another extended-lambda
 * rule that its header shows (a by-reference capture, 'constexpr', a
 * generic or init-capturing __host__ __device__ lambda).
 */
#include "rule_util.h"

/* 1 when l, annotated with `text` after the capture list, would be an
 * extended lambda that its header already makes ill-formed. */
static int would_break(const xl_facts *f, const xl_lambda *l,
                       const char *text) {
  int hd = strstr(text, "__host__") && strstr(text, "__device__");

  if (!strstr(text, "__device__") || (l->flags & XL_LAMBDA_DEVICE_CONTEXT))
    return 0; /* not an extended lambda even then */
  if (l->capture_default == '&' ||
      (l->flags & (XL_LAMBDA_CONSTEXPR | XL_LAMBDA_CONSTEVAL)) ||
      (hd && (l->flags & XL_LAMBDA_GENERIC)))
    return 1;
  XL_FOR_EACH_CAPTURE(f, l, c) {
    if ((c->flags & XL_CAPTURE_BYREF) || (hd && c->kind == XL_CAPTURE_INIT))
      return 1;
  }
  return 0;
}

/* Move the annotation: remove it (and the blanks before it) and write it
 * before the template head or the parameter list. */
static void move_annotation(xl_diag *d, const xl_facts *f,
                            const xl_lambda *l) {
  char text[80];

  if (!l->annot_text || !xl_loc_valid(l->annot_range.begin) ||
      !xl_loc_valid(l->annot_to) || !xl_loc_valid(l->intro.end) ||
      would_break(f, l, l->annot_text))
    return;
  if (l->annot_to.offset == l->intro.end.offset) /* '[]<' or '[](' */
    snprintf(text, sizeof(text), " %s ", l->annot_text);
  else
    snprintf(text, sizeof(text), "%s ", l->annot_text);
  xl_diag_add_fixit(d, xl_range_at(l->annot_to), text);
  xl_diag_add_fixit(d, l->annot_range, "");
}

void xl_check_lambda_operator_annotated(xl_rule_ctx *ctx, const xl_facts *f) {
  for (const xl_lambda *l = f->lambdas; l < f->lambdas + f->nlambdas; l++) {
    xl_diag *d;
    if (!(l->flags & XL_LAMBDA_OPERATOR_ANNOTATED) ||
        (l->flags & XL_LAMBDA_INSTANCE))
      continue;
    d = xl_report(ctx, l->body);
    xl_diag_add_note(d, xl_loc_valid(l->annot) ? l->annot : l->loc,
                     "annotation written here; write it right after the "
                     "capture list: '[...] __device__ <...> (...)'");
    move_annotation(d, f, l);
  }
}
