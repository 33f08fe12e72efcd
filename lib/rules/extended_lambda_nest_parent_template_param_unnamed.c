/*
 * extended_lambda_nest_parent_template_param_unnamed: the class template
 * whose member function encloses an extended lambda has an unnamed template
 * parameter after a named one. nvcc 13.0's front end accepts it, but the
 * code it generates spells the class with the named parameters only
 * ('S<T>' for 'template <class T, int> struct S'), so the host compile fails
 * at the lambda ("wrong number of template arguments"), instantiated or not.
 * Measured shapes (issue 19, docs/rules/<id>.md):
 *   - first parameter unnamed ('template <typename> struct S'): nvcc writes
 *     the bare class name, which compiles whatever follows: not reported;
 *   - unnamed after named, without a default: fails at the definition;
 *   - unnamed after named, with a default ('typename = void'): 'S<T>'
 *     compiles and means the default, so only an instantiation with another
 *     argument fails ("could not convert template argument"): reported per
 *     instantiation whose name (clang's spelling, which leaves out trailing
 *     arguments equal to their defaults) writes more arguments than nvcc's
 *     'S<T>' does;
 *   - an unnamed pack after named ones: fails once an instantiation's pack
 *     is not empty: reported per instantiation (type packs).
 * Only the class directly enclosing the function matters. The fix-it names
 * the unnamed parameters of the class template (xl_unnamed_N, a name no
 * program uses), on the finding: it keeps the meaning. For a pack the note
 * of the instantiation names it.
 *
 * Detector: lib/frontend/scope.c (record_flags(): XL_RECORD_TEMPLATE,
 *   XL_RECORD_SPECIALIZATION; record_templates(): tparams, targs, pattern;
 *   add_tparam(), tparam_token_flags(): name, XL_TPARAM_PACK,
 *   XL_TPARAM_DEFAULT, XL_TPARAM_TYPE; tparam_name_at(): name_at)
 */
#include "inst.h"
#include "rule_util.h"

/* The 1-based position of the first unnamed parameter after a named first
 * one that is a pack (want_pack) or has neither a default nor a pack. */
static uint32_t unnamed_after_named(const xl_facts *f, const xl_record *r,
                                    int want_pack) {
  uint32_t i;

  if (r->ntparams < 2 || r->first_tparam == XL_NONE ||
      !f->tparams[r->first_tparam].name)
    return 0;
  for (i = 1; i < r->ntparams; i++) {
    const xl_tparam *tp = &f->tparams[r->first_tparam + i];
    int pack = (tp->flags & XL_TPARAM_PACK) != 0;
    if (tp->name)
      continue;
    if (want_pack ? pack : !pack && !(tp->flags & XL_TPARAM_DEFAULT))
      return i + 1;
  }
  return 0;
}

static void name_it(xl_diag *d, const xl_facts *f, const xl_record *r,
                    uint32_t pos) {
  const xl_tparam *tp = &f->tparams[r->first_tparam + pos - 1];
  char text[32];
  xl_note *n;

  n = xl_diag_add_note(d, tp->loc,
                       "template parameter %u is unnamed; give it a name", pos);
  snprintf(text, sizeof(text), " Unnamed%u", pos);
  xl_note_add_fixit(n, xl_range_at(tp->loc), text);
}

/* An unnamed type pack after named parameters, non-empty in the
 * specialization r: its type arguments outnumber the other parameters. */
static int pack_filled(const xl_facts *f, const xl_record *r, uint32_t pos) {
  const xl_tparam *tp = &f->tparams[r->first_tparam + pos - 1];
  uint32_t i, types = 0;

  if (!(tp->flags & XL_TPARAM_TYPE) || pos != r->ntparams)
    return 0;
  for (i = 0; i + 1 < r->ntparams; i++)
    types += (f->tparams[r->first_tparam + i].flags & XL_TPARAM_TYPE) != 0;
  return r->ntargs > types;
}

/* The number of template arguments written in the last '<...>' of a
 * specialization's name ('S<int, float>': 2; 'S<int>': 1), -1 if none. */
