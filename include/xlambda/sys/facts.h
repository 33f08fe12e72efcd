/*
 * xlambda/sys/facts.h: the facts, the contract between frontends and rules.
 *
 * A frontend (libclang in lib/frontend, the Clang AST in plugin/) describes
 * one translation unit as plain C structs: files, types, enclosing functions
 * and classes, lambdas and their captures. Rules read only these structs and
 * never see a clang type, so `check` unit tests can build facts by hand.
 *
 * Everything is stored in flat arrays owned by the xl_facts object and
 * referred to by index (xl_id). XL_NONE marks a missing reference. All
 * strings are owned by the facts and live as long as it does.
 *
 * This is the "sys" tier of the API: for frontend and rule authors. Plain
 * users of the checker need only xlambda/xlambda.h.
 */
#ifndef XLAMBDA_SYS_FACTS_H
#define XLAMBDA_SYS_FACTS_H

#include <stdint.h>

#include "xlambda/common.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef uint32_t xl_id;
#define XL_NONE ((xl_id)0xffffffffu)

/* ---- locations ---------------------------------------------------------- */

/* xl_loc.flags */
#define XL_LOC_MACRO 0x1u /* the text at this place comes from a macro expansion */

/*
 * A place in a file. line/col/offset describe the expansion location (where
 * the user reads it: the macro name for a macro expansion), which is where
 * nvcc reports.
 */
typedef struct xl_loc {
  xl_id file;      /* index into xl_facts.files, XL_NONE when unknown */
  uint32_t line;   /* 1-based; 0 when unknown */
  uint32_t col;    /* 1-based, counted in bytes */
  uint32_t offset; /* 0-based byte offset into the file */
  uint32_t flags;  /* XL_LOC_* */
} xl_loc;

/* A half-open byte range [begin, end) in one file. */
typedef struct xl_range {
  xl_loc begin;
  xl_loc end;
} xl_range;

/*
 * Where a private or protected class member can be made public with two
 * line-aligned insertions (issue 18): "public:\n" at `open`, the start of
 * the line of the member's first declaration in its class (its template
 * header included), and "\n" plus the access it had ("\nprivate:" or
 * "\nprotected:") at `close`, the end of the line where that declaration
 * ends (its ';' or a function definition's '}'). Both file XL_NONE when no
 * such edit exists (a macro writes the member, the class is unnamed, other
 * code shares those lines). Inserting at the line's end, not the next
 * line's start, keeps one member's restore apart from the next member's
 * "public:".
 */
typedef struct xl_widen {
  xl_loc open;
  xl_loc close;
} xl_widen;

/*
 * The enumerations and flags below (XL_SPACE_*, XL_TYPE_*, ..., XL_FIELD_*)
 * come from facts_names.def, which says what each one means and gives its
 * --dump-facts name.
 */

/* ---- execution spaces --------------------------------------------------- */

typedef enum xl_space {
#define XL_SPACE(NAME, json) XL_SPACE_##NAME,
#include "xlambda/sys/facts_names.def"
} xl_space;

/* ---- types -------------------------------------------------------------- */

typedef enum xl_type_kind {
#define XL_TYPE_KIND(NAME, json) XL_TYPE_##NAME,
#include "xlambda/sys/facts_names.def"
} xl_type_kind;

/* xl_type.flags */
enum {
#define XL_TYPE_FLAG(NAME, bit, json) XL_TYPE_##NAME = 1u << (bit),
#include "xlambda/sys/facts_names.def"
};

/*
 * One type. Types form a graph through `inner`, `args` and `parent`, so rules
 * can look for a local or private type anywhere inside (pointee, array
 * element, template argument, function parameter, member pointer's class) or
 * around it (a public type nested in a private one). Distinct declarations
 * get distinct nodes even when they print alike (two local 'L's, the closures
 * of one lambda in two instantiations).
 */
