// advect.cu: an AMReX-style unit (scripts/bench/amrex/amrex_gpu.h):
// advection and diffusion kernels over boxes, every one a ParallelFor with
// an AMREX_GPU_DEVICE lambda whose body tests __CUDA_ARCH__, as AMReX's
// tutorials are written; Thrust for the norms. Benchmark input of
// `bench.py parse` (issue 20), not a test case.
#include "amrex_gpu.h"

#include <thrust/device_vector.h>
#include <thrust/execution_policy.h>
#include <thrust/reduce.h>
#include <thrust/transform_reduce.h>

using namespace amrex;

namespace {

struct FabPair {
  Array4<Real> phi, phinew;
  Array4<Real> fx, fy, fz;
  Array4<Real> vel;
};

} // namespace

void compute_flux_x(const Box &bx, Array4<Real> const &fx,
                    Array4<Real const> const &phi, Real dxinv) {
  ParallelFor(bx, [=] AMREX_GPU_DEVICE(int i, int j, int k) {
    Real f = (phi(i, j, k) - phi(i - 1, j, k)) * dxinv;
    AMREX_IF_ON_DEVICE((fx(i, j, k) = __ldg(&phi.p[0]) * 0.0 + f;))
    AMREX_IF_ON_HOST((fx(i, j, k) = f;))
  });
}

void compute_flux_y(const Box &bx, Array4<Real> const &fy,
                    Array4<Real const> const &phi, Real dyinv) {
  ParallelFor(bx, [=] AMREX_GPU_DEVICE(int i, int j, int k) {
    Real f = (phi(i, j, k) - phi(i, j - 1, k)) * dyinv;
#ifdef __CUDA_ARCH__
    fy(i, j, k) = f;
#else
    fy(i, j, k) = f;
#endif
  });
}

void compute_flux_z(const Box &bx, Array4<Real> const &fz,
                    Array4<Real const> const &phi, Real dzinv) {
  ParallelFor(bx, [=] AMREX_GPU_DEVICE(int i, int j, int k) {
    Real f = (phi(i, j, k) - phi(i, j, k - 1)) * dzinv;
    AMREX_IF_ON_DEVICE((fz(i, j, k) = f;))
    AMREX_IF_ON_HOST((fz(i, j, k) = f;))
  });
}

void update_phi(const Box &bx, Array4<Real> const &phinew,
                Array4<Real const> const &phiold, Array4<Real const> const &fx,
                Array4<Real const> const &fy, Array4<Real const> const &fz,
                Real dt, GpuArray3 dxinv) {
  ParallelFor(bx, [=] AMREX_GPU_DEVICE(int i, int j, int k) {
    Real div = dxinv[0] * (fx(i + 1, j, k) - fx(i, j, k)) +
               dxinv[1] * (fy(i, j + 1, k) - fy(i, j, k)) +
               dxinv[2] * (fz(i, j, k + 1) - fz(i, j, k));
    AMREX_IF_ON_DEVICE((phinew(i, j, k) = phiold(i, j, k) + dt * div;))
    AMREX_IF_ON_HOST((phinew(i, j, k) = phiold(i, j, k) + dt * div;))
  });
}

void upwind_x(const Box &bx, Array4<Real> const &fx,
              Array4<Real const> const &phi, Array4<Real const> const &u) {
  ParallelFor(bx, [=] AMREX_GPU_DEVICE(int i, int j, int k) {
    Real ul = u(i, j, k);
    Real up = ul > 0 ? phi(i - 1, j, k) : phi(i, j, k);
#if defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 700)
    fx(i, j, k) = ul * up;
#else
    fx(i, j, k) = ul * up;
#endif
  });
}

void upwind_y(const Box &bx, Array4<Real> const &fy,
              Array4<Real const> const &phi, Array4<Real const> const &v) {
  ParallelFor(bx, [=] AMREX_GPU_DEVICE(int i, int j, int k) {
    Real vl = v(i, j, k);
    Real up = vl > 0 ? phi(i, j - 1, k) : phi(i, j, k);
    AMREX_IF_ON_DEVICE((fy(i, j, k) = vl * up;))
    AMREX_IF_ON_HOST((fy(i, j, k) = vl * up;))
  });
}

