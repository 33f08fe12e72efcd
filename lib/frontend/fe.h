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
 *   scope.c    enclosing classes, template parameters, the enclosing
 *              function's declaration, a lambda's surroundings
 *   instances.c  template specializations: their facts and the walk of
 *              their instantiated bodies
 *   recover.c  lambdas clang cannot parse because of an annotation nvcc
 *              reads as annotating operator() (rewritten and parsed again)
 *   archscan.c the preprocessor conditionals that depend on __CUDA_ARCH__
 *   device.c   the device-side parse
 *   pair.c     the device side's facts and the pairing of the two sides
 *   uses.c     host-side uses of closures: kernel and launcher arguments,
 *              function pointers, introspection, ADL hazards
 *   introspect.c  the function-pointer and introspection part of uses.c
 *   adl.c      argument-dependent lookup through nvcc's placeholder types
 *   thisobj.c  the members of a class an extended lambda copies by '*this'
 *
 * Only this directory includes clang-c headers. The walk gets libclang
 * through seam.h, which lists the calls it may make (seam.def) and what it
 * relies on from them; the parse side (parse.c, device.c, document.c,
 * recover.c) includes <clang-c/Index.h> itself for the rest.
 */
#ifndef XL_FE_H
#define XL_FE_H

#include "seam.h"

#include "xlambda/sys/facts.h"
#include "util/util.h"

/* A file seen during the walk. */
typedef struct fe_file {
  CXFile file;
  xl_id id;          /* index into facts->files */
  const char *buf;   /* contents as parsed (the TU's, or `own`) */
  char *own;         /* the copy read from disk, when buf is that */
  size_t len;
  uint64_t hash;     /* xl_hash_bytes of buf, once hashed is set */
  int hashed;
  int system;        /* a system header */
  /* xl_fe_loc_at's answers by offset (clang_getLocationForOffset looks the
     file up among all source entries: slow in big translation units) */
  uint32_t *memo_keys; /* offset + 1; 0: empty */
  xl_loc *memo_vals;
  size_t memo_cap, memo_n;
  uint32_t *line_starts; /* xl_fe_loc_spelled's line table, made on demand */
  size_t nlines;
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
  fe_ref *own;           /* uses of its own locals and init-captures */
  size_t nown, own_cap;
  unsigned constexpr_if_depth; /* 'if constexpr' branches open in its body */
} fe_lambda_frame;

#define FE_MAX_DEPTH 64

/* A template specialization referenced from user code (instances.c). */
enum { FE_WALK_NONE, FE_WALK_FULL, FE_WALK_KERNELS };

typedef struct fe_spec {
  CXCursor cursor;  /* the specialization's definition (or declaration) */
  unsigned hash;    /* clang_hashCursor(cursor): compared first */
  xl_id func;       /* its xl_func */
  int walk;         /* its body is to be walked: FE_WALK_FULL, or
                       FE_WALK_KERNELS (a system template's body, walked
                       for the kernels it launches only: instances.c) */
} fe_spec;

/* An annotation blanked out so that clang could parse a lambda (recover.c). */
typedef struct fe_blanked {
  char *path;        /* the file */
  unsigned begin, end; /* byte offsets of the annotation */
  char *text;        /* the annotation as written (owned) */
} fe_blanked;

/* The walk's state. */
/* The source map (srcmap.c): the files of the facts, by CXFile. */
typedef struct fe_srcmap {
  fe_file **files;           /* each allocated alone: pointers stay valid */
  size_t nfiles, cap_files;
  CXFile *fmap_keys;         /* CXFile pointer -> files[] */
  fe_file **fmap_vals;
  size_t fmap_cap, fmap_n;
} fe_srcmap;

/* Type interning (types.c): hash of the canonical spelling -> type id. */
typedef struct fe_types {
  uint64_t *type_keys;
  xl_id *type_vals;
  size_t type_cap, type_count;
  unsigned type_depth;
} fe_types;

/* Where the walk is (walk.c, lambda.c): the enclosing function, lambdas and
 * statement of what is being visited. */
typedef struct fe_at {
  CXCursor func_cursor;       /* the enclosing function (lazily in facts) */
  xl_id func;
  int in_function;
  xl_space func_space;
  fe_lambda_frame lambdas[FE_MAX_DEPTH]; /* innermost last */
  unsigned nlambdas;
  CXCursor stmt;              /* the statement that holds it */
  int have_stmt;
  unsigned constexpr_if_depth; /* branches open in the enclosing function */
  unsigned unevaluated;        /* inside sizeof/alignof operands */
} fe_at;

