// RUN: not %xlambda check --quiet %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: %if plugin %{ %plugin_check fails %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %plugin_verify %s -- -std=c++17 %}
// RUN: grep -Ev '^ *// (RUN|CHECK|NOTES)' %s > %t.cu
// RUN: not %xlambda check --quiet --fix-notes %t.cu -- -std=c++17 > /dev/null
// RUN: FileCheck --check-prefix=NOTES --input-file=%t.cu %s

// The closure type of a lambda that is not an extended lambda (an
// unannotated lambda in host code) cannot be a template argument of a
// __global__ function template. nvcc 13.0 reports it where the
// specialization is first requested. A note offers to make the lambda an
// extended one.

#define PLAIN_LAMBDA [=]

template <typename T> struct Box { T t; };
template <typename T> __global__ void kern(T in) {}
template <typename T> __global__ void kern2() {}

void launches() {
  int n = 1;
  auto a = [n] () { return n; };
  kern<<<1, 1>>>(a);
  // CHECK: :[[@LINE-1]]:3: error: the closure type of a lambda that is not an extended lambda cannot be a template argument of the __global__ function 'kern' [global_lambda_template_arg]
  // CHECK: :[[@LINE-3]]:12: note: lambda defined here; annotate it '__device__' to make it an extended lambda
  // NOTES: auto a = [n] __device__ () { return n; };
  kern2<Box<decltype(a)>><<<1, 1>>>();
  // CHECK: :[[@LINE-1]]:3: error: the closure type of a lambda that is not an extended lambda cannot be a template argument of the __global__ function 'kern2' [global_lambda_template_arg]
  auto b = PLAIN_LAMBDA () { return n; };
  kern<<<1, 1>>>(b);
  // CHECK: :[[@LINE-1]]:3: error: the closure type of a lambda that is not an extended lambda cannot be a template argument of the __global__ function 'kern' [global_lambda_template_arg]
  // the annotation keeps the file's spacing (issue 18)
  auto c = [](int v) { return v; };
  kern<<<1, 1>>>(c);
  // CHECK: :[[@LINE-1]]:3: error: the closure type of a lambda that is not an extended lambda cannot be a template argument of the __global__ function 'kern' [global_lambda_template_arg]
  // CHECK: :[[@LINE-3]]:12: note: lambda defined here; annotate it '__device__' to make it an extended lambda
  // NOTES: auto c = [] __device__ (int v) { return v; };

  // compliant twins: extended lambdas
  auto ok1 = [n] __device__ () { return n; };
  auto ok2 = [n] __host__ __device__ () { return n; };
  kern<<<1, 1>>>(ok1);
  kern<<<1, 1>>>(ok2);
  // inside another template's arguments (thrust::zip_function<closure>):
  // still an extended lambda's closure, found in CCCL's word_count.cu
  kern2<Box<decltype(ok2)>><<<1, 1>>>();
  kern<<<1, 1>>>(Box<decltype(ok1)>{ok1});
}

// Through a template, and a lambda defined in a template.
template <typename T> void launch(T v) { kern<<<1, 1>>>(v); }
// CHECK: :[[@LINE-1]]:42: error: the closure type of a lambda that is not an extended lambda cannot be a template argument of the __global__ function 'kern' [global_lambda_template_arg]

template <typename T> void make() {
  auto c = [] () { return T{}; };
  launch(c);
  // CHECK: :[[@LINE-1]]:{{[0-9]+}}: note: in instantiation of 'launch<(lambda at {{.*}})>' requested here
  // CHECK: :[[@LINE+4]]:3: note: in instantiation of 'make<int>' requested here
}

void indirect() {
  make<int>();
  launch([] __device__ () { return 2; }); // compliant twin
}

// A launcher declared before its use and defined after it: its
// specializations are walked from the definition (nvcc reports the launch).
template <typename T> void launch_later(T v);
void declared_first() {
  launch_later([](int i) { return i; });
  launch_later([] __device__ (int i) { return i; }); // compliant twin
}
template <typename T> void launch_later(T v) { kern<<<1, 1>>>(v); }
// CHECK: :[[@LINE-1]]:48: error: the closure type of a lambda that is not an extended lambda cannot be a template argument of the __global__ function 'kern' [global_lambda_template_arg]
// CHECK: :[[@LINE-5]]:16: note: lambda defined here; annotate it '__device__' to make it an extended lambda
// CHECK: :[[@LINE-6]]:3: note: in instantiation of 'launch_later<(lambda at {{.*}})>' requested here
// NOTES: launch_later([] __device__ (int i) { return i; });
