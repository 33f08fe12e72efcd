/*
 * cx_shim_tu.h: the plugin's CXTranslationUnit and the conversions between
 * the C structs of libclang and the model of cursor.h (cx_shim.cpp,
 * cx_shim_loc.cpp). Only the shim includes it (after seam_prefix.h).
 */
#ifndef XLP_CX_SHIM_TU_H
#define XLP_CX_SHIM_TU_H

#include "cursor.h"

/* A CXTranslationUnit: the Tu it stands for (whose cx points back). */
struct CXTranslationUnitImpl {
  const xlp::Tu *tu;
};

namespace xlp {

inline const Tu *tu_of(const void *u) {
  return u ? static_cast<const CXTranslationUnitImpl *>(u)->tu : nullptr;
}

inline CXTranslationUnit cx_tu(const Tu *t) { return t ? t->cx : nullptr; }

} // namespace xlp

#endif /* XLP_CX_SHIM_TU_H */
