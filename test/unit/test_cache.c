/*
 * test_cache.c: the result cache: an entry replays every field of the
 * findings (notes, ranges, fix-its, flags, the files' content hashes that
 * --fix checks), and a lookup is a hit only while every recorded file has
 * its recorded contents.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "builder.h"
#include "core/cache.h"
#include "util/util.h"

static xl_dloc dloc(xl_diags *l, const char *file, unsigned line,
                    unsigned col, unsigned off, unsigned macro) {
  xl_dloc d;

  memset(&d, 0, sizeof(d));
  d.file = xl_diags_intern(l, file);
  d.line = line;
  d.col = col;
  d.offset = off;
  d.macro = macro;
  return d;
}

/* Two findings, one of clang's, with every part a finding can have. */
static xl_diags *sample_diags(const char *main_file, const char *header) {
  xl_diags *l = NULL;
  xl_diag *d;
  xl_note *n;

  ck_assert_int_eq(xl_diags_new(&l), XL_OK);
  d = xl_diags_add(l, xl_rule_find("extended_lambda_reference_capture"),
                   "extended_lambda_reference_capture", XL_SEV_WARNING,
                   dloc(l, main_file, 4, 35, 60, 0), "cannot 'x'\n\"q\"");
  xl_diag_add_edit(d, dloc(l, main_file, 4, 21, 46, 0),
                   dloc(l, main_file, 4, 22, 47, 0), "=");
  d->flags = XL_DIAG_AS_ERROR | XL_DIAG_TOOL;
  ck_assert_int_eq(XL_GROW(d->ranges, d->cap_ranges, 2), XL_OK);
  d->ranges[d->nranges++] = dloc(l, main_file, 4, 21, 46, 0);
  d->ranges[d->nranges++] = dloc(l, main_file, 4, 22, 47, 0);
  n = xl_diag_add_dnote(d, dloc(l, header, 2, 1, 9, 1), "declared here");
  n->fix_dropped = 1;
  n = xl_diag_add_dnote(d, dloc(l, main_file, 4, 21, 46, 0), "use '='");
  ck_assert_int_eq(XL_GROW(n->fixits, n->cap_fixits, 1), XL_OK);
  n->fixits[0].begin = dloc(l, main_file, 4, 21, 46, 0);
  n->fixits[0].end = dloc(l, main_file, 4, 22, 47, 0);
  n->fixits[n->nfixits++].text = "=";
  d = xl_diags_add(l, -1, "clang-diagnostic-error", XL_SEV_ERROR,
                   dloc(l, "", 0, 0, 0, 0), "unknown type name 'T'");
  d->flags = XL_DIAG_CLANG;
  xl_diags_set_hash(l, main_file, 0x1234567890abcdefULL);
  xl_diags_set_hash(l, header, 0xfedcba0987654321ULL);
  return l;
}

static xl_facts *sample_facts(const char *main_file, const char *header,
                              const char *main_text, const char *hdr_text) {
  xl_facts *f = NULL;
  xl_id id;

  ck_assert_int_eq(xl_facts_new(&f, main_file), XL_OK);
  ck_assert_int_eq(xl_facts_add_file(&id, f, main_file, XL_FILE_MAIN), XL_OK);
  f->file_hashes[id] = 0x1234567890abcdefULL;
  ck_assert_int_eq(xl_facts_add_file(&id, f, header, XL_FILE_SYSTEM), XL_OK);
  f->flags = XL_FACTS_INCOMPLETE | XL_FACTS_EXTENDED_LAMBDA;
  f->cxx_std = 20;
  f->cuda_major = 12;
  f->cuda_minor = 4;
  ck_assert_int_eq(xl_facts_add_dep(f, main_file,
                                    xl_hash_bytes(XL_FNV_INIT, main_text,
                                                  strlen(main_text))),
                   XL_OK);
  ck_assert_int_eq(xl_facts_add_dep(f, header,
                                    xl_hash_bytes(XL_FNV_INIT, hdr_text,
                                                  strlen(hdr_text))),
                   XL_OK);
  return f;
}

