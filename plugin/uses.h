/*
 * uses.h: state shared by uses.cpp, introspect.cpp and adl.cpp (the port of
 * lib/frontend/uses.h).
 */
#ifndef XLP_USES_H
#define XLP_USES_H

#include "fe.h"

namespace xlp {

/* A lambda's closure class, registered when the walk reaches the lambda. */
struct FeClosure {
  Cursor closure; /* the closure class declaration */
  Cursor func;    /* the enclosing function (null cursor when none) */
  xl_id lambda = XL_NONE;
};

/* A use seen during the walk, resolved to a lambda when the walk ends. */
struct FePending {
  xl_use_kind kind = XL_USE_KERNEL_ARG;
  Cursor closure;
  xl_loc loc = xl_loc_none();
  const char *callee = nullptr;
  xl_loc callee_decl = xl_loc_none();
  xl_loc site = xl_loc_none();
  const char *detail = nullptr;
  uint32_t flags = 0;
  Cursor target; /* ADL: the function the call resolves to */
  Cursor call;   /* ADL: the unqualified call */
};

/* The first template argument of a trait being looked at. */
struct FeWindow {
  xl_id file = XL_NONE;
  size_t begin = 0, end = 0;
  uint32_t flags = 0;
  const char *name = nullptr;
  xl_loc loc = xl_loc_none(), site = xl_loc_none();
};

struct FeUses {
  std::vector<FeClosure> closures;
  std::vector<FePending> pending;
  unsigned skip_offset = 0; /* the conversion inside a surrogate call */
  bool have_skip = false;
  FeWindow win;
  bool have_win = false;
  unsigned follow_budget = 4000; /* bodies the launcher search may visit */
};

/* Add a pending use of `kind` of closure class `closure` at loc; callee (may
 * be null) gives its name and declaration. Returns the entry, valid until
 * the next record, or nullptr. */
FePending *uses_record(Fe &fe, xl_use_kind kind, const Cursor &closure,
                       xl_loc loc, const Cursor &callee);
xl_loc uses_loc(Fe &fe, const Cursor &c);
bool uses_spelled_is(const Cursor &c, const char *s);
Cursor uses_first_child(const Cursor &c);
Cursor uses_closure_of_type(const CType &t);
const FeClosure *uses_closure(const FeUses &u, const Cursor &closure);

/* introspect.cpp */
void intro_conversion(Fe &fe, const Cursor &call, const Cursor &conv);
void intro_operator_ref(Fe &fe, const Cursor &ref, const Cursor &parent);
void intro_template_ref(Fe &fe, const Cursor &ref);
void intro_window(Fe &fe, const Cursor &c);

/* adl.cpp */
void adl_resolve(Fe &fe, const FePending &p, xl_id lambda,
                 const FeClosure &cl);

} // namespace xlp

#endif /* XLP_USES_H */
