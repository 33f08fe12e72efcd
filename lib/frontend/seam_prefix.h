/*
 * seam_prefix.h: libclang's C API, renamed, for the walk inside the clang
 * plugin. It belongs to the seam (seam.h, seam.def), so it lives here: the
 * plugin chooses it (an arrow from plugin/ into lib/, never the reverse).
 *
 * The plugin compiles the walk files of lib/frontend (the same C files the
 * CLI uses; CMake's xlambda_walk_plugin) with this header force-included
 * (-include). Each function of the walk's seam (lib/frontend/seam.h: the
 * list is seam.def, what the walk relies on is seam.h) becomes an xlp_*
 * function, declared here by <clang-c/Index.h> itself under the new name and
 * implemented in cx_shim.cpp over the plugin's libclang model of the Clang
 * AST (cursor.h), so that nothing collides with a real libclang in the
 * compiler's process. The structs keep libclang's layouts (CXCursor,
 * CXType, CXSourceLocation, CXString); the handles are the plugin's own
 * (CXTranslationUnit, CXFile, CXPrintingPolicy; see cx_shim.cpp).
 *
 * The renames below are exactly seam.def's functions: cx_shim.cpp fails to
 * compile when one is missing, the ctest walk-seam when there is one more.
 * A clang_* function the walk calls but this list misses would stay
 * undefined in the plugin; plugin/CMakeLists.txt links with -z defs
 * against the objects, so the build fails instead.
 */
#ifndef XL_SEAM_PREFIX_H
#define XL_SEAM_PREFIX_H

#define CINDEX_NO_EXPORTS 1 /* no default visibility for the xlp_ names */

/* The shim finds a file's buffer at once (plugin/srcloc.cpp's file map), and
 * the buffer is the one clang lexed, already in memory: srcmap.c takes it
 * instead of reading a header again (a second copy of every user header's
 * text: about 10 MiB in the walk of each side of a CCCL unit). */
#define XL_SEAM_CHEAP_FILE_CONTENTS 1

#define clang_CXXConstructor_isCopyConstructor xlp_CXXConstructor_isCopyConstructor
#define clang_CXXConstructor_isDefaultConstructor xlp_CXXConstructor_isDefaultConstructor
#define clang_CXXConstructor_isMoveConstructor xlp_CXXConstructor_isMoveConstructor
#define clang_CXXMethod_isCopyAssignmentOperator xlp_CXXMethod_isCopyAssignmentOperator
#define clang_CXXMethod_isDefaulted xlp_CXXMethod_isDefaulted
#define clang_CXXMethod_isDeleted xlp_CXXMethod_isDeleted
#define clang_CXXMethod_isMoveAssignmentOperator xlp_CXXMethod_isMoveAssignmentOperator
#define clang_CXXMethod_isStatic xlp_CXXMethod_isStatic
#define clang_Cursor_getArgument xlp_Cursor_getArgument
#define clang_Cursor_getNumArguments xlp_Cursor_getNumArguments
#define clang_Cursor_getNumTemplateArguments xlp_Cursor_getNumTemplateArguments
#define clang_Cursor_getTemplateArgumentKind xlp_Cursor_getTemplateArgumentKind
#define clang_Cursor_getTemplateArgumentType xlp_Cursor_getTemplateArgumentType
#define clang_Cursor_getTranslationUnit xlp_Cursor_getTranslationUnit
#define clang_Cursor_getVarDeclInitializer xlp_Cursor_getVarDeclInitializer
#define clang_Cursor_hasVarDeclGlobalStorage xlp_Cursor_hasVarDeclGlobalStorage
#define clang_Cursor_isAnonymous xlp_Cursor_isAnonymous
#define clang_Cursor_isInlineNamespace xlp_Cursor_isInlineNamespace
#define clang_Cursor_isNull xlp_Cursor_isNull
#define clang_File_isEqual xlp_File_isEqual
#define clang_Location_isInSystemHeader xlp_Location_isInSystemHeader
#define clang_PrintingPolicy_dispose xlp_PrintingPolicy_dispose
#define clang_PrintingPolicy_setProperty xlp_PrintingPolicy_setProperty
#define clang_Type_getClassType xlp_Type_getClassType
#define clang_Type_getNumTemplateArguments xlp_Type_getNumTemplateArguments
#define clang_Type_getSizeOf xlp_Type_getSizeOf
#define clang_Type_getTemplateArgumentAsType xlp_Type_getTemplateArgumentAsType
#define clang_Type_visitFields xlp_Type_visitFields
#define clang_disposeString xlp_disposeString
#define clang_equalCursors xlp_equalCursors
#define clang_equalLocations xlp_equalLocations
#define clang_getArgType xlp_getArgType
#define clang_getArrayElementType xlp_getArrayElementType
#define clang_getCString xlp_getCString
#define clang_getCXXAccessSpecifier xlp_getCXXAccessSpecifier
#define clang_getCanonicalCursor xlp_getCanonicalCursor
#define clang_getCanonicalType xlp_getCanonicalType
#define clang_getCursorDefinition xlp_getCursorDefinition
#define clang_getCursorExtent xlp_getCursorExtent
#define clang_getCursorKind xlp_getCursorKind
#define clang_getCursorLexicalParent xlp_getCursorLexicalParent
#define clang_getCursorLocation xlp_getCursorLocation
#define clang_getCursorPrettyPrinted xlp_getCursorPrettyPrinted
#define clang_getCursorPrintingPolicy xlp_getCursorPrintingPolicy
#define clang_getCursorReferenced xlp_getCursorReferenced
#define clang_getCursorSemanticParent xlp_getCursorSemanticParent
#define clang_getCursorSpelling xlp_getCursorSpelling
#define clang_getCursorType xlp_getCursorType
#define clang_getCursorUSR xlp_getCursorUSR
#define clang_getExpansionLocation xlp_getExpansionLocation
#define clang_getFile xlp_getFile
#define clang_getFileContents xlp_getFileContents
#define clang_getFileName xlp_getFileName
#define clang_getInclusions xlp_getInclusions
#define clang_getLocationForOffset xlp_getLocationForOffset
#define clang_getNullCursor xlp_getNullCursor
#define clang_getNullLocation xlp_getNullLocation
#define clang_getNumArgTypes xlp_getNumArgTypes
#define clang_getPointeeType xlp_getPointeeType
#define clang_getRangeEnd xlp_getRangeEnd
#define clang_getRangeStart xlp_getRangeStart
#define clang_getResultType xlp_getResultType
#define clang_getSpecializedCursorTemplate xlp_getSpecializedCursorTemplate
#define clang_getSpellingLocation xlp_getSpellingLocation
#define clang_getTranslationUnitCursor xlp_getTranslationUnitCursor
#define clang_getTypeDeclaration xlp_getTypeDeclaration
#define clang_getTypeSpelling xlp_getTypeSpelling
#define clang_getUnqualifiedType xlp_getUnqualifiedType
#define clang_hashCursor xlp_hashCursor
#define clang_isConstQualifiedType xlp_isConstQualifiedType
#define clang_isCursorDefinition xlp_isCursorDefinition
#define clang_isDeclaration xlp_isDeclaration
#define clang_isExpression xlp_isExpression
#define clang_isInvalid xlp_isInvalid
#define clang_isTranslationUnit xlp_isTranslationUnit
#define clang_visitChildren xlp_visitChildren

#include <clang-c/Index.h>

#endif /* XL_SEAM_PREFIX_H */