START_TEST(an_entry_replays_every_field) {
  xl_diags *d = sample_diags("/src/a.cu", "/src/h.cuh"), *d2 = NULL;
  xl_facts *f = sample_facts("/src/a.cu", "/src/h.cuh", "a", "h"), *f2 = NULL;
  xl_cache_entry *e = NULL;
  char *text = NULL;
  size_t i;

  ck_assert_int_eq(xl_cache_entry_write(&text, "K", d, f), XL_OK);
  ck_assert_int_eq(xl_cache_entry_read(&e, text, strlen(text), "K"), XL_OK);
  ck_assert_ptr_nonnull(e);
  ck_assert_int_eq(xl_cache_entry_result(&d2, &f2, e), XL_OK);
  ck_assert_uint_eq(d2->count, d->count);
  for (i = 0; i < d->count; i++)
    tb_assert_same_diag(d->items[i], d2->items[i]);
  /* what --fix compares with the files on disk */
  ck_assert(xl_diags_hash(d2, "/src/a.cu") == 0x1234567890abcdefULL);
  ck_assert(xl_diags_hash(d2, "/src/h.cuh") == 0xfedcba0987654321ULL);
  ck_assert_str_eq(f2->main_file, "/src/a.cu");
  ck_assert_uint_eq(f2->nfiles, 2);
  ck_assert_str_eq(f2->files[1], "/src/h.cuh");
  ck_assert_uint_eq(f2->file_flags[1], XL_FILE_SYSTEM);
  ck_assert(f2->file_hashes[0] == 0x1234567890abcdefULL);
  ck_assert_uint_eq(f2->flags, f->flags);
  ck_assert_int_eq(f2->cxx_std, 20);
  ck_assert_int_eq(f2->cuda_major, 12);
  ck_assert_int_eq(f2->cuda_minor, 4);
  xl_cache_entry_free(e);
  xl_diags_free(d2);
  xl_facts_free(f2);
  free(text);
  xl_diags_free(d);
  xl_facts_free(f);
}
END_TEST

START_TEST(another_key_or_a_broken_entry_is_no_entry) {
  xl_diags *d = sample_diags("/src/a.cu", "/src/h.cuh");
  xl_facts *f = sample_facts("/src/a.cu", "/src/h.cuh", "a", "h");
  xl_cache_entry *e = NULL;
  char *text = NULL;

  ck_assert_int_eq(xl_cache_entry_write(&text, "K", d, f), XL_OK);
  ck_assert_int_eq(xl_cache_entry_read(&e, text, strlen(text), "K2"), XL_OK);
  ck_assert_ptr_null(e);
  ck_assert_int_eq(xl_cache_entry_read(&e, text, strlen(text) / 2, "K"),
                   XL_OK);
  ck_assert_ptr_null(e);
  free(text);
  xl_diags_free(d);
  xl_facts_free(f);
}
END_TEST

START_TEST(dependencies_are_recorded_once) {
  xl_facts *f = NULL;
  char path[32];
  int i;

  ck_assert_int_eq(xl_facts_new(&f, "m"), XL_OK);
  for (i = 0; i < 300; i++) {
    snprintf(path, sizeof(path), "f%d", i % 150);
    ck_assert_int_eq(xl_facts_add_dep(f, path, (uint64_t)i + 1), XL_OK);
  }
  ck_assert_uint_eq(f->ndeps, 150);
  ck_assert_str_eq(f->deps[149], "f149");
  ck_assert(f->dep_hashes[149] == 150); /* the first hash stays */
  ck_assert_int_eq(xl_facts_absolute_paths(f, "/d"), XL_OK);
  ck_assert_str_eq(f->deps[0], "/d/f0");
  ck_assert_int_eq(xl_facts_add_dep(f, "/d/f7", 99), XL_OK);
  ck_assert_uint_eq(f->ndeps, 150);
  xl_facts_free(f);
}
END_TEST

