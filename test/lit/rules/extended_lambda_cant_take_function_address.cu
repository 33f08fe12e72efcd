// RUN: not %xlambda check --quiet %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: %if plugin %{ %plugin_check fails %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %plugin_verify %s -- -std=c++17 %}

// nvcc names an extended lambda by the address of its enclosing function: a
// constructor or destructor, whose address cannot be taken, cannot enclose
// one. nvcc 13.0 reports it at the lambda's parameter list.

#define DEVICE_LAMBDA [=] __device__

struct Buffer {
  int n;
  Buffer(int size) : n(size) {
    auto l = [size] __device__ () { return size; };
    // CHECK: :[[@LINE-1]]:32: error: extended __device__ lambda cannot be defined in 'Buffer::Buffer': nvcc names the lambda by its enclosing function's address, and a constructor has none [extended_lambda_cant_take_function_address]
    // CHECK: :[[@LINE-3]]:3: note: define the lambda in a member function that the constructor calls
    (void)l;
  }
  ~Buffer() {
    auto l = [] __host__ __device__ () { return 0; };
    // CHECK: :[[@LINE-1]]:37: error: extended __host__ __device__ lambda cannot be defined in 'Buffer::~Buffer': nvcc names the lambda by its enclosing function's address, and a destructor has none [extended_lambda_cant_take_function_address]
    (void)l;
  }
  Buffer(const Buffer &o) : n(o.n) {
    auto outer = [] () {
      auto l = DEVICE_LAMBDA () { return 1; };
      // CHECK: :[[@LINE-1]]:30: error: extended __device__ lambda cannot be defined in 'Buffer::Buffer': nvcc names the lambda by its enclosing function's address, and a constructor has none [extended_lambda_cant_take_function_address]
      return l;
    };
    (void)outer;
  }
  // compliant twins: other member functions (operators and conversions
  // included), and unannotated lambdas in a constructor
  Buffer &operator=(const Buffer &o) {
    auto l = [] __device__ () { return 2; };
    (void)l;
    n = o.n;
    return *this;
  }
  operator int() const { auto l = [] __device__ () { return 3; }; (void)l; return n; }
  void fill() { auto l = [] __device__ () { return 4; }; (void)l; }
};

template <typename T> struct Holder {
  Holder() {
    auto l = [] __device__ () { return 5; };
    // CHECK: :[[@LINE-1]]:28: error: extended __device__ lambda cannot be defined in 'Holder::Holder<T>': nvcc names the lambda by its enclosing function's address, and a constructor has none [extended_lambda_cant_take_function_address]
    (void)l;
  }
};

struct Plain {
  Plain() { auto l = [] () { return 6; }; (void)l; } // twin
};
