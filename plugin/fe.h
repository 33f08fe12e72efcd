/*
 * fe.h: the plugin's facts adapter, a port of lib/frontend to the cursors
 * of cursor.h. Each file here mirrors the C file of the same name:
 *
 *   srcmap.cpp   files and locations          walk.cpp      the one walk
 *   types.cpp    xl_type interning            lambda.cpp    lambda headers
 *   capture.cpp  captures                     scope.cpp     classes, functions
 *   instances.cpp  template specializations   uses.cpp      host-side uses
 *   introspect.cpp adl.cpp thisobj.cpp        archscan.cpp  __CUDA_ARCH__ arms
 *
 * so that both frontends fill the same facts (compared by
 * test/plugin/facts_diff.py). Rules never see any of this.
 */
#ifndef XLP_FE_H
#define XLP_FE_H

#include <memory>
#include <vector>

#include "cursor.h"

extern "C" {
#include "xlambda/sys/facts.h"
#include "frontend/lex.h"
#include "util/util.h"
}

namespace xlp {

/* A file seen during the walk. */
struct FeFile {
  clang::FileEntryRef file;
  xl_id id = XL_NONE;
  llvm::StringRef buf; /* contents as parsed */
  bool system = false;
  explicit FeFile(clang::FileEntryRef f) : file(f) {}
};

/* A use of an entity from a lambda body, recorded during the walk. */
struct FeRef {
  unsigned offset = 0;
  Cursor decl;
  bool is_this = false;
  bool in_constexpr_if = false;
  bool unevaluated = false;
  Loc where;
};

struct FeLambdaFrame {
  xl_id id = XL_NONE;
  Cursor cursor;
  unsigned begin = 0, end = 0;
  std::vector<FeRef> refs;
  unsigned constexpr_if_depth = 0;
};

struct FeSpec {
  Cursor cursor;
  xl_id func = XL_NONE;
  bool walk = false;
};

struct FeUses;

/* The walk's state (xl_fe). */
struct Fe {
  const Tu *tu = nullptr;
  xl_facts *facts = nullptr;
  int status = XL_OK;
  bool walk_system = false;

  std::vector<std::unique_ptr<FeFile>> files;

  std::vector<uint64_t> type_keys; /* open addressing, as types.c */
  std::vector<xl_id> type_vals;
  size_t type_count = 0;
  unsigned type_depth = 0;

  Cursor func_cursor;
  xl_id func = XL_NONE;
  bool in_function = false;
  xl_space func_space = XL_SPACE_NONE;

  std::vector<FeLambdaFrame> lambdas; /* the open lambdas, innermost last */

  Cursor stmt;
  bool have_stmt = false;
  unsigned constexpr_if_depth = 0;
  unsigned unevaluated = 0;

  std::vector<std::pair<Cursor, xl_id>> records;
  std::vector<FeSpec> specs;
  bool instance = false;
  std::vector<xl_loc> host_calls;

  FeUses *uses = nullptr;

  Fe();
  ~Fe();
};

/* ---- srcmap.cpp -------------------------------------------------------- */
FeFile *fe_file(Fe &fe, clang::OptionalFileEntryRef f);
xl_loc fe_loc(Fe &fe, const Loc &l);
xl_loc fe_loc_at(Fe &fe, const FeFile *f, size_t offset);
xl_range fe_range(Fe &fe, const Cursor &c);
bool fe_in_system(const Cursor &c);
FeFile *fe_spelling(Fe &fe, const Loc &l, unsigned *offset);
const char *fe_spelling_of(Fe &fe, const Cursor &c);
const char *fe_qualified_name(Fe &fe, const Cursor &c);
const char *fe_strdup(Fe &fe, const std::string &s);
void fe_oom(Fe &fe);

/* ---- types.cpp --------------------------------------------------------- */
xl_id fe_type(Fe &fe, const CType &t);
xl_id fe_template_name_type(Fe &fe, const Cursor &tmpl);

/* ---- lambda.cpp -------------------------------------------------------- */
xl_id fe_lambda_begin(Fe &fe, const Cursor &c);
xl_space fe_decl_space(const Cursor &decl, Loc *first_attr);

/* ---- capture.cpp ------------------------------------------------------- */
void fe_note_ref(Fe &fe, const Cursor &c, const Cursor &parent);
void fe_lambda_end(Fe &fe, FeLambdaFrame &frame);

/* ---- scope.cpp --------------------------------------------------------- */
bool fe_is_class(const Cursor &c);
bool fe_in_function(const Cursor &decl);
xl_loc fe_access_loc(Fe &fe, const Cursor &decl);
xl_id fe_type_parent(Fe &fe, const Cursor &decl);
bool fe_closure_is_device(const Cursor &closure);
xl_id fe_record(Fe &fe, const Cursor &cls);
uint32_t fe_tparams(Fe &fe, const Cursor &tmpl, xl_id *first);
void fe_func_scope(Fe &fe, xl_id id, const Cursor &fn);
void fe_lambda_scope(Fe &fe, xl_id id, const Cursor &c);

/* ---- instances.cpp ------------------------------------------------------ */
void fe_note_specialization(Fe &fe, const Cursor &ref);
int fe_instances_run(Fe &fe);

/* ---- walk.cpp ---------------------------------------------------------- */
int fe_walk(Fe &fe);
xl_id fe_current_func(Fe &fe);
xl_id fe_add_func(Fe &fe, const Cursor &c, xl_space space);
void fe_walk_function(Fe &fe, const Cursor &c, xl_id func);
bool fe_is_instantiation(const Cursor &func);

/* ---- uses.cpp ----------------------------------------------------------- */
void fe_uses_lambda(Fe &fe, const Cursor &lambda, xl_id id);
void fe_uses_visit(Fe &fe, const Cursor &c, const Cursor &parent);
void fe_uses_finish(Fe &fe);

/* ---- thisobj.cpp -------------------------------------------------------- */
void fe_this_fields(Fe &fe, const Cursor &lambda, xl_id id);

/* ---- archscan.cpp ------------------------------------------------------- */
int fe_arch_scan(bool *out_needed, Fe &fe);

/*
 * Walk the translation unit into facts (which know their main file and the
 * command's flags). Returns XL_OK or XL_ENOMEM. (walk.cpp)
 */
int walk_tu(xl_facts *facts, const Tu *tu, bool system_headers);

} // namespace xlp

#endif /* XLP_FE_H */