/* Records added to the facts and their cursors (scope.c). */
typedef struct fe_recs {
  CXCursor *rec_cursors;
  xl_id *rec_ids;
  size_t nrecs, cap_rec_cursors, cap_rec_ids;
} fe_recs;

/* Specializations (instances.c); `instance` is set while walking one. */
typedef struct fe_inst {
  fe_spec *specs;
  size_t nspecs, cap_specs;
  int instance;
  char **local_names;   /* classes the walk met defined in functions: a
                           system template may carry one (carries()) */
  size_t nlocal_names;
  int any_local;        /* one without a name, or too many to list */
  xl_loc *host_calls;   /* closures whose operator() host code calls */
  size_t nhost_calls, cap_host_calls;
} fe_inst;

/* The walk's state: one part per concern, each owned by the files named. */
typedef struct xl_fe {
  CXTranslationUnit tu;
  xl_facts *facts;
  int status;                 /* sticky: XL_ENOMEM once memory ran out */
  int walk_system;            /* walk system-header declarations too */
  int kernel_template;        /* met a __global__ function template, when
                                 the document's headers declare none
                                 (walk.c) */

  fe_srcmap src;              /* srcmap.c */
  fe_types types;             /* types.c */
  fe_at at;                   /* walk.c, lambda.c */
  fe_recs recs;               /* scope.c */
  fe_inst inst;               /* instances.c */

  /* annotations recover.c blanked out before the parse */
  const fe_blanked *blanked;
  size_t nblanked;

  struct fe_uses *uses;        /* uses.c's state, created on first need */
  const struct fe_doc_in *doc; /* what a document adds (lent; an empty one
                                 outside a document), below */
} xl_fe;

/* ---- annot.c (lambda_operator_annotated's fix-it) ---------------------- */

/*
 * The annotation after l's parameter list at offset `at` of f (its
 * '__host__'/'__device__' tokens as written): fills l->annot_text,
 * l->annot_range and l->annot_to; nothing when l comes from a macro.
 */
void xl_fe_annotation_read(xl_fe *fe, xl_lambda *l, const fe_file *f,
                           size_t at);

/*
 * The annotations recover.c blanked out in l's header: marks l
 * XL_LAMBDA_OPERATOR_ANNOTATED and sets l->annot; fills the fix-it's fields
 * as above when every one is a literal '__host__' / '__device__'.
 */
void xl_fe_annotation_blanked(xl_fe *fe, xl_lambda *l, const fe_file *f);

/* ---- macrotwin.c ------------------------------------------------------- */

/*
 * For lambda l (cursor c) written by an object-like macro whose replacement
 * begins with '[=]': when the macro's file defines another whose replacement
 * is the same with '*this' captured ('[=, *this]'), fill l->macro_range,
 * macro_name and star_this_macro. Out of memory leaves the names NULL.
 */
void xl_fe_macro_twin(xl_fe *fe, xl_lambda *l, CXCursor c);

/* ---- srcmap.c ---------------------------------------------------------- */

/* Find or add the file of a location; NULL for locations without a file. */
fe_file *xl_fe_file(xl_fe *fe, CXFile file);

/*
 * The place at `offset` of f as spelled (line and byte column counted in
 * the buffer, no macro mapping): what xl_fe_loc_at gives for text no macro
 * expands (directives, a lambda whose location is not in a macro), without
 * its clang lookup. File XL_NONE when out of range or out of memory.
 */
xl_loc xl_fe_loc_spelled(xl_fe *fe, const fe_file *f, size_t offset);

/* The file if fe has seen it already, else NULL (nothing is added). */
fe_file *xl_fe_file_known(xl_fe *fe, CXFile file);

/* Release fe's file table (the entries and their memos). */
void xl_fe_files_free(xl_fe *fe);

/* Convert a location (expansion position; XL_LOC_MACRO when spelled elsewhere). */
xl_loc xl_fe_loc(xl_fe *fe, CXSourceLocation loc);

/* Convert a byte offset of an fe_file into a location (no macro flag). */
xl_loc xl_fe_loc_at(xl_fe *fe, const fe_file *file, size_t offset);

