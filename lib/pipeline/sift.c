/*
 * sift.c: the rules over the facts, and the one filter after them (see
 * pipeline.h).
 */
#include "pipeline/pipeline.h"
#include "rules/registry.h"

int xl_pipeline_rules(xl_diags *out, const xl_facts *facts,
                      const xl_rule_config *rules) {
  int rc = xl_rules_run(out, facts, rules);

  if (rc < 0)
    return rc;
  xl_diags_sort_unique(out);
  xl_diags_take_hashes(out, facts);
  return XL_OK;
}

/* XL_DIAG_BY_* for how d is suppressed, else 0. */
static unsigned suppressed_by(xl_supp_files *texts, const xl_sift_in *in,
                              const xl_diag *d) {
  switch (xl_supp_files_match(texts, in->diag_suppress, d)) {
  case XL_SUPPRESSED_NOLINT:
    return XL_DIAG_BY_NOLINT;
  case XL_SUPPRESSED_PRAGMA:
    return XL_DIAG_BY_PRAGMA;
  case XL_SUPPRESSED_FLAG:
    return XL_DIAG_BY_FLAG;
  default:
    return 0;
  }
}

/* A copy of d with `flags` added in `to` (NULL: dropped). XL_OK, XL_ENOMEM. */
static int put(xl_diags *to, const xl_diag *d, unsigned flags) {
  xl_diag *c;

  if (!to)
    return XL_OK;
  c = xl_diags_copy(to, d);
  if (!c)
    return XL_ENOMEM;
  c->flags |= flags;
  return XL_OK;
}

/* XL_DIAG_BY_* for why d is hidden, else 0. */
static unsigned hidden_by(const xl_sift_in *in, const xl_diag *d) {
  unsigned by =
      in->profile ? xl_profile_hides(in->profile, d, in->main_file, in->facts)
                  : 0;

  if (!by && in->lines &&
      !xl_linefilter_covers(in->lines, d->loc.file, d->loc.line))
    by = XL_DIAG_BY_LINES;
  return by;
}

/* Unmatched NOLINTBEGIN/END count on the lines --diff keeps. */
static int line_kept(void *ctx, const char *file, unsigned line) {
  const xl_linefilter *lines = ctx;

  return !lines || xl_linefilter_covers(lines, file, line);
}

/* The loop over the findings, with the files' suppressions in texts. */
static int sift(const xl_sift_out *out, const xl_sift_in *in,
                xl_supp_files *texts) {
  size_t i;
  int rc = XL_OK, n = 0;

  for (i = 0; rc == XL_OK && i < in->diags->count; i++) {
    const xl_diag *d = in->diags->items[i];
    unsigned by = hidden_by(in, d);
    if (by) {
      rc = put(out->hidden, d, by);
      continue;
    }
    by = suppressed_by(texts, in, d);
    n += by != 0;
    rc = put(by ? out->suppressed : out->kept, d, by);
  }
  if (rc == XL_OK)
    rc = xl_supp_files_errors(texts, out->kept, line_kept,
                              (void *)in->lines);
  return rc < 0 ? rc : n;
}

int xl_pipeline_sift(const xl_sift_out *out, const xl_sift_in *in,
                     xl_error *err) {
  xl_supp_files *own = NULL, *texts = in->texts;
  int rc = XL_OK;

  if (!texts) {
    rc = xl_supp_files_new(&own);
    texts = own;
  }
  /* the main file's unmatched NOLINTBEGIN/END count even without findings */
  if (rc == XL_OK)
    rc = xl_supp_files_read(texts, in->main_file);
  if (rc == XL_OK)
    rc = sift(out, in, texts);
  xl_supp_files_free(own);
  if (rc < 0)
    xl_error_set(err, rc, "out of memory");
  return rc;
}
