/*
 * cursor.h: libclang's view of the Clang AST, inside the compiler.
 *
 * The libclang frontend (lib/frontend) reads the AST through cursors. The
 * plugin runs the same walk (lib/frontend's C files) over this model: a
 * Cursor here has libclang 22's kinds, identity, locations, extents,
 * spellings and children (the order of CursorVisitor, whose statement work
 * list is ported in worklist.cpp), and cx_shim.cpp offers it to the C walk
 * as libclang's C API. test/plugin/facts_diff.py compares the two
 * frontends' facts.
 *
 * Only the parts of libclang that lib/frontend's walk uses are modelled.
 */
#ifndef XLP_CURSOR_H
#define XLP_CURSOR_H

#include <clang-c/Index.h>

#include <string>

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"

namespace xlp {

/* Each file's FileID in a SourceManager, as SourceManager::translateFile
 * finds it (the file's first entry), from a map that the first lookup
 * makes in one pass: translateFile scans every entry, macro expansions
 * included, on each call. (srcloc.cpp) */
class FileIds {
public:
  explicit FileIds(const clang::SourceManager &sm) : sm_(sm) {}
  /* f's FileID; invalid when f is not in the SourceManager. */
  clang::FileID get(clang::FileEntryRef f);

private:
  const clang::SourceManager &sm_;
  llvm::DenseMap<const clang::FileEntry *, clang::FileID> map_;
  bool made_ = false;
};

/* The translation unit: what a CXTranslationUnit gives access to. */
struct Tu {
  Tu(clang::ASTContext &c, clang::SourceManager &s, const clang::LangOptions &l)
      : ctx(c), sm(s), lo(l), file_ids(s) {}

