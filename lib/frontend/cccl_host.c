/*
 * cccl_host.c: the Thrust algorithms whose call runs its function objects
 * on the host, told from the call's own template arguments.
 *
 * The language server skips the bodies of library headers, so a lambda
 * that is not extended, given to a library template, makes it parse the
 * document a second time with those bodies (uses.c, lib/pipeline): only a
 * body tells whether a kernel template takes the closure
 * (global_lambda_template_arg). A Thrust algorithm dispatches on its
 * execution policy, or without one on the system of its iterators
 * (thrust::iterator_system), and a host system's implementations (cpp,
 * omp, tbb, and thrust::seq's sequential one) run the function objects in
 * host loops and launch no kernel with them. So such a call is no
 * opaque use, and the document is parsed once. The policies and iterators
 * listed are those whose system is a host system in CCCL 3.0 (nvcc 13.0):
 *   - a policy (the first template argument): the classes of thrust::host
 *     (the host system's par_t), thrust::cpp::par, thrust::omp::par,
 *     thrust::tbb::par and thrust::seq;
 *   - without a listed policy, every type argument is a closure, an
 *     arithmetic type, a raw pointer (a host iterator for Thrust, whatever
 *     memory it points to), or the iterator of a host_vector or of a
 *     std::vector over a raw pointer.
 * Any other type (a fancy iterator, a device_vector's, a user's class)
 * leaves the call opaque. A call whose result type names a closure
 * (thrust::make_transform_iterator) is left opaque too: the closure then
 * outlives the call. lit lsp/thrust-host-one-parse.test shows, for a list
 * of such calls, that nvcc compiles them and that `xlambda check
 * --parse=full`, which reads the bodies, finds no kernel taking a closure.
 */
#include <string.h>

#include "uses.h"

static const char *const host_policies[] = {
    "thrust::system::cpp::detail::par_t",
    "thrust::system::omp::detail::par_t",
    "thrust::system::tbb::detail::par_t",
    "thrust::detail::seq_t",
};

/* class templates whose first argument is the iterator's pointer */
static const char *const host_iterators[] = {
    "thrust::detail::normal_iterator",
    "__gnu_cxx::__normal_iterator",
};

#define COUNT(a) (sizeof(a) / sizeof(*(a)))

/* Whether c's name, without inline namespaces, is one of names[0..n). */
static int named(CXCursor c, const char *const *names, size_t n) {
  xl_buf b = XL_BUF_INIT;
  int found = 0;
  size_t k;

  if (xl_fe_cccl_name(&b, c) < 0)
    n = 0; /* a name too long to build is no match */
  for (k = 0; k < n && !found; k++)
    found = strcmp(names[k], b.data) == 0;
  xl_buf_free(&b);
  return found;
}

static CXCursor declaration(CXType t) {
  return clang_getTypeDeclaration(
      clang_getUnqualifiedType(clang_getCanonicalType(t)));
}

static int is_closure(CXType t) {
  CXType record;
  return xl_fe_uses__closure_spelled(t, 1, &record);
}

/* Whether t is a type that cannot make a Thrust call's system a device
 * one (the list at the top). */
static int host_only_type(CXType t) {
  CXType p;

  t = clang_getCanonicalType(t);
  if (t.kind >= CXType_FirstBuiltin && t.kind <= CXType_LastBuiltin)
    return t.kind != CXType_Void;
  if (t.kind == CXType_Pointer)
    return 1;
  if (is_closure(t))
    return 1;
  if (t.kind != CXType_Record || !named(declaration(t), host_iterators,
                                        COUNT(host_iterators)))
    return 0;
  p = clang_getCanonicalType(clang_Type_getTemplateArgumentAsType(t, 0));
  return p.kind == CXType_Pointer;
}

/* Whether t names a closure anywhere in its template arguments (one
 * level: the result of thrust::make_transform_iterator). */
static int names_closure(CXType t) {
  int i, n;

  t = clang_getCanonicalType(t);
  if (is_closure(t))
    return 1;
  n = clang_Type_getNumTemplateArguments(t);
  for (i = 0; i < n; i++)
    if (names_closure(clang_Type_getTemplateArgumentAsType(t, (unsigned)i)))
      return 1;
  return 0;
}

/* Whether the specialization fn's template arguments are all host-only,
 * or its first is a host policy. */
static int host_arguments(CXCursor fn) {
  int i, n = clang_Cursor_getNumTemplateArguments(fn);
  CXType t;

  if (n <= 0)
    return 0;
  t = clang_Cursor_getTemplateArgumentType(fn, 0);
  if (clang_Cursor_getTemplateArgumentKind(fn, 0) == CXTemplateArgumentKind_Type &&
      clang_getCanonicalType(t).kind == CXType_Record &&
      named(declaration(t), host_policies, COUNT(host_policies)))
    return 1;
  for (i = 0; i < n; i++) {
    enum CXTemplateArgumentKind k =
        clang_Cursor_getTemplateArgumentKind(fn, (unsigned)i);
    if (k == CXTemplateArgumentKind_Integral)
      continue;
    if (k != CXTemplateArgumentKind_Type ||
        !host_only_type(clang_Cursor_getTemplateArgumentType(fn, (unsigned)i)))
      return 0;
  }
  return 1;
}

int xl_fe_thrust_on_host(CXCursor fn) {
  xl_buf b = XL_BUF_INIT;
  int thrust;

  xl_fe_append_scope(&b, fn, 0);
  /* not thrust::cuda::, thrust::cuda_cub::, thrust::system::cuda:: */
  thrust = !b.oom && strncmp(b.data ? b.data : "", "thrust::", 8) == 0 &&
           !strstr(b.data, "cuda");
  xl_buf_free(&b);
  return thrust && !names_closure(clang_getResultType(clang_getCursorType(fn))) &&
         host_arguments(fn);
}