typedef struct xl_type {
  const char *spelling; /* as clang prints it, e.g. "std::vector<int>" */
  xl_type_kind kind;
  uint32_t flags;       /* XL_TYPE_* */
  uint32_t array_rank;  /* arrays: number of dimensions (int[2][3] -> 2) */
  xl_id inner;          /* pointee, referee, array element or return type */
  const xl_id *args;    /* template arguments (records), parameters
                           (functions), the class (member pointers) */
  uint32_t nargs;
  xl_loc decl;          /* declaration of the named record, enum or template */
  xl_loc access;        /* the access specifier making it private/protected
                           (file XL_NONE when it is the default of 'class') */
  /* added for the type rules (issue 3) */
  xl_id parent;         /* the class a member type is declared in, else XL_NONE */
  xl_id lambda;         /* closures: the lambda (xl_facts.lambdas), if known */
  xl_widen widen;       /* private/protected member types: how to make
                           them public (issue 18) */
  /* local records and enums that can move to namespace scope (issue 18):
     the definition through its ';' (its whole lines when alone on them:
     from the newline before it to the one after it), the
     text to insert (the definition de-indented, then a blank line) and
     where: the start of the line of the outermost declaration around the
     function in its namespace. hoist_text NULL when no move is proposed:
     the definition names something of the function or of the classes and
     templates around it, is not written directly in the file, or its name
     is written elsewhere in the file. */
  xl_range hoist_remove;
  xl_loc hoist_at;
  const char *hoist_text;
} xl_type;

/* ---- classes ------------------------------------------------------------ */

/* xl_record.flags */
enum {
#define XL_RECORD_FLAG(NAME, bit, json) XL_RECORD_##NAME = 1u << (bit),
#include "xlambda/sys/facts_names.def"
};

/* A class enclosing a function that holds an extended lambda. */
typedef struct xl_record {
  const char *name;    /* qualified name; "(unnamed class)" when unnamed;
                          a specialization: clang's spelling of its type,
                          which may be a `preferred_name` alias */
  xl_loc loc;
  uint32_t flags;      /* XL_RECORD_* */
  xl_id parent;        /* enclosing class, XL_NONE at namespace scope */
  xl_loc access;       /* access specifier that made it private/protected */
  xl_id first_tparam;  /* template parameters, in xl_facts.tparams */
  uint32_t ntparams;
  const xl_id *targs;  /* template arguments (types) when a specialization */
  uint32_t ntargs;
  /* added for the enclosing-function rules (issue 3) */
  xl_id type;          /* the class as an xl_type, XL_NONE if unknown */
  xl_id pattern;       /* specializations: the template's record, if added */
  xl_loc name_at;      /* unnamed: right after its 'struct'/'class'/'union'
                          keyword, where a name goes; file XL_NONE if
                          unknown (issue 18) */
  xl_widen widen;      /* private/protected: how to make it public */
} xl_record;

/* xl_tparam.flags */
enum {
#define XL_TPARAM_FLAG(NAME, bit, json) XL_TPARAM_##NAME = 1u << (bit),
#include "xlambda/sys/facts_names.def"
};

/* A template parameter of an enclosing function or class template. */
typedef struct xl_tparam {
  const char *name; /* NULL when unnamed */
  xl_loc loc;
  uint32_t flags;   /* XL_TPARAM_* */
  xl_loc name_at;   /* unnamed: where a name goes (right after the keyword,
                       type or '...'); file XL_NONE if unknown (issue 18) */
} xl_tparam;

/* ---- functions ---------------------------------------------------------- */

/* xl_func.flags */
enum {
#define XL_FUNC_FLAG(NAME, bit, json) XL_FUNC_##NAME = 1u << (bit),
#include "xlambda/sys/facts_names.def"
};

/*
 * A function that encloses at least one lambda, or a template
 * specialization the frontend instantiated on the way to one.
 *
 * Instantiations: clang instantiates a function template (or a member of a
 * class template) for each set of template arguments used. The frontend
 * walks the *instantiated* bodies of the specializations user code refers
 * to, so a lambda in a template appears once per instantiation, with
 * concrete types (see XL_LAMBDA_INSTANCE). Such a function has
 * XL_FUNC_SPECIALIZATION, its template arguments in `targs`, the pattern's
 * function in `pattern` (when the pattern encloses a lambda), and the place
 * that requested it in `poi` -- inside `poi_func` when that place is itself in
 * an instantiated body, which gives the chain nvcc prints as "detected during
 * instantiation of ...". __global__ function template specializations are
 * recorded the same way (space XL_SPACE_GLOBAL), with or without a body.
 */