static int written_targs(const char *name) {
  const char *p, *open = NULL;
  int depth = 0, paren = 0, commas = 0, any = 0;

  for (p = name; *p; p++)
    if (*p == '<' && depth++ == 0)
      open = p;
    else if (*p == '>' && depth > 0)
      depth--;
  if (!open)
    return -1;
  depth = 0;
  for (p = open + 1; *p; p++) {
    if (*p == '(' || *p == '[')
      paren++;
    else if ((*p == ')' || *p == ']') && paren > 0)
      paren--;
    else if (!paren && *p == '<')
      depth++;
    else if (!paren && *p == '>' && depth-- == 0)
      break;
    else if (!paren && !depth && *p == ',')
      commas++;
    if (*p != ' ')
      any = 1;
  }
  return any ? commas + 1 : 0;
}

/* The 1-based position of the first unnamed parameter after a named first
 * one when it has a default (and no parameter needs a report of its own),
 * in the specialization r whose name writes an argument there or past it:
 * nvcc's 'S<T>' then means other arguments than r's. 0 otherwise. */
static uint32_t default_overridden(const xl_facts *f, const xl_record *r) {
  uint32_t i;

  if (r->ntparams < 2 || r->first_tparam == XL_NONE ||
      !f->tparams[r->first_tparam].name || unnamed_after_named(f, r, 0) ||
      unnamed_after_named(f, r, 1) || !r->name)
    return 0;
  for (i = 1; i < r->ntparams; i++)
    if (!f->tparams[r->first_tparam + i].name)
      break;
  if (i == r->ntparams ||
      !(f->tparams[r->first_tparam + i].flags & XL_TPARAM_DEFAULT))
    return 0;
  return written_targs(r->name) > (int)i ? i + 1 : 0;
}

static void check_packs(xl_rule_ctx *ctx, const xl_facts *f) {
  xl_causes seen = XL_CAUSES_INIT;

  XL_FOR_EACH_CONCRETE_EXTENDED_LAMBDA(f, l) {
    const xl_func *fn = xl_lambda_func(f, l);
    const xl_record *r = fn ? xl_facts_record(f, fn->record) : NULL;
    const xl_record *pat;
    uint32_t pos, dflt;
    uint64_t key;
    xl_diag *d;
    if (!r || !(r->flags & XL_RECORD_SPECIALIZATION))
      continue;
    pos = unnamed_after_named(f, r, 1);
    dflt = pos ? 0 : default_overridden(f, r);
    key = xl_cause_key(xl_lambda_cause(f, xl_lambda_id(f, l)), 0, 0);
    if ((!dflt && (!pos || !pack_filled(f, r, pos))) ||
        !xl_cause_new(&seen, f, key, l->func))
      continue;
    pat = r->pattern != XL_NONE ? xl_facts_record(f, r->pattern) : r;
    d = xl_report_extended_lambda_nest_parent_template_param_unnamed(
        ctx, l->loc, xl_lambda_space(l), pat ? pat->name : r->name,
        dflt ? dflt : pos);
    if (dflt) {
      xl_diag_add_note(d, f->tparams[r->first_tparam + dflt - 1].loc,
                       "template parameter %u is unnamed; give it a name",
                       dflt);
      xl_fix_name_tparams(d, f, r->first_tparam, r->ntparams);
    } else
      name_it(d, f, r, pos);
    xl_note_instantiations(d, f, l->func, 0);
    xl_cause_put(&seen, key, d);
  }
  xl_causes_free(&seen);
}

void xl_check_extended_lambda_nest_parent_template_param_unnamed(
    xl_rule_ctx *ctx, const xl_facts *f) {
  XL_FOR_EACH_EXTENDED_LAMBDA(f, l) {
    const xl_func *fn = xl_lambda_func(f, l);
    const xl_record *r = fn ? xl_facts_record(f, fn->record) : NULL;
    uint32_t pos;
    xl_diag *d;
    if (!r || !(r->flags & XL_RECORD_TEMPLATE))
      continue;
    pos = unnamed_after_named(f, r, 0);
    if (!pos)
      continue;
    d = xl_report_extended_lambda_nest_parent_template_param_unnamed(
        ctx, l->loc, xl_lambda_space(l), r->name, pos);
    xl_diag_add_note(d, f->tparams[r->first_tparam + pos - 1].loc,
                     "template parameter %u is unnamed; give it a name", pos);
    xl_fix_name_tparams(d, f, r->first_tparam, r->ntparams);
  }
  check_packs(ctx, f);
}
