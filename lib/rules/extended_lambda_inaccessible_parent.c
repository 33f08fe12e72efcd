/*
 * extended_lambda_inaccessible_parent: the function enclosing an extended
 * lambda is a private or protected member function. nvcc 13.0 reports it at
 * the lambda's parameter list; the note points at the access specifier
 * (nvcc needs the function to be public). Its fix-it makes the function
 * public ('public:' before its first declaration in the class, the former
 * access after it): on the note, as it widens the class's interface.
 *
 * Detector: lib/frontend/walk.c (access_flags(): XL_FUNC_PRIVATE,
 *   XL_FUNC_PROTECTED), lib/frontend/scope.c (xl_fe_func_scope(): access),
 *   lib/frontend/widen.c (xl_fe_widen(): widen)
 */
#include "rule_util.h"

/* The note's tail into buf (set to "") when fn can be made public. */
static const char *widen_text(char *buf, size_t n, const xl_func *fn,
                              const xl_record *r) {
  buf[0] = '\0';
  if (xl_widen_valid(fn->widen) && r)
    snprintf(buf, n, "; make it public (widens the interface of '%s')",
             r->name);
  return buf;
}

void xl_check_extended_lambda_inaccessible_parent(xl_rule_ctx *ctx,
                                                  const xl_facts *f) {
  XL_FOR_EACH_EXTENDED_LAMBDA(f, l) {
    const xl_func *fn = xl_lambda_func(f, l);
    const xl_record *r;
    const char *word;
    xl_diag *d;
    xl_note *n = NULL;
    char tail[256];
    if (!fn || !(fn->flags & (XL_FUNC_PRIVATE | XL_FUNC_PROTECTED)))
      continue;
    word = (fn->flags & XL_FUNC_PRIVATE) ? "private" : "protected";
    d = xl_report_extended_lambda_inaccessible_parent(
        ctx, l->params_loc, xl_lambda_space(l), fn->name, word);
    r = xl_facts_record(f, fn->record);
    widen_text(tail, sizeof(tail), fn, r);
    if (xl_loc_valid(fn->access))
      n = xl_diag_add_note(d, fn->access,
                           "'%s' is %s because of this access specifier; "
                           "nvcc needs the enclosing function to be "
                           "public%s", fn->name, word, tail);
    else if (r)
      n = xl_diag_add_note(d, r->loc,
                           "members of '%s' are private by default; nvcc "
                           "needs the enclosing function to be public%s",
                           r->name, tail);
    if (*tail)
      xl_note_add_widen(n, fn->widen, word);
  }
}
