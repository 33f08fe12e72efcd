// RUN: not %xlambda check --quiet --verify-facts %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: %if plugin %{ %plugin_check fails %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %plugin_verify %s -- -std=c++17 %}

// A lambda whose declarator is spelled in a macro's definition in a header
// (issue 25, MFEM's MFEM_FORALL_3D in fem/integ/bilininteg_diffusion_patch.cpp):
// the declarator is read between the introducer and the body where both are
// spelled. It was read from the offset of the macro's use, a place in this
// file, in the header's text: from there to the body's '{' it found a
// 'constexpr' and a '(' that are not the lambda's (a false
// extended_lambda_constexpr, the parameter list in an '#if'). --verify-facts
// fails on that: the parameter list lay in another file than the lambda.

#include "Inputs/macro-declarator/general/forall.hpp"

void assemble(int NE, const double *in, double *out) {
  FORALL_3D(e, NE, 2, 2, 2,
  {
    double sum = 0;
    for (int q = 0; q < 4; q++)
    {
      sum += in[e * 4 + q];
    }
    out[e] = sum;
  });
}

// 'constexpr' where the lambda is spelled: in the macro's definition, and in
// a macro's argument; nvcc reports both at the macro's use.
void specifiers(int n, double *out) {
  FORALL_CONSTEXPR(i, n,
  {
    out[i] = 1;
  });
  // CHECK: :[[@LINE-4]]:3: error: extended __host__ __device__ lambda cannot be 'constexpr' [extended_lambda_constexpr]
  // CHECK: :[[@LINE-5]]:3: note: remove 'constexpr' from the lambda
  CALL(forall_wrap<1>(true, n, [=] __device__
       (int i) constexpr { out[i] = 2; }, 0, 0, 0));
  // CHECK: :[[@LINE-2]]:3: error: extended __device__ lambda cannot be 'constexpr' [extended_lambda_constexpr]
  // CHECK: :[[@LINE-3]]:3: note: remove 'constexpr' from the lambda
  CALL(forall_wrap<1>(true, n, [=] __device__
       (int i) { out[i] = 3; }, 0, 0, 0)); // twin
}