/* Convert a cursor's extent. */
xl_range xl_fe_range(xl_fe *fe, CXCursor c);

/* Convert the extent of a construct whose last token is the character last
 * (a compound statement's '}'). libclang gives the end as a file location
 * even when that token comes from a macro expansion (then it is the end of
 * the expansion, after a macro's ')' or name): such an end, where the text
 * before it is not last, gets XL_LOC_MACRO. */
xl_range xl_fe_range_ending(xl_fe *fe, CXCursor c, char last);

/* 1 when decl is an overloaded or conversion operator: its spelling is
 * 'operator' not followed by an identifier character ('operator==',
 * 'operator()', 'operator int'; not 'operator_count'). */
int xl_fe_is_operator(CXCursor decl);

/* 1 when the cursor's expansion location is in a system header. */
int xl_fe_in_system(CXCursor c);

/*
 * Whether loc is spelled where it is expanded (written in its file, not by
 * a macro): its spelling's file and byte offset go to *file and *offset
 * either way. Cannot fail.
 */
int xl_fe_spelled_in_place(CXSourceLocation loc, CXFile *file,
                           unsigned *offset);

/*
 * Where a location is spelled: its file (added if needed) and byte offset.
 * Returns NULL when it has no file.
 */
fe_file *xl_fe_spelling(xl_fe *fe, CXSourceLocation loc, unsigned *offset);

/* The cursor's spelling copied into the facts (NULL when empty). */
const char *xl_fe_spelling_of(xl_fe *fe, CXCursor c);

/*
 * Append the names of c's semantic parents (namespaces and classes),
 * outermost first, each followed by "::"; inline namespaces only when
 * inline_namespaces is 1 (thrust's THRUST_300001_SM_900_NS left out with
 * 0). Out of memory is recorded in out.
 */
void xl_fe_append_scope(xl_buf *out, CXCursor c, int inline_namespaces);

/* The cursor's qualified name ("ns::C::f") copied into the facts. */
const char *xl_fe_qualified_name(xl_fe *fe, CXCursor c);

/* Record that memory ran out. */
void xl_fe_oom(xl_fe *fe);

/* ---- types.c ----------------------------------------------------------- */

/* Intern t into facts->types and return its id (XL_NONE on failure). */
xl_id xl_fe_type(xl_fe *fe, CXType t);

/* Release the interning tables. */
void xl_fe_types_free(xl_fe *fe);

/* An interned xl_type naming a template (a template template argument):
 * XL_TYPE_TEMPLATE_NAME plus its access and locality. */
xl_id xl_fe_template_name_type(xl_fe *fe, CXCursor tmpl);

/* ---- hoist.c ----------------------------------------------------------- */

/*
 * Fill type id's hoist_* fields when the local class or enum decl can move
 * to namespace scope (see xl_type); nothing otherwise. Records XL_ENOMEM in
 * fe on failure.
 */
void xl_fe_type_hoist(xl_fe *fe, CXCursor decl, xl_id id);

/* ---- lambda.c ---------------------------------------------------------- */

/*
 * Add the lambda at cursor c to the facts (header only: space, introducer,
 * specifiers, enclosing function and lambda). Returns its id or XL_NONE.
 */
xl_id xl_fe_lambda_begin(xl_fe *fe, CXCursor c);

/*
 * ref is a DeclRefExpr or MemberRefExpr inside the open lambdas: when it
 * names a function or variable that exists only on the device, mark every
 * open lambda XL_LAMBDA_DEVICE_REFS (their bodies would not compile for the
 * host). Cannot fail.
 */
void xl_fe_note_device_ref(xl_fe *fe, CXCursor ref);

/* ---- capture.c --------------------------------------------------------- */

/* Record a use (DeclRefExpr / MemberRefExpr / this) in every open lambda. */
void xl_fe_note_ref(xl_fe *fe, CXCursor c, CXCursor parent);

/* Compute the captures of the innermost open lambda when its walk ends. */
void xl_fe_lambda_end(xl_fe *fe, fe_lambda_frame *frame);

/*
 * copysafe.c: set XL_CAPTURE_COPY_CHECKED, _WRITTEN and _ALIASED on the
 * by-reference captures of frame's lambda (its captures already in the
 * facts) from the uses of each variable in the enclosing function. Records
 * XL_ENOMEM in fe on failure.
 */
void xl_fe_copy_safety(xl_fe *fe, const fe_lambda_frame *frame);

