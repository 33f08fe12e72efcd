/*
 * cccl_queries.c: the CCCL algorithms that ask, in host code, for the
 * result type of the function object they are given.
 *
 * CCCL's cuda::std::__invoke_of rejects an extended __device__ lambda
 * without a trailing return type with a static assertion in nvcc's host
 * compilation ("Attempt to use an extended __device__ lambda in a context
 * that requires querying its return type in host code"). The query is
 * deep inside the algorithm: thrust::reduce reaches
 * cub::DeviceReduce::Reduce, whose dispatch class computes its accumulator
 * type in a default template argument, which no walk of the bodies sees.
 * So the algorithms are listed, with the parameter that is queried, as
 * measured with nvcc 13.0 (CCCL 3.0): `nvcc --extended-lambda -std=c++17
 * -c` of one call each, with `[] __device__ (float x, float y) { return x
 * + y; }` and the like (scripts/measure-cccl-queries.py writes and
 * compiles the calls; docs/rules/extended_lambda_host_introspection.md
 * lists those that compile). A closure passed to one of them at
 * that parameter, as itself (not wrapped, as cuda::proclaim_return_type
 * wraps it), is an XL_USE_INTROSPECTION fact.
 */
#include <string.h>

#include "uses.h"

typedef struct cccl_query {
  const char *function;  /* qualified, inline namespaces left out */
  const char *parameter; /* the function object's parameter */
} cccl_query;

static const cccl_query queries[] = {
    {"thrust::reduce", "binary_op"},
    {"thrust::transform_reduce", "unary_op"},
    {"thrust::transform_reduce", "binary_op"},
    {"thrust::inner_product", "binary_op1"},
    {"thrust::transform_inclusive_scan", "unary_op"},
    {"cub::DeviceReduce::Reduce", "reduction_op"},
    {"cub::DeviceReduce::TransformReduce", "reduction_op"},
    {"cub::DeviceReduce::TransformReduce", "transform_op"},
    {"cub::DeviceReduce::ReduceByKey", "reduction_op"},
    {"cub::DeviceScan::InclusiveScan", "scan_op"},
    {"cub::DeviceSegmentedReduce::Reduce", "reduction_op"},
};

#define NQUERIES (sizeof(queries) / sizeof(*queries))

/* Whether some entry queries a parameter so named. */
static int queried_name(const char *parameter) {
  size_t k;

  for (k = 0; k < NQUERIES; k++)
    if (strcmp(queries[k].parameter, parameter) == 0)
      return 1;
  return 0;
}

int xl_fe_cccl_name(xl_buf *out, CXCursor c) {
  CXString s = clang_getCursorSpelling(c);

  xl_fe_append_scope(out, c, 0); /* thrust::reduce, not thrust::THRUST_..::reduce */
  xl_buf_puts(out, clang_getCString(s));
  clang_disposeString(s);
  return out->oom ? -1 : 0;
}

/* The entry for fn at parameter `parameter`, or NULL. */
static const char *entry(CXCursor fn, const char *parameter) {
  xl_buf b = XL_BUF_INIT;
  const char *found = NULL;
  /* a name too long to build is no match */
  size_t k, n = xl_fe_cccl_name(&b, fn) < 0 ? 0 : NQUERIES;

  for (k = 0; k < n && !found; k++)
    if (strcmp(queries[k].function, b.data) == 0 &&
        strcmp(queries[k].parameter, parameter) == 0)
      found = queries[k].function;
  xl_buf_free(&b);
  return found;
}


const char *xl_fe_cccl_query(CXCursor def, unsigned param) {
  CXCursor parm = clang_Cursor_getArgument(def, param);
  CXType record;
  CXString s;
  const char *found = NULL;

  if (clang_Cursor_isNull(parm) ||
      !xl_fe_uses__closure_spelled(clang_getCursorType(parm), 1, &record))
    return NULL; /* not the closure itself (proclaim_return_type wraps it) */
  s = clang_getCursorSpelling(parm);
  if (clang_getCString(s) && queried_name(clang_getCString(s)))
    found = entry(def, clang_getCString(s));
  clang_disposeString(s);
  return found;
}
