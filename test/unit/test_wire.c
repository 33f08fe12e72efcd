/*
 * test_wire.c: the encoding of diagnostic lists that worker processes send
 * back (lib/core/wire.c): a round trip keeps every field, and a truncated
 * or corrupted message is refused.
 */
#include <stdlib.h>
#include <string.h>

#include "builder.h"
#include "core/wire.h"
#include "xlambda/rules.h"

static xl_dloc at(xl_diags *l, const char *file, unsigned line, unsigned col,
                  unsigned offset) {
  xl_dloc d;

  memset(&d, 0, sizeof(d));
  d.file = xl_diags_intern(l, file);
  d.line = line;
  d.col = col;
  d.offset = offset;
  return d;
}

/* Two findings: a rule's (ranges, a fix-it, a note with a fix-it, flags)
 * and clang's (rule -1, a macro location); two files, one with a hash. */
static xl_diags *sample(void) {
  xl_diags *l = NULL;
  xl_diag *d;
  xl_note *n;
  xl_dloc m;
  int rule = xl_rule_find("extended_lambda_reference_capture");

  ck_assert_int_eq(xl_diags_new(&l), XL_OK);
  ck_assert_int_ge(rule, 0);
  d = xl_diags_add(l, rule, xl_rule_name((size_t)rule), XL_SEV_ERROR,
                   at(l, "/src/a.cu", 3, 14, 40), "cannot capture 'a'");
  ck_assert_ptr_nonnull(d);
  d->flags = XL_DIAG_AS_ERROR | XL_DIAG_FIX_DROPPED;
  d->ranges = calloc(2, sizeof(*d->ranges));
  d->ranges[0] = at(l, "/src/a.cu", 3, 14, 40);
  d->ranges[1] = at(l, "/src/a.cu", 3, 16, 42);
  d->nranges = d->cap_ranges = 2;
  xl_diag_add_edit(d, at(l, "/src/a.cu", 3, 15, 41),
                   at(l, "/src/a.cu", 3, 16, 42), "=");
  n = xl_diag_add_dnote(d, at(l, "/src/inc/h.cuh", 7, 1, 99), "declared here");
  ck_assert_ptr_nonnull(n);
  n->fixits = calloc(1, sizeof(*n->fixits));
  n->fixits[0].begin = at(l, "/src/inc/h.cuh", 7, 1, 99);
  n->fixits[0].end = at(l, "/src/inc/h.cuh", 7, 1, 99);
  n->fixits[0].text = "auto y = 1;\n";
  n->nfixits = n->cap_fixits = 1;
  m = at(l, "/src/a.cu", 9, 2, 120);
  m.macro = 1;
  d = xl_diags_add(l, -1, "clang-diagnostic-error", XL_SEV_ERROR, m,
                   "expected ';'");
  ck_assert_ptr_nonnull(d);
  d->flags = XL_DIAG_CLANG;
  xl_diags_set_hash(l, "/src/a.cu", 0x0123456789abcdefULL);
  return l;
}

START_TEST(a_round_trip_keeps_every_field) {
  xl_diags *l = sample(), *back = NULL;
  xl_buf b = XL_BUF_INIT;
  xl_wire_in in;
  size_t i;

  ck_assert_int_eq(xl_diags_encode(&b, l), XL_OK);
  in.p = b.data;
  in.end = b.data + b.len;
  in.bad = 0;
  ck_assert_int_eq(xl_diags_decode(&back, &in), XL_OK);
  ck_assert_ptr_eq(in.p, in.end);
  ck_assert_uint_eq(back->count, l->count);
  for (i = 0; i < l->count; i++)
    tb_assert_same_diag(l->items[i], back->items[i]);
  /* the table's own name for a rule, a list-owned copy for clang's */
  ck_assert_ptr_eq(back->items[0]->rule_name, l->items[0]->rule_name);
  ck_assert_uint_eq(xl_diags_hash(back, "/src/a.cu"), 0x0123456789abcdefULL);
  ck_assert_uint_eq(xl_diags_hash(back, "/src/inc/h.cuh"), 0);
  ck_assert_uint_eq(back->nfiles, l->nfiles);
  xl_diags_free(back);
  xl_diags_free(l);
  xl_buf_free(&b);
}
END_TEST

START_TEST(truncated_or_corrupted_messages_are_refused) {
  xl_diags *l = sample(), *back = NULL;
  xl_buf b = XL_BUF_INIT;
  xl_wire_in in;
  size_t cut;

  ck_assert_int_eq(xl_diags_encode(&b, l), XL_OK);
  for (cut = 0; cut < b.len; cut++) {
    in.p = b.data;
    in.end = b.data + cut;
    in.bad = 0;
    ck_assert_int_eq(xl_diags_decode(&back, &in), XL_EPARSE);
    ck_assert_ptr_null(back);
  }
  /* a count far larger than the message */
  memset(b.data, 0xff, 4);
  in.p = b.data;
  in.end = b.data + b.len;
  in.bad = 0;
  ck_assert_int_eq(xl_diags_decode(&back, &in), XL_EPARSE);
  xl_diags_free(l);
  xl_buf_free(&b);
}
END_TEST

Suite *wire_suite(void) {
  Suite *s = suite_create("wire");
  TCase *tc = tcase_create("diags");

  tcase_add_test(tc, a_round_trip_keeps_every_field);
  tcase_add_test(tc, truncated_or_corrupted_messages_are_refused);
  suite_add_tcase(s, tc);
  return s;
}