/* ---- scope.c ----------------------------------------------------------- */

/* 1 when c is a class, struct, union, class template or partial spec. */
int xl_fe_is_class(CXCursor c);

/* 1 when decl is declared inside a function (or lambda) body. */
int xl_fe_in_function(CXCursor decl);

/*
 * The access specifier that makes decl private or protected: the last
 * 'private:' / 'protected:' before it in its class. A location with file
 * XL_NONE when the access is the default of 'class'.
 */
xl_loc xl_fe_access_loc(xl_fe *fe, CXCursor decl);

/* ---- widen.c ----------------------------------------------------------- */

/*
 * Where the private or protected member `member` (a type, member template,
 * function or class; an instantiated member goes back to its template) can
 * be made public: see xl_widen in facts.h. Both locations have file XL_NONE
 * when no line-aligned edit of its first declaration exists. Never fails.
 */
xl_widen xl_fe_widen(xl_fe *fe, CXCursor member);

/* The class a member type is declared in, as an xl_type; XL_NONE otherwise. */
xl_id xl_fe_type_parent(xl_fe *fe, CXCursor decl);

/* 1 when a closure class's operator() is annotated __device__. */
int xl_fe_closure_is_device(CXCursor closure);

/*
 * The record for class cursor cls, added to the facts on first use with the
 * classes around it. Returns its id; XL_NONE when cls is not a class or
 * memory ran out (then fe->status says so).
 */
xl_id xl_fe_record(xl_fe *fe, CXCursor cls);

/*
 * Append the template parameters of template cursor tmpl (a null cursor:
 * none) to the facts; *first gets the first id (XL_NONE when there are
 * none). Returns the count; out of memory stops early (fe->status).
 */
uint32_t xl_fe_tparams(xl_fe *fe, CXCursor tmpl, xl_id *first);

/*
 * Fill what the enclosing-function rules need about function `id` (cursor
 * fn): template parameters, access specifier, body, deduced return type,
 * constexpr/consteval, earlier declaration, out-of-line definition.
 */
void xl_fe_func_scope(xl_fe *fe, xl_id id, CXCursor fn);

/*
 * The type a template pattern's plain 'auto' return stands for in every
 * instantiation, read from the returns of its body (retdeduce.c): a template
 * type parameter's name or a builtin type ("void" without a value). Returns
 * a malloc'd string the caller frees, or NULL when no such spelling exists.
 */
char *xl_fe_pattern_return(CXCursor body);

/*
 * Fill a new lambda's (`id`, cursor c) closure type, the variable it
 * initialises, a '__host__' written directly, and the flags INSTANCE,
 * DEPENDENT and OPERATOR_ANNOTATED (clearing EXTENDED for the last).
 */
void xl_fe_lambda_scope(xl_fe *fe, xl_id id, CXCursor c);

/* ---- instances.c -------------------------------------------------------- */

/*
 * Look at a reference (DeclRefExpr, MemberRefExpr, CallExpr) met by the
 * walk: a template specialization gets its xl_func and, when its body is
 * user code, is queued for xl_fe_instances_run; a host call of a closure's
 * operator() marks the lambda XL_LAMBDA_HOST_CALLED.
 */
void xl_fe_note_specialization(xl_fe *fe, CXCursor ref);

/* Remember a class defined in a function (walk.c), whose name may then
 * appear in a system template's arguments (instances.c, carries()). */
void xl_fe_note_local_class(xl_fe *fe, CXCursor decl);

/* Walk the queued specializations' bodies (and those they queue), then link
 * instance lambdas to their patterns. Returns XL_OK or XL_ENOMEM. */
int xl_fe_instances_run(xl_fe *fe);

/* Release the queue. */
void xl_fe_instances_free(xl_fe *fe);

/* ---- walk.c ------------------------------------------------------------ */

struct xl_recovery;

/*
 * Walk a parsed TU into facts (which know their main file); `rec` (may be
 * NULL) names the text recover.c blanked; `flags` are the XL_PARSE_* flags
 * (XL_PARSE_SYSTEM_HEADERS walks system headers too). With `needs_device`
 * (may be NULL) the walk's state then scans for __CUDA_ARCH__ conditionals
 * (xl_fe_arch_scan), which sets it; `doc` (may be NULL) is what a
 * language-server document adds: its list of user files, which that scan
 * reuses or fills (inclusions.c), and those of its precompiled block.
 * XL_OK or XL_ENOMEM. The one entry of
 * the walk, over either AST behind its seam (seam.h): libclang's, or the
 * compiler's in the clang plugin, which compiles the walk files against its
 * adapter (lib/frontend/seam_prefix.h) and calls it the same way.
 */
