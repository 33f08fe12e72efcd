/*
 * test_config.c: .xlambda.yaml reading, errors with file:line:col, merging,
 * discovery, applying and dumping.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "builder.h"
#include "core/config.h"

static xl_config *parse_ok(const char *text) {
  xl_config *c = NULL;

  ck_assert_int_eq(xl_config_parse(&c, text, strlen(text), "t.yaml", NULL),
                   XL_OK);
  return c;
}

/* The error message for text, which must fail with XL_EPARSE. */
static const char *parse_error(const char *text) {
  static char msg[1024];
  xl_config *c = NULL;
  xl_error *err = NULL;

  ck_assert_int_eq(xl_error_new(&err), XL_OK);
  ck_assert_int_eq(xl_config_parse(&c, text, strlen(text), "t.yaml", err),
                   XL_EPARSE);
  ck_assert_ptr_null(c);
  snprintf(msg, sizeof(msg), "%s", xl_error_message(err));
  xl_error_free(err);
  return msg;
}

START_TEST(every_key) {
  xl_config *c = parse_ok(
      "Rules: '-*,extended_lambda_*'\n"
      "WarningsAsErrors: [this_addr_*, extended_lambda_pack_capture]\n"
      "Severity:\n"
      "  this_addr_capture_ext_lambda: error\n"
      "HeaderFilterRegex: 'src/.*'\n"
      "ExcludeHeaderFilterRegex: gen/\n"
      "SystemHeaders: yes\n"
      "CudaVersion: 12.4\n"
      "ExtraArgs: [-DX=1]\n"
      "ExtraArgsBefore: -DY\n"
      "RemovedArgs: ['-Werror*']\n"
      "InheritParentConfig: false\n");

  ck_assert_str_eq(c->rules, "-*,extended_lambda_*");
  ck_assert_str_eq(c->warnings_as_errors,
                   "this_addr_*,extended_lambda_pack_capture");
  ck_assert_int_eq(c->severity.n, 2);
  ck_assert_str_eq(c->severity.v[1], "error");
  ck_assert_str_eq(c->header_filter, "src/.*");
  ck_assert_str_eq(c->exclude_header_filter, "gen/");
  ck_assert_int_eq(c->system_headers, 1);
  ck_assert_str_eq(c->cuda_version, "12.4");
  ck_assert_str_eq(c->extra_args.v[0], "-DX=1");
  ck_assert_str_eq(c->extra_args_before.v[0], "-DY");
  ck_assert_str_eq(c->removed_args.v[0], "-Werror*");
  ck_assert_int_eq(c->inherit, 0);
  ck_assert_uint_eq(c->line[XL_CFG_CUDA_VERSION], 8);
  xl_config_free(c);
  c = parse_ok("");
  ck_assert_ptr_null(c->rules);
  ck_assert_int_eq(c->system_headers, -1);
  xl_config_free(c);
}
END_TEST

START_TEST(errors_name_the_place) {
  ck_assert_str_eq(parse_error("Rules: '*'\nRulez: x\n"),
                   "t.yaml:2:1: unknown key 'Rulez' (expected Rules, "
                   "WarningsAsErrors, Severity, HeaderFilterRegex, "
                   "ExcludeHeaderFilterRegex, SystemHeaders, CudaVersion, "
                   "ExtraArgs, ExtraArgsBefore, RemovedArgs, CacheUrl or "
                   "InheritParentConfig)");
  ck_assert_str_eq(parse_error("Rules: {a: b}\n"),
                   "t.yaml:1:8: 'Rules' must be a string or a list of "
                   "strings");
  ck_assert_str_eq(parse_error("Severity:\n  bogus_rule: error\n"),
                   "t.yaml:2:3: unknown rule 'bogus_rule' in 'Severity' "
                   "(see --list-rules)");
  ck_assert_str_eq(
      parse_error("Severity:\n  this_addr_capture_ext_lambda: fatal\n"),
      "t.yaml:2:33: unknown severity 'fatal' for "
      "'this_addr_capture_ext_lambda' (expected error or warning)");
  ck_assert_str_eq(parse_error("SystemHeaders: maybe\n"),
                   "t.yaml:1:16: 'SystemHeaders' must be true or false, not "
                   "'maybe'");
  ck_assert_str_eq(parse_error("HeaderFilterRegex: 'a('\n"),
                   "t.yaml:1:20: 'HeaderFilterRegex' is not a valid regular "
                   "expression: 'a('");
  ck_assert_str_eq(parse_error("CudaVersion: twelve\n"),
                   "t.yaml:1:14: 'CudaVersion' must be MAJOR.MINOR, not "
                   "'twelve'");
  ck_assert_str_eq(parse_error("- a\n- b\n"),
                   "t.yaml:1:1: expected a mapping of configuration keys");
  ck_assert_ptr_nonnull(strstr(parse_error("Rules: [a\n"),
                               "t.yaml:2:1: invalid YAML:"));
}
END_TEST

