/*
 * report.h: one typed reporting function per rule, generated from
 * rules.def. Rules include it through rule_util.h.
 *
 * rules.def declares each message's arguments as XL_ARGSn(type1, name1, ...,
 * typen, namen). For a rule <id> this defines
 *
 *   xl_diag *xl_report_<id>(xl_rule_ctx *ctx, xl_loc loc,
 *                           type1 name1, ..., typen namen);
 *   xl_diag *xl_report_<id>_as(xl_rule_ctx *ctx, xl_severity severity,
 *                              xl_loc loc, type1 name1, ..., typen namen);
 *
 * Each reports a finding of rule <id> at loc with the table's message
 * format applied to the arguments; the first with the rule's default
 * severity, the second with `severity` (for findings that are errors in
 * some contexts and warnings in others; a severity the user configured for
 * the rule still wins). They return the new diagnostic, owned by the run,
 * or NULL (out of memory, or <id> is not the rule being run).
 *
 * The compiler checks every call: its arguments against the declared types
 * and their count, and (-Wformat, through xl_report_format's format
 * attribute) the message format against the declared types. The untyped
 * entry point is poisoned below, so that rule code reports only through
 * these.
 */
#ifndef XL_RULES_REPORT_H
#define XL_RULES_REPORT_H

#include "xlambda/sys/rule.h"

/*
 * The arguments of a message, as (type, name) pairs: each expands to the
 * parameter list and the argument list that follow `loc`, each with its
 * leading comma. Names must not be ctx, loc or severity.
 */
#define XL_ARGS0() (), ()
#define XL_ARGS1(t1, a1) (, t1 a1), (, a1)
#define XL_ARGS2(t1, a1, t2, a2) (, t1 a1, t2 a2), (, a1, a2)
#define XL_ARGS3(t1, a1, t2, a2, t3, a3) \
  (, t1 a1, t2 a2, t3 a3), (, a1, a2, a3)
#define XL_ARGS4(t1, a1, t2, a2, t3, a3, t4, a4) \
  (, t1 a1, t2 a2, t3 a3, t4 a4), (, a1, a2, a3, a4)
#define XL_ARGS5(t1, a1, t2, a2, t3, a3, t4, a4, t5, a5) \
  (, t1 a1, t2 a2, t3 a3, t4 a4, t5 a5), (, a1, a2, a3, a4, a5)

#define XL_REPORT_UNPAREN_(...) __VA_ARGS__

/* The two functions of one rule; params and names come from XL_ARGSn. */
#define XL_REPORT_DEFINE_(id, sev, msg, params, names)                    \
  static inline xl_diag *xl_report_##id(                                  \
      xl_rule_ctx *ctx, xl_loc loc XL_REPORT_UNPAREN_ params) {           \
    return xl_report_format(ctx, #id, sev, loc,                           \
                            msg XL_REPORT_UNPAREN_ names);                \
  }                                                                       \
  static inline xl_diag *xl_report_##id##_as(                             \
      xl_rule_ctx *ctx, xl_severity severity,                             \
      xl_loc loc XL_REPORT_UNPAREN_ params) {                             \
    return xl_report_format(ctx, #id, severity, loc,                      \
                            msg XL_REPORT_UNPAREN_ names);                \
  }

/* args expands to two arguments of XL_REPORT_DEFINE_ here. */
#define XL_RULE(id, sev, oracle, msg, args, summary) \
  XL_REPORT_DEFINE_(id, sev, msg, args)
#include "core/rules.def"
#undef XL_RULE

/* Rules report through the functions above only. */
#if defined(__GNUC__)
#pragma GCC poison xl_report_format xl_report xl_report_as
#endif

#endif /* XL_RULES_REPORT_H */
