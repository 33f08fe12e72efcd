/*
 * extended_lambda_too_many_captures: nvcc's message says 1023 captures, but
 * nvcc 13.0 already rejects 1023 (and then crashes), so the usable limit is
 * 1022.
 *
 * Detector: lib/frontend/capture.c (xl_fe_lambda_end(): the captures,
 *   ncaptures)
 */
#include "rule_util.h"

#define XL_MAX_CAPTURES 1022u

void xl_check_extended_lambda_too_many_captures(xl_rule_ctx *ctx,
                                                const xl_facts *f) {
  XL_FOR_EACH_EXTENDED_LAMBDA(f, l) {
    xl_diag *d;
    if (l->ncaptures <= XL_MAX_CAPTURES)
      continue;
    d = xl_report_extended_lambda_too_many_captures(
        ctx, l->loc, xl_lambda_space(l), l->ncaptures);
    xl_diag_add_note(d, l->loc,
                     "gather the captured values in a struct and capture "
                     "that instead");
  }
}