typedef struct xl_func {
  const char *name;     /* qualified name, for messages */
  xl_loc loc;           /* the function's name */
  xl_range range;       /* the whole definition */
  xl_space space;       /* written annotation; NONE means implicitly __host__ */
  uint32_t flags;       /* XL_FUNC_* */
  xl_id record;         /* enclosing class (xl_facts.records), or XL_NONE */
  xl_loc access;        /* access specifier for private/protected members */
  xl_id first_tparam;   /* template parameters, in xl_facts.tparams */
  uint32_t ntparams;
  const xl_id *targs;   /* template arguments (types) of a specialization */
  uint32_t ntargs;
  xl_loc ret_loc;       /* the written return type (for deduced returns) */
  /* added for the enclosing-function and template rules (issue 3) */
  xl_range ret_range;   /* deduced returns: 'auto' / 'decltype(auto)' */
  xl_id ret_type;       /* the (deduced) return type, XL_NONE if dependent */
  const char *ret_spelling; /* deduced returns: the deduced type as written
                               by clang ("std::string"); NULL if dependent */
  xl_range body;        /* the body's braces: block scope is inside */
  xl_id pattern;        /* specializations: the pattern's xl_func, if added */
  xl_loc poi;           /* specializations: where it was first requested */
  xl_id poi_func;       /* the function holding poi, XL_NONE at top level */
  xl_widen widen;       /* private/protected members: how to make them
                           public (issue 18) */
  xl_range constexpr_range; /* 'constexpr' and the blanks after it, in a
                           definition without an earlier declaration whose
                           name no macro writes; file XL_NONE otherwise */
} xl_func;

/* ---- lambdas and captures ----------------------------------------------- */

/* xl_lambda.flags */
enum {
#define XL_LAMBDA_FLAG(NAME, bit, json) XL_LAMBDA_##NAME = 1u << (bit),
#include "xlambda/sys/facts_names.def"
};

/*
 * One lambda expression. A lambda is *extended* when it is annotated
 * __device__ or __host__ __device__ (read from the call operator's CUDA
 * attributes, so macros are seen) and is not inside __device__/__global__
 * code.
 */
typedef struct xl_lambda {
  xl_loc loc;             /* the '[' as the user reads it (expansion loc) */
  xl_range range;         /* the whole lambda expression */
  xl_range intro;         /* '[' .. ']' where written; file XL_NONE if unknown */
  xl_loc body;            /* the '{' of the body */
  xl_loc params_loc;      /* the '(' of the parameters, else the body's '{' */
  xl_loc annot;           /* the first __host__/__device__ annotation */
  xl_space space;         /* written annotation of the call operator */
  uint32_t flags;         /* XL_LAMBDA_* */
  char capture_default;   /* 0, '=' or '&' */
  xl_range default_range; /* the capture default's text */
  xl_id func;             /* enclosing function, XL_NONE if none */
  xl_id parent;           /* innermost enclosing lambda, XL_NONE if none */
  xl_id first_capture;    /* captures, in xl_facts.captures */
  uint32_t ncaptures;
  xl_id ret_type;         /* call operator's return type, XL_NONE if unknown */
  const xl_id *params;    /* call operator's parameter types */
  uint32_t nparams;
  xl_loc stmt;            /* start of the statement that holds the lambda */
  const char *stmt_indent; /* the whitespace before that statement */
  xl_loc stmt_end;        /* the start of the line after that statement, when
                             nothing but blanks follows it on its last line
                             (and no macro writes it) */
  /* the type, nesting and specifier rules */
  xl_id closure;          /* the closure type, XL_NONE if unknown */
  xl_id pattern;          /* XL_LAMBDA_INSTANCE: the lambda in the template */
  xl_range host_annot;    /* a '__host__' written directly (not from a macro) */
  xl_range device_annot;  /* a '__device__' written directly (not from a
                             macro) before the body, and the blanks after it */
  xl_loc var;             /* the variable the lambda initialises, if any */
  const char *var_name;
  /* the host and device compilations (filled when facts->device exists) */
  xl_loc spelling;        /* where the '[' is spelled (a macro's definition) */
  xl_id peer;             /* the same lambda in the other compilation's facts */
  uint32_t number;        /* nvcc's number: 1-based position among the extended
                             lambdas of its function; 0 when not numbered */
  /* the fix-its of the specifier rules (issue 18); file XL_NONE unless
     written in the file, outside macros */
  xl_range spec_range;    /* 'constexpr' / 'consteval' and the blanks after it */
  xl_range annot_range;   /* XL_LAMBDA_OPERATOR_ANNOTATED: the misplaced
                             annotation and the blanks before it */
  const char *annot_text; /* that annotation as written ("__device__") */
  xl_loc annot_to;        /* where it belongs: the first character after the
                             capture list that is not a blank */
  /* a lambda written by an object-like macro ('KOKKOS_LAMBDA') whose file
     defines a twin that also captures '*this' ('KOKKOS_CLASS_LAMBDA');
     file XL_NONE and NULL otherwise */
  xl_range macro_range;   /* the macro's name where it is written */
  const char *macro_name;
  const char *star_this_macro;
} xl_lambda;