  clang::ASTContext &ctx;
  clang::SourceManager &sm;
  const clang::LangOptions &lo;
  CXTranslationUnit cx = nullptr; /* its handle in the C API (cx_shim.cpp) */
  mutable FileIds file_ids; /* file_id()'s */
};

/* A source location (CXSourceLocation). */
struct Loc {
  clang::SourceLocation raw;
  const Tu *tu = nullptr;
};

/* A half-open range whose end is one past the last token (CXSourceRange). */
struct Range {
  Loc begin, end;
};

/* A decomposed location: clang_getExpansionLocation / SpellingLocation. */
struct FileLoc {
  clang::OptionalFileEntryRef file; /* none: no file (scratch, invalid) */
  unsigned line = 0, col = 0, offset = 0;
};

/*
 * A cursor (CXCursor). data[0] and data[1] as libclang fills them:
 * declarations {Decl, first-in-group}, statements {parent Decl, Stmt},
 * attributes {parent Decl, Attr}, references {referenced entity, location}.
 */
struct Cursor {
  CXCursorKind kind = CXCursor_InvalidFile;
  const void *d0 = nullptr;
  const void *d1 = nullptr;
  const Tu *tu = nullptr;
};

/* A type (CXType): the kind and the type after MakeCXType's adjustments. */
struct CType {
  CXTypeKind kind = CXType_Invalid;
  clang::QualType t;
  const Tu *tu = nullptr;
};

using Visitor =
    llvm::function_ref<CXChildVisitResult(const Cursor &c, const Cursor &p)>;

/* ---- kinds and construction (cursor.cpp) ------------------------------- */

bool is_decl_kind(CXCursorKind k);
bool is_expr_kind(CXCursorKind k);
bool is_stmt_kind(CXCursorKind k);
bool is_ref_kind(CXCursorKind k);
bool is_attr_kind(CXCursorKind k);
bool is_invalid_kind(CXCursorKind k);

Cursor null_cursor();
Cursor make_decl(const clang::Decl *d, const Tu *tu, bool first = true);
Cursor make_stmt(const clang::Stmt *s, const clang::Decl *parent,
                 const Tu *tu);
Cursor make_attr(const clang::Attr *a, const clang::Decl *parent,
                 const Tu *tu);
Cursor make_ref(CXCursorKind k, const void *entity, clang::SourceLocation l,
                const Tu *tu);
Cursor make_base(const clang::CXXBaseSpecifier *b, const Tu *tu);
Cursor tu_cursor(const Tu *tu);

bool is_null(const Cursor &c);
bool equal(const Cursor &a, const Cursor &b);
unsigned hash(const Cursor &c);

const clang::Decl *decl_of(const Cursor &c);  /* getCursorDecl */
const clang::Stmt *stmt_of(const Cursor &c);  /* getCursorStmt */
const clang::Expr *expr_of(const Cursor &c);  /* getCursorExpr */
const clang::Attr *attr_of(const Cursor &c);
const void *ref_entity(const Cursor &c);      /* references: the referee */
const clang::CXXBaseSpecifier *base_of(const Cursor &c);

/* ---- properties (cursor.cpp, cursor_decl.cpp) -------------------------- */

Loc location(const Cursor &c);
Range extent(const Cursor &c);
std::string spelling(const Cursor &c);
Cursor referenced(const Cursor &c);
Cursor definition(const Cursor &c);
bool is_definition(const Cursor &c);
Cursor canonical(const Cursor &c);
Cursor semantic_parent(const Cursor &c);
Cursor lexical_parent(const Cursor &c);
Cursor specialized_template(const Cursor &c);
CX_CXXAccessSpecifier access(const Cursor &c);
CType cursor_type(const Cursor &c);
int num_arguments(const Cursor &c);
Cursor argument(const Cursor &c, unsigned i);
int num_template_arguments(const Cursor &c);
CXTemplateArgumentKind template_argument_kind(const Cursor &c, unsigned i);
CType template_argument_type(const Cursor &c, unsigned i);
Cursor var_init(const Cursor &c);
int has_global_storage(const Cursor &c);
bool method_is_static(const Cursor &c);
bool method_is_deleted(const Cursor &c);
bool method_is_defaulted(const Cursor &c);
bool method_is_copy_assign(const Cursor &c);
bool method_is_move_assign(const Cursor &c);
bool ctor_is_default(const Cursor &c);
bool ctor_is_copy(const Cursor &c);
bool ctor_is_move(const Cursor &c);
bool is_anonymous(const Cursor &c);
bool is_inline_namespace(const Cursor &c);
std::string usr(const Cursor &c);
/* clang_getCursorPrettyPrinted with the cursor's printing policy and
 * TerseOutput set. */
std::string pretty_printed_terse(const Cursor &c);

/* ---- locations (srcloc.cpp) ------------------------------------------- */

Loc null_loc();
bool equal_locations(const Loc &a, const Loc &b);
FileLoc expansion(const Loc &l);
FileLoc spelling_loc(const Loc &l);
bool in_system_header(const Loc &l);
Loc location_for_offset(const Tu *tu, clang::FileEntryRef f, unsigned off);

/* The FileID of f in tu (tu->file_ids: translateFile's answer); invalid
 * when f is not in tu. Cannot fail. */
clang::FileID file_id(const Tu *tu, clang::FileEntryRef f);
Range translate_range(const Tu *tu, clang::CharSourceRange r);
bool file_equal(clang::OptionalFileEntryRef a, clang::OptionalFileEntryRef b);
/* clang_getFileContents: the buffer clang parsed for the file. */
llvm::StringRef file_contents(const Tu *tu, clang::FileEntryRef f);

/* ---- types (cxtype.cpp) ----------------------------------------------- */

CType make_type(clang::QualType t, const Tu *tu);
std::string type_spelling(const CType &t);
CType canonical_type(const CType &t);
CType unqualified_type(const CType &t);
bool is_const_qualified(const CType &t);
CType pointee_type(const CType &t);
CType array_element_type(const CType &t);
CType result_type(const CType &t);
int num_arg_types(const CType &t);
CType arg_type(const CType &t, unsigned i);
CType class_type(const CType &t);
int num_type_template_arguments(const CType &t);
CType type_template_argument(const CType &t, unsigned i);
Cursor type_declaration(const CType &t);
/* clang_Type_visitFields: the fields of the record, in order. */
void visit_fields(const CType &t,
                  llvm::function_ref<bool(const Cursor &field)> fn);

/* ---- children (children.cpp, worklist.cpp) ----------------------------- */

/* clang_visitChildren. Returns true when the visitor broke off. */
bool visit_children(const Cursor &parent, Visitor v);

} // namespace xlp

#endif /* XLP_CURSOR_H */