struct fe_doc_in;
int xl_fe_walk_tu(xl_facts *facts, CXTranslationUnit tu,
                  const struct xl_recovery *rec, unsigned flags,
                  int *needs_device, const struct fe_doc_in *doc);

/* Walk the whole TU and fill fe->facts. Returns XL_OK or XL_ENOMEM. */
int xl_fe_walk(xl_fe *fe);

/* The id of the enclosing function, adding it to the facts on first use. */
xl_id xl_fe_current_func(xl_fe *fe);

/*
 * Add function cursor c (written space `space`) to the facts, with its
 * class and scope (scope.c). Returns its id; XL_NONE when memory ran out.
 */
xl_id xl_fe_add_func(xl_fe *fe, CXCursor c, xl_space space);

/*
 * Walk the children of function c as function `func` (instances.c: an
 * instantiated body), restoring the walk's state afterwards.
 */
void xl_fe_walk_function(xl_fe *fe, CXCursor c, xl_id func);

/* The same with another visitor (instances.c: a system template's body,
 * searched for the kernels a closure reaches only). */
void xl_fe_walk_function_with(xl_fe *fe, CXCursor c, xl_id func,
                              CXCursorVisitor visitor);

/*
 * 1 when func is an implicit instantiation of a template (it has a template
 * and sits where the template is written, or where its definition is when a
 * declaration comes first): not an explicit specialization.
 */
int xl_fe_is_instantiation(CXCursor func);

/* The CUDA attributes written on a declaration (host/device/global). */
xl_space xl_fe_decl_space(CXCursor decl, CXSourceLocation *first_attr);

/* ---- parse.c ----------------------------------------------------------- */

struct xl_command;
struct xl_parse_opts;
struct xl_diags;
struct xl_recovery;

/*
 * clang_parseTranslationUnit2, with the program name that clang's driver
 * is given first (XL_CLANG_EXECUTABLE: the driver looks for a GCC
 * installation from its directory, as the clang binary does). argv (argc
 * arguments, no program name) and unsaved are lent. Returns libclang's
 * code; on CXError_Success *out is the caller's to dispose of. For the
 * libclang parses only, not the walk.
 */
enum CXErrorCode xl_fe_parse_tu(CXTranslationUnit *out, CXIndex index,
                                const char *file, char *const *argv, int argc,
                                struct CXUnsavedFile *unsaved, unsigned n,
                                unsigned flags);

/* The header filter of a skip parse (parse.c) or of a document's block
 * PCH (docpch.c), over clang's names of its files. */
typedef struct fe_shown {
  const struct xl_parse_opts *opts; /* its shows, which must be set */
  const char *directory; /* the command's, against which names are made
                            absolute, as xl_facts_absolute_paths makes them */
} fe_shown;

/*
 * cdriver.h's xl_cdriver_shown_fn over ctx, an fe_shown: whether its
 * opts->shows shows `file`, the name made absolute as the facts make
 * theirs. 1 or 0; a name that cannot be made absolute (out of memory) is
 * shown, so that its bodies are kept.
 */
int xl_fe_shown_header(void *ctx, const char *file);

/* What a language-server document (document.c) adds to the analysis of its
 * translation unit: the editor's texts, which the device side parses too,
 * its kept list of user files, and the user files of the block of headers
 * it precompiled (docpch.c). */
/*
 * The functions named `name` that the namespace whose USR is ns_usr ("" for
 * the global namespace) declares in a document's headers, which the
 * translation unit's cursor does not visit (the index hides the
 * declarations of the document's PCH): each(c, data) for each, in the order
 * the headers were first entered and then in each one's text, until it
 * returns nonzero; possibly others of that name too, which each must test
 * (adl.c's find_function does). Returns XL_OK, or XL_ENOMEM (each may have
 * had some of them). Lent to the walk by document.c, for adl.c's lookups
 * (docfuncs.c).
 */
typedef int (*fe_header_functions_fn)(void *ctx, const char *ns_usr,
                                      const char *name,
                                      int (*each)(CXCursor c, void *data),
                                      void *data);

