/*
 * inst.h: helpers for rules that fire per template instantiation: the
 * "in instantiation of ... requested here" notes, and reporting one cause
 * once when several instantiations reach it. Reads facts only.
 */
#ifndef XL_INST_H
#define XL_INST_H

#include <stdint.h>

#include "xlambda/sys/facts.h"
#include "xlambda/sys/rule.h"

#include "typewalk.h"

/*
 * Add a note "in instantiation of 'NAME' requested here" at the point of
 * instantiation of function `func` when it is a specialization, then for
 * the specialization that requested it, and so on (clang's order). With
 * first_only, only the innermost link. Accepts a NULL d.
 */
void xl_note_instantiations(xl_diag *d, const xl_facts *f, xl_id func,
                            int first_only);

/*
 * Where a finding about specialization `func` is shown: its point of
 * instantiation, or, when that is in a system header (a kernel that a
 * library template launches), the first point up the chain of requests
 * that is not. *from gets the specialization whose point it is, for
 * xl_note_instantiations(d, f, f->funcs[*from].poi_func, 0). When the whole
 * chain is in system headers, func's own point.
 */
xl_loc xl_shown_poi(const xl_facts *f, xl_id func, xl_id *from);

/* When xl_shown_poi moved a kernel's finding (from != kernel), a note at
 * the library's own launch: "the library launches 'NAME' here". */
void xl_note_library_launch(xl_diag *d, const xl_facts *f, xl_id kernel,
                            xl_id from, const char *name);

/* Findings already reported, by cause. */
typedef struct xl_causes {
  struct xl_cause {
    uint64_t key;
    xl_diag *diag;
    unsigned extra; /* instantiation notes added after the first */
  } *items;
  size_t n, cap;
} xl_causes;

#define XL_CAUSES_INIT {NULL, 0, 0}

/*
 * A rule about a type among a __global__ specialization's template
 * arguments: which type it reports (match), what makes two findings one
 * (cause: the lambda, the type's declaration), and the finding itself with
 * the rule's own notes (report; it returns the finding, or NULL).
 */
typedef struct xl_kernel_targ_rule {
  xl_type_pred match;
  xl_id (*cause)(const xl_facts *f, xl_id hit);
  xl_diag *(*report)(xl_rule_ctx *ctx, const xl_facts *f, xl_loc at,
                     xl_id hit, const char *kernel);
} xl_kernel_targ_rule;

/*
 * Run rule r over every __global__ specialization of f: each finding is
 * shown where xl_shown_poi puts it (a library's kernel at the user's call),
 * once per cause and place, followed by the library's launch note and the
 * chain of instantiation notes. A kernel requested through a template that
 * dispatches on nvcc's lambda traits (XL_FUNC_NVCC_LAMBDA_TRAITS) is not
 * reported: nvcc may take another branch there. Out of memory: a cause may
 * be reported twice; nothing is lost.
 */
void xl_kernel_targs_report(xl_rule_ctx *ctx, const xl_facts *f,
                            const xl_kernel_targ_rule *r);

/* A key for (what, where, which type). */
uint64_t xl_cause_key(xl_id a, xl_id b, xl_id c);

/*
 * Report once per cause. Returns 1 when key is new (the caller reports and
 * then calls xl_cause_put); 0 when it was reported already, after adding an
 * instantiation note for `func` to the earlier finding (at most 3 extra).
 */
int xl_cause_new(xl_causes *c, const xl_facts *f, uint64_t key, xl_id func);

/* Remember the finding reported for key. Out of memory: forgotten. */
void xl_cause_put(xl_causes *c, uint64_t key, xl_diag *d);

/* Release the table. */
void xl_causes_free(xl_causes *c);

/* The lambda a type walk starts from for dedup: the pattern of an instance. */
xl_id xl_lambda_cause(const xl_facts *f, xl_id lambda);

/* A type's identity for dedup: where it is declared (a local class is a new
 * type in each instantiation of its function, but one cause). */
xl_id xl_type_cause(const xl_facts *f, xl_id type);

#endif
