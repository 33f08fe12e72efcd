// particles.cu: an AMReX-style unit (scripts/bench/amrex/amrex_gpu.h):
// particle push, deposition and binning with AMREX_GPU_DEVICE lambdas whose
// bodies test __CUDA_ARCH__ (atomics on the device, plain updates on the
// host), CUB for the scans and sorts. Benchmark input of `bench.py parse`
// (issue 20), not a test case.
#include "amrex_gpu.h"

#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_reduce.cuh>
#include <cub/device/device_scan.cuh>

using namespace amrex;

struct Particle {
  Real pos[3];
  Real vel[3];
  Real weight;
  int id, cell;
};

struct ParticleTile {
  Particle *p;
  Long n;
};

void push_positions(ParticleTile tile, Real dt) {
  Particle *p = tile.p;
  ParallelFor(tile.n, [=] AMREX_GPU_DEVICE(Long i) {
    for (int d = 0; d < 3; ++d)
      p[i].pos[d] += dt * p[i].vel[d];
    AMREX_IF_ON_DEVICE((if (p[i].pos[0] < 0) p[i].id = -1;))
    AMREX_IF_ON_HOST((if (p[i].pos[0] < 0) p[i].id = -1;))
  });
}

void push_velocities(ParticleTile tile, Array4<Real const> const &E, Real qm,
                     Real dt, GpuArray3 dxinv) {
  Particle *p = tile.p;
  ParallelFor(tile.n, [=] AMREX_GPU_DEVICE(Long i) {
    int ci = int(p[i].pos[0] * dxinv[0]);
    int cj = int(p[i].pos[1] * dxinv[1]);
    int ck = int(p[i].pos[2] * dxinv[2]);
    for (int d = 0; d < 3; ++d) {
#ifdef __CUDA_ARCH__
      p[i].vel[d] += qm * dt * E(ci, cj, ck, d);
#else
      p[i].vel[d] += qm * dt * E(ci, cj, ck, d);
#endif
    }
  });
}

void deposit_charge(ParticleTile tile, Array4<Real> const &rho,
                    GpuArray3 dxinv) {
  Particle *p = tile.p;
  ParallelFor(tile.n, [=] AMREX_GPU_DEVICE(Long i) {
    Real x = p[i].pos[0] * dxinv[0] - 0.5;
    Real y = p[i].pos[1] * dxinv[1] - 0.5;
    Real z = p[i].pos[2] * dxinv[2] - 0.5;
    int ci = int(x), cj = int(y), ck = int(z);
    Real wx = x - ci, wy = y - cj, wz = z - ck;
    for (int kk = 0; kk < 2; ++kk)
      for (int jj = 0; jj < 2; ++jj)
        for (int ii = 0; ii < 2; ++ii) {
          Real w = p[i].weight * (ii ? wx : 1 - wx) * (jj ? wy : 1 - wy) *
                   (kk ? wz : 1 - wz);
          AMREX_IF_ON_DEVICE((Gpu::Add(&rho(ci + ii, cj + jj, ck + kk), w);))
          AMREX_IF_ON_HOST((rho(ci + ii, cj + jj, ck + kk) += w;))
        }
  });
}

void deposit_current(ParticleTile tile, Array4<Real> const &jx,
                     Array4<Real> const &jy, Array4<Real> const &jz,
                     GpuArray3 dxinv) {
  Particle *p = tile.p;
  ParallelFor(tile.n, [=] AMREX_GPU_DEVICE(Long i) {
    int ci = int(p[i].pos[0] * dxinv[0]);
    int cj = int(p[i].pos[1] * dxinv[1]);
    int ck = int(p[i].pos[2] * dxinv[2]);
    Real w = p[i].weight;
#ifdef __CUDA_ARCH__
    atomicAdd(&jx(ci, cj, ck), w * p[i].vel[0]);
    atomicAdd(&jy(ci, cj, ck), w * p[i].vel[1]);
    atomicAdd(&jz(ci, cj, ck), w * p[i].vel[2]);
#else
    jx(ci, cj, ck) += w * p[i].vel[0];
    jy(ci, cj, ck) += w * p[i].vel[1];
    jz(ci, cj, ck) += w * p[i].vel[2];
#endif
  });
}

void assign_cells(ParticleTile tile, Box domain, GpuArray3 dxinv) {
  Particle *p = tile.p;
  Dim3 len = domain.length();
  ParallelFor(tile.n, [=] AMREX_GPU_DEVICE(Long i) {
    int ci = int(p[i].pos[0] * dxinv[0]) - domain.lo[0];
    int cj = int(p[i].pos[1] * dxinv[1]) - domain.lo[1];
    int ck = int(p[i].pos[2] * dxinv[2]) - domain.lo[2];
    AMREX_IF_ON_DEVICE((p[i].cell = ci + len.x * (cj + len.y * ck);))
    AMREX_IF_ON_HOST((p[i].cell = ci + len.x * (cj + len.y * ck);))
  });
}