typedef enum xl_capture_kind {
#define XL_CAPTURE_KIND(NAME, json) XL_CAPTURE_##NAME,
#include "xlambda/sys/facts_names.def"
} xl_capture_kind;

/* xl_capture.flags */
enum {
#define XL_CAPTURE_FLAG(NAME, bit, json) XL_CAPTURE_##NAME = 1u << (bit),
#include "xlambda/sys/facts_names.def"
};

/* One captured entity of a lambda, in closure-layout order. */
typedef struct xl_capture {
  xl_capture_kind kind;
  uint32_t flags;       /* XL_CAPTURE_* */
  const char *name;     /* "x", "this", "*this"; init-captures: their name */
  xl_id type;           /* the closure member's type, XL_NONE if unknown */
  xl_id var_type;       /* the captured variable's own type (arrays stay arrays) */
  xl_loc loc;           /* explicit: in the list; implicit: the first use */
  xl_range range;       /* explicit: the capture's text ('&x', 'x = e') */
  xl_range init;        /* init-capture: where the initializer is */
  const char *init_text; /* init-capture: the initializer as written */
  xl_loc decl;          /* the captured variable's declaration */
  xl_id lambda;         /* the lambda it belongs to */
  /* init-captures whose name is not fresh (issue 18): a fresh name for a
     hoisted local (with XL_CAPTURE_ARRAY_LOCAL: the array's name), and
     every use of the capture in the body, each spelling its name (NULL/0
     when not every use could be found) */
  const char *rename;
  const xl_loc *uses;
  uint32_t nuses;
} xl_capture;

/* ---- calls (host -> device hand-off, host-side misuse) ------------------- */

/* xl_use.flags for XL_USE_INTROSPECTION: the form of the inspection */
enum {
#define XL_USE_FLAG(NAME, bit, json) XL_USE_##NAME = 1u << (bit),
#include "xlambda/sys/facts_names.def"
};

/* xl_use.kind */
typedef enum xl_use_kind {
#define XL_USE_KIND(NAME, json) XL_USE_##NAME,
#include "xlambda/sys/facts_names.def"
} xl_use_kind;

/* A noteworthy use of a lambda's closure object in host code. */
typedef struct xl_use {
  xl_use_kind kind;
  xl_id lambda;        /* the lambda whose closure is used */
  xl_loc loc;          /* where */
  const char *callee;  /* the called function's name, if any */
  xl_loc callee_decl;  /* its declaration, if known */
  uint32_t flags;      /* XL_USE_INTRO_* for introspection */
  xl_loc site;         /* where it happens inside the callee: the kernel
                          launch of a launcher, the unqualified call of an
                          ADL hazard, the '&F::operator()' of a traits
                          template; XL_NONE file when at loc itself */
  const char *detail;  /* kind-specific: the namespace an ADL hazard drags
                          in, the template an introspection names, the
                          body-less specialization of an opaque argument */
} xl_use;

/* ---- preprocessor conditionals that depend on __CUDA_ARCH__ -------------- */

/* xl_cond.flags */
enum {
#define XL_COND_FLAG(NAME, bit, json) XL_COND_##NAME = 1u << (bit),
#include "xlambda/sys/facts_names.def"
};

/*
 * One arm of an #if/#ifdef/#ifndef/#elif/#else group whose existence depends
 * on __CUDA_ARCH__, directly or through a macro defined under such a
 * condition. Arms that come before the first mention of __CUDA_ARCH__ in
 * their group do not depend on it and are not listed.
 */
typedef struct xl_cond {
  xl_loc loc;        /* the directive's '#' */
  xl_range range;    /* the text the arm controls (after the directive line) */
  const char *text;  /* the directive as written, e.g. "#ifdef __CUDA_ARCH__" */
  xl_id group;       /* arms of one #if...#endif group share this number */
  uint32_t flags;    /* XL_COND_* */
  xl_range removal;  /* what removes the directive's line: the line break
                        before it and its text, when it is one line spelled
                        as `text` and the line before it ends in a character
                        that is not a blank (so that nothing else joins or
                        goes); file XL_NONE otherwise */
} xl_cond;

/* ---- members of a class copied by '*this' -------------------------------- */

