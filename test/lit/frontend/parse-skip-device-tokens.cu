// RUN: %xlambda check --quiet --no-progress --parse=full %s -- -std=c++17 | FileCheck %s --allow-empty --implicit-check-not='{{warning|error|note}}:'
// RUN: %xlambda check --quiet --no-progress --parse=skip %s -- -std=c++17 | FileCheck %s --allow-empty --implicit-check-not='{{warning|error|note}}:'
// RUN: %xlambda check --quiet --no-progress --parse=skip --dump-facts %s -- -std=c++17 | FileCheck --check-prefix=TOKENS %s
//
// Each case under CASE below, in a unit of its own (-DCASE=N): the same
// findings in both parses, and the device side parsed (no "from_tokens").
// RUN: for n in 1 2 3 4 5 6 7 10 11 12 14 16 17 19 21 23 24; do \
// RUN:   %xlambda check --quiet --no-progress --parse=full --format=json %s -- -std=c++17 -DCASE=$n > %t.full.$n.json; \
// RUN:   %xlambda check --quiet --no-progress --parse=skip --format=json %s -- -std=c++17 -DCASE=$n > %t.skip.$n.json; \
// RUN:   cmp %t.full.$n.json %t.skip.$n.json || exit 1; \
// RUN:   %xlambda check --quiet --no-progress --parse=skip --dump-facts %s -- -std=c++17 -DCASE=$n > %t.facts.$n.json; \
// RUN:   grep -q '"device": {' %t.facts.$n.json || exit 1; \
// RUN:   ! grep -q '"from_tokens"' %t.facts.$n.json || exit 1; \
// RUN: done
// Cases 8, 9, 13, 15, 18, 22, 25 and 27: a difference, answered from the tokens.
// RUN: for n in 8 9 13 15 18 22 25 27; do \
// RUN:   %xlambda check --quiet --no-progress --parse=full --format=json %s -- -std=c++17 -DCASE=$n > %t.full.$n.json; \
// RUN:   %xlambda check --quiet --no-progress --parse=skip --format=json %s -- -std=c++17 -DCASE=$n > %t.skip.$n.json; \
// RUN:   cmp %t.full.$n.json %t.skip.$n.json || exit 1; \
// RUN:   grep -q '"rule": "extended_lambda_arch_dependent_capture"' %t.skip.$n.json || exit 1; \
// RUN:   %xlambda check --quiet --no-progress --parse=skip --dump-facts %s -- -std=c++17 -DCASE=$n > %t.facts.$n.json; \
// RUN:   grep -q '"from_tokens": true' %t.facts.$n.json || exit 1; \
// RUN: done
// RUN: not %xlambda check --quiet --no-progress --parse=skip %s -- -std=c++17 -DCASE=8 | FileCheck --check-prefix=DIFF %s
// Answered from the tokens, alike (CASE 20 and 26):
// RUN: for n in 20 26; do \
// RUN:   %xlambda check --quiet --no-progress --parse=full --format=json %s -- -std=c++17 -DCASE=$n > %t.full.$n.json; \
// RUN:   %xlambda check --quiet --no-progress --parse=skip --format=json %s -- -std=c++17 -DCASE=$n > %t.skip.$n.json; \
// RUN:   cmp %t.full.$n.json %t.skip.$n.json || exit 1; \
// RUN:   ! grep -q '"rule"' %t.skip.$n.json || exit 1; \
// RUN:   %xlambda check --quiet --no-progress --parse=skip --dump-facts %s -- -std=c++17 -DCASE=$n > %t.facts.$n.json; \
// RUN:   grep -q '"from_tokens": true' %t.facts.$n.json || exit 1; \
// RUN: done
//
// --parse=skip (issue 20) answers the device side from the device
// preprocessor's tokens, without a device parse, when they show that every
// extended lambda captures the same variables in the same order in both
// compilations (plugin/archtok.h). The lambdas of the unit without CASE
// are written the way AMReX writes its kernels (a host arm and a device
// arm in every body), and the tokens answer for all of them: no finding,
// as with --parse=full, and no device parse. Every case under CASE makes
// the unit parse its device side, as before, or answers a difference from
// the tokens: the tokens cannot tell the device side's captures exactly (1
// to 7); the captures differ (8, 9, 13, 15) and the tokens report it as the
// device parse does; they differ, but the device compilation has an
// error the tokens cannot show, which leaves --parse=full quiet, so the
// device side is parsed (10: clang's device side rejects the reference
// capture; 11: a host variable; 12: a host function; 14: a name nothing
// declares). A CUDA annotation in one compilation alone declines the
// answer where it may change where the lambda's function runs (16, 17);
// on a variable, or on declarations one compilation alone has, it does
// not (the unit without CASE). A host-only name clashes only where it can
// be found: a static data member's not unqualified in a function of
// namespace scope, a namespace's not after '.' (18, answered), a static
// data member's after '::' (19) and unqualified in a member function (21)
// do. Arms that spell the same code are no difference (20, answered), nor
// are tokens a macro made or spelled oddly (26, answered: the host's
// tokens, kept as locations while it parses, are lexed again and must
// equal the device preprocessor's, or the declarations become a hunk
// whose names the lambda uses).
// After '.' or '->' a static data member's name is no clash where the
// host spelled the same access from the same variable in the function
// and found a member that is none (22 and 25, answered: AMReX's 'p[i].id'
// beside libstdc++'s facets' 'id'; 'q->sub.id' in shared code), but is where the variable's type may
// differ between the sides (23) or a device arm declares another of its
// name (24). One token that differs in its text alone, at one offset of
// the file (a macro naming one variable on the host and another on the
// device), is a difference too (27, answered).

