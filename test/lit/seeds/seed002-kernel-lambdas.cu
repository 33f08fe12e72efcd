// RUN: %xlambda check --quiet %s -- -std=c++17 | FileCheck %s --allow-empty --implicit-check-not='{{warning|error}}:'

// ../shared/seeds/002 (a blog post on the PTX of device lambdas): a lambda
// in a kernel (device code, not an extended lambda), and extended lambdas
// passed to a kernel template from main, one capturing argc. nvcc 13.0
// compiles it (it was written for --expt-extended-lambda); so does xlambda.

#include <cstdio>

template <class Func>
__device__ void launch(Func func){
  func();
}

__global__ void kernel_0(){
  launch([]__device__(){printf("poi 0\n");});
}

template <class Func>
__global__ void kernel_1(Func func){
  launch(func);
}


int main(int argc, char** argv){
  kernel_1<<<1, 1>>>([]__device__(){printf("poi 1\n");});
  kernel_1<<<1, 1>>>([argc]__device__(){printf("poi 2 %d\n", argc);});
}
