/*
 * builder.c: hand-built facts for the unit tests.
 */
#include <stdio.h>
#include <string.h>

#include "builder.h"

xl_loc tb_loc(unsigned line, unsigned col) {
  xl_loc l = xl_loc_none();

  l.file = 0;
  l.line = line;
  l.col = col;
  l.offset = line * 100 + col;
  return l;
}

xl_facts *tb_facts(void) {
  xl_facts *f = NULL;
  xl_id id;

  ck_assert_int_eq(xl_facts_new(&f, "t.cu"), XL_OK);
  ck_assert_int_eq(xl_facts_add_file(&id, f, "t.cu", XL_FILE_MAIN), XL_OK);
  ck_assert_uint_eq(id, 0);
  return f;
}

xl_id tb_lambda(xl_facts *f, unsigned line, xl_space space, char def) {
  xl_lambda *l;
  xl_id id;

  ck_assert_int_eq(xl_facts_add_lambda(&l, &id, f), XL_OK);
  l->loc = l->body = l->params_loc = tb_loc(line, 10);
  l->intro = xl_range_make(tb_loc(line, 10), tb_loc(line, 13));
  l->space = space;
  l->capture_default = def;
  if (def)
    l->default_range = xl_range_make(tb_loc(line, 11), tb_loc(line, 12));
  l->flags = XL_LAMBDA_EXTENDED;
  return id;
}

xl_capture *tb_capture(xl_facts *f, xl_id lid, xl_capture_kind kind,
                       uint32_t flags, const char *name, unsigned line,
                       unsigned col) {
  xl_capture *c;
  xl_id id;
  xl_lambda *l;

  ck_assert_int_eq(xl_facts_add_capture(&c, &id, f), XL_OK);
  c->kind = kind;
  c->flags = flags;
  c->name = xl_facts_strdup(f, name);
  c->loc = tb_loc(line, col);
  c->range = xl_range_make(tb_loc(line, col), tb_loc(line, col + 2));
  c->lambda = lid;
  l = &f->lambdas[lid];
  if (l->first_capture == XL_NONE)
    l->first_capture = id;
  l->ncaptures++;
  return c;
}

xl_id tb_type(xl_facts *f, xl_type_kind kind, const char *spelling,
              uint32_t flags, xl_id inner, uint32_t rank) {
  xl_type *t;
  xl_id id;

  ck_assert_int_eq(xl_facts_add_type(&t, &id, f), XL_OK);
  t->kind = kind;
  t->spelling = xl_facts_strdup(f, spelling);
  t->flags = flags;
  t->inner = inner;
  t->array_rank = rank;
  return id;
}

void tb_args(xl_facts *f, xl_id type, const xl_id *ids, uint32_t n) {
  f->types[type].args = xl_facts_ids(f, ids, n);
  f->types[type].nargs = n;
}

xl_id tb_func(xl_facts *f, const char *name, uint32_t flags, unsigned line) {
  xl_func *fn;
  xl_id id;

  ck_assert_int_eq(xl_facts_add_func(&fn, &id, f), XL_OK);
  fn->name = xl_facts_strdup(f, name);
  fn->flags = flags;
  fn->loc = tb_loc(line, 1);
  return id;
}

xl_use *tb_use(xl_facts *f, xl_use_kind kind, xl_id lambda, unsigned line,
               uint32_t flags) {
  xl_use *u;

  ck_assert_int_eq(xl_facts_add_use(&u, NULL, f), XL_OK);
  u->kind = kind;
  u->lambda = lambda;
  u->loc = tb_loc(line, 5);
  u->flags = flags;
  return u;
}

xl_diags *tb_run(const xl_facts *f, const char *rule) {
  xl_rule_config cfg;
  xl_diags *d = NULL;
  char globs[256];

  xl_rule_config_init(&cfg);
  snprintf(globs, sizeof(globs), "-*,%s", rule);
  ck_assert_int_eq(xl_rule_config_select(&cfg, globs, NULL), XL_OK);
  ck_assert_int_eq(xl_diags_new(&d), XL_OK);
  ck_assert_int_eq(xl_rules_run(d, f, &cfg), XL_OK);
  return d;
}

unsigned tb_count(const xl_diags *d, const char *rule, unsigned line) {
  unsigned n = 0;
  size_t i;

  for (i = 0; i < d->count; i++)
    if (strcmp(d->items[i]->rule_name, rule) == 0 &&
        (line == 0 || d->items[i]->loc.line == line))
      n++;
  return n;
}

static void same_loc(xl_dloc a, xl_dloc b) {
  ck_assert_str_eq(a.file, b.file);
  ck_assert_uint_eq(a.line, b.line);
  ck_assert_uint_eq(a.col, b.col);
  ck_assert_uint_eq(a.offset, b.offset);
  ck_assert_uint_eq(a.macro, b.macro);
}

static void same_fixits(const xl_fixit *a, size_t na, const xl_fixit *b,
                        size_t nb) {
  size_t i;

  ck_assert_uint_eq(na, nb);
  for (i = 0; i < na; i++) {
    same_loc(a[i].begin, b[i].begin);
    same_loc(a[i].end, b[i].end);
    ck_assert_str_eq(a[i].text, b[i].text);
  }
}

void tb_assert_same_diag(const xl_diag *a, const xl_diag *b) {
  size_t i;

  ck_assert_int_eq(a->rule, b->rule);
  ck_assert_str_eq(a->rule_name, b->rule_name);
  ck_assert_int_eq(a->severity, b->severity);
  ck_assert_uint_eq(a->flags, b->flags);
  same_loc(a->loc, b->loc);
  ck_assert_str_eq(a->message, b->message);
  ck_assert_uint_eq(a->nranges, b->nranges);
  for (i = 0; i < a->nranges; i++)
    same_loc(a->ranges[i], b->ranges[i]);
  same_fixits(a->fixits, a->nfixits, b->fixits, b->nfixits);
  ck_assert_uint_eq(a->nnotes, b->nnotes);
  for (i = 0; i < a->nnotes; i++) {
    same_loc(a->notes[i]->loc, b->notes[i]->loc);
    ck_assert_str_eq(a->notes[i]->message, b->notes[i]->message);
    ck_assert_int_eq(a->notes[i]->fix_dropped, b->notes[i]->fix_dropped);
    same_fixits(a->notes[i]->fixits, a->notes[i]->nfixits,
                b->notes[i]->fixits, b->notes[i]->nfixits);
  }
}

void tb_write_file(const char *path, const char *text) {
  FILE *f = fopen(path, "w");

  ck_assert_ptr_nonnull(f);
  fputs(text, f);
  fclose(f);
}
