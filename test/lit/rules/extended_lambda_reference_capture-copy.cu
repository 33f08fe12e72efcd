// RUN: not %xlambda check --quiet %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: %if plugin %{ %plugin_check fails %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %plugin_verify %s -- -std=c++17 %}
// RUN: grep -Ev '^ *// (RUN|CHECK|FIXED|NOTES)' %s > %t.cu
// RUN: not %xlambda check --quiet --fix %t.cu -- -std=c++17 > /dev/null
// RUN: FileCheck --check-prefix=FIXED --match-full-lines --input-file=%t.cu %s
// RUN: grep -Ev '^ *// (RUN|CHECK|FIXED|NOTES)' %s > %t2.cu
// RUN: not %xlambda check --quiet --fix-notes %t2.cu -- -std=c++17 > /dev/null
// RUN: FileCheck --check-prefix=NOTES --match-full-lines --input-file=%t2.cu %s
// A fix-it is a claim (issue 18): the fix-it harness (ctest fixits) checks
// both modes' results with nvcc.

// '[&x]' and '[x]' give the lambda the same value only when x keeps its
// value from the lambda's creation on. The frontend looks at every use of x
// in the function: the copy goes on the finding (what --fix applies) when x
// is not written after the lambda is created, in a lambda, or in a loop
// around it, and nothing can change it through another name; otherwise on a
// note that says what the copy changes. An explicit capture that would
// repeat the default '=' is removed ('[=, &b]' becomes '[=]').

// The closures go to a host function: clang's device side (the plugin
// lines) would report the by-reference captures of a launched lambda too.
template <class F> void run(const F &) {}
void set(int &);
void show(const int &);
struct Pair { int x, y; };

void read_only(int *out) {
  int a = 1, b = 2;
  auto l1 = [=, &b] __device__ (int i) { out[i] = a + b; };
  // CHECK: :[[@LINE-1]]:18: error: extended __device__ lambda cannot capture 'b' by reference [extended_lambda_reference_capture]
  // CHECK: :[[@LINE-3]]:14: note: 'b' declared here
  // FIXED:  auto l1 = [=] __device__ (int i) { out[i] = a + b; };
  auto l2 = [=, &a,  &b] __device__ (int i) { out[i] = a + b; };
  // CHECK: :[[@LINE-1]]:18: error: extended __device__ lambda cannot capture 'a' by reference [extended_lambda_reference_capture]
  // CHECK: :[[@LINE-7]]:7: note: 'a' declared here
  // CHECK: :[[@LINE-3]]:23: error: extended __device__ lambda cannot capture 'b' by reference [extended_lambda_reference_capture]
  // CHECK: :[[@LINE-9]]:14: note: 'b' declared here
  // FIXED:  auto l2 = [=] __device__ (int i) { out[i] = a + b; };
  auto l3 = [a, &b, out] __device__ (int i) { out[i] = a + b; };
  // CHECK: :[[@LINE-1]]:18: error: extended __device__ lambda cannot capture 'b' by reference [extended_lambda_reference_capture]
  // CHECK: :[[@LINE-13]]:14: note: 'b' declared here
  // FIXED:  auto l3 = [a, b, out] __device__ (int i) { out[i] = a + b; };
  auto l4 = [&b, a, out] __device__ (int i) { out[i] = a + b; };
  // CHECK: :[[@LINE-1]]:15: error: extended __device__ lambda cannot capture 'b' by reference [extended_lambda_reference_capture]
  // CHECK: :[[@LINE-17]]:14: note: 'b' declared here
  // FIXED:  auto l4 = [b, a, out] __device__ (int i) { out[i] = a + b; };
  show(b); // a const reference reads
  run(l1); run(l2); run(l3); run(l4);
}

void written_before(int *out) {
  int x = 0;
  x += 3;
  ++x;
  auto l = [&x, out] __device__ (int i) { out[i] = x; };
  // CHECK: :[[@LINE-1]]:14: error: extended __device__ lambda cannot capture 'x' by reference [extended_lambda_reference_capture]
  // CHECK: :[[@LINE-5]]:7: note: 'x' declared here
  // FIXED:  auto l = [x, out] __device__ (int i) { out[i] = x; };
  run(l);
}

void written_after(int *out) {
  int sum = 0;
  auto l = [&sum, out] __device__ (int i) { out[i] = sum; };
  // CHECK: :[[@LINE-1]]:14: error: extended __device__ lambda cannot capture 'sum' by reference [extended_lambda_reference_capture]
  // CHECK: :[[@LINE-3]]:7: note: 'sum' declared here
  // CHECK: :[[@LINE-3]]:14: note: capture 'sum' by copy; the lambda then sees the value the variable has where the lambda is created, not the writes after that
  // FIXED:  auto l = [&sum, out] __device__ (int i) { out[i] = sum; };
  // NOTES:  auto l = [sum, out] __device__ (int i) { out[i] = sum; };
  sum = 5;
  run(l);
}

void incremented_after(int *out) {
  int n = 0;
  auto l = [&n, out] __device__ (int i) { out[i] = n; };
  // CHECK: :[[@LINE-1]]:14: error: extended __device__ lambda cannot capture 'n' by reference [extended_lambda_reference_capture]
  // CHECK: :[[@LINE-3]]:7: note: 'n' declared here
  // CHECK: :[[@LINE-3]]:14: note: capture 'n' by copy; the lambda then sees the value the variable has where the lambda is created, not the writes after that
  // FIXED:  auto l = [&n, out] __device__ (int i) { out[i] = n; };
  // NOTES:  auto l = [n, out] __device__ (int i) { out[i] = n; };
  n++;
  run(l);
}

