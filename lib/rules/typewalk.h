/*
 * typewalk.h: searching the xl_type graph, for the rules about types in the
 * closure's interface and in template arguments. Reads facts only.
 */
#ifndef XL_TYPEWALK_H
#define XL_TYPEWALK_H

#include "xlambda/sys/facts.h"

/* opts for xl_type_find */
#define XL_WALK_FUNCTIONS 0x1u /* descend into function types (parameters,
                                  return type) */

/* A predicate on one type node; ctx is the caller's. */
typedef int (*xl_type_pred)(const xl_facts *f, xl_id id, const void *ctx);

/*
 * Search the type graph from `id`, depth first: the type itself, the
 * classes it is nested in, its pointee, referee or array element, its
 * template arguments, a member pointer's class, and with XL_WALK_FUNCTIONS
 * a function type's return and parameter types. Returns the first type for
 * which pred holds, or XL_NONE. The closure types of extended lambdas are
 * neither matched nor entered (nvcc replaces them by named placeholders).
 */
xl_id xl_type_find_if(const xl_facts *f, xl_id id, xl_type_pred pred,
                      const void *ctx, unsigned opts);

/*
 * For a __global__ function template specialization: the first type inside
 * its template arguments for which pred holds (xl_type_find_if), with the
 * kernel's name without its template arguments in name[0..cap). XL_NONE
 * for any other function, or when none holds.
 */
xl_id xl_kernel_targ_find(const xl_facts *f, const xl_func *fn,
                          xl_type_pred pred, char *name, size_t cap);

/* xl_type_find_if for "has one of `flags`" (XL_TYPE_LOCAL, ...). */
xl_id xl_type_find(const xl_facts *f, xl_id id, uint32_t flags,
                   unsigned opts);

/*
 * The first type among `ids` (template arguments) holding a type with one
 * of `flags`, as xl_type_find. Returns XL_NONE when none does.
 */
xl_id xl_types_find(const xl_facts *f, const xl_id *ids, uint32_t n,
                    uint32_t flags, unsigned opts);

/* "private" or "protected", for a type with either flag. */
const char *xl_type_access_word(const xl_facts *f, xl_id id);

/*
 * The first __global__ function template specialization whose template
 * arguments hold (anywhere inside) the closure type of lambda `lambda`, or
 * XL_NONE. When there is one, the closure is passed to a kernel, and nvcc's
 * host compile then names every type of its interface at namespace scope
 * (in the generated stub file).
 */
xl_id xl_lambda_kernel(const xl_facts *f, xl_id lambda);

#endif