void upwind_z(const Box &bx, Array4<Real> const &fz,
              Array4<Real const> const &phi, Array4<Real const> const &w) {
  ParallelFor(bx, [=] AMREX_GPU_DEVICE(int i, int j, int k) {
    Real wl = w(i, j, k);
    Real up = wl > 0 ? phi(i, j, k - 1) : phi(i, j, k);
    AMREX_IF_ON_DEVICE((fz(i, j, k) = wl * up;))
    AMREX_IF_ON_HOST((fz(i, j, k) = wl * up;))
  });
}

void fill_boundary(const Box &bx, Array4<Real> const &phi, int ncomp,
                   Real value) {
  ParallelFor(bx.grow(1), ncomp, [=] AMREX_GPU_DEVICE(int i, int j, int k, int n) {
    bool outside = i < bx.lo[0] || i > bx.hi[0] || j < bx.lo[1] ||
                   j > bx.hi[1] || k < bx.lo[2] || k > bx.hi[2];
#ifdef __CUDA_ARCH__
    if (outside)
      phi(i, j, k, n) = value;
#else
    if (outside)
      phi(i, j, k, n) = value;
#endif
  });
}

void copy_fab(const Box &bx, Array4<Real> const &dst,
              Array4<Real const> const &src, int ncomp) {
  ParallelFor(bx, ncomp, [=] AMREX_GPU_DEVICE(int i, int j, int k, int n) {
    AMREX_IF_ON_DEVICE((dst(i, j, k, n) = src(i, j, k, n);))
    AMREX_IF_ON_HOST((dst(i, j, k, n) = src(i, j, k, n);))
  });
}

void saxpy_fab(const Box &bx, Array4<Real> const &y, Real a,
               Array4<Real const> const &x, int ncomp) {
  ParallelFor(bx, ncomp, [=] AMREX_GPU_DEVICE(int i, int j, int k, int n) {
    AMREX_IF_ON_DEVICE((y(i, j, k, n) += a * x(i, j, k, n);))
    AMREX_IF_ON_HOST((y(i, j, k, n) += a * x(i, j, k, n);))
  });
}

void laplacian(const Box &bx, Array4<Real> const &lap,
               Array4<Real const> const &phi, GpuArray3 dxinv) {
  ParallelFor(bx, [=] AMREX_GPU_DEVICE(int i, int j, int k) {
    Real cx = dxinv[0] * dxinv[0], cy = dxinv[1] * dxinv[1],
         cz = dxinv[2] * dxinv[2];
    Real l = cx * (phi(i + 1, j, k) - 2 * phi(i, j, k) + phi(i - 1, j, k)) +
             cy * (phi(i, j + 1, k) - 2 * phi(i, j, k) + phi(i, j - 1, k)) +
             cz * (phi(i, j, k + 1) - 2 * phi(i, j, k) + phi(i, j, k - 1));
#ifdef __CUDA_ARCH__
    lap(i, j, k) = l;
#else
    lap(i, j, k) = l;
#endif
  });
}

void jacobi_sweep(const Box &bx, Array4<Real> const &phinew,
                  Array4<Real const> const &phi, Array4<Real const> const &rhs,
                  GpuArray3 dxinv, Real omega) {
  ParallelFor(bx, [=] AMREX_GPU_DEVICE(int i, int j, int k) {
    Real cx = dxinv[0] * dxinv[0], cy = dxinv[1] * dxinv[1],
         cz = dxinv[2] * dxinv[2];
    Real diag = -2 * (cx + cy + cz);
    Real off = cx * (phi(i + 1, j, k) + phi(i - 1, j, k)) +
               cy * (phi(i, j + 1, k) + phi(i, j - 1, k)) +
               cz * (phi(i, j, k + 1) + phi(i, j, k - 1));
    Real res = (rhs(i, j, k) - off) / diag;
    AMREX_IF_ON_DEVICE((phinew(i, j, k) = phi(i, j, k) + omega * (res - phi(i, j, k));))
    AMREX_IF_ON_HOST((phinew(i, j, k) = phi(i, j, k) + omega * (res - phi(i, j, k));))
  });
}

void compute_residual(const Box &bx, Array4<Real> const &res,
                      Array4<Real const> const &rhs,
                      Array4<Real const> const &lap) {
  ParallelFor(bx, [=] AMREX_GPU_DEVICE(int i, int j, int k) {
    AMREX_IF_ON_DEVICE((res(i, j, k) = rhs(i, j, k) - lap(i, j, k);))
    AMREX_IF_ON_HOST((res(i, j, k) = rhs(i, j, k) - lap(i, j, k);))
  });
}