START_TEST(a_changed_dependency_is_a_miss) {
  char dir[] = "/tmp/xl-unit-cache-XXXXXX", a[96], h[96], cache[96];
  xl_diags *d, *d2 = NULL;
  xl_facts *f, *f2 = NULL;

  ck_assert_ptr_nonnull(mkdtemp(dir));
  snprintf(a, sizeof(a), "%s/a.cu", dir);
  snprintf(h, sizeof(h), "%s/h.cuh", dir);
  snprintf(cache, sizeof(cache), "%s/cache/sub", dir);
  tb_write_file(a, "a");
  tb_write_file(h, "h");
  d = sample_diags(a, h);
  f = sample_facts(a, h, "a", "h");
  ck_assert_int_eq(xl_cache_get(&d2, &f2, cache, NULL, "K", a), 0);
  ck_assert_int_eq(xl_cache_put(cache, NULL, "K", d, f), XL_OK);
  ck_assert_int_eq(xl_cache_get(&d2, &f2, cache, NULL, "K", a), 1);
  ck_assert_uint_eq(d2->count, 2);
  xl_diags_free(d2);
  xl_facts_free(f2);
  ck_assert_int_eq(xl_cache_get(&d2, &f2, cache, NULL, "K2", a), 0);
  tb_write_file(h, "h2"); /* an edited header */
  ck_assert_int_eq(xl_cache_get(&d2, &f2, cache, NULL, "K", a), 0);
  ck_assert_ptr_null(d2);
  tb_write_file(h, "h");
  ck_assert_int_eq(xl_cache_get(&d2, &f2, cache, NULL, "K", a), 1);
  xl_diags_free(d2);
  xl_facts_free(f2);
  unlink(h); /* a header gone */
  ck_assert_int_eq(xl_cache_get(&d2, &f2, cache, NULL, "K", a), 0);
  tb_write_file(h, "h");
  tb_write_file(a, "a2"); /* an edited main file */
  ck_assert_int_eq(xl_cache_get(&d2, &f2, cache, NULL, "K", a), 0);
  xl_diags_free(d);
  xl_facts_free(f);
  snprintf(cache, sizeof(cache), "rm -rf '%s'", dir);
  ck_assert_int_eq(system(cache), 0);
}
END_TEST

START_TEST(a_frame_detects_truncation_and_corruption) {
  char *obj = NULL;
  size_t len = 0, tlen = 0;
  const char *text;

  ck_assert_int_eq(xl_cache_frame(&obj, &len, "{\"key\": 1}"), XL_OK);
  text = xl_cache_unframe(&tlen, obj, len);
  ck_assert_ptr_nonnull(text);
  ck_assert_uint_eq(tlen, 10);
  ck_assert_int_eq(memcmp(text, "{\"key\": 1}", 10), 0);
  ck_assert_ptr_null(xl_cache_unframe(&tlen, obj, len - 1)); /* truncated */
  ck_assert_uint_eq(tlen, 0);
  obj[len - 2] = '2'; /* corrupted, the same length */
  ck_assert_ptr_null(xl_cache_unframe(&tlen, obj, len));
  ck_assert_ptr_null(xl_cache_unframe(&tlen, "{\"key\": 1}", 10));
  ck_assert_ptr_null(xl_cache_unframe(&tlen, "", 0));
  free(obj);
}
END_TEST

/* An in-memory second level: one object, and what happened to it. */
typedef struct mem_store {
  char name[64];
  char *obj;
  size_t len;
  int gets, puts, damaged;
} mem_store;

static int mem_get(void *ctx, char **text, size_t *len, const char *name) {
  mem_store *m = ctx;

  m->gets++;
  if (!m->obj || strcmp(name, m->name) != 0)
    return 0;
  *text = malloc(m->len + 1);
  memcpy(*text, m->obj, m->len);
  *len = m->len;
  return 1;
}

static int mem_put(void *ctx, const char *name, const char *text,
                   size_t len) {
  mem_store *m = ctx;

  m->puts++;
  free(m->obj);
  snprintf(m->name, sizeof(m->name), "%s", name);
  m->obj = malloc(len);
  memcpy(m->obj, text, len);
  m->len = len;
  return XL_OK;
}

static void mem_damaged(void *ctx, const char *name) {
  ((mem_store *)ctx)->damaged++;
}

