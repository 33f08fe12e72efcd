/*
 * uses.h: state shared by uses.c (host-side uses of closures) and adl.c
 * (argument-dependent lookup through nvcc's placeholder types). Internal to
 * the libclang frontend.
 */
#ifndef XL_USES_H
#define XL_USES_H

#include "fe.h"

/* A lambda's closure class, registered when the walk reaches the lambda. */
typedef struct fe_closure {
  CXCursor closure; /* the closure class declaration */
  CXCursor func;    /* the enclosing function (null cursor when none) */
  xl_id lambda;
} fe_closure;

/* A use seen during the walk, resolved to a lambda when the walk ends. */
typedef struct fe_pending {
  xl_use_kind kind;
  CXCursor closure;
  xl_loc loc;
  const char *callee;  /* in the facts */
  xl_loc callee_decl;
  xl_loc site;
  const char *detail;
  uint32_t flags;
  CXCursor target;     /* ADL: the function the call resolves to */
  CXCursor call;       /* ADL: the unqualified call */
} fe_pending;

/* Whether a class template takes '&T::operator()' (introspect.c), once. */
typedef struct fe_tmpl_memo {
  CXCursor tmpl;
  unsigned hash;       /* clang_hashCursor(tmpl) */
  int takes;
  xl_loc site;
} fe_tmpl_memo;

/* The first template argument of a trait being looked at. */
typedef struct fe_window {
  xl_id file;
  size_t begin, end;   /* spelled offsets */
  uint32_t flags;      /* XL_USE_INTRO_* */
  const char *name;
  xl_loc loc, site;
} fe_window;

typedef struct fe_uses {
  fe_closure *closures;
  size_t nclosures, cap_closures;
  fe_pending *pending;
  size_t npending, cap_pending;
  unsigned skip_offset;   /* the conversion inside a surrogate call */
  int have_skip;
  fe_window win;
  int have_win;
  unsigned follow_budget; /* function bodies the launcher search may visit */
  fe_tmpl_memo *tmemo;    /* class templates looked at (introspect.c) */
  size_t ntmemo, cap_tmemo;
} fe_uses;

/* Add a pending use (copied). Records XL_ENOMEM in fe on failure. */
void xl_fe_uses_add(xl_fe *fe, const fe_pending *p);

/*
 * Add a pending use of `kind` of the closure class `closure` at loc; callee
 * (may be a null cursor) gives its name and declaration. Returns the entry,
 * owned by fe->uses and valid until the next record, for the caller to
 * complete; NULL when memory ran out (recorded in fe).
 */
fe_pending *xl_fe_uses__record(xl_fe *fe, xl_use_kind kind, CXCursor closure,
                               xl_loc loc, CXCursor callee);

/* Helpers shared with introspect.c. */
xl_loc xl_fe_uses__loc(xl_fe *fe, CXCursor c);            /* the cursor's place */
int xl_fe_uses__spelled_is(CXCursor c, const char *s);    /* spelling == s */
CXCursor xl_fe_uses__first_child(CXCursor c);  /* through implicit casts */
/* Whether t (or what it refers to) is spelled as a closure type: "(lambda
 * at f.cu:5:19)" in it; with exact, t is one ("N::(lambda at ...)"), not a
 * class whose template arguments name one ("wrap<(lambda at ...)>", as in
 * types.c). *record gets the canonical record type when it is one. */
int xl_fe_uses__closure_spelled(CXType t, int exact, CXType *record);
/* The closure class of a (reference to a) lambda's closure type, or null. */
CXCursor xl_fe_uses__closure_of_type(CXType t);

/* ---- introspect.c: called by xl_fe_uses_visit for host code ---------------- */

/* A call of a closure's conversion function: a function pointer use, or the
 * surrogate call of an unevaluated 'lam(x)'. */
void xl_fe_intro_conversion(xl_fe *fe, CXCursor call, CXCursor conv);

/* A reference to a closure's 'operator()' whose address is taken. */
void xl_fe_intro_operator_ref(xl_fe *fe, CXCursor ref, CXCursor parent);

/* A template name: opens a window over the first argument of a result
 * trait or of a class template that takes '&T::operator()'. */
void xl_fe_intro_template_ref(xl_fe *fe, CXCursor ref);

/* A cursor while a window is open: a closure named inside it is a use. */
void xl_fe_intro_window(xl_fe *fe, CXCursor c);

/* ---- introspect_tmpl.c: queries inside a template that receives it ------ */

/* A result query over the closure's type parameter in a template pattern. */
typedef struct fe_intro_hit {
  xl_loc loc;       /* the trait's name, or the unevaluated call */
  uint32_t flags;   /* XL_USE_INTRO_STD_RESULT or XL_USE_INTRO_CCCL_RESULT */
  const char *name; /* "std::result_of", "decltype", ... (in the facts) */
} fe_intro_hit;

/*
 * def is a function (an instantiation) whose parameter `param` received a
 * closure. When def is a specialization of a template outside the system
 * headers, lex its pattern for result queries over that parameter's type
 * parameter (std/cuda::std result_of, invoke_result, is_invocable_r, alias
 * templates of them, decltype(p(...))) and store up to max of them in hits.
 * Returns how many were stored; 0 when none (or out of memory, recorded in
 * fe).
 */
unsigned xl_fe_intro_pattern(xl_fe *fe, CXCursor def, unsigned param,
                             fe_intro_hit *hits, unsigned max);

/* ---- cccl_queries.c: CCCL algorithms that ask for the result type ------- */

/*
 * def is a function (an instantiation) whose parameter `param` received a
 * closure as itself. When def is one of the CCCL algorithms that ask for
 * their function object's result type in host code, at that parameter
 * (nvcc 13.0, measured: thrust::reduce's binary_op, ...), returns the
 * algorithm's name ("thrust::reduce", static storage); else NULL. Cannot
 * fail (a name too long to build is no match).
 */
const char *xl_fe_cccl_query(CXCursor def, unsigned param);

/*
 * Append to out c's name with its scope, inline namespaces left out
 * (thrust::reduce, not thrust::THRUST_300001_SM_900_NS::reduce), as the
 * CCCL lists of cccl_queries.c and cccl_host.c spell it. Returns 0, or -1
 * when out ran out of memory (the caller still frees it).
 */
int xl_fe_cccl_name(xl_buf *out, CXCursor c);

/* ---- cccl_host.c: Thrust calls that run on the host --------------------- */

/*
 * Whether fn, a function template specialization whose body the document
 * skipped, is a Thrust algorithm whose call runs its function objects on
 * the host (a host policy, or only host iterators: cccl_host.c lists them),
 * so that no kernel can take a closure given to it. Cannot fail (a name
 * too long to build is no match, and the call stays opaque).
 */
int xl_fe_thrust_on_host(CXCursor fn);

/* The registered closure (NULL when the lambda was not seen). */
const fe_closure *xl_fe_uses_closure(const fe_uses *u, CXCursor closure);

/*
 * For each pending unqualified call whose argument is an extended lambda's
 * closure: find the functions of that name which nvcc's placeholder type
 * brings into argument-dependent lookup and which the closure itself does
 * not, and add an XL_USE_UNQUALIFIED_CALL fact for each. (adl.c)
 */
void xl_fe_adl_resolve(xl_fe *fe, const fe_pending *p, xl_id lambda,
                       const fe_closure *cl);

#endif /* XL_USES_H */
