/*
 * capfix.h: edits of a lambda's capture list shared by the capture rules
 * (extended_lambda_reference_capture, this_addr_capture_ext_lambda), so that
 * two findings about one lambda offer the same edit (issue 18).
 */
#ifndef XL_CAPFIX_H
#define XL_CAPFIX_H

#include "rule_util.h"

/*
 * The range that removes explicit capture c with the separator before it:
 * from the end of the item before it (the capture default or an explicit
 * capture) to its end. Its begin is invalid when nothing comes before it or
 * the list comes from a macro.
 */
xl_range xl_capfix_drop(const xl_facts *f, const xl_lambda *l,
                        const xl_capture *c);

/* 1 when by-reference capture c may become a copy without changing what the
 * program computes (the frontend checked the variable's uses). */
int xl_capfix_copy_safe(const xl_lambda *l, const xl_capture *c);

/* What a copy of by-reference capture c changes, for a note ("the lambda
 * then ..."). */
const char *xl_capfix_copy_risk(const xl_lambda *l, const xl_capture *c);

/* The implicit capture of 'this' of l, or NULL. */
const xl_capture *xl_capfix_implicit_this(const xl_facts *f,
                                          const xl_lambda *l);

/* 1 when '*this' may be copied into l's closure: C++17 and a class with no
 * member that cannot live on the device (extended_lambda_star_this_copy). */
int xl_capfix_star_this_ok(const xl_facts *f, const xl_lambda *l);

/*
 * Add to n the edits that make l's capture default '&' capture by copy:
 * '[]' when it captures nothing, '[=, *this]' when it captures 'this'
 * (nothing under C++14, or when '*this' cannot be copied), else '[=]'; the
 * explicit by-copy captures, which would repeat the default '=', are
 * dropped. Returns 1 when edits were added, 0 when none is offered.
 */
int xl_capfix_default_to_copy(xl_note *n, const xl_facts *f,
                              const xl_lambda *l);

/*
 * Add to n the edits that rename every use of init-capture c in the body
 * (c->uses, each spelling c->name) to `name`; nothing when name is c->name.
 */
void xl_capfix_rename_uses(xl_note *n, const xl_capture *c, const char *name);

#endif