/* xl_field.flags */
enum {
#define XL_FIELD_FLAG(NAME, bit, json) XL_FIELD_##NAME = 1u << (bit),
#include "xlambda/sys/facts_names.def"
};

/* A data member (or base) of a class whose '*this' an extended lambda copies. */
typedef struct xl_field {
  const char *name;  /* the member's name; the base's type for bases */
  xl_id type;        /* its type */
  xl_id owner;       /* the class (xl_facts.types) */
  xl_loc loc;        /* its declaration */
  xl_loc why;        /* the host-only destructor or copy constructor, if known */
  const char *why_name; /* the class that declares it, e.g. "vector" */
  uint32_t flags;    /* XL_FIELD_* */
} xl_field;

/* ---- the translation unit ----------------------------------------------- */

/* xl_facts.flags */
#define XL_FACTS_EXTENDED_LAMBDA (1u << 0) /* the command enables extended lambdas */
#define XL_FACTS_NVCC_COMMAND (1u << 1)    /* the compile command is an nvcc one */
#define XL_FACTS_DEVICE_SIDE (1u << 2)     /* these facts describe the device compilation */
#define XL_FACTS_INCOMPLETE (1u << 3)      /* the file did not parse cleanly */
#define XL_FACTS_BODIES_SKIPPED (1u << 4)  /* --parse=skip parsed the host side */
#define XL_FACTS_FROM_TOKENS (1u << 5)     /* device side: answered from the
                                              device preprocessor's tokens,
                                              not parsed (--parse=skip) */