START_TEST(a_second_level_fills_the_first_and_is_verified) {
  char dir[] = "/tmp/xl-unit-cache-XXXXXX", a[96], h[96], c1[96], c2[96];
  mem_store m;
  xl_cache_store store = {&m, mem_get, mem_put, mem_damaged};
  xl_diags *d, *d2 = NULL;
  xl_facts *f, *f2 = NULL;

  memset(&m, 0, sizeof(m));
  ck_assert_ptr_nonnull(mkdtemp(dir));
  snprintf(a, sizeof(a), "%s/a.cu", dir);
  snprintf(h, sizeof(h), "%s/h.cuh", dir);
  snprintf(c1, sizeof(c1), "%s/one", dir);
  snprintf(c2, sizeof(c2), "%s/two", dir);
  tb_write_file(a, "a");
  tb_write_file(h, "h");
  d = sample_diags(a, h);
  f = sample_facts(a, h, "a", "h");
  ck_assert_int_eq(xl_cache_put(c1, &store, "K", d, f), XL_OK);
  ck_assert_int_eq(m.puts, 1);
  ck_assert_uint_eq(strlen(m.name), 32);
  /* machine two: a miss in its directory, a hit from the store */
  ck_assert_int_eq(xl_cache_get(&d2, &f2, c2, &store, "K", a), 1);
  ck_assert_uint_eq(d2->count, 2);
  xl_diags_free(d2);
  xl_facts_free(f2);
  /* now in its own directory: no second request */
  ck_assert_int_eq(xl_cache_get(&d2, &f2, c2, &store, "K", a), 1);
  ck_assert_int_eq(m.gets, 1);
  xl_diags_free(d2);
  xl_facts_free(f2);
  /* another key under the same name is a miss; so is a damaged object */
  ck_assert_int_eq(xl_cache_get(&d2, &f2, NULL, &store, "K2", a), 0);
  m.obj[m.len - 3] ^= 1;
  ck_assert_int_eq(xl_cache_get(&d2, &f2, NULL, &store, "K", a), 0);
  ck_assert_int_eq(m.damaged, 1);
  m.len -= 5;
  ck_assert_int_eq(xl_cache_get(&d2, &f2, NULL, &store, "K", a), 0);
  ck_assert_int_eq(m.damaged, 2);
  ck_assert_ptr_null(d2);
  free(m.obj);
  xl_diags_free(d);
  xl_facts_free(f);
  snprintf(c1, sizeof(c1), "rm -rf '%s'", dir);
  ck_assert_int_eq(system(c1), 0);
}
END_TEST

START_TEST(keys_name_every_setting) {
  xl_rule_config rules;
  const char *args[] = {"-DA", "-Iinc"};
  char *k1 = NULL, *k2 = NULL, *k3 = NULL, *k4 = NULL, *k5 = NULL;

  xl_rule_config_init(&rules);
  ck_assert_int_eq(xl_cache_key(&k1, "tool", &rules, "x", args, 2), XL_OK);
  ck_assert_int_eq(xl_cache_key(&k2, "tool2", &rules, "x", args, 2), XL_OK);
  ck_assert_int_eq(xl_cache_key(&k3, "tool", &rules, "y", args, 2), XL_OK);
  ck_assert_int_eq(xl_cache_key(&k4, "tool", &rules, "x", args, 1), XL_OK);
  rules.as_error[0] = 1;
  ck_assert_int_eq(xl_cache_key(&k5, "tool", &rules, "x", args, 2), XL_OK);
  ck_assert_str_ne(k1, k2);
  ck_assert_str_ne(k1, k3);
  ck_assert_str_ne(k1, k4);
  ck_assert_str_ne(k1, k5);
  free(k1);
  free(k2);
  free(k3);
  free(k4);
  free(k5);
}
END_TEST

Suite *cache_suite(void) {
  Suite *s = suite_create("cache");
  TCase *tc = tcase_create("cache");

  tcase_add_test(tc, an_entry_replays_every_field);
  tcase_add_test(tc, another_key_or_a_broken_entry_is_no_entry);
  tcase_add_test(tc, dependencies_are_recorded_once);
  tcase_add_test(tc, a_changed_dependency_is_a_miss);
  tcase_add_test(tc, keys_name_every_setting);
  tcase_add_test(tc, a_frame_detects_truncation_and_corruption);
  tcase_add_test(tc, a_second_level_fills_the_first_and_is_verified);
  suite_add_tcase(s, tc);
  return s;
}