void address_taken(int *out) {
  int v = 1;
  int *p = &v;
  auto l = [=, &v] __device__ (int i) { out[i] = v; };
  // CHECK: :[[@LINE-1]]:17: error: extended __device__ lambda cannot capture 'v' by reference [extended_lambda_reference_capture]
  // CHECK: :[[@LINE-4]]:7: note: 'v' declared here
  // CHECK: :[[@LINE-3]]:17: note: capture 'v' by copy; the lambda then sees the value the variable has where the lambda is created, not changes made through its address or a reference to it
  // FIXED:  auto l = [=, &v] __device__ (int i) { out[i] = v; };
  // NOTES:  auto l = [=] __device__ (int i) { out[i] = v; };
  *p = 2;
  run(l);
}

void by_reference(int *out) {
  int w = 1;
  auto l = [&w, out] __device__ (int i) { out[i] = w; };
  // CHECK: :[[@LINE-1]]:14: error: extended __device__ lambda cannot capture 'w' by reference [extended_lambda_reference_capture]
  // CHECK: :[[@LINE-3]]:7: note: 'w' declared here
  // CHECK: :[[@LINE-3]]:14: note: capture 'w' by copy; the lambda then sees the value the variable has where the lambda is created, not changes made through its address or a reference to it
  // FIXED:  auto l = [&w, out] __device__ (int i) { out[i] = w; };
  set(w);
  run(l);
}

void in_loop(int *out) {
  int y = 0;
  for (int k = 0; k < 2; k++) {
    y = k;
    auto l = [&y, out] __device__ (int i) { out[i] = y; };
    // CHECK: :[[@LINE-1]]:16: error: extended __device__ lambda cannot capture 'y' by reference [extended_lambda_reference_capture]
    // CHECK: :[[@LINE-5]]:7: note: 'y' declared here
    // CHECK: :[[@LINE-3]]:16: note: capture 'y' by copy; the lambda then sees the value the variable has where the lambda is created, not the writes after that
    // FIXED:    auto l = [&y, out] __device__ (int i) { out[i] = y; };
    run(l);
  }
}

void in_other_lambda(int *out) {
  int z = 0;
  auto inc = [&z] () { z++; };
  auto l = [&z, out] __device__ (int i) { out[i] = z; };
  // CHECK: :[[@LINE-1]]:14: error: extended __device__ lambda cannot capture 'z' by reference [extended_lambda_reference_capture]
  // CHECK: :[[@LINE-4]]:7: note: 'z' declared here
  // CHECK: :[[@LINE-3]]:14: note: capture 'z' by copy; the lambda then sees the value the variable has where the lambda is created, not the writes after that
  // FIXED:  auto l = [&z, out] __device__ (int i) { out[i] = z; };
  inc();
  run(l);
}

void not_scalar(int *out) {
  Pair q = {1, 2};
  auto l = [&q, out] __device__ (int i) { out[i] = q.x; };
  // CHECK: :[[@LINE-1]]:14: error: extended __device__ lambda cannot capture 'q' by reference [extended_lambda_reference_capture]
  // CHECK: :[[@LINE-3]]:8: note: 'q' declared here
  // CHECK: :[[@LINE-3]]:14: note: capture 'q' by copy; the lambda then works on a copy made where it is created
  // FIXED:  auto l = [&q, out] __device__ (int i) { out[i] = q.x; };
  run(l);
}

void mutable_body(int *out) {
  int m = 1;
  auto l = [&m, out] __device__ (int i) mutable { out[i] = m; };
  // CHECK: :[[@LINE-1]]:14: error: extended __device__ lambda cannot capture 'm' by reference [extended_lambda_reference_capture]
  // CHECK: :[[@LINE-3]]:7: note: 'm' declared here
  // CHECK: :[[@LINE-3]]:14: note: capture 'm' by copy; the lambda's writes then change its own copy only
  // FIXED:  auto l = [&m, out] __device__ (int i) mutable { out[i] = m; };
  // NOTES:  auto l = [m, out] __device__ (int i) mutable { out[i] = m; };
  run(l);
}

void capture_default(int *out) {
  int c = 3;
  auto l = [&] __device__ (int i) { out[i] = c; };
  // CHECK: :[[@LINE-1]]:27: error: extended __device__ lambda cannot capture variables by reference [extended_lambda_reference_capture]
  // CHECK: :[[@LINE-2]]:13: note: the capture default '&' captures by reference; capture by copy with '=' instead
  // CHECK: :[[@LINE-3]]:37: error: extended __device__ lambda cannot capture 'out' by reference [extended_lambda_reference_capture]
  // CHECK: :[[@LINE-4]]:13: note: 'out' is captured by reference because of the capture default '&'
  // CHECK: :[[@LINE-5]]:46: error: extended __device__ lambda cannot capture 'c' by reference [extended_lambda_reference_capture]
  // CHECK: :[[@LINE-6]]:13: note: 'c' is captured by reference because of the capture default '&'
  // FIXED:  auto l = [&] __device__ (int i) { out[i] = c; };
  // NOTES:  auto l = [=] __device__ (int i) { out[i] = c; };
  run(l);
  auto none = [&] __device__ (int i) { return i; };
  // CHECK: :[[@LINE-1]]:30: error: extended __device__ lambda cannot capture variables by reference [extended_lambda_reference_capture]
  // CHECK: :[[@LINE-2]]:16: note: the lambda captures nothing; remove the capture default '&'
  // FIXED:  auto none = [] __device__ (int i) { return i; };
  (void)none;
}

// compliant twins
void compliant(int *out) {
  int a = 1, b = 2;
  auto ok1 = [=] __device__ (int i) { out[i] = a + b; };
  auto ok2 = [a, b, out] __device__ (int i) { out[i] = a + b; };
  auto ok3 = [] __device__ (int i) { return i; };
  run(ok1); run(ok2); (void)ok3;
}