#define XL_FACTS_WANTS_HEADER_BODIES (1u << 6) /* a document whose header
                                              bodies were skipped gave a
                                              lambda that is not extended,
                                              or a local class, to a
                                              library template (not the C++
                                              standard library's): whether a
                                              kernel takes it needs the
                                              template's body */

/* xl_facts.file_flags[i] */
#define XL_FILE_SYSTEM (1u << 0) /* a system header */
#define XL_FILE_MAIN (1u << 1)   /* the main file */

/* Everything the frontend extracted from one translation unit. */
typedef struct xl_facts {
  const char *main_file;   /* path of the main file as given */
  const char **files;      /* file table; xl_loc.file indexes it */
  uint32_t *file_flags;    /* XL_FILE_* per file */
  uint64_t *file_hashes;   /* content hash as parsed (0: not recorded) */
  uint32_t nfiles;
  int cxx_std;             /* 11, 14, 17, 20 or 23 */
  int cuda_major;          /* CUDA toolkit version the rules assume */
  int cuda_minor;
  uint32_t flags;          /* XL_FACTS_* */

  xl_type *types;
  uint32_t ntypes;
  xl_record *records;
  uint32_t nrecords;
  xl_tparam *tparams;
  uint32_t ntparams;
  xl_func *funcs;
  uint32_t nfuncs;
  xl_lambda *lambdas;
  uint32_t nlambdas;
  xl_capture *captures;
  uint32_t ncaptures;
  xl_use *uses;
  uint32_t nuses;
  xl_cond *conds;          /* __CUDA_ARCH__-dependent conditional arms */
  uint32_t nconds;
  xl_field *fields;        /* members of classes copied by '*this' */
  uint32_t nfields;

  struct xl_facts *device; /* the device-side facts, when a second parse ran */
  void *impl;              /* allocator state; not for rules */

  /* Every file the parses read (libclang's inclusion lists of both sides,
     the main file first) with a hash of its contents as read: the result
     cache's dependencies. Recorded only when asked for (the frontend's
     XL_PARSE_RECORD_DEPS); rules do not read them. */
  const char **deps;
  uint64_t *dep_hashes;
  uint32_t ndeps;
} xl_facts;

/*
 * Create empty facts for main_file (copied) into *out. The caller owns the
 * result and releases it with xl_facts_free. Returns XL_OK or XL_ENOMEM.
 */
XL_API int xl_facts_new(xl_facts **out, const char *main_file);

/* Release facts and everything they own (the device facts too). Accepts NULL. */
XL_API void xl_facts_free(xl_facts *facts);

/*
 * Copy s into storage owned by facts. Returns the copy, or NULL when s is
 * NULL or memory runs out.
 */
XL_API const char *xl_facts_strdup(xl_facts *facts, const char *s);

/* Copy n bytes of s plus a NUL into the facts; NULL when memory runs out. */
XL_API const char *xl_facts_strndup(xl_facts *facts, const char *s, size_t n);

/*
 * Copy n ids into storage owned by facts. Returns the copy (NULL when n is 0
 * or memory runs out).
 */
XL_API const xl_id *xl_facts_ids(xl_facts *facts, const xl_id *ids, uint32_t n);

/*
 * Copy n locations into storage owned by facts. Returns the copy (NULL when
 * n is 0 or memory runs out).
 */
XL_API const xl_loc *xl_facts_locs(xl_facts *facts, const xl_loc *locs,
                                   uint32_t n);

/*
 * Intern a file path: returns the existing index or appends it. *out gets the
 * index. Returns XL_OK or XL_ENOMEM.
 */
XL_API int xl_facts_add_file(xl_id *out, xl_facts *facts, const char *path,
                             uint32_t file_flags);

/*
 * Record that the parse read `path` (copied) whose contents hash to `hash`
 * (xl_hash_bytes from XL_FNV_INIT); a path recorded already is kept with
 * its first hash. Returns XL_OK or XL_ENOMEM.
 */
XL_API int xl_facts_add_dep(xl_facts *facts, const char *path, uint64_t hash);

/*
 * Make every relative file path absolute against dir (a compile command's
 * working directory: clang names headers as the include path spells them),
 * in the file table and in the dependencies.
 * Returns XL_OK or XL_ENOMEM.
 */
XL_API int xl_facts_absolute_paths(xl_facts *facts, const char *dir);

/*
 * Append a zeroed element (ids set to XL_NONE) to one table and return it in
 * *out and its index in *out_id (may be NULL). The pointer stays valid only
 * until the next append to the same table. Each returns XL_OK or XL_ENOMEM.
 */
XL_API int xl_facts_add_type(xl_type **out, xl_id *out_id, xl_facts *facts);
XL_API int xl_facts_add_record(xl_record **out, xl_id *out_id, xl_facts *facts);
XL_API int xl_facts_add_tparam(xl_tparam **out, xl_id *out_id, xl_facts *facts);
XL_API int xl_facts_add_func(xl_func **out, xl_id *out_id, xl_facts *facts);
XL_API int xl_facts_add_lambda(xl_lambda **out, xl_id *out_id, xl_facts *facts);
XL_API int xl_facts_add_capture(xl_capture **out, xl_id *out_id,
                                xl_facts *facts);
XL_API int xl_facts_add_use(xl_use **out, xl_id *out_id, xl_facts *facts);
XL_API int xl_facts_add_cond(xl_cond **out, xl_id *out_id, xl_facts *facts);
XL_API int xl_facts_add_field(xl_field **out, xl_id *out_id, xl_facts *facts);

/* A location with every field unknown (file XL_NONE). */
XL_API xl_loc xl_loc_none(void);

/* 1 when loc names a place in a file. */
XL_API int xl_loc_valid(xl_loc loc);

/* The type at id, or NULL for XL_NONE or an out-of-range id. */
XL_API const xl_type *xl_facts_type(const xl_facts *facts, xl_id id);

/* The lambda's i-th capture (0-based); NULL when out of range. */
XL_API const xl_capture *xl_lambda_capture(const xl_facts *facts,
                                           const xl_lambda *lambda, uint32_t i);

/*
 * Serialise facts as a JSON document (the --dump-facts format) into a new
 * heap string stored in *out; the caller frees it. Paths are printed as
 * recorded. Returns XL_OK or XL_ENOMEM.
 */
XL_API int xl_facts_to_json(char **out, const xl_facts *facts);

/*
 * Check every location the facts record against the text of its file (a
 * debug aid, `xlambda check --verify-facts`): each offset agrees with its
 * line and column, a lambda's introducer starts with '[', its parameter
 * list with '(', its body with '{', its annotation spells '__host__',
 * '__device__' (or a macro), an explicit capture and a declaration spell
 * their name, and so on; a place from a macro expansion (XL_LOC_MACRO) must
 * hold the macro's name. The device-side facts are checked too. Files are
 * read by path; system headers, files that cannot be read and files whose
 * contents no longer hash to what was parsed are skipped.
 * Stores in *report a heap string (the caller frees it) with one
 * "path:line:col: internal error: ..." line per mismatch, NULL when there is
 * none. Returns the number of mismatches, or XL_ENOMEM.
 */
XL_API int xl_facts_verify(char **report, const xl_facts *facts);

#ifdef __cplusplus
}
#endif

#endif /* XLAMBDA_SYS_FACTS_H */