#include "Inputs/amrex-style.h"

#ifndef CASE
// TOKENS: "from_tokens": true

// The first use of each capture is in the host-only arm; the device arm
// names the same variables in the same order.
void alike(int *p, int a, double x) {
  parallel_for(4, [=] XL_GPU_DEVICE (int i) {
    XL_IF_ON_DEVICE((p[i] = a * x;))
    XL_IF_ON_HOST((p[i] = a;  (void)x;))
  });
}

// '#ifdef' arms rather than a macro.
void alike_ifdef(int *p, int a, int b) {
  parallel_for(4, [=] XL_GPU_DEVICE (int i) {
#ifdef __CUDA_ARCH__
    p[i] = a - b;
#else
    p[i] = a + b;
#endif
  });
}

// Products, casts, an argument and an init-capture: uses, not
// declarations.
void products(int *p, double s, double t, int n) {
  parallel_for(4, [=, m = n] XL_GPU_DEVICE (int i) {
    XL_IF_ON_DEVICE((p[i] += i * s; p[i] += (int)t + m;))
    XL_IF_ON_HOST((p[i] += s * 2 + t;))
  });
}

// Names the lambda declares for itself: its parameter 'i' is also an
// earlier lambda's parameter and a variable declared after it, 'j' an
// init-capture's name and a later variable's.
void own_names(int *p, int a) {
  auto first = [=] XL_GPU_DEVICE (int i) { p[i] = a; };
  parallel_for(4, first);
  parallel_for(4, [=, j = a] XL_GPU_DEVICE (int i) {
    XL_IF_ON_DEVICE((p[i] = a * j;))
    XL_IF_ON_HOST((p[i] = a + j;))
  });
  int i = 0, j = 1;
  p[i] = j;
}

// What CCCL's headers hold in their arms (its own database takes them as
// user headers). A variable of namespace scope that only the device
// compilation annotates (_CCCL_GLOBAL_CONSTANT), named in a lambda.
#ifdef __CUDA_ARCH__
#define XL_GLOBAL_CONSTANT __device__ constexpr
#else
#define XL_GLOBAL_CONSTANT inline constexpr
#endif
XL_GLOBAL_CONSTANT int scale = 3;
void global_constant(int *p, int a) {
  parallel_for(4, [=] XL_GPU_DEVICE (int i) {
    XL_IF_ON_DEVICE((p[i] = a * scale;))
    XL_IF_ON_HOST((p[i] = a;))
  });
}

// Test code one compilation alone has (CCCL's host-only test cases): the
// names of its bodies ('scale') are local there, whatever a lambda names.
#ifndef __CUDA_ARCH__
struct host_only_domain {
  template <class T> static T scaled(T v) { return v * scale; }
};
inline int host_only_case() { return host_only_domain::scaled(2); }
#endif

// Whole declarations one compilation alone has, annotated (CCCL's
// __bit_reverse_impl_host and _device): their tokens share a head.
#ifndef __CUDA_ARCH__
template <class T> [[nodiscard]] __host__ __device__ T twice_host(T v) {
  return 2 * v;
}
#else
template <class T> [[nodiscard]] __device__ T twice_device(T v) {
  return v + v;
}
#endif

// A lambda that is no extended one, in one arm of a body before no
// extended lambda (CUB's SmVersion), and a variable named 'device'.
__host__ __device__ inline int cached(int device) {
#ifndef __CUDA_ARCH__
  auto get = [=](int &v) { v = device; return 0; };
  int v = 0;
  get(v);
  return v;
#else
  [[maybe_unused]] int unused = 0;
  return device;
#endif
}

