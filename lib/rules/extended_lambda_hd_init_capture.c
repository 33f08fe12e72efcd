/*
 * extended_lambda_hd_init_capture: an init-capture in an extended
 * __host__ __device__ lambda. The note offers to hoist the initializer into a
 * local declared before the statement and to capture that local by copy,
 * when the name is free and the initializer does not move.
 *
 * Detector: lib/frontend/capture.c (fill_explicit(): XL_CAPTURE_INIT, init,
 *   init_text; fresh_name(): XL_CAPTURE_NAME_FRESH; plan_rename(): rename,
 *   uses), lib/frontend/lambda.c (read_stmt(): stmt, stmt_indent)
 */
#include <string.h>

#include "capfix.h"

/* The initializer moves (or forwards) its value: a hoisted local captured
 * by copy would copy it instead. */
static int moves(const char *init) {
  return strstr(init, "move(") != NULL || strstr(init, "forward<") != NULL ||
         strstr(init, "forward(") != NULL;
}

/*
 * The hoisting fix-it: 'auto x = e;' before the statement, '[x]' in the
 * list. When the name occurs elsewhere in the function (the declaration
 * would clash with or hide it, or be in its own initializer, as in
 * '[n = n * 2]'), the local takes the fresh name the frontend found
 * ('n_1') and the body's uses follow; with no such name (or a use it could
 * not find) no fix is offered (issue 18). Nor when the initializer moves.
 */
static void add_hoist(xl_diag *d, const xl_facts *f, const xl_lambda *l,
                      const xl_capture *c) {
  char decl[1024];
  const char *init = c->init_text, *name;
  xl_note *n;
  (void)f;

  if (!xl_loc_valid(l->stmt) || !xl_loc_valid(c->init.begin) ||
      (c->flags & (XL_CAPTURE_PACK | XL_CAPTURE_BYREF)))
    return;
  if (!init || strlen(init) > 900)
    return;
  if (moves(init)) {
    xl_diag_add_note(d, c->init.begin,
                     "the initializer moves its value; a local captured by "
                     "copy would copy it instead");
    return;
  }
  if (!(c->flags & XL_CAPTURE_NAME_FRESH) && !c->rename) {
    xl_diag_add_note(d, l->stmt,
                     "declare a local before the statement and capture it by "
                     "copy; '%s' already names something there, so give the "
                     "local a new name and use it in the body",
                     c->name);
    return;
  }
  name = (c->flags & XL_CAPTURE_NAME_FRESH) ? c->name : c->rename;
  snprintf(decl, sizeof(decl), "auto %s%s%s;%s%s", name,
           (init[0] == '{' || init[0] == '(') ? "" : " = ", init,
           l->stmt_indent ? "\n" : " ", l->stmt_indent ? l->stmt_indent : "");
  if (name == c->name)
    n = xl_diag_add_note(d, l->stmt,
                         "declare '%s' before the statement and capture it by "
                         "copy",
                         name);
  else
    n = xl_diag_add_note(d, l->stmt,
                         "declare '%s' before the statement, capture it by "
                         "copy and use it in the body ('%s' already names "
                         "something there)",
                         name, c->name);
  xl_note_add_fixit(n, xl_range_at(l->stmt), decl);
  xl_note_add_fixit(n, c->range, name);
  xl_capfix_rename_uses(n, c, name);
}

void xl_check_extended_lambda_hd_init_capture(xl_rule_ctx *ctx,
                                              const xl_facts *f) {
  XL_FOR_EACH_EXTENDED_LAMBDA(f, l) {
    if (l->space != XL_SPACE_HOST_DEVICE)
      continue;
    XL_FOR_EACH_CAPTURE(f, l, c) {
      xl_diag *d;
      if (c->kind != XL_CAPTURE_INIT)
        continue;
      d = xl_report_extended_lambda_hd_init_capture(ctx, c->loc, c->name);
      xl_diag_add_range(d, c->range);
      add_hoist(d, f, l, c);
    }
  }
}
