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
 * the annotation as the call operator's; nvcc rejected the file). Where the
 * lambda would then break another extended-lambda rule that its header
 * shows, a note offers the move with the change that avoids it when there
 * is one: a capture default '&' becomes a copy (its variables are never
 * written), a generic '__host__ __device__' lambda becomes '__device__'.
 * By-reference explicit captures, 'constexpr' and init-captures of a
 * '__host__ __device__' lambda get no fix.
 *
 * Detector: lib/frontend/scope.c (read_declarator():
 *   XL_LAMBDA_OPERATOR_ANNOTATED after the parameter list),
 *   lib/frontend/recover.c (xl_fe_recover(): the annotation clang cannot parse,
 *   blanked), lib/frontend/annot.c (xl_fe_annotation_blanked():
 *   XL_LAMBDA_OPERATOR_ANNOTATED for those; xl_fe_annotation_read():
 *   annot_range, annot_text, annot_to)
 */
#include "rule_util.h"

#include "capfix.h"

/* What would make l, annotated with `text` after the capture list, an
 * extended lambda that its header already makes ill-formed. */
#define BREAK_REF_DEFAULT (1u << 0) /* the capture default '&' */
#define BREAK_HD_GENERIC (1u << 1)  /* a generic __host__ __device__ lambda */
#define BREAK_OTHER (1u << 2)       /* by-reference or init-captures, constexpr */

static unsigned would_break(const xl_facts *f, const xl_lambda *l,
                            const char *text) {
  int hd = strstr(text, "__host__") && strstr(text, "__device__");
  unsigned why = 0;

  if (!strstr(text, "__device__") || (l->flags & XL_LAMBDA_DEVICE_CONTEXT))
    return 0; /* not an extended lambda even then */
  if (l->capture_default == '&')
    why |= BREAK_REF_DEFAULT;
  if (l->flags & (XL_LAMBDA_CONSTEXPR | XL_LAMBDA_CONSTEVAL))
    why |= BREAK_OTHER;
  if (hd && (l->flags & XL_LAMBDA_GENERIC))
    why |= BREAK_HD_GENERIC;
  XL_FOR_EACH_CAPTURE(f, l, c) {
    if ((c->flags & XL_CAPTURE_EXPLICIT) && (c->flags & XL_CAPTURE_BYREF))
      why |= BREAK_OTHER;
    if (hd && c->kind == XL_CAPTURE_INIT)
      why |= BREAK_OTHER;
  }
  return why;
}

/* Move the annotation, written as `text`: remove it (and the blanks before
 * it) and write it before the template head or the parameter list; on the
 * note n, else on the finding d. */
static void move_annotation(xl_diag *d, xl_note *n, const xl_lambda *l,
                            const char *text) {
  char buf[80];

  if (l->annot_to.offset == l->intro.end.offset) /* '[]<' or '[](' */
    snprintf(buf, sizeof(buf), " %s ", text);
  else
    snprintf(buf, sizeof(buf), "%s ", text);
  if (n) {
    xl_note_add_fixit(n, xl_range_at(l->annot_to), buf);
    xl_note_add_fixit(n, l->annot_range, "");
  } else {
    xl_diag_add_fixit(d, xl_range_at(l->annot_to), buf);
    xl_diag_add_fixit(d, l->annot_range, "");
  }
}

/* 1 when every implicit by-reference capture of l may become a copy that
 * compiles: checked, never written (a copy is const), never aliased. */
static int copies_compile(const xl_facts *f, const xl_lambda *l) {
  XL_FOR_EACH_CAPTURE(f, l, c) {
    if (c->kind == XL_CAPTURE_VAR && (c->flags & XL_CAPTURE_BYREF) &&
        (!(c->flags & XL_CAPTURE_COPY_CHECKED) ||
         (c->flags & (XL_CAPTURE_WRITTEN | XL_CAPTURE_ALIASED))))
      return 0;
  }
  return 1;
}

/* The move where it keeps the lambda well-formed: on the finding when that
 * is all it takes, on a note when the lambda must change too (capture by
 * copy; drop '__host__' from a generic lambda). */
static void offer_move(xl_diag *d, const xl_facts *f, const xl_lambda *l) {
  const char *text = l->annot_text;
  unsigned why;
  xl_note *n;

  if (!text || !xl_loc_valid(l->annot_range.begin) ||
      !xl_loc_valid(l->annot_to) || !xl_loc_valid(l->intro.end))
    return;
  why = would_break(f, l, text);
  if (why == 0) {
    move_annotation(d, NULL, l, text);
  } else if (why == BREAK_HD_GENERIC && (strcmp(text, "__host__ __device__") == 0 ||
                                         strcmp(text, "__device__ __host__") == 0)) {
    n = xl_diag_add_note(d, l->annot_to,
                         "or write '__device__' there: a generic lambda is "
                         "extended only as '__device__', and host code can "
                         "then no longer call it");
    move_annotation(d, n, l, "__device__");
  } else if (why == BREAK_REF_DEFAULT && copies_compile(f, l)) {
    n = xl_diag_add_note(d, l->annot_to,
                         "or move it and capture by copy: the lambda then "
                         "reads copies made when it is created");
    if (xl_capfix_default_to_copy(n, f, l))
      move_annotation(d, n, l, text);
  }
}

void xl_check_lambda_operator_annotated(xl_rule_ctx *ctx, const xl_facts *f) {
  for (const xl_lambda *l = f->lambdas; l < f->lambdas + f->nlambdas; l++) {
    xl_diag *d;
    if (!(l->flags & XL_LAMBDA_OPERATOR_ANNOTATED) ||
        (l->flags & XL_LAMBDA_INSTANCE))
      continue;
    d = xl_report_lambda_operator_annotated(ctx, l->body);
    xl_diag_add_note(d, xl_loc_valid(l->annot) ? l->annot : l->loc,
                     "annotation written here; write it right after the "
                     "capture list: '[...] __device__ <...> (...)'");
    offer_move(d, f, l);
  }
}
