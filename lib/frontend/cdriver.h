/*
 * cdriver.h: the parse of `xlambda check --parse=skip` (issue 20).
 *
 * Declared here, for parse.c, and defined by plugin/driver.cpp in the
 * shared library xlambda_cdriver (built with the plugin, when libclang-cpp
 * 22 is found; XL_HAVE_CDRIVER is then defined for this folder). The
 * library drives clang's own front end in-process, skips the function
 * bodies no rule reads (driver.cpp says which), and walks the AST with
 * lib/frontend's walk over the plugin's libclang shim (cx_shim.cpp), the
 * device side included; only this entry point is exported.
 */
#ifndef XL_FRONTEND_CDRIVER_H
#define XL_FRONTEND_CDRIVER_H

#include "xlambda/sys/facts.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Parse `file` with the clang driver arguments argv[0..argc) (those of
 * xl_frontend_args, without the program name and the file), with the
 * function bodies no rule reads skipped, and walk the host side into
 * `facts` (made by the caller, which keeps it) with xl_fe_walk_tu's
 * walk_flags; when the file needs it, the device side is parsed in full
 * and joined (facts->device). *out_parsed is 0 when the parse had errors
 * or clang refused the arguments: facts are then untouched and the caller
 * parses in full (parse.c), which reports the errors and recovers what
 * recover.c recovers. Returns XL_OK, or XL_ENOMEM (facts are then partly
 * filled; the caller frees them).
 */
int xl_cdriver_parse(int *out_parsed, xl_facts *facts, const char *file,
                     const char *const *argv, int argc, unsigned walk_flags);

#ifdef __cplusplus
}
#endif

#endif /* XL_FRONTEND_CDRIVER_H */