Real sum_fab(const Box &bx, Array4<Real const> const &a) {
  thrust::device_vector<Real> partial(bx.numPts());
  Real *out = thrust::raw_pointer_cast(partial.data());
  Dim3 len = bx.length();
  ParallelFor(bx, [=] AMREX_GPU_DEVICE(int i, int j, int k) {
    Long idx = (i - bx.lo[0]) + Long(j - bx.lo[1]) * len.x +
               Long(k - bx.lo[2]) * len.x * len.y;
    AMREX_IF_ON_DEVICE((out[idx] = a(i, j, k);))
    AMREX_IF_ON_HOST((out[idx] = a(i, j, k);))
  });
  return thrust::reduce(partial.begin(), partial.end(), Real(0));
}

Real norm2_fab(const Box &bx, Array4<Real const> const &a) {
  thrust::device_vector<Real> partial(bx.numPts());
  Real *out = thrust::raw_pointer_cast(partial.data());
  Dim3 len = bx.length();
  ParallelFor(bx, [=] AMREX_GPU_DEVICE(int i, int j, int k) {
    Long idx = (i - bx.lo[0]) + Long(j - bx.lo[1]) * len.x +
               Long(k - bx.lo[2]) * len.x * len.y;
#ifdef __CUDA_ARCH__
    out[idx] = a(i, j, k) * a(i, j, k);
#else
    out[idx] = a(i, j, k) * a(i, j, k);
#endif
  });
  return thrust::transform_reduce(
      partial.begin(), partial.end(),
      [] __host__ __device__(Real x) { return x; }, Real(0),
      thrust::plus<Real>());
}

Real max_fab(const Box &bx, Array4<Real const> const &a) {
  thrust::device_vector<Real> m(1, Real(-1e300));
  Real *pm = thrust::raw_pointer_cast(m.data());
  ParallelFor(bx, [=] AMREX_GPU_DEVICE(int i, int j, int k) {
    AMREX_IF_ON_DEVICE((Gpu::Max(pm, a(i, j, k));))
    AMREX_IF_ON_HOST((Gpu::Max(pm, a(i, j, k));))
  });
  return m[0];
}

void count_negative(const Box &bx, Array4<Real const> const &a, int *count) {
  ParallelFor(bx, [=] AMREX_GPU_DEVICE(int i, int j, int k) {
    if (a(i, j, k) < 0) {
      AMREX_IF_ON_DEVICE((Gpu::Add(count, 1);))
      AMREX_IF_ON_HOST((++*count;))
    }
  });
}

void advance(FabPair &f, const Box &bx, Real dt, GpuArray3 dxinv) {
  compute_flux_x(bx, f.fx, Array4<Real const>{f.phi.p, f.phi.jstride, f.phi.kstride, f.phi.nstride, f.phi.begin, f.phi.end, f.phi.ncomp}, dxinv[0]);
  compute_flux_y(bx, f.fy, Array4<Real const>{f.phi.p, f.phi.jstride, f.phi.kstride, f.phi.nstride, f.phi.begin, f.phi.end, f.phi.ncomp}, dxinv[1]);
  compute_flux_z(bx, f.fz, Array4<Real const>{f.phi.p, f.phi.jstride, f.phi.kstride, f.phi.nstride, f.phi.begin, f.phi.end, f.phi.ncomp}, dxinv[2]);
#ifndef AMREX_BENCH_CLEAN
  // The unit's one finding: 'dt' is captured in the device compilation
  // only (advect_clean.cu leaves it out).
  single_task([=] AMREX_GPU_DEVICE() {
    AMREX_IF_ON_DEVICE((printf("advance %g\n", dt);))
  });
#endif
}

// Host-side setup: no lambda depends on __CUDA_ARCH__ here.
thrust::device_vector<Real> make_field(Long n, Real v) {
  thrust::device_vector<Real> out(n);
  Real *p = thrust::raw_pointer_cast(out.data());
  ParallelFor(n, [=] AMREX_GPU_DEVICE(Long i) { p[i] = v * Real(i); });
  return out;
}

void scale_field(thrust::device_vector<Real> &f, Real s) {
  Real *p = thrust::raw_pointer_cast(f.data());
  ParallelFor(Long(f.size()), [=] AMREX_GPU_DEVICE(Long i) { p[i] *= s; });
}
