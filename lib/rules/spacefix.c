/*
 * spacefix.c: '__device__' → '__host__ __device__' on an extended lambda
 * whose host placeholder lacks what host code asks of it (see spacefix.h).
 * The edit changes meaning (the lambda gains a host call operator), so it
 * always sits on a note.
 */
#include "spacefix.h"

static int has_init_capture(const xl_facts *f, const xl_lambda *l) {
  XL_FOR_EACH_CAPTURE(f, l, c) {
    if (c->kind == XL_CAPTURE_INIT)
      return 1;
  }
  return 0;
}

int xl_spacefix_can_add_host(const xl_facts *f, const xl_lambda *l) {
  if (l->space != XL_SPACE_DEVICE || !xl_is_extended(l) ||
      (l->flags & (XL_LAMBDA_GENERIC | XL_LAMBDA_MACRO |
                   XL_LAMBDA_OPERATOR_ANNOTATED | XL_LAMBDA_DEVICE_REFS)))
    return 0;
  if (!xl_loc_valid(l->device_annot.begin) ||
      xl_loc_valid(l->host_annot.begin))
    return 0;
  return !has_init_capture(f, l);
}

xl_note *xl_spacefix_add_host(xl_diag *d, const xl_facts *f,
                              const xl_lambda *l, const char *what) {
  xl_note *n;

  if (!xl_spacefix_can_add_host(f, l))
    return NULL;
  n = xl_diag_add_note(d, l->device_annot.begin,
                       "annotate the lambda '__host__ __device__' so that %s; "
                       "its body then compiles for the host too",
                       what);
  xl_note_add_fixit(n, xl_range_at(l->device_annot.begin), "__host__ ");
  return n;
}