typedef struct fe_doc_in {
  const struct CXUnsavedFile *unsaved; /* the main file's text first */
  unsigned nunsaved;
  struct fe_incl *incl;                /* may be NULL */
  const char *const *block_files;      /* lent; NULL when none */
  size_t nblock_files;
  const char *block_src;  /* the block's name in the PCH (lent), or NULL */
  const char *main_text;  /* the editor's text of the main file, when tu
                             parsed it (its leading block maybe blanked):
                             what the walk reads; NULL: clang's */
  size_t main_len;
  int header_bodies_skipped; /* headers' bodies were skipped (the block's
                                system headers, or every header with clang's
                                preamble): uses.c's XL_USE_OPAQUE_ARG */
  fe_header_functions_fn header_functions; /* NULL: none */
  void *header_ctx;
  int no_header_kernels; /* the precompiled headers declare no __global__
                            function template (known): a body skipped there
                            can launch only the unit's own (walk.c) */
} fe_doc_in;

/*
 * Turn a parsed TU into facts: the AST is walked, clang's errors go to
 * clang_errors (may be NULL) as [clang-diagnostic-error] findings, then the
 * device side is parsed with `index` when the file needs it. With
 * `device_later` (may be NULL) the device side is left to the caller
 * (xl_fe_device_pass once tu is disposed, so that one AST at a time is in
 * memory) and *device_later says whether it is needed. `rec` (may be NULL)
 * names the text blanked by recover.c for a second parse; `doc` (may be
 * NULL) is what a language-server document adds (fe_doc_in). *out gets the
 * facts (caller frees). XL_EINVAL when clang rejected the command line (an
 * error without a location), XL_ENOMEM.
 */
int xl_fe_tu_facts(xl_facts **out, CXIndex index, CXTranslationUnit tu,
                   const struct xl_recovery *rec,
                   const struct xl_command *cmd,
                   const struct xl_parse_opts *opts,
                   struct xl_diags *clang_errors, int *device_later,
                   const struct fe_doc_in *doc, xl_error *err);


/* ---- pair.c ------------------------------------------------------------ */

/*
 * Create the device side's facts for host into *out (the caller owns them):
 * host's main file, files (same numbering), language and CUDA version, and
 * flags (with XL_FACTS_DEVICE_SIDE). XL_OK or XL_ENOMEM (*out NULL).
 */
int xl_fe_device_facts_new(xl_facts **out, const xl_facts *host);

/*
 * After the device walk: copy the files the device side added back into
 * host, number the extended lambdas of both sides and pair them
 * (xl_lambda.number, .peer). host takes dev (host->device) even on failure.
 * XL_OK or XL_ENOMEM.
 */
int xl_fe_join_sides(xl_facts *host, xl_facts *dev);

/* ---- deps.c ------------------------------------------------------------ */

/*
 * Add every file tu read (its inclusion list, the main file included) to
 * facts->deps with the hash of its contents; `rec` (may be NULL) gives the
 * original hashes of the files parsed from blanked copies; a file named
 * `skip` (may be NULL: an unsaved prelude) is left out. XL_OK or XL_ENOMEM.
 */
int xl_fe_record_deps(xl_facts *facts, CXTranslationUnit tu,
                      const struct xl_recovery *rec, const char *skip);

/* ---- archscan.c -------------------------------------------------------- */

/*
 * Record the __CUDA_ARCH__-dependent conditional arms of every user file of
 * fe->tu as xl_cond facts, and set *out_needed when a function holding an
 * extended lambda contains one, lies inside one, or expands a macro defined
 * under one.
 * Returns XL_OK or XL_ENOMEM.
 */
int xl_fe_arch_scan(int *out_needed, xl_fe *fe);

/* ---- inclusions.c ------------------------------------------------------ */

struct xl_unsaved_file;

/* A document's user files, kept from one check to the next while what
 * decides them is unchanged (inclusions.c says what that is). */
typedef struct fe_incl fe_incl;

/* A new, empty list for the document of main_file (copied) into *out (the
 * caller frees it with xl_fe_incl_free). XL_OK or XL_ENOMEM. */
int xl_fe_incl_new(fe_incl **out, const char *main_file);

/* Release c. Accepts NULL. */
void xl_fe_incl_free(fe_incl *c);

/* Before a parse of text with the unsaved files: keep the list for it when
 * its key matches, else empty it (inclusions.c). */
