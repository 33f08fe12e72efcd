/*
 * capfix.c: capture-list edits shared by the capture rules (capfix.h).
 */
#include "capfix.h"

xl_range xl_capfix_drop(const xl_facts *f, const xl_lambda *l,
                        const xl_capture *c) {
  xl_range r = xl_range_make(xl_loc_none(), c->range.end);
  uint32_t best = 0;

  if ((l->flags & XL_LAMBDA_MACRO) || !xl_loc_valid(c->range.begin))
    return r;
  if (l->capture_default && xl_loc_valid(l->default_range.end) &&
      l->default_range.end.offset <= c->range.begin.offset) {
    r.begin = l->default_range.end;
    best = r.begin.offset;
  }
  XL_FOR_EACH_CAPTURE(f, l, x) {
    if (x == c || !(x->flags & XL_CAPTURE_EXPLICIT) ||
        !xl_loc_valid(x->range.end) ||
        x->range.end.offset > c->range.begin.offset ||
        x->range.end.offset < best)
      continue;
    r.begin = x->range.end;
    best = r.begin.offset;
  }
  return r;
}

int xl_capfix_copy_safe(const xl_lambda *l, const xl_capture *c) {
  uint32_t need = XL_CAPTURE_COPY_CHECKED | XL_CAPTURE_BYREF;

  return c->kind == XL_CAPTURE_VAR && !(l->flags & XL_LAMBDA_MUTABLE) &&
         (c->flags & need) == need &&
         !(c->flags & (XL_CAPTURE_WRITTEN | XL_CAPTURE_ALIASED));
}

const char *xl_capfix_copy_risk(const xl_lambda *l, const xl_capture *c) {
  if (l->flags & XL_LAMBDA_MUTABLE)
    return "the lambda's writes then change its own copy only";
  if (c->kind == XL_CAPTURE_INIT)
    return "the lambda then works on a copy of the initializer's value, "
           "made where it is created";
  if (c->flags & XL_CAPTURE_WRITTEN)
    return "the lambda then sees the value the variable has where the "
           "lambda is created, not the writes after that";
  if (c->flags & XL_CAPTURE_ALIASED)
    return "the lambda then sees the value the variable has where the "
           "lambda is created, not changes made through its address or a "
           "reference to it";
  return "the lambda then works on a copy made where it is created";
}

const xl_capture *xl_capfix_implicit_this(const xl_facts *f,
                                          const xl_lambda *l) {
  XL_FOR_EACH_CAPTURE(f, l, c) {
    if (c->kind == XL_CAPTURE_THIS && !(c->flags & XL_CAPTURE_EXPLICIT))
      return c;
  }
  return NULL;
}

int xl_capfix_star_this_ok(const xl_facts *f, const xl_lambda *l) {
  const xl_capture *t = xl_capfix_implicit_this(f, l);
  xl_id cls;

  if (f->cxx_std < 17 || !t || t->type >= f->ntypes)
    return 0;
  cls = f->types[t->type].inner;
  if (cls == XL_NONE)
    return 0;
  for (uint32_t i = 0; i < f->nfields; i++)
    if (f->fields[i].owner == cls &&
        (f->fields[i].flags & XL_FIELD_HOST_ONLY))
      return 0;
  return 1;
}

/* The list holds an item that cannot stay next to the default '='. */
static int keeps_explicit(const xl_facts *f, const xl_lambda *l) {
  XL_FOR_EACH_CAPTURE(f, l, c) {
    if ((c->flags & XL_CAPTURE_EXPLICIT) &&
        (c->kind == XL_CAPTURE_THIS || (c->flags & XL_CAPTURE_PACK)))
      return 1;
  }
  return 0;
}

int xl_capfix_default_to_copy(xl_note *n, const xl_facts *f,
                              const xl_lambda *l) {
  const char *text = "=";

  if (l->capture_default != '&' || !xl_loc_valid(l->default_range.begin) ||
      keeps_explicit(f, l))
    return 0;
  if (l->ncaptures == 0 && !(l->flags & XL_LAMBDA_DEPENDENT)) {
    xl_note_add_fixit(n, l->default_range, "");
    return 1;
  }
  if (xl_capfix_implicit_this(f, l)) {
    if (!xl_capfix_star_this_ok(f, l))
      return 0;
    text = "=, *this";
  }
  xl_note_add_fixit(n, l->default_range, text);
  XL_FOR_EACH_CAPTURE(f, l, c) {
    xl_range r;
    if (!(c->flags & XL_CAPTURE_EXPLICIT) || (c->flags & XL_CAPTURE_BYREF) ||
        c->kind != XL_CAPTURE_VAR)
      continue;
    r = xl_capfix_drop(f, l, c);
    if (xl_loc_valid(r.begin))
      xl_note_add_fixit(n, r, "");
  }
  return 1;
}

void xl_capfix_rename_uses(xl_note *n, const xl_capture *c, const char *name) {
  size_t len = strlen(c->name);

  if (name == c->name)
    return;
  for (uint32_t i = 0; i < c->nuses; i++) {
    xl_loc e = c->uses[i];
    e.col += (uint32_t)len;
    e.offset += (uint32_t)len;
    xl_note_add_fixit(n, xl_range_make(c->uses[i], e), name);
  }
}
