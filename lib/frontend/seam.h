/*
 * seam.h: the walk's seam. The one header through which the walk (the
 * XL_WALK_SOURCES of CMakeLists.txt, which include it through fe.h) gets
 * libclang's C API, and what the walk relies on from it.
 *
 * One walk, two ASTs. The walk reads a translation unit through the
 * libclang 22 calls that seam.def lists, and through nothing else of
 * libclang. Two implementations stand behind those calls:
 *
 *   libclang itself    `xlambda check` and the language server, over the
 *                      TU that lib/frontend's parse side (parse.c, device.c,
 *                      document.c, recover.c: the files that include
 *                      <clang-c/Index.h> themselves) had libclang parse;
 *   the plugin's       lib/frontend/seam_prefix.h renames each listed clang_* to an
 *   adapter            xlp_* function of plugin/cx_shim.cpp, over a model
 *                      of libclang built on the compiler's own AST
 *                      (plugin/cursor.h, walker.h).
 *
 * Adding a call changes the seam: its line in seam.def, its #define in
 * lib/frontend/seam_prefix.h and its xlp_* function in plugin/cx_shim.cpp. The ctest
 * walk-seam (test/seam/check_seam.py) fails when the walk's objects call a
 * clang_* function seam.def does not list, when seam.def lists one that
 * nothing calls, when seam_prefix.h does not rename exactly the listed ones,
 * and when a walk file includes a <clang-c/...> header itself or reads an
 * opaque field seam.def does not list.
 *
 * The contract is libclang 22's behaviour, narrowed to what follows (and to
 * the notes in seam.def); the adapter gives the same answers, which
 * test/plugin/facts_diff.py checks on the facts of every test case.
 *
 * VALUES AND LIFETIMES
 *   CXCursor, CXType, CXSourceLocation, CXSourceRange and CXFile are values,
 *   valid as long as the translation unit: the walk keeps them (the uses a
 *   lambda makes, the queue of specializations) and compares them later.
 *   clang_equalCursors is the identity of the entity, whichever visit
 *   produced the cursors; equal cursors have equal clang_hashCursor (the
 *   walk compares hashes first). Two CXFile pointers may name one file:
 *   clang_File_isEqual decides (srcmap.c caches files by pointer first).
 *   clang_getFileContents' buffer lives as long as the TU and is not
 *   NUL-terminated.
 *
 * STRINGS
 *   A CXString never leaves the function that got it: copy its text
 *   (xl_facts_strdup, xl_strdup), then clang_disposeString, in the same
 *   function. clang_getCString gives NULL for a null string.
 *
 * FIELDS
 *   CXCursor.kind and CXType.kind are read directly (public in libclang).
 *   Of the opaque fields, only CXSourceLocation.int_data, by srcmap.c
 *   (XL_SEAM_FIELD): clang's raw SourceLocation encoding, as libclang
 *   stores it. The places of one file are consecutive in that encoding, so
 *   for a file location at byte `off`, the same struct with int_data - off
 *   is the file's start (srcmap.c derives it so, and checks the result with
 *   clang_getSpellingLocation and clang_getExpansionLocation before use).
 *
 * LOCATIONS
 *   clang_getExpansionLocation: the place in a file where the text comes
 *   from after macro expansion (for a token from a macro, the start of the
 *   outermost macro invocation): file, 1-based line and byte column, byte
 *   offset in the file. The file is NULL where there is none (scratch
 *   space, built-ins); the out-parameters may be NULL.
 *   clang_getSpellingLocation: where the characters are written (a macro
 *   argument's text, a macro body in its #define). A location is plain
 *   text iff both name the same file and offset; otherwise xl_fe_loc
 *   marks it XL_LOC_MACRO. Every xl_loc is an expansion location.
 *   clang_getCursorLocation: a declaration's name; a DeclRefExpr's name, a
 *   MemberRefExpr's member name; another expression's or statement's first
 *   token (a LambdaExpr's '[', a CompoundStmt's '{', an IfStmt's 'if': the
 *   walk lexes 'if constexpr' there); an attribute's spelling (the
 *   annotation's place).
 *   clang_getCursorExtent: begin at the first token; end one past the last
 *   character of the last token (of the macro invocation, when that token
 *   comes from a macro body).
 *   clang_getLocationForOffset: the location of a byte of a file. Where
 *   that byte is a macro argument, libclang 22 answers with its expansion
 *   as an argument (srcmap.c asks only for files whose buffer it lacks,
 *   and for offset 0, and drops XL_LOC_MACRO from the answer).
 *   clang_Location_isInSystemHeader: as clang's SourceManager tells it.
 *   clang_getInclusions: one call per file clang entered (the main file at
 *   depth 0), in the order it entered them; stack[0] is the innermost
 *   #include.
 *
 * CHILDREN (clang_visitChildren)
 *   libclang 22's CursorVisitor: the children libclang shows, in its order.
 *   The visitor's parent is the cursor whose children are listed;
 *   CXChildVisit_Recurse lists the child's children next (with that child
 *   as their parent), CXChildVisit_Break ends the whole visit. The walk
 *   relies on:
 *   - a declaration context (the TU, a namespace, a class, extern "C"):
 *     the declarations written in it, in source order (an out-of-line
 *     member definition is a child of where it is written). A class also
 *     shows its bases (CXXBaseSpecifier) first and its access specifiers
 *     (CXXAccessSpecifier, at 'public' ...) among its members. Implicit
 *     instantiations are not shown: neither a class template's members in
 *     one (thisobj.c reads the template's) nor, as a rule, the TU's
 *     implicitly instantiated functions (walk.c skips any that a
 *     precompiled preamble does show; instances.c reaches them through
 *     references instead);
 *   - any declaration: its written attributes first (CUDAHostAttr,
 *     CUDADeviceAttr, CUDAGlobalAttr, CUDASharedAttr, CUDAConstantAttr, in
 *     source order; a function template's after its template parameters),
 *     then its own children;
 *   - a function: its template parameters, the types and ParmDecls of its
 *     signature, a constructor's initialisers, then the body (CompoundStmt).
 *     Listing the children of a function template's specialization (from
 *     clang_getCursorReferenced, clang_getCursorDefinition) shows its
 *     instantiated body;
 *   - a LambdaExpr: a VariableRef (at the name) per explicit capture of a
 *     variable, init-captures included; then the children of each capture
 *     initialiser, implicit captures included (the initialiser is not
 *     listed itself but is their parent: a copy's DeclRefExpr comes under
 *     its conversion or constructor call, at the explicit capture or at
 *     the capture default; a by-reference capture's bare DeclRefExpr
 *     lists nothing); the explicit parameters (ParmDecl), the written
 *     return type, and last the body (CompoundStmt). Its type (clang_getCursorType) is the closure type;
 *     clang_getTypeDeclaration of that is the closure class, whose
 *     operator() is a CXXMethod child (a FunctionTemplate for a generic
 *     lambda) spelled "operator()";
 *   - statements and expressions: their parts in source order. A
 *     CompoundStmt lists its statements (walk.c: a child of a CompoundStmt
 *     is the statement holding what is inside it); a DeclStmt its VarDecls;
 *     a CallExpr the callee, then the arguments, except an overloaded
 *     operator: its first operand, the operator, the other operands
 *     ('a == b': a, ==, b), and a constructor call: its arguments only; an
 *     IfStmt its init statement and condition, then its branches;
 *   - a MemberRefExpr whose base is the implicit 'this' has no children;
 *   - reference cursors (TypeRef, TemplateRef, VariableRef,
 *     OverloadedDeclRef, ...) have none.
 *
 * KINDS
 *   libclang names some expressions; the others are UnexposedExpr, whose
 *   first child is the expression it wraps: implicit conversions, copies
 *   and materialised temporaries. The walk looks through chains of them
 *   (a DeclRefExpr under an lvalue-to-rvalue conversion or a decay).
 *   CallExpr is every call: plain, member, operator, kernel launch, and
 *   constructor calls (explicit or implicit); clang_Cursor_getNumArguments
 *   and clang_Cursor_getArgument give its arguments. DeclRefExpr is also a
 *   template's unresolved or dependent name, MemberRefExpr its dependent
 *   member access; clang_getCursorReferenced gives no variable then (a
 *   null cursor, or an OverloadedDeclRef). UnaryExpr (sizeof, alignof,
 *   noexcept) and SizeOfPackExpr (sizeof...) have unevaluated operands.
 *   clang_getCursorReferenced gives a use's declaration (VarDecl,
 *   ParmDecl, FieldDecl, a function), a call's callee, a constructor
 *   call's constructor, a VariableRef's variable; for a use of a function
 *   template's specialization, the specialization, whose
 *   clang_getSpecializedCursorTemplate is the template.
 *   clang_getCursorSpelling: a declaration's name; an unnamed class is
 *   "(unnamed struct at FILE:LINE:COL)" (or "(anonymous ...)").
 *   clang_getCursorUSR, on namespaces only: a nested namespace's USR is its
 *   parent's followed by '@' and more.
 *
 * TYPES
 *   clang_getCursorType keeps the sugar as written; clang_getCanonicalType
 *   strips it (records and enums spelled with their full scope, a template
 *   type parameter spelled "type-parameter-D-I"). A closure type's
 *   spelling contains "(lambda at ". CXType_Unexposed and CXType_Dependent
 *   are dependent types; CXType_Auto a return type not deduced yet (a
 *   template pattern). A closure type whose clang_Type_getSizeOf is
 *   CXTypeLayoutError_Dependent is one of a template pattern, without
 *   fields; for the others clang_Type_visitFields lists one field per
 *   capture, in order, each at its explicit capture or at the capture's
 *   first use. clang_Type_getNumTemplateArguments and
 *   clang_Cursor_getNumTemplateArguments are -1 where there are none to
 *   give: not a specialization, and for the cursor form also a member
 *   function template's specialization; a pack is one argument of kind
 *   CXTemplateArgumentKind_Pack with no types; a non-type argument's type
 *   is CXType_Invalid. The walk then reads the arguments as written and
 *   deduces from the parameter types (instances.c).
 */
#ifndef XL_SEAM_H
#define XL_SEAM_H

#include <clang-c/Index.h>

#endif /* XL_SEAM_H */
