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
} fe_pending;

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
} fe_uses;

/* Add a pending use (copied). Records XL_ENOMEM in fe on failure. */
void xl_fe_uses_add(xl_fe *fe, const fe_pending *p);

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
