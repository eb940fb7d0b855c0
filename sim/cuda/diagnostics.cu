// SPDX-License-Identifier: MIT
// Energy, momentum, angular momentum and centre of mass reduced on the device in double, so the
// panel's once-a-second diagnostics cost a few microseconds and 13 doubles instead of a download of
// every body (about 0.5 s at 10M bodies). Same sums as compute_diagnostics() on the host.
#include <cub/block/block_reduce.cuh>

#include "cuda_check.cuh"
#include "kernels.cuh"

namespace galaxy::cuda {

namespace {
constexpr int kBlock = 256;

struct Sums {
  double v[kDiagnosticSums];
  __device__ Sums operator+(const Sums& o) const {
    Sums r;
#pragma unroll
    for (int k = 0; k < kDiagnosticSums; ++k) r.v[k] = v[k] + o.v[k];
    return r;
  }
};

struct Add {
  __device__ Sums operator()(const Sums& a, const Sums& b) const { return a + b; }
};

// Reads pos, vel and acc (its w is the potential); adds each block's sums into out (zeroed first).
__global__ void __launch_bounds__(kBlock) reduce_diagnostics(BodiesView b, double* __restrict__ out) {
  Sums s{};
  for (int i = blockIdx.x * kBlock + threadIdx.x; i < b.n; i += gridDim.x * kBlock) {
    const float4 p = b.pos[i], v = b.vel[i];
    const double m = p.w, x = p.x, y = p.y, z = p.z, vx = v.x, vy = v.y, vz = v.z;
    s.v[0] += 0.5 * m * (vx * vx + vy * vy + vz * vz);
    s.v[1] += 0.5 * m * double(b.acc[i].w);
    s.v[2] += m;
    s.v[3] += m * vx, s.v[4] += m * vy, s.v[5] += m * vz;
    s.v[6] += m * (y * vz - z * vy), s.v[7] += m * (z * vx - x * vz), s.v[8] += m * (x * vy - y * vx);
    s.v[9] += m * x, s.v[10] += m * y, s.v[11] += m * z;
  }
  using Reduce = cub::BlockReduce<Sums, kBlock>;
  __shared__ typename Reduce::TempStorage tmp;
  const Sums r = Reduce(tmp).Reduce(s, Add());
  if (threadIdx.x == 0) {
#pragma unroll
    for (int k = 0; k < kDiagnosticSums; ++k) atomicAdd(&out[k], r.v[k]);
  }
}
}  // namespace

void launch_diagnostics(const BodiesView& b, double* out, cudaStream_t s) {
  CUDA_CHECK(cudaMemsetAsync(out, 0, sizeof(double) * kDiagnosticSums, s));
  if (b.n == 0) return;
  reduce_diagnostics<<<grid_for(b.n, kBlock), kBlock, 0, s>>>(b, out);
  CUDA_LAUNCH_CHECK();
}

}  // namespace galaxy::cuda
