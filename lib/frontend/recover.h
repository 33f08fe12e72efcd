/*
 * recover.h: parsing again the lambdas clang rejects because of an
 * annotation nvcc reads as annotating operator() (see recover.c).
 */
#ifndef XL_RECOVER_H
#define XL_RECOVER_H

#include "fe.h"

typedef struct xl_recovery {
  fe_blanked *blanked;            /* the annotations blanked out */
  size_t n;
  struct CXUnsavedFile *unsaved;  /* the blanked copies (owned) */
  uint64_t *orig_hashes;          /* per copy: the hash of the file's text
                                     before blanking (deps.c) */
  size_t nunsaved;
  const char *main_path;          /* lent: the main file's name */
  const char *main_text;          /* lent: its editor's text, or NULL */
  size_t main_len;
} xl_recovery;

/*
 * Look at tu's errors for lambdas whose annotation stops clang's parse;
 * when there are any, parse file again (same arguments, the text tu parsed)
 * with the annotations blanked out into *again (the caller disposes of it;
 * NULL when nothing needed it or the second parse failed: keep tu then).
 * rec must outlive *again (it holds the unsaved copies) and is released with
 * xl_recovery_free. main_text[0..main_len) (lent for the call; NULL
 * when tu parsed the file's own text) is the main file's text as an
 * editor has it, when tu parsed it with its leading block blanked (a
 * language-server document, document.c): an annotation macro defined in
 * that block is found there. Returns XL_OK or XL_ENOMEM.
 */
int xl_fe_recover(xl_recovery *rec, CXTranslationUnit *again,
                  CXTranslationUnit tu, CXIndex index, const char *file,
                  char **argv, int argc, const char *main_text,
                  size_t main_len);

/* Release a recovery. Accepts NULL. */
void xl_recovery_free(xl_recovery *rec);

#endif
