// RUN: not %xlambda check --quiet %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: %if plugin %{ %plugin_check fails %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %plugin_verify %s -- -std=c++17 %}
// The fix-it makes the member type public, on the note (it widens the
// class's interface): 'public:' before its first declaration in the class,
// the access it had after it. Two findings about one type make one edit;
// a type a macro declares gets none.
// RUN: grep -Ev '^ *// (RUN|CHECK|FIXED|AFTER)' %s > %t.cu
// RUN: not %xlambda check --quiet --fix --fix-notes %t.cu -- -std=c++17 > /dev/null
// RUN: FileCheck --check-prefix=FIXED --input-file=%t.cu %s
// RUN: not %xlambda check --quiet %t.cu -- -std=c++17 | FileCheck --check-prefix=AFTER %s --implicit-check-not='{{warning|error}}:'
// RUN: not %xlambda check --quiet --fix --fix-notes %t.cu -- -std=c++17 > /dev/null
// RUN: FileCheck --check-prefix=FIXED --input-file=%t.cu %s

#define PRIVATE_TYPE(name) struct name { int v; };

class Grid {
  struct Cell { int v; }; // a cell
  // FIXED: {{^}}class Grid {{{$}}
  // FIXED-NEXT: {{^}}public:{{$}}
  // FIXED-NEXT: {{^}}  struct Cell { int v; }; // a cell{{$}}
  // FIXED-NEXT: {{^}}private:{{$}}
  template <typename T>
  struct Wrap {
    T t;
  };
  // FIXED-NEXT: {{^}}public:{{$}}
  // FIXED-NEXT: {{^}}  template <typename T>{{$}}
  // FIXED-NEXT: {{^}}  struct Wrap {{{$}}
  // FIXED-NEXT: {{^}}    T t;{{$}}
  // FIXED-NEXT: {{^}}  };{{$}}
  // FIXED-NEXT: {{^}}private:{{$}}
  PRIVATE_TYPE(Hidden)
  // FIXED-NEXT: {{^}}  PRIVATE_TYPE(Hidden){{$}}
protected:
  struct Span { int n; };
  // FIXED-NEXT: {{^}}protected:{{$}}
  // FIXED-NEXT: {{^}}public:{{$}}
  // FIXED-NEXT: {{^}}  struct Span { int n; };{{$}}
  // FIXED-NEXT: {{^}}protected:{{$}}
  // FIXED-NEXT: {{^}}public:{{$}}
public:
  static void run();
};

void Grid::run() {
  Cell a{1};
  Cell b{2};
  Wrap<int> w{3};
  Hidden h{4};
  Span s{5};
  auto c1 = [a] __device__ () { return a.v; };
  // CHECK: :[[@LINE-1]]:14: error: extended __device__ lambda cannot capture 'a': its type involves 'Grid::Cell', a private class member [extended_lambda_capture_private_type]
  // CHECK: :[[@LINE-36]]:10: note: 'Grid::Cell' declared private here; make it public (widens the interface of 'Grid')
  auto c2 = [b] __device__ () { return b.v; };
  // CHECK: :[[@LINE-1]]:14: error: extended __device__ lambda cannot capture 'b': its type involves 'Grid::Cell', a private class member [extended_lambda_capture_private_type]
  // CHECK: :[[@LINE-39]]:10: note: 'Grid::Cell' declared private here; make it public (widens the interface of 'Grid')
  auto c3 = [w] __device__ () { return w.t; };
  // CHECK: :[[@LINE-1]]:14: error: extended __device__ lambda cannot capture 'w': its type involves 'Grid::Wrap<int>', a private class member [extended_lambda_capture_private_type]
  // CHECK: :[[@LINE-36]]:10: note: 'Grid::Wrap<int>' declared private here; make it public (widens the interface of 'Grid')
  auto c4 = [h] __device__ () { return h.v; };
  // CHECK: :[[@LINE-1]]:14: error: extended __device__ lambda cannot capture 'h': its type involves 'Grid::Hidden', a private class member [extended_lambda_capture_private_type]
  // CHECK: :[[@LINE-30]]:3: note: 'Grid::Hidden' declared private here{{$}}
  // AFTER: :{{[0-9]+}}:14: error: extended __device__ lambda cannot capture 'h': its type involves 'Grid::Hidden', a private class member [extended_lambda_capture_private_type]
  auto c5 = [s] __device__ () { return s.n; };
  // CHECK: :[[@LINE-1]]:14: error: extended __device__ lambda cannot capture 's': its type involves 'Grid::Span', a protected class member [extended_lambda_capture_private_type]
  // CHECK: :[[@LINE-31]]:10: note: 'Grid::Span' declared protected here; make it public (widens the interface of 'Grid')
  (void)c1; (void)c2; (void)c3; (void)c4; (void)c5;
}

// A private type in a private class: both are made public, in one fix.
class Shell {
  class Inner {
    struct Deep { int d; };
    friend class Shell;
  };
  // FIXED: {{^}}class Shell {{{$}}
  // FIXED-NEXT: {{^}}public:{{$}}
  // FIXED-NEXT: {{^}}  class Inner {{{$}}
  // FIXED-NEXT: {{^}}public:{{$}}
  // FIXED-NEXT: {{^}}    struct Deep { int d; };{{$}}
  // FIXED-NEXT: {{^}}private:{{$}}
  // FIXED-NEXT: {{^}}    friend class Shell;{{$}}
  // FIXED-NEXT: {{^}}  };{{$}}
  // FIXED-NEXT: {{^}}private:{{$}}
public:
  static void run() {
    Inner::Deep x{1};
    auto l = [x] __device__ () { return x.d; };
    // CHECK: :[[@LINE-1]]:15: error: extended __device__ lambda cannot capture 'x': its type involves 'Shell::Inner::Deep', a private class member [extended_lambda_capture_private_type]
    // CHECK: :[[@LINE-17]]:12: note: 'Shell::Inner::Deep' declared private here; make it and the classes around it public (widens the interface of 'Shell::Inner')
    (void)l;
  }
};
