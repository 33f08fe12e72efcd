/*
 * fe.h: internals of the libclang frontend (lib/frontend/).
 *
 *   parse.c    builds the clang command line, parses one side of a TU and
 *              turns clang's own errors into [clang-diagnostic-error] findings
 *   walk.c     walks the AST once, tracking the enclosing function, lambda,
 *              statement and 'if constexpr' branch
 *   lambda.c   a lambda's header: execution space, introducer, specifiers
 *   capture.c  a lambda's captures (closure fields, or the body's uses)
 *   types.c    interns clang types into xl_type nodes
 *   srcmap.c   files, buffers and CXSourceLocation -> xl_loc
 *
 * Only this directory includes clang-c headers.
 */
#ifndef XL_FE_H
#define XL_FE_H

#include <clang-c/Index.h>

#include "xlambda/sys/facts.h"
#include "util/util.h"

/* A file seen during the walk. */
typedef struct fe_file {
  CXFile file;
  xl_id id;          /* index into facts->files */
  const char *buf;   /* contents (owned by the TU) */
  size_t len;
  int system;        /* a system header */
} fe_file;

/* A use of an entity from a lambda body, recorded during the walk. */
typedef struct fe_ref {
  unsigned offset;     /* expansion offset of the use, in the main buffer */
  xl_id file;
  CXCursor decl;       /* the referenced declaration (VarDecl/ParmDecl/member) */
  int is_this;         /* a member access through implicit or explicit this */
  int in_constexpr_if; /* inside an 'if constexpr' branch of the lambda */
  int unevaluated;     /* inside sizeof/alignof/decltype/noexcept */
  CXSourceLocation where;
} fe_ref;

/* One lambda being walked. */
typedef struct fe_lambda_frame {
  xl_id id;              /* its index in facts->lambdas */
  CXCursor cursor;
  unsigned begin, end;   /* expansion offsets of its extent */
  xl_id file;
  fe_ref *refs;          /* uses of outer entities, in source order */
  size_t nrefs, cap;
  unsigned constexpr_if_depth; /* 'if constexpr' branches open in its body */
} fe_lambda_frame;

#define FE_MAX_DEPTH 64

/* The walk's state. */
typedef struct xl_fe {
  CXTranslationUnit tu;
  xl_facts *facts;
  int status;                 /* sticky: XL_ENOMEM once memory ran out */
  int walk_system;            /* walk system-header declarations too */

  fe_file **files;           /* each allocated alone: pointers stay valid */
  size_t nfiles, cap_files;

  /* type interning: hash of the canonical spelling -> type id */
  uint64_t *type_keys;
  xl_id *type_vals;
  size_t type_cap, type_count;
  unsigned type_depth;

  /* the enclosing function (lazily added to facts) */
  CXCursor func_cursor;
  xl_id func;
  int in_function;
  xl_space func_space;

  /* the enclosing lambdas, innermost last */
  fe_lambda_frame lambdas[FE_MAX_DEPTH];
  unsigned nlambdas;

  /* the statement that holds what is being visited */
  CXCursor stmt;
  int have_stmt;
  unsigned constexpr_if_depth; /* branches open in the enclosing function */
  unsigned unevaluated;        /* inside sizeof/alignof operands */
} xl_fe;

/* ---- srcmap.c ---------------------------------------------------------- */

/* Find or add the file of a location; NULL for locations without a file. */
fe_file *xl_fe_file(xl_fe *fe, CXFile file);

/* Convert a location (expansion position; XL_LOC_MACRO when spelled elsewhere). */
xl_loc xl_fe_loc(xl_fe *fe, CXSourceLocation loc);

/* Convert a byte offset of an fe_file into a location (no macro flag). */
xl_loc xl_fe_loc_at(xl_fe *fe, const fe_file *file, size_t offset);

/* Convert a cursor's extent. */
xl_range xl_fe_range(xl_fe *fe, CXCursor c);

/* 1 when the cursor's expansion location is in a system header. */
int xl_fe_in_system(CXCursor c);

/*
 * Where a location is spelled: its file (added if needed) and byte offset.
 * Returns NULL when it has no file.
 */
fe_file *xl_fe_spelling(xl_fe *fe, CXSourceLocation loc, unsigned *offset);

/* The cursor's spelling copied into the facts (NULL when empty). */
const char *xl_fe_spelling_of(xl_fe *fe, CXCursor c);

/* The cursor's qualified name ("ns::C::f") copied into the facts. */
const char *xl_fe_qualified_name(xl_fe *fe, CXCursor c);

/* Record that memory ran out. */
void xl_fe_oom(xl_fe *fe);

/* ---- types.c ----------------------------------------------------------- */

/* Intern t into facts->types and return its id (XL_NONE on failure). */
xl_id xl_fe_type(xl_fe *fe, CXType t);

/* Release the interning tables. */
void xl_fe_types_free(xl_fe *fe);

/* ---- lambda.c ---------------------------------------------------------- */

/*
 * Add the lambda at cursor c to the facts (header only: space, introducer,
 * specifiers, enclosing function and lambda). Returns its id or XL_NONE.
 */
xl_id xl_fe_lambda_begin(xl_fe *fe, CXCursor c);

/* ---- capture.c --------------------------------------------------------- */

/* Record a use (DeclRefExpr / MemberRefExpr / this) in every open lambda. */
void xl_fe_note_ref(xl_fe *fe, CXCursor c, CXCursor parent);

/* Compute the captures of the innermost open lambda when its walk ends. */
void xl_fe_lambda_end(xl_fe *fe, fe_lambda_frame *frame);

/* ---- walk.c ------------------------------------------------------------ */

/* Walk the whole TU and fill fe->facts. Returns XL_OK or XL_ENOMEM. */
int xl_fe_walk(xl_fe *fe);

/* The id of the enclosing function, adding it to the facts on first use. */
xl_id xl_fe_current_func(xl_fe *fe);

/* The CUDA attributes written on a declaration (host/device/global). */
xl_space xl_fe_decl_space(CXCursor decl, CXSourceLocation *first_attr);

#endif /* XL_FE_H */
