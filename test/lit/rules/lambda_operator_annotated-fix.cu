// RUN: not %xlambda check --quiet %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: %if plugin %{ %plugin_check fails %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %plugin_verify %s -- -std=c++17 %}
// The fix-it moves the annotation after the capture list, on the finding,
// unless the lambda would then break another rule its header shows:
// RUN: grep -Ev '^ *// (RUN|CHECK|FIXED|NOTES)' %s > %t.cu
// RUN: not %xlambda check --quiet --fix %t.cu -- -std=c++17 > /dev/null
// RUN: FileCheck --check-prefix=FIXED --input-file=%t.cu %s --implicit-check-not=xl_never
// RUN: not %xlambda check --quiet %t.cu -- -std=c++17 | grep 'error:' | count 2
// There, a note offers the move with the change that avoids the other rule
// (what the program computes may change: the note says how):
// RUN: grep -Ev '^ *// (RUN|CHECK|FIXED|NOTES)' %s > %t2.cu
// RUN: not %xlambda check --quiet --fix-notes %t2.cu -- -std=c++17 > /dev/null
// RUN: FileCheck --check-prefix=NOTES --input-file=%t2.cu %s --implicit-check-not=xl_never
// RUN: %xlambda check --quiet %t2.cu -- -std=c++17 | count 0

// lambda_operator_annotated on lambdas clang parses (no recovery parse):
// the fix-its, and where none is offered.

int moved(int x) {
  auto a = [=] () __device__ { return x; };
  // CHECK: :[[@LINE-1]]:30: error: the lambda's 'operator()' cannot be annotated with an execution space; annotate the lambda after its capture list [lambda_operator_annotated]
  // CHECK: :[[@LINE-2]]:19: note: annotation written here
  // FIXED: auto a = [=] __device__ () { return x; };
  auto b = [](int i) __host__ __device__ { return i; };
  // CHECK: :[[@LINE-1]]:42: error: the lambda's 'operator()' cannot be annotated with an execution space
  // CHECK: :[[@LINE-2]]:22: note: annotation written here
  // FIXED: auto b = [] __host__ __device__ (int i) { return i; };
  auto c = [x] (int i)
      __device__
  {
    return i + x;
  };
  // CHECK: :[[@LINE-3]]:3: error: the lambda's 'operator()' cannot be annotated with an execution space
  // CHECK: :[[@LINE-5]]:7: note: annotation written here
  // FIXED: auto c = [x] __device__ (int i)
  // FIXED-NEXT: {
  (void)a; (void)b; (void)c;
  return 0;
}

int kept(int x) {
  // by reference: moving it would make an extended lambda capture by reference
  auto d = [&] () __device__ { return x; };
  // CHECK: :[[@LINE-1]]:30: error: the lambda's 'operator()' cannot be annotated with an execution space
  // CHECK: :[[@LINE-2]]:19: note: annotation written here
  // CHECK: :[[@LINE-3]]:16: note: or move it and capture by copy: the lambda then reads copies made when it is created
  // FIXED: auto d = [&] () __device__ { return x; };
  // NOTES: auto d = [=] __device__ () { return x; };
  // a generic __host__ __device__ lambda cannot be extended
  auto e = [] (auto i) __host__ __device__ { return i; };
  // CHECK: :[[@LINE-1]]:44: error: the lambda's 'operator()' cannot be annotated with an execution space
  // CHECK: :[[@LINE-2]]:24: note: annotation written here
  // CHECK: :[[@LINE-3]]:15: note: or write '__device__' there: a generic lambda is extended only as '__device__', and host code can then no longer call it
  // FIXED: auto e = [] (auto i) __host__ __device__ { return i; };
  // NOTES: auto e = [] __device__ (auto i) { return i; };
  (void)d; (void)e;
  return 0;
}

// compliant twins: annotated after the capture list
int twins(int x) {
  auto a = [=] __device__ () { return x; };
  auto b = [] __host__ __device__ (int i) { return i; };
  (void)a; (void)b;
  return 0;
}
