/*
 * cx_shim.cpp: the libclang functions lib/frontend's walk calls, for the
 * plugin (seam_prefix.h renames them xlp_*), over the libclang model of
 * cursor.h. The C structs keep libclang 22's layouts and meanings:
 *
 *   CXCursor          kind; data[0], data[1] as cursor.h's d0, d1;
 *                     data[2] the CXTranslationUnit
 *   CXType            kind; data[0] the QualType's opaque pointer;
 *                     data[1] the CXTranslationUnit
 *   CXSourceLocation  ptr_data[0] the CXTranslationUnit, ptr_data[1] the
 *                     LangOptions; int_data clang's raw SourceLocation
 *                     encoding, as libclang stores it (srcmap.c relies on it)
 *   CXSourceRange     the same, with the raw begin and end
 *   CXString          data a malloc'd copy (private_flags XLP_STRING_MALLOC)
 *                     or NULL
 *   CXFile            the FileEntryRef's map entry, as libclang's cxfile
 *   CXTranslationUnit a CXTranslationUnitImpl (cx_shim_tu.h) pointing to
 *                     the plugin's Tu
 *   CXPrintingPolicy  an XlpPolicy (only TerseOutput is modelled)
 */
#include "frontend/seam_prefix.h"

#include <cstdlib>
#include <cstring>
#include <vector>

#include "cursor.h"
#include "cx_shim_tu.h"
#include "plugin.h"

extern "C" {
#include "frontend/fe.h"
}

/* Every function of the walk's seam (lib/frontend/seam.def) is one that
 * seam_prefix.h renames, and so one this file implements. */
