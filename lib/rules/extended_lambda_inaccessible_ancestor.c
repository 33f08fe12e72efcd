/*
 * extended_lambda_inaccessible_ancestor: an extended lambda is defined in a
 * member function of a class that is a private or protected member of
 * another class (at any depth). nvcc 13.0 reports it at the lambda's
 * parameter list, naming the innermost such class. The fix-it makes that
 * class and every private or protected class around it public ('public:'
 * before each one's first declaration in its outer class, the former access
 * after it): on the note, as it widens the outer classes' interfaces.
 *
 * Detector: lib/frontend/scope.c (xl_fe_record(), record_flags():
 *   XL_RECORD_PRIVATE, XL_RECORD_PROTECTED, access), lib/frontend/widen.c
 *   (xl_fe_widen(): widen)
 */
#include "rule_util.h"

#define ACCESS (XL_RECORD_PRIVATE | XL_RECORD_PROTECTED)

/*
 * The note's tail into buf when r and every private or protected class
 * around it can be made public (one fix, so that no outer class is left to
 * report); "" otherwise.
 */
static const char *widen_text(char *buf, size_t n, const xl_facts *f,
                              const xl_record *r) {
  const xl_record *outer = xl_facts_record(f, r->parent), *p;
  unsigned more = 0, depth;

  buf[0] = '\0';
  for (p = r, depth = 0; p && depth < 32; p = xl_facts_record(f, p->parent)) {
    if ((p->flags & ACCESS) && !xl_widen_valid(p->widen))
      return buf;
    more += p != r && (p->flags & ACCESS);
    depth++;
  }
  if (outer)
    snprintf(buf, n, "; make it %spublic (widens the interface of '%s')",
             more ? "and the classes around it " : "", outer->name);
  return buf;
}

/* The edits of widen_text's fix: each private or protected class from r
 * outwards made public. */
static void add_widen(xl_note *n, const xl_facts *f, const xl_record *r) {
  unsigned depth;

  for (depth = 0; r && depth < 32; r = xl_facts_record(f, r->parent)) {
    if (r->flags & ACCESS)
      xl_note_add_widen(n, r->widen, (r->flags & XL_RECORD_PRIVATE)
                                         ? "private"
                                         : "protected");
    depth++;
  }
}

void xl_check_extended_lambda_inaccessible_ancestor(xl_rule_ctx *ctx,
                                                    const xl_facts *f) {
  XL_FOR_EACH_EXTENDED_LAMBDA(f, l) {
    const xl_func *fn = xl_lambda_func(f, l);
    const xl_record *r = fn ? xl_facts_record(f, fn->record) : NULL;
    const char *word;
    xl_diag *d;
    xl_note *n;
    char tail[256];
    unsigned depth;
    for (depth = 0; r && depth < 32; depth++) {
      if (r->flags & ACCESS)
        break;
      r = xl_facts_record(f, r->parent);
    }
    if (!r || depth == 32)
      continue;
    word = (r->flags & XL_RECORD_PRIVATE) ? "private" : "protected";
    d = xl_report_extended_lambda_inaccessible_ancestor(
        ctx, l->params_loc, xl_lambda_space(l), r->name, word);
    n = xl_diag_add_note(d, xl_loc_valid(r->access) ? r->access : r->loc,
                         "'%s' is %s %s; nvcc needs every enclosing class to "
                         "be public%s", r->name, word,
                         xl_loc_valid(r->access) ? "because of this access "
                                                   "specifier"
                                                 : "by default",
                         widen_text(tail, sizeof(tail), f, r));
    if (*tail)
      add_widen(n, f, r);
  }
}