#elif CASE == 1
// sizeof's operand is not evaluated: the device side does not capture 'd'.
void unevaluated(int *p, int h, int d) {
  parallel_for(4, [=] XL_GPU_DEVICE (int i) {
    XL_IF_ON_DEVICE((p[i] = sizeof(d) + h;))
    XL_IF_ON_HOST((p[i] = h + d;))
  });
}
#elif CASE == 2
// The device arm declares its own 'h': the outer one is not captured.
void shadowed(int *p, int h) {
  parallel_for(4, [=] XL_GPU_DEVICE (int i) {
    XL_IF_ON_DEVICE((int h = 1; p[i] = h;))
    XL_IF_ON_HOST((p[i] = h;))
  });
}
#elif CASE == 3
// 'k' is a constant: naming it is not an odr-use, nothing captures it.
void constant(int *p, int h) {
  const int k = 3;
  parallel_for(4, [=] XL_GPU_DEVICE (int i) {
    XL_IF_ON_DEVICE((p[i] = k;))
    XL_IF_ON_HOST((p[i] = h;))
  });
}
#elif CASE == 4
// 'int q = 0, h = 2' declares a second 'h' after a comma.
void declared_after_comma(int *p, int h) {
  parallel_for(4, [=] XL_GPU_DEVICE (int i) {
    XL_IF_ON_DEVICE((int q = 0, h = 2; p[i] = q + h;))
    XL_IF_ON_HOST((p[i] = h;))
  });
}
#elif CASE == 5
// A lambda only the device compilation defines.
void lambda_on_device(int *p, int h) {
#ifdef __CUDA_ARCH__
  auto g = [=] XL_GPU_DEVICE (int i) { p[i] = 1; };
#endif
  parallel_for(4, [=] XL_GPU_DEVICE (int i) { p[i] = h; });
}
#elif CASE == 6
// A member function: a member's name captures 'this'.
struct S {
  int m;
  void run(int *p, int h) {
    parallel_for(4, [=] XL_GPU_DEVICE (int i) {
      XL_IF_ON_DEVICE((p[i] = h;))
      XL_IF_ON_HOST((p[i] = i;))
    });
  }
};
#elif CASE == 7
// The 'g' declared in a block that ends before the lambda is not the
// device arm's 'g' (the global; the device compilation rejects its use in
// device code, so neither parse reports the lambda).
int g;
void out_of_scope(int *p, int h) {
  { int g = 2; p[0] = g; }
  parallel_for(4, [=] XL_GPU_DEVICE (int i) {
    XL_IF_ON_DEVICE((p[i] = g + h;))
    XL_IF_ON_HOST((p[i] = i;))
  });
}
#elif CASE == 8
// Only the device arm names 'dt'.
void device_only(int *p, double dt) {
  parallel_for(4, [=] XL_GPU_DEVICE (int i) {
  // DIFF: :[[@LINE-1]]:19: error: extended __device__ lambda captures 'p' in the host compilation but 'p', 'dt' in the device compilation [extended_lambda_arch_dependent_capture]
    XL_IF_ON_DEVICE((p[i] = (int)(i * dt);))
  // DIFF: :[[@LINE-1]]:5: note: 'dt' is captured only in the device compilation
    XL_IF_ON_HOST((p[i] = i;))
  });
}
#elif CASE == 9
// The same variables in another order.
void reordered(int *p, int a, int b) {
  parallel_for(4, [=] XL_GPU_DEVICE (int i) {
#ifdef __CUDA_ARCH__
    p[i] = b + a;
#else
    p[i] = a + b;
#endif
  });
}
#elif CASE == 10
void by_reference(int *p, int &n) {
  parallel_for(4, [&] XL_GPU_DEVICE (int i) { p[i] = n; });
}
void differs(int *p, double dt) {
  parallel_for(4, [=] XL_GPU_DEVICE (int i) {
    XL_IF_ON_DEVICE((p[i] = (int)(i * dt);))
    XL_IF_ON_HOST((p[i] = i;))
  });
}
#elif CASE == 11
// The device arm names a variable only the host has.
int host_count;
void host_variable(int *p, double dt) {
  parallel_for(4, [=] XL_GPU_DEVICE (int i) {
    XL_IF_ON_DEVICE((p[i] = (int)(i * dt) + host_count;))
    XL_IF_ON_HOST((p[i] = i;))
  });
}
#elif CASE == 12
// The device arm calls a function only the host has.
int host_only(double);
void host_function(int *p, double dt) {
  parallel_for(4, [=] XL_GPU_DEVICE (int i) {
    XL_IF_ON_DEVICE((p[i] = host_only(i * dt);))
    XL_IF_ON_HOST((p[i] = i;))
  });
}
#elif CASE == 13
// A device-only arm in another function (as AMReX's Gpu::Atomic::Add)
// names a device function and a builtin of the GPU target; the lambda
// captures 'dt' on the device only.
template <class T> __device__ T add(T *p, T v) {
#ifdef __CUDA_ARCH__
  __syncthreads();
  return atomicAdd(p, v);
#else
  T old = *p;
  *p += v;
  return old;
#endif
}
void device_only_sum(int *p, int *sum, int dt) {
  parallel_for(4, [=] XL_GPU_DEVICE (int i) {
    XL_IF_ON_DEVICE((add(sum, p[i] * dt);))
    XL_IF_ON_HOST((add(sum, p[i]);))
  });
}
#elif CASE == 14
// The device arm names what nothing declares (a typo).
void undeclared(int *p, double dt) {
  parallel_for(4, [=] XL_GPU_DEVICE (int i) {
    XL_IF_ON_DEVICE((p[i] = (int)(i * dt) + missing_name;))
    XL_IF_ON_HOST((p[i] = i;))
  });
}
#elif CASE == 16
// An annotation that makes the lambda's function another one on the
// device side: its lambda is then in a __device__ function there.
#ifdef __CUDA_ARCH__
__device__
#endif
void space_differs(int *p, int h) {
  parallel_for(4, [=] XL_GPU_DEVICE (int i) {
    XL_IF_ON_DEVICE((p[i] = h;))
    XL_IF_ON_HOST((p[i] = i;))
  });
}
#elif CASE == 17
// An annotated redeclaration of the lambda's function that one
// compilation alone has.
#ifdef __CUDA_ARCH__
__host__ __device__ void redeclared(int *p, int h);
#endif
void redeclared(int *p, int h) {
  parallel_for(4, [=] XL_GPU_DEVICE (int i) {
    XL_IF_ON_DEVICE((p[i] = h;))
    XL_IF_ON_HOST((p[i] = i;))
  });
}
#elif CASE == 18
// As 8, where the device arm spells names the host alone has: a static
// data member's (as std::ios_base::out), which a local 'out' in a function
// of namespace scope cannot name, and a variable of namespace scope's,
// which 'id' after '.' cannot name.
struct Registry { static int out; };
int id;
struct Particle { int id; };
void static_member_names(Particle *q, int *p, double dt) {
  int *out = p;
  parallel_for(4, [=] XL_GPU_DEVICE (int i) {
    XL_IF_ON_DEVICE((out[i] = q[i].id + (int)(i * dt);))
    XL_IF_ON_HOST((out[i] = i;))
  });
}
#elif CASE == 19
// As 18, but the device arm names the static data member (an error of the
// device compilation, which leaves --parse=full's comparing rules quiet).
struct Registry { static int out; };
void static_member_named(int *p, double dt) {
  parallel_for(4, [=] XL_GPU_DEVICE (int i) {
    XL_IF_ON_DEVICE((p[i] = (int)(i * dt) + Registry::out;))
    XL_IF_ON_HOST((p[i] = i;))
  });
}
#elif CASE == 20
// Both arms spell the same code, at two places of the file (AMReX's
// particle push): no hunk, where a hunk would decline the answer (the
// arms name variables the lambda itself declares).
struct Arr { double *d; XL_GPU_DEVICE double operator()(int i, int c) const { return d[i + c]; } };
void same_arms(double *p, Arr const &E, double qm, double dt) {
  parallel_for(4, [=] XL_GPU_DEVICE (int i) {
    int ci = int(p[i]);
    for (int d = 0; d < 3; ++d) {
#ifdef __CUDA_ARCH__
      p[i] += qm * dt * E(ci, d);
#else
      p[i] += qm * dt * E(ci, d);
#endif
    }
  });
}
#elif CASE == 21
// A device arm in a member function names a static data member
// unqualified, which finds it there: the device parse decides.
struct Holder { static int out; int get(); };
int Holder::get() {
#ifdef __CUDA_ARCH__
  return out;
#else
  return 0;
#endif
}
void uses_holder(int *p, double dt) {
  parallel_for(4, [=] XL_GPU_DEVICE (int i) {
    XL_IF_ON_DEVICE((p[i] = (int)(i * dt);))
    XL_IF_ON_HOST((p[i] = i;))
  });
}
#elif CASE == 22
// As 8, where both arms spell 'q[i].id', and 'id' is also a static data
// member's name (as libstdc++'s facets' 'std::locale::id id'): the host
// found 'q[i].id' to name Particle's 'id', and so does the device.
struct Facet { static int id; };
struct Particle { int id; };
void static_member_twin(Particle *q, int *p, double dt) {
  int *out = p;
  parallel_for(4, [=] XL_GPU_DEVICE (int i) {
    XL_IF_ON_DEVICE((out[i] = q[i].id + (int)(i * dt);))
    XL_IF_ON_HOST((out[i] = q[i].id;))
  });
}
#elif CASE == 23
// As 22, but q's type is an alias that names Facet on the device side:
// 'q[0].id' names the static data member there (an error of the device
// compilation).
struct Facet { static int id; };
struct Particle { int id; };
#ifdef __CUDA_ARCH__
using Elem = Facet;
#else
using Elem = Particle;
#endif
void static_member_other_type(Elem *q, int *p, double dt) {
  parallel_for(4, [=] XL_GPU_DEVICE (int i) {
    XL_IF_ON_DEVICE((p[i] = q[0].id + (int)(i * dt);))
    XL_IF_ON_HOST((p[i] = q[0].id;))
  });
}
#elif CASE == 24
// As 22, but a device function's device arm declares its own 'q', a
// Facet, and spells 'q->id' as the host does with its Particle.
struct Facet { static int id; };
struct Particle { int id; };
__device__ int first_id(Particle *q, Facet *f) {
#ifdef __CUDA_ARCH__
  if (f) { Facet *q = f; return q->id; }
#endif
  return q->id;
}
void static_member_shadowed(Particle *q, int *p, double dt) {
  parallel_for(4, [=] XL_GPU_DEVICE (int i) {
    XL_IF_ON_DEVICE((p[i] = q[i].id + (int)(i * dt);))
    XL_IF_ON_HOST((p[i] = q[i].id;))
  });
}
#elif CASE == 25
// As 22, with the access in code both sides share, through a member
// ('q->sub.id'): the host found it in the same lambda.
struct Facet { static int id; };
struct Sub { int id; };
struct Particle { Sub sub; };
void static_member_chain(Particle *q, int *p, double dt) {
  parallel_for(4, [=] XL_GPU_DEVICE (int i) {
    p[i] = q->sub.id;
    XL_IF_ON_DEVICE((p[i] += (int)(i * dt);))
    XL_IF_ON_HOST((p[i] += i;))
  });
}
#elif CASE == 26
// Tokens a macro pastes, stringizes or expands to (__LINE__), a digraph,
// an alternative operator, a spliced name, raw and prefixed literals, in
// declarations the lambda names.
#define XL_CAT(a, b) a##b
#define XL_STR(x) #x
constexpr int XL_CAT(line, _a) = __LINE__;
constexpr const char *XL_CAT(na, me) = XL_STR(two words);
constexpr int arr<:2:> = <%1, 2%>;
constexpr bool both = line_a > 0 and arr<:1:> == 2;
constexpr int spl\
iced = 3;
constexpr const char *raw = R"x(a)"b)x";
constexpr char32_t wide = U'\x41';
constexpr unsigned long big = 0x1'0000ul;
void odd_tokens(int *p, int a) {
  parallel_for(4, [=] XL_GPU_DEVICE (int i) {
    p[i] = line_a + spliced + (both ? 1 : 0) + (int)wide + (int)big +
           (int)sizeof(name) + (int)sizeof(raw) + (int)sizeof(arr);
  });
  parallel_for(4, [=] XL_GPU_DEVICE (int i) {
    XL_IF_ON_DEVICE((p[i] = a * 2;))
    XL_IF_ON_HOST((p[i] = a;))
  });
}
#elif CASE == 27
// 'XL_PICK' is one name a side: the same offset, the same kind of token.
#ifdef __CUDA_ARCH__
#define XL_PICK b
#else
#define XL_PICK a
#endif
void one_name(int *p, int a, int b) {
  parallel_for(4, [=] XL_GPU_DEVICE (int i) { p[i] = XL_PICK; });
}
#elif CASE == 15
// As 8, where the lambda's parameter 'i' is also an earlier lambda's and a
// later variable's name.
void device_only_names(int *p, double dt) {
  parallel_for(4, [=] XL_GPU_DEVICE (int i) { p[i] = 0; });
  parallel_for(4, [=] XL_GPU_DEVICE (int i) {
    XL_IF_ON_DEVICE((p[i] = (int)(i * dt);))
    XL_IF_ON_HOST((p[i] = i;))
  });
  int i = 1;
  p[0] = i;
}
#endif
