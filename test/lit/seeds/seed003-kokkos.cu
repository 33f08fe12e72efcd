// RUN: not %xlambda check --quiet %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:'

// ../shared/seeds/003 (a draft Kokkos lambda guide). Kokkos itself is not
// available here: a minimal stand-in for View and parallel_for, with the
// macros the guide describes (CUDA 8: KOKKOS_LAMBDA is
// [=] __host__ __device__). The guide's 'class Fancy' lacks its final ';',
// and its find_equal returns a vector<int>::iterator from a const vector
// (both fixed here: const_iterator). Its last remark, that a CUDA lambda may not be used inside
// a private or protected member function, is the Hidden class below.

#include <algorithm>
#include <vector>

namespace Kokkos {
template <class T> struct View;
template <class T> struct View<T *> {
  T *data = nullptr;
  int n = 0;
  View() = default;
  View(const char *, int size) : n(size) {}
  __host__ __device__ T &operator()(int i) const { return data[i]; }
};
template <class F> __global__ void kernel(int n, F f) {
  int i = threadIdx.x;
  if (i < n)
    f(i);
}
template <class F> void parallel_for(int n, F f) { kernel<<<1, 32>>>(n, f); }
} // namespace Kokkos

#define KOKKOS_LAMBDA [=] __host__ __device__
#define KOKKOS_CLASS_LAMBDA [=, *this] __host__ __device__

// "What is a lambda ?"
struct IsTheSameAsX {
  int x;
  IsTheSameAsX(int given_x) { x = given_x; }
  bool operator()(int const& y) const { return y == x; }
};

std::vector<int>::const_iterator find_equal(std::vector<int> const& v, int x) {
  return std::find_if(v.begin(), v.end(), IsTheSameAsX(x));
}

std::vector<int>::const_iterator find_equal2(std::vector<int> const& v, int x) {
  return std::find_if(v.begin(), v.end(), [=] (int const& y) { return y == x; });
}

// "Lambdas inside classes"
class LotsToDo {
 public:
  size_t which_is_it() {
    auto it = std::find_if(v.begin(), v.end(), [=] (int const& y) { return y == x; });
    return it - v.begin();
  }
  size_t which_is_it_local() {
    int local_x = this->x;
    auto it = std::find_if(v.begin(), v.end(), [=] (int const& y) { return y == local_x; });
    return it - v.begin();
  }
  size_t which_is_it_star_this() {
    auto it = std::find_if(v.begin(), v.end(), [=,*this] (int const& y) { return y == x; });
    return it - v.begin();
  }
 private:
  std::vector<int> v;
  int x;
};

// "CUDA support for lambdas"
int main_device() {
  int array_size = 10;
  Kokkos::View<double*> array("array", array_size);
  double factor = 42.0;
  Kokkos::parallel_for(array_size, [=] __device__ (int i) {
    array(i) = factor * i;
  });
  return 0;
}

int main_kokkos() {
  int array_size = 10;
  Kokkos::View<double*> array("array", array_size);
  double factor = 42.0;
  Kokkos::parallel_for(array_size, KOKKOS_LAMBDA(int i) {
    array(i) = factor * i;
  });
  return 0;
}

// "Lambdas inside classes with CUDA": 'this' is captured, the kernel then
// dereferences a host pointer (nvcc compiles it; xlambda warns).
class Fancy {
 public:
  void set_values() {
    Kokkos::parallel_for(array_size, KOKKOS_LAMBDA (int i) {
      array(i) = factor * i;
      // CHECK: :[[@LINE-1]]:7: warning: extended __host__ __device__ lambda implicitly captures 'this', a host pointer the device cannot dereference [this_addr_capture_ext_lambda]
    });
  }
 private:
  int array_size;
  Kokkos::View<double*> array;
  double factor;
};

// KOKKOS_CLASS_LAMBDA copies the object instead.
class FancyCopy {
 public:
  void set_values() {
    Kokkos::parallel_for(array_size, KOKKOS_CLASS_LAMBDA (int i) {
      array(i) = factor * i;
    });
  }
 private:
  int array_size;
  Kokkos::View<double*> array;
  double factor;
};

// "a CUDA lambda may not be used inside a class member function that is
// private or protected"
class Hidden {
 public:
  void run() { set_values(); }
 private:
  void set_values() {
    Kokkos::parallel_for(array_size, KOKKOS_CLASS_LAMBDA (int i) {
      // CHECK: :[[@LINE-1]]:58: error: extended __host__ __device__ lambda cannot be defined in 'Hidden::set_values', a private member function [extended_lambda_inaccessible_parent]
      array(i) = factor * i;
    });
  }
  int array_size;
  Kokkos::View<double*> array;
  double factor;
};
