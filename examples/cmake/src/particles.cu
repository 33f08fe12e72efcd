// particles.cu: a member function whose __device__ lambda reads members,
// so it captures `this` (a host pointer); nvcc compiles it silently.
#include "launch.cuh"

struct Particles {
  int n;
  float *x, *v;
  float dt;

  void advance() {
    parallel_for(n, [=] __device__ (int i) { x[i] += v[i] * dt; });
  }
};

void step(Particles &p) { p.advance(); }
