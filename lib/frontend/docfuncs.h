/*
 * docfuncs.h: the functions of a language-server document's headers, found
 * by namespace and name for adl.c's lookup (docfuncs.c; the parse side:
 * document.c lends them to the walk as fe_doc_in.header_functions).
 */
#ifndef XL_FRONTEND_DOCFUNCS_H
#define XL_FRONTEND_DOCFUNCS_H

#include "fe.h"

typedef struct fe_docfuncs fe_docfuncs;

/*
 * The functions of a document's headers for tu, whose main file is
 * main_file: those of its precompiled block `b` (lent; NULL: none), found
 * at their places on demand (b keeps how to find them fast: its delta).
 * *out is the caller's (xl_fe_docfuncs_free). XL_OK or XL_ENOMEM.
 */
int xl_fe_docfuncs_new(fe_docfuncs **out, CXTranslationUnit tu,
                       fe_block *b, const char *main_file);

/* Free d (NULL is nothing). */
void xl_fe_docfuncs_free(fe_docfuncs *d);

/* fe_header_functions_fn over ctx, an fe_docfuncs. */
int xl_fe_docfuncs_each(void *ctx, const char *ns_usr, const char *name,
                        int (*each)(CXCursor c, void *data), void *data);

#endif /* XL_FRONTEND_DOCFUNCS_H */