void xl_fe_incl_prepare(fe_incl *c, const char *text, size_t len,
                        const struct xl_unsaved_file *files, size_t nfiles);

/* Empty c (its translation unit was dropped). Accepts NULL. */
void xl_fe_incl_drop(fe_incl *c);

/* The kept paths for the text last prepared (owned by c), or NULL with *n
 * = 0 when there are none to use. c may be NULL. */
const char *const *xl_fe_incl_files(const fe_incl *c, size_t *n);

/* 1 when the text last prepared used the kept list (no xl_fe_incl_keep
 * since), else 0. c may be NULL. */
int xl_fe_incl_reused(const fe_incl *c);

/* Keep paths[0..n) (copied) as the user files of the text last prepared,
 * unless that text has an #include after its leading block. XL_OK, or
 * XL_ENOMEM with nothing kept. */
int xl_fe_incl_keep(fe_incl *c, const char *const *paths, size_t n);

/* The text of path that a check of the document read and kept with the
 * list (xl_fe_incl_keep_text), while the list is usable (so the file is as
 * it was on disk): owned by c, valid until the next xl_fe_incl_prepare;
 * *len and *hash (xl_hash_bytes) are its length and hash. NULL when there
 * is none; c may be NULL. */
const char *xl_fe_incl_text(const fe_incl *c, const char *path, size_t *len,
                            uint64_t *hash);

/* Keep *text (len bytes read from path's file on disk; hash its
 * xl_hash_bytes) for the next checks: c takes it and sets *text to NULL,
 * when path is a kept file without a text; otherwise nothing changes. */
void xl_fe_incl_keep_text(fe_incl *c, const char *path, char **text,
                          size_t len, uint64_t hash);

/* A directive of a user file, lexed once (archscan.c): its '#', the end
 * of its (possibly continued) line, what it is, and the identifiers after
 * its name (ids[id0, id0 + nids) of its fe_dirs). */
typedef struct fe_dir {
  size_t hash, eol;
  size_t id0, nids;
  int kind; /* archscan.c's dir_kind */
} fe_dir;

typedef struct fe_span {
  size_t begin, end;
} fe_span;

/* A file's directives and their identifiers. */
typedef struct fe_dirs {
  fe_dir *items;
  size_t n, cap;
  fe_span *ids;
  size_t nids, cap_ids;
} fe_dirs;

/* Release d's arrays (not d). Accepts NULL. */
void xl_fe_dirs_free(fe_dirs *d);

/* The directives of path that c kept for text (the kept text itself,
 * xl_fe_incl_text), owned by c, or NULL. */
const fe_dirs *xl_fe_incl_dirs(const fe_incl *c, const char *path,
                               const char *text);

/* Keep *dirs (found in text, the kept text of path): c takes its arrays
 * and empties *dirs, when path has that kept text and no directives yet;
 * otherwise nothing changes. */
void xl_fe_incl_keep_dirs(fe_incl *c, const char *path, const char *text,
                          fe_dirs *dirs);

/* The offset after the whitespace and comments of s[i, n). */
size_t xl_fe_skip_blank(const char *s, size_t n, size_t i);

/* The end of s's leading whitespace, comments and directive lines (a
 * UTF-8 byte order mark skipped): where clang's preamble can lie. */
size_t xl_fe_leading_block(const char *s, size_t n);

/* ---- docpch.c ---------------------------------------------------------- */

/*
 * Make an empty temporary file for a PCH, $TMPDIR/xlambda-base-PID-XXXXXX
 * (or /tmp's), into path (size bytes), after removing those of processes
 * that no longer run. Returns 0, or -1 (no file).
 */
int xl_fe_pch_tempfile(char *path, size_t size);

/* A language-server document's leading block of headers, precompiled
 * with the command line's skip decision (docpch.c). */
typedef struct fe_block fe_block;

/* A new one for the document of main_file into *out (the caller frees it
 * with xl_fe_block_free). XL_OK or XL_ENOMEM. */
int xl_fe_block_new(fe_block **out, const char *main_file);

/* The header filter of b's PCH: the headers it hides are a library's, as
 * system headers (cdriver.h). shown is lent, and must outlive b; NULL or
 * never set: every user header is shown. */
void xl_fe_block_set_shown(fe_block *b, const fe_shown *shown);

/* Release b and remove its PCH. Accepts NULL. */
void xl_fe_block_free(fe_block *b);