void count_per_cell(ParticleTile tile, int *counts) {
  Particle *p = tile.p;
  ParallelFor(tile.n, [=] AMREX_GPU_DEVICE(Long i) {
    AMREX_IF_ON_DEVICE((Gpu::Add(&counts[p[i].cell], 1);))
    AMREX_IF_ON_HOST((++counts[p[i].cell];))
  });
}

void sort_by_cell(ParticleTile tile, int *keys_in, int *keys_out,
                  Long *perm_in, Long *perm_out) {
  Particle *p = tile.p;
  ParallelFor(tile.n, [=] AMREX_GPU_DEVICE(Long i) {
    keys_in[i] = p[i].cell;
    AMREX_IF_ON_DEVICE((perm_in[i] = i;))
    AMREX_IF_ON_HOST((perm_in[i] = i;))
  });
  size_t bytes = 0;
  cub::DeviceRadixSort::SortPairs(nullptr, bytes, keys_in, keys_out, perm_in,
                                  perm_out, int(tile.n));
  void *tmp = nullptr;
  cudaMalloc(&tmp, bytes);
  cub::DeviceRadixSort::SortPairs(tmp, bytes, keys_in, keys_out, perm_in,
                                  perm_out, int(tile.n));
  cudaFree(tmp);
}

void offsets(const int *counts, int *offs, int ncells) {
  size_t bytes = 0;
  cub::DeviceScan::ExclusiveSum(nullptr, bytes, counts, offs, ncells);
  void *tmp = nullptr;
  cudaMalloc(&tmp, bytes);
  cub::DeviceScan::ExclusiveSum(tmp, bytes, counts, offs, ncells);
  cudaFree(tmp);
}

Real total_weight(ParticleTile tile, Real *w, Real *out) {
  Particle *p = tile.p;
  ParallelFor(tile.n, [=] AMREX_GPU_DEVICE(Long i) {
#if defined(__CUDA_ARCH__)
    w[i] = p[i].id >= 0 ? p[i].weight : 0;
#else
    w[i] = p[i].id >= 0 ? p[i].weight : 0;
#endif
  });
  size_t bytes = 0;
  cub::DeviceReduce::Sum(nullptr, bytes, w, out, int(tile.n));
  void *tmp = nullptr;
  cudaMalloc(&tmp, bytes);
  cub::DeviceReduce::Sum(tmp, bytes, w, out, int(tile.n));
  cudaFree(tmp);
  Real h = 0;
  cudaMemcpy(&h, out, sizeof(h), cudaMemcpyDeviceToHost);
  return h;
}

void remove_invalid(ParticleTile tile, int *flags) {
  Particle *p = tile.p;
  ParallelFor(tile.n, [=] AMREX_GPU_DEVICE(Long i) {
    AMREX_IF_ON_DEVICE((flags[i] = p[i].id >= 0;))
    AMREX_IF_ON_HOST((flags[i] = p[i].id >= 0;))
  });
}

void reflect_walls(ParticleTile tile, Box domain, GpuArray3 dx) {
  Particle *p = tile.p;
  ParallelFor(tile.n, [=] AMREX_GPU_DEVICE(Long i) {
    for (int d = 0; d < 3; ++d) {
      Real lo = domain.lo[d] * dx[d], hi = (domain.hi[d] + 1) * dx[d];
      if (p[i].pos[d] < lo || p[i].pos[d] > hi) {
#ifdef __CUDA_ARCH__
        p[i].vel[d] = -p[i].vel[d];
#else
        p[i].vel[d] = -p[i].vel[d];
#endif
      }
    }
  });
}

void kinetic_energy(ParticleTile tile, Real *e) {
  Particle *p = tile.p;
  ParallelFor(tile.n, [=] AMREX_GPU_DEVICE(Long i) {
    Real v2 = p[i].vel[0] * p[i].vel[0] + p[i].vel[1] * p[i].vel[1] +
              p[i].vel[2] * p[i].vel[2];
    AMREX_IF_ON_DEVICE((Gpu::Add(e, 0.5 * p[i].weight * v2);))
    AMREX_IF_ON_HOST((*e += 0.5 * p[i].weight * v2;))
  });
}

void init_particles(ParticleTile tile, Real v0) {
  Particle *p = tile.p;
  ParallelFor(tile.n, [=] AMREX_GPU_DEVICE(Long i) {
    for (int d = 0; d < 3; ++d) {
      p[i].pos[d] = Real(i % 97) * 0.01 * (d + 1);
      p[i].vel[d] = v0;
    }
    p[i].weight = 1;
    p[i].id = int(i);
    p[i].cell = 0;
  });
}

void step(ParticleTile tile, Array4<Real const> const &E,
          Array4<Real> const &rho, Box domain, Real dt, GpuArray3 dxinv) {
  push_velocities(tile, E, -1.0, dt, dxinv);
  push_positions(tile, dt);
  assign_cells(tile, domain, dxinv);
  deposit_charge(tile, rho, dxinv);
#ifndef AMREX_BENCH_CLEAN
  // The unit's one finding: 'dt' is captured in the device compilation
  // only (particles_clean.cu leaves it out).
  single_task([=] AMREX_GPU_DEVICE() {
    AMREX_IF_ON_DEVICE((printf("step %g\n", dt);))
  });
#endif
}
