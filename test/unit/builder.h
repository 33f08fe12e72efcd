/*
 * builder.h: hand-built facts for the unit tests. Rules are driven with
 * these, without clang.
 */
#ifndef XL_TEST_BUILDER_H
#define XL_TEST_BUILDER_H

#include <check.h>

#include "core/diag_impl.h"
#include "rules/registry.h"
#include "xlambda/sys/facts.h"

/* A location in file 0 at line:col (offset derived from line and col). */
xl_loc tb_loc(unsigned line, unsigned col);

/* New facts with one file "t.cu"; fails the test on OOM. */
xl_facts *tb_facts(void);

/* Append an extended lambda at line:col with the given space and default. */
xl_id tb_lambda(xl_facts *f, unsigned line, xl_space space, char def);

/* Append a capture to lambda l. */
xl_capture *tb_capture(xl_facts *f, xl_id l, xl_capture_kind kind,
                       uint32_t flags, const char *name, unsigned line,
                       unsigned col);

/* Append a type. */
xl_id tb_type(xl_facts *f, xl_type_kind kind, const char *spelling,
              uint32_t flags, xl_id inner, uint32_t rank);

/* Set a type's args (template arguments, parameters) to ids[0..n). */
void tb_args(xl_facts *f, xl_id type, const xl_id *ids, uint32_t n);

/* Append a function named `name` with flags, its name at line:1. */
xl_id tb_func(xl_facts *f, const char *name, uint32_t flags, unsigned line);

/* Append a use of lambda `lambda` of `kind` at line:5 with flags. */
xl_use *tb_use(xl_facts *f, xl_use_kind kind, xl_id lambda, unsigned line,
               uint32_t flags);

/* Run exactly one rule on f; the caller frees the list. */
xl_diags *tb_run(const xl_facts *f, const char *rule);

/* Number of findings of rule `rule` in d at `line` (0 = any line). */
unsigned tb_count(const xl_diags *d, const char *rule, unsigned line);

Suite *lex_suite(void);
Suite *nvcc_suite(void);
Suite *suppress_suite(void);
Suite *config_suite(void);
Suite *linefilter_suite(void);
Suite *emit_suite(void);
Suite *wire_suite(void);
Suite *cache_suite(void);
Suite *verify_suite(void);
Suite *rules_suite(void);
Suite *types_suite(void);
Suite *fix_suite(void);
Suite *util_suite(void);
Suite *typewalk_suite(void);
Suite *scope_rules_suite(void);
Suite *nvcc_misses_suite(void);
Suite *fixits_suite(void);
Suite *inclusions_suite(void);

/* Fail the test unless a and b are equal field by field: rule, severity,
 * flags, location, message, ranges, fix-its and notes (locations compared
 * by file name, line, column, offset and macro flag). */
void tb_assert_same_diag(const xl_diag *a, const xl_diag *b);

#endif
