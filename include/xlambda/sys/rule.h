/*
 * xlambda/sys/rule.h: what a rule sees and how it reports.
 *
 * A rule is a function `void check(xl_rule_ctx *ctx, const xl_facts *facts)`
 * listed in lib/core/rules.def with its id, default severity, message
 * format and the types of the message's arguments. It reads facts and
 * calls its xl_report_<id>() (lib/rules/report.h); the message format comes
 * from the table, so a rule supplies only the arguments. Severity, enabling
 * and suppression are applied by the runner, not by rules.
 *
 * Reporting never fails loudly: when memory runs out the context remembers it
 * (the run then fails with XL_ENOMEM) and the calls below return NULL, which
 * every xl_diag_* / xl_note_* function accepts.
 */
#ifndef XLAMBDA_SYS_RULE_H
#define XLAMBDA_SYS_RULE_H

#include "xlambda/diag.h"
#include "xlambda/sys/facts.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct xl_rule_ctx xl_rule_ctx;
typedef struct xl_diag xl_diag;
typedef struct xl_note xl_note;

/*
 * Report a finding of the rule being run at loc: the message is fmt, the
 * rule's message format from rules.def, applied to the arguments. `rule`
 * is the rule's id and `severity` the finding's default severity (a
 * severity the user configured for the rule still wins, and
 * --warnings-as-errors still applies).
 *
 * Rules do not call this: each reports through its own typed
 * xl_report_<id>() / xl_report_<id>_as() (lib/rules/report.h, generated from
 * rules.def), which passes the rule's id, severity and format, so that the
 * compiler checks every call's arguments against the types the table
 * declares. A finding whose `rule` is not the rule being run (a rule that
 * reports through another rule's function) is dropped.
 *
 * Returns the new diagnostic, owned by the run, or NULL (out of memory, or
 * dropped).
 */
XL_API xl_diag *xl_report_format(xl_rule_ctx *ctx, const char *rule,
                                 xl_severity severity, xl_loc loc,
                                 const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;

/* Highlight a range of the diagnostic's line. Accepts a NULL d. */
XL_API void xl_diag_add_range(xl_diag *d, xl_range range);

/*
 * Attach a note (the "why", or where the cause lives) at loc with a
 * printf-style message. Returns the note, owned by d, or NULL.
 */
XL_API xl_note *xl_diag_add_note(xl_diag *d, xl_loc loc, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/*
 * Attach a fix-it replacing range with text. A fix-it on the diagnostic must
 * keep the program's meaning; otherwise put it on a note. Fix-its whose range
 * touches a macro expansion or an unknown location are dropped, and a
 * diagnostic whose fix-its were dropped gets none. Accepts NULL d / n.
 */
XL_API void xl_diag_add_fixit(xl_diag *d, xl_range range, const char *text);
XL_API void xl_note_add_fixit(xl_note *n, xl_range range, const char *text);

/* A range made of two locations; a convenience for rules. */
XL_API xl_range xl_range_make(xl_loc begin, xl_loc end);

/* The empty range at loc (for insertions). */
XL_API xl_range xl_range_at(xl_loc loc);

/* The file path of a location, or "" when unknown. Lent from the facts. */
XL_API const char *xl_loc_file(const xl_facts *facts, xl_loc loc);

/*
 * The spelling of an execution space as nvcc prints it in messages:
 * "__device__", "__host__ __device__", ...
 */
XL_API const char *xl_space_spelling(xl_space space);

#ifdef __cplusplus
}
#endif

#endif /* XLAMBDA_SYS_RULE_H */