START_TEST(merge_and_apply) {
  xl_config *base = parse_ok("Rules: '-*'\nCudaVersion: '12.0'\n"
                             "ExtraArgs: [-DA]\n");
  xl_config *over = parse_ok("Rules: extended_lambda_*\nSystemHeaders: true\n"
                             "ExtraArgs: [-DB]\n");
  xl_config *m = NULL, *bad;
  xl_options *o = NULL;
  xl_error *err = NULL;

  ck_assert_int_eq(xl_config_merge(&m, base, over), XL_OK);
  ck_assert_str_eq(m->rules, "-*,extended_lambda_*");
  ck_assert_str_eq(m->cuda_version, "12.0");
  ck_assert_int_eq(m->system_headers, 1);
  ck_assert_int_eq(m->extra_args.n, 2);
  ck_assert_int_eq(xl_error_new(&err), XL_OK);
  ck_assert_int_eq(xl_options_new(&o), XL_OK);
  ck_assert_int_eq(xl_config_apply(m, o, err), XL_OK);
  bad = parse_ok("CudaVersion: '12.0'\nRules: 'bogus*'\n");
  ck_assert_int_eq(xl_config_apply(bad, o, err), XL_EINVAL);
  ck_assert_str_eq(xl_error_message(err), "t.yaml:2: 'Rules' glob 'bogus*' "
                                          "matches no rule (see --list-rules)");
  xl_config_free(bad);
  xl_options_free(o);
  xl_error_free(err);
  xl_config_free(m);
  xl_config_free(base);
  xl_config_free(over);
}
END_TEST

START_TEST(discovery_and_inheritance) {
  char root[] = "/tmp/xl-config-XXXXXX", path[1024], sub[256];
  xl_config *c = NULL;
  char *found = NULL;

  ck_assert_ptr_nonnull(mkdtemp(root));
  snprintf(sub, sizeof(sub), "%s/a/b", root);
  snprintf(path, sizeof(path), "%s/a", root);
  ck_assert_int_eq(mkdir(path, 0755), 0);
  ck_assert_int_eq(mkdir(sub, 0755), 0);
  snprintf(path, sizeof(path), "%s/.xlambda.yaml", root);
  tb_write_file(path, "Rules: '-*'\nExtraArgs: [-DROOT]\n");
  snprintf(path, sizeof(path), "%s/.xlambda.yaml", sub);
  tb_write_file(path, "InheritParentConfig: true\nRules: 'this_addr_*'\n");
  ck_assert_int_eq(xl_config_find(&found, sub), XL_OK);
  ck_assert_str_eq(found, path);
  free(found);
  snprintf(path, sizeof(path), "%s/k.cu", sub);
  ck_assert_int_eq(xl_config_for_file(&c, path, NULL), XL_OK);
  ck_assert_str_eq(c->rules, "-*,this_addr_*");
  ck_assert_str_eq(c->extra_args.v[0], "-DROOT");
  xl_config_free(c);
  snprintf(path, sizeof(path), "%s/a/k.cu", root); /* only the root's */
  ck_assert_int_eq(xl_config_for_file(&c, path, NULL), XL_OK);
  ck_assert_str_eq(c->rules, "-*");
  xl_config_free(c);
  snprintf(path, sizeof(path), "rm -r '%s'", root);
  ck_assert_int_eq(system(path), 0);
}
END_TEST

START_TEST(dump_round_trip) {
  xl_config *c = parse_ok("Rules: \"it's\"\nSeverity: "
                          "{this_addr_capture_ext_lambda: error}\n"
                          "RemovedArgs: ['-W*']\n"), *back;
  char *text = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&text, &len);

  ck_assert_int_eq(xl_config_dump(f, c), XL_OK);
  fclose(f);
  back = parse_ok(text);
  ck_assert_str_eq(back->rules, "it's");
  ck_assert_str_eq(back->severity.v[0], "this_addr_capture_ext_lambda");
  ck_assert_str_eq(back->removed_args.v[0], "-W*");
  ck_assert_str_eq(back->header_filter, ".*");
  xl_config_free(back);
  xl_config_free(c);
  free(text);
}
END_TEST

Suite *config_suite(void) {
  Suite *s = suite_create("config");
  TCase *tc = tcase_create("config");

  tcase_add_test(tc, every_key);
  tcase_add_test(tc, errors_name_the_place);
  tcase_add_test(tc, merge_and_apply);
  tcase_add_test(tc, discovery_and_inheritance);
  tcase_add_test(tc, dump_round_trip);
  suite_add_tcase(s, tc);
  return s;
}