/*
 * The PCH of text's leading block text[0..block) with the unsaved files
 * and the driver arguments argv[0..argc): *out_path (b's, valid until the
 * next call) is the kept one while still right, else one built anew, or
 * NULL when there is none (no cdriver library, a block clang reports an
 * error in or refused: the caller parses as before). XL_OK or XL_ENOMEM.
 */
int xl_fe_block_ready(const char **out_path, fe_block *b, const char *text,
                      size_t block, const struct xl_unsaved_file *files,
                      size_t nfiles, const char *const *argv, int argc);

/* clang refused b's PCH: it is removed, and given up until the block's
 * text or the unsaved files change. */
void xl_fe_block_refused(fe_block *b, const char *text, size_t block,
                         const struct xl_unsaved_file *files, size_t nfiles);

/* The name b's PCH gave the block (b's): not a file on disk. */
const char *xl_fe_block_src(const fe_block *b);

/* The user files b's PCH entered (b's), or NULL with *n = 0 when it has
 * none. b may be NULL. */
const char *const *xl_fe_block_files(const fe_block *b, size_t *n);

/* Every file b's PCH entered, system headers too, in the order clang first
 * entered them (b's), or NULL with *n = 0 when it has none. b may be
 * NULL. */
const char *const *xl_fe_block_headers(const fe_block *b, size_t *n);

/* The functions b's headers declare at namespace scope (b's; cdriver.h's
 * xl_cdriver_fn, sorted by name; header indexes xl_fe_block_headers'), or
 * NULL with *n = 0 when none. b may be NULL. */
const struct xl_cdriver_fn *xl_fe_block_functions(const fe_block *b,
                                                  size_t *n);

/* Whether the offset between the places of b's functions in a parse that
 * loads b's PCH and their xl_cdriver_fn.loc is known (docfuncs.c): 1 with
 * *delta, else 0 (*delta = 0). It holds while the PCH does: a new PCH
 * forgets it. b may be NULL. */
int xl_fe_block_delta(const fe_block *b, unsigned *delta);

/* Remember that offset for b's PCH (nothing when b has none). */
void xl_fe_block_set_delta(fe_block *b, unsigned delta);

/* 1 when b's PCH is built and its headers declare no __global__ function
 * template, else 0 (none built: not known). b may be NULL. */
int xl_fe_block_no_kernel_templates(const fe_block *b);

/* ---- device.c ---------------------------------------------------------- */

struct xl_command;
struct xl_parse_opts;

/*
 * For a file whose host walk found that it needs it (xl_fe_arch_scan):
 * parse and walk the device side into host->device (owned by host), number
 * the extended lambdas of both sides and pair them (xl_lambda.number,
 * .peer). unsaved[0..n) (may be NULL) are texts to parse instead of the
 * files on disk (a language-server document's). A device parse that
 * libclang refuses leaves host->device NULL. Returns XL_OK or XL_ENOMEM.
 */
int xl_fe_device_pass(CXIndex index, xl_facts *host,
                      const struct xl_command *cmd,
                      const struct xl_parse_opts *opts,
                      const struct CXUnsavedFile *unsaved, unsigned n);

/* ---- uses.c ------------------------------------------------------------ */

/* A lambda was added as `id` (walk.c): remember its closure, read its
 * spelling, trailing return type and instantiation context. */
void xl_fe_uses_lambda(xl_fe *fe, CXCursor lambda, xl_id id);

/* Look at one cursor of the walk for host-side uses of closures. */
void xl_fe_uses_visit(xl_fe *fe, CXCursor c, CXCursor parent);

/* End of the walk: turn the recorded uses into xl_use facts, mark the
 * lambdas that reach a kernel, release the state. */
void xl_fe_uses_finish(xl_fe *fe);

/*
 * 1 when a clang error at file:offset with this message is the rejection of
 * a use that a rule reports in its own words (a __device__ lambda converted
 * to a function pointer on the host).
 */
int xl_fe_uses_explains_error(const xl_facts *facts, const char *file,
                              unsigned offset, const char *message);

/* ---- thisobj.c --------------------------------------------------------- */

/* Record the members of the class whose '*this' the lambda at `lambda`
 * (facts id `id`) copies, marking those that are host-only. */
void xl_fe_this_fields(xl_fe *fe, CXCursor lambda, xl_id id);

#endif /* XL_FE_H */