namespace {
constexpr bool renamed(const char *name) {
  return name[0] == 'x' && name[1] == 'l' && name[2] == 'p' && name[3] == '_';
}
} // namespace
#define XLP_STR(x) #x
#define XLP_NAME(x) XLP_STR(x)
#define XL_SEAM_FN(fn)                                                        \
  static_assert(renamed(XLP_NAME(fn)), "lib/frontend/seam_prefix.h does not rename " #fn);
#include "frontend/seam.def"
#undef XLP_NAME
#undef XLP_STR

using namespace clang;
using xlp::CType;
using xlp::Cursor;
using xlp::Loc;
using xlp::Tu;
using xlp::tu_of;
using xlp::cx_tu;

namespace {

const unsigned XLP_STRING_MALLOC = 1;


CXCursor cx(const Cursor &c) {
  CXCursor r;

  r.kind = c.kind;
  r.xdata = 0;
  r.data[0] = c.d0;
  r.data[1] = c.d1;
  r.data[2] = c.tu ? cx_tu(c.tu) : nullptr;
  return r;
}

Cursor cur(CXCursor c) {
  Cursor r;

  r.kind = c.kind;
  r.d0 = c.data[0];
  r.d1 = c.data[1];
  r.tu = tu_of(c.data[2]);
  return r;
}

CXType cx(const CType &t) {
  CXType r;

  r.kind = t.kind;
  r.data[0] = t.t.getAsOpaquePtr();
  r.data[1] = t.tu ? cx_tu(t.tu) : nullptr;
  return r;
}

CType ty(CXType t) {
  CType r;

  r.kind = t.kind;
  r.t = QualType::getFromOpaquePtr(t.data[0]);
  r.tu = tu_of(t.data[1]);
  return r;
}

CXSourceLocation cx(const Loc &l) {
  CXSourceLocation r = {{nullptr, nullptr}, 0};

  if (!l.tu)
    return r;
  r.ptr_data[0] = cx_tu(l.tu);
  r.ptr_data[1] = const_cast<LangOptions *>(&l.tu->lo);
  r.int_data = l.raw.getRawEncoding();
  return r;
}

Loc loc(CXSourceLocation l) {
  Loc r;

  r.tu = tu_of(l.ptr_data[0]);
  r.raw = SourceLocation::getFromRawEncoding(l.int_data);
  return r;
}

CXFile cx(OptionalFileEntryRef f) {
  if (!f)
    return nullptr;
  return const_cast<FileEntryRef::MapEntry *>(&f->getMapEntry());
}

OptionalFileEntryRef file(CXFile f) {
  if (!f)
    return std::nullopt;
  return FileEntryRef(*static_cast<const FileEntryRef::MapEntry *>(f));
}

/* A CXString owning a copy of s (a null string when memory ran out). */
CXString str(llvm::StringRef s) {
  CXString r = {nullptr, 0};
  char *p = static_cast<char *>(malloc(s.size() + 1));

  if (!p)
    return r;
  memcpy(p, s.data(), s.size());
  p[s.size()] = '\0';
  r.data = p;
  r.private_flags = XLP_STRING_MALLOC;
  return r;
}

void decompose(const xlp::FileLoc &fl, CXFile *f, unsigned *line,
               unsigned *col, unsigned *off) {
  if (f)
    *f = cx(fl.file);
  if (line)
    *line = fl.line;
  if (col)
    *col = fl.col;
  if (off)
    *off = fl.offset;
}

} // namespace

/* The plugin's printing policy: what the walk sets of one. */
struct XlpPolicy {
  bool terse = false;
};

extern "C" {

/* ---- strings ------------------------------------------------------------ */

const char *xlp_getCString(CXString s) {
  return static_cast<const char *>(s.data);
}

void xlp_disposeString(CXString s) {
  if (s.private_flags == XLP_STRING_MALLOC)
    free(const_cast<void *>(s.data));
}

/* ---- kinds ---------------------------------------------------------------- */

unsigned xlp_isInvalid(enum CXCursorKind k) { return xlp::is_invalid_kind(k); }
unsigned xlp_isDeclaration(enum CXCursorKind k) { return xlp::is_decl_kind(k); }
unsigned xlp_isExpression(enum CXCursorKind k) { return xlp::is_expr_kind(k); }
unsigned xlp_isTranslationUnit(enum CXCursorKind k) {
  return k == CXCursor_TranslationUnit;
}

/* ---- cursors ------------------------------------------------------------ */

enum CXCursorKind xlp_getCursorKind(CXCursor c) { return c.kind; }
CXCursor xlp_getNullCursor(void) { return cx(xlp::null_cursor()); }
int xlp_Cursor_isNull(CXCursor c) { return xlp::is_null(cur(c)); }
unsigned xlp_equalCursors(CXCursor a, CXCursor b) {
  return xlp::equal(cur(a), cur(b));
}
unsigned xlp_hashCursor(CXCursor c) { return xlp::hash(cur(c)); }
CXTranslationUnit xlp_Cursor_getTranslationUnit(CXCursor c) {
  return static_cast<CXTranslationUnit>(const_cast<void *>(c.data[2]));
}
CXCursor xlp_getTranslationUnitCursor(CXTranslationUnit u) {
  return cx(xlp::tu_cursor(tu_of(u)));
}

unsigned xlp_visitChildren(CXCursor parent, CXCursorVisitor v,
                           CXClientData d) {
  return xlp::visit_children(cur(parent),
                             [&](const Cursor &c, const Cursor &p) {
                               return v(cx(c), cx(p), d);
                             });
}

CXSourceLocation xlp_getCursorLocation(CXCursor c) {
  return cx(xlp::location(cur(c)));
}

CXSourceRange xlp_getCursorExtent(CXCursor c) {
  xlp::Range r = xlp::extent(cur(c));
  CXSourceLocation b = cx(r.begin), e = cx(r.end);
  CXSourceRange out = {{b.ptr_data[0], b.ptr_data[1]}, b.int_data, e.int_data};

  return out;
}

CXString xlp_getCursorSpelling(CXCursor c) {
  return str(xlp::spelling(cur(c)));
}
CXString xlp_getCursorUSR(CXCursor c) { return str(xlp::usr(cur(c))); }
CXCursor xlp_getCursorReferenced(CXCursor c) {
  return cx(xlp::referenced(cur(c)));
}
CXCursor xlp_getCursorDefinition(CXCursor c) {
  return cx(xlp::definition(cur(c)));
}
unsigned xlp_isCursorDefinition(CXCursor c) {
  return xlp::is_definition(cur(c));
}
CXCursor xlp_getCanonicalCursor(CXCursor c) {
  return cx(xlp::canonical(cur(c)));
}
CXCursor xlp_getCursorSemanticParent(CXCursor c) {
  return cx(xlp::semantic_parent(cur(c)));
}
CXCursor xlp_getCursorLexicalParent(CXCursor c) {
  return cx(xlp::lexical_parent(cur(c)));
}
CXCursor xlp_getSpecializedCursorTemplate(CXCursor c) {
  return cx(xlp::specialized_template(cur(c)));
}
enum CX_CXXAccessSpecifier xlp_getCXXAccessSpecifier(CXCursor c) {
  return xlp::access(cur(c));
}
CXType xlp_getCursorType(CXCursor c) { return cx(xlp::cursor_type(cur(c))); }
int xlp_Cursor_getNumArguments(CXCursor c) {
  return xlp::num_arguments(cur(c));
}
CXCursor xlp_Cursor_getArgument(CXCursor c, unsigned i) {
  return cx(xlp::argument(cur(c), i));
}
int xlp_Cursor_getNumTemplateArguments(CXCursor c) {
  return xlp::num_template_arguments(cur(c));
}
enum CXTemplateArgumentKind xlp_Cursor_getTemplateArgumentKind(CXCursor c,
                                                               unsigned i) {
  return xlp::template_argument_kind(cur(c), i);
}
CXType xlp_Cursor_getTemplateArgumentType(CXCursor c, unsigned i) {
  return cx(xlp::template_argument_type(cur(c), i));
}
CXCursor xlp_Cursor_getVarDeclInitializer(CXCursor c) {
  return cx(xlp::var_init(cur(c)));
}
int xlp_Cursor_hasVarDeclGlobalStorage(CXCursor c) {
  return xlp::has_global_storage(cur(c));
}
unsigned xlp_Cursor_isAnonymous(CXCursor c) {
  return xlp::is_anonymous(cur(c));
}
unsigned xlp_Cursor_isInlineNamespace(CXCursor c) {
  return xlp::is_inline_namespace(cur(c));
}
unsigned xlp_CXXMethod_isStatic(CXCursor c) {
  return xlp::method_is_static(cur(c));
}
unsigned xlp_CXXMethod_isDeleted(CXCursor c) {
  return xlp::method_is_deleted(cur(c));
}
unsigned xlp_CXXMethod_isDefaulted(CXCursor c) {
  return xlp::method_is_defaulted(cur(c));
}
unsigned xlp_CXXMethod_isCopyAssignmentOperator(CXCursor c) {
  return xlp::method_is_copy_assign(cur(c));
}
unsigned xlp_CXXMethod_isMoveAssignmentOperator(CXCursor c) {
  return xlp::method_is_move_assign(cur(c));
}
unsigned xlp_CXXConstructor_isDefaultConstructor(CXCursor c) {
  return xlp::ctor_is_default(cur(c));
}
unsigned xlp_CXXConstructor_isCopyConstructor(CXCursor c) {
  return xlp::ctor_is_copy(cur(c));
}
unsigned xlp_CXXConstructor_isMoveConstructor(CXCursor c) {
  return xlp::ctor_is_move(cur(c));
}

/* ---- pretty printing ------------------------------------------------------ */

CXPrintingPolicy xlp_getCursorPrintingPolicy(CXCursor c) {
  return new (std::nothrow) XlpPolicy();
}

void xlp_PrintingPolicy_setProperty(CXPrintingPolicy p,
                                    enum CXPrintingPolicyProperty prop,
                                    unsigned v) {
  if (p && prop == CXPrintingPolicy_TerseOutput)
    static_cast<XlpPolicy *>(p)->terse = v != 0;
}

void xlp_PrintingPolicy_dispose(CXPrintingPolicy p) {
  delete static_cast<XlpPolicy *>(p);
}

/* Only the terse form is modelled (the one the walk asks for); any other
 * policy gives a null string. */
CXString xlp_getCursorPrettyPrinted(CXCursor c, CXPrintingPolicy p) {
  if (!p || !static_cast<XlpPolicy *>(p)->terse) {
    CXString none = {nullptr, 0};
    return none;
  }
  return str(xlp::pretty_printed_terse(cur(c)));
}

/* ---- types ---------------------------------------------------------------- */

CXString xlp_getTypeSpelling(CXType t) {
  return str(xlp::type_spelling(ty(t)));
}
CXType xlp_getCanonicalType(CXType t) {
  return cx(xlp::canonical_type(ty(t)));
}
CXType xlp_getUnqualifiedType(CXType t) {
  return cx(xlp::unqualified_type(ty(t)));
}
unsigned xlp_isConstQualifiedType(CXType t) {
  return xlp::is_const_qualified(ty(t));
}
CXType xlp_getPointeeType(CXType t) { return cx(xlp::pointee_type(ty(t))); }
CXType xlp_getArrayElementType(CXType t) {
  return cx(xlp::array_element_type(ty(t)));
}
CXType xlp_getResultType(CXType t) { return cx(xlp::result_type(ty(t))); }
int xlp_getNumArgTypes(CXType t) { return xlp::num_arg_types(ty(t)); }
CXType xlp_getArgType(CXType t, unsigned i) {
  return cx(xlp::arg_type(ty(t), i));
}
CXType xlp_Type_getClassType(CXType t) { return cx(xlp::class_type(ty(t))); }
int xlp_Type_getNumTemplateArguments(CXType t) {
  return xlp::num_type_template_arguments(ty(t));
}
CXType xlp_Type_getTemplateArgumentAsType(CXType t, unsigned i) {
  return cx(xlp::type_template_argument(ty(t), i));
}
CXCursor xlp_getTypeDeclaration(CXType t) {
  return cx(xlp::type_declaration(ty(t)));
}

/* libclang's clang_Type_getSizeOf, step by step. */
long long xlp_Type_getSizeOf(CXType ct) {
  CType t = ty(ct);

  if (t.kind == CXType_Invalid || !t.tu)
    return CXTypeLayoutError_Invalid;
  QualType q = t.t;
  if (q->isReferenceType())
    q = q.getNonReferenceType();
  if (q->isIncompleteType())
    return CXTypeLayoutError_Incomplete;
  if (q->isDependentType())
    return CXTypeLayoutError_Dependent;
  if (!q->isConstantSizeType())
    return CXTypeLayoutError_NotConstantSize;
  if (const auto *d = dyn_cast<DeducedType>(q))
    if (d->getDeducedType().isNull())
      return CXTypeLayoutError_Undeduced;
  if (q->isVoidType() || q->isFunctionType())
    return 1;
  return t.tu->ctx.getTypeSizeInChars(q).getQuantity();
}

/* Returns 1 when the visitor broke off, 0 otherwise (libclang returns
 * nonzero for every record it visits; the walk ignores the result). */
unsigned xlp_Type_visitFields(CXType t, CXFieldVisitor v, CXClientData d) {
  bool broke = false;

  xlp::visit_fields(ty(t), [&](const Cursor &f) {
    broke = v(cx(f), d) == CXVisit_Break;
    return !broke;
  });
  return broke;
}

} // extern "C"

/* ---- locations and files ------------------------------------------------ */

extern "C" {

CXSourceLocation xlp_getNullLocation(void) { return cx(xlp::null_loc()); }

unsigned xlp_equalLocations(CXSourceLocation a, CXSourceLocation b) {
  return xlp::equal_locations(loc(a), loc(b));
}

CXSourceLocation xlp_getRangeStart(CXSourceRange r) {
  CXSourceLocation l = {{r.ptr_data[0], r.ptr_data[1]}, r.begin_int_data};

  return l;
}

CXSourceLocation xlp_getRangeEnd(CXSourceRange r) {
  CXSourceLocation l = {{r.ptr_data[0], r.ptr_data[1]}, r.end_int_data};

  return l;
}

void xlp_getExpansionLocation(CXSourceLocation l, CXFile *f, unsigned *line,
                              unsigned *col, unsigned *off) {
  decompose(xlp::expansion(loc(l)), f, line, col, off);
}

void xlp_getSpellingLocation(CXSourceLocation l, CXFile *f, unsigned *line,
                             unsigned *col, unsigned *off) {
  decompose(xlp::spelling_loc(loc(l)), f, line, col, off);
}

int xlp_Location_isInSystemHeader(CXSourceLocation l) {
  return xlp::in_system_header(loc(l));
}

CXSourceLocation xlp_getLocationForOffset(CXTranslationUnit u, CXFile f,
                                          unsigned off) {
  OptionalFileEntryRef fe = file(f);

  if (!u || !fe)
    return xlp_getNullLocation();
  return cx(xlp::location_for_offset(tu_of(u), *fe, off));
}

int xlp_File_isEqual(CXFile a, CXFile b) {
  return xlp::file_equal(file(a), file(b));
}

CXString xlp_getFileName(CXFile f) {
  OptionalFileEntryRef fe = file(f);
  CXString none = {nullptr, 0};

  return fe ? str(fe->getName()) : none;
}

CXFile xlp_getFile(CXTranslationUnit u, const char *name) {
  if (!u || !name)
    return nullptr;
  return cx(tu_of(u)->sm.getFileManager().getOptionalFileRef(name));
}

const char *xlp_getFileContents(CXTranslationUnit u, CXFile f, size_t *size) {
  OptionalFileEntryRef fe = file(f);
  llvm::StringRef buf;

  if (u && fe)
    buf = xlp::file_contents(tu_of(u), *fe);
  if (size)
    *size = buf.size();
  return buf.data();
}

/* libclang's getInclusions over the local source entries: each file with
 * the locations that include it, innermost first. */
void xlp_getInclusions(CXTranslationUnit u, CXInclusionVisitor v,
                       CXClientData d) {
  const Tu *t = tu_of(u);
  std::vector<CXSourceLocation> stack;

  if (!t)
    return;
  const SourceManager &sm = t->sm;
  for (unsigned i = 0; i < sm.local_sloc_entry_size(); i++) {
    const SrcMgr::SLocEntry &sl = sm.getLocalSLocEntry(i);
    if (!sl.isFile() || !sl.getFile().getContentCache().OrigEntry)
      continue;
    const SrcMgr::FileInfo &fi = sl.getFile();
    stack.clear();
    for (SourceLocation l = fi.getIncludeLoc(); l.isValid();) {
      PresumedLoc pl = sm.getPresumedLoc(l);
      stack.push_back(cx(Loc{l, t}));
      l = pl.isValid() ? pl.getIncludeLoc() : SourceLocation();
    }
    v(cx(fi.getContentCache().OrigEntry), stack.data(),
      static_cast<unsigned>(stack.size()), d);
  }
}

} // extern "C"

/* ---- the walk --------------------------------------------------------------- */

namespace xlp {

int walk_tu(xl_facts *facts, const Tu &tu, bool *needs_device,
            unsigned walk_flags) {
  Tu t = tu;
  CXTranslationUnitImpl impl{&t};
  int needed = 0;

  t.cx = &impl;
  int rc = xl_fe_walk_tu(facts, &impl, nullptr, walk_flags,
                         needs_device ? &needed : nullptr, nullptr);
  if (needs_device)
    *needs_device = needed != 0;
  return rc;
}

} // namespace xlp
