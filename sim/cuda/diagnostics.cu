// SPDX-License-Identifier: MIT
// Energy, momentum, angular momentum and centre of mass reduced on the device in double, so the
// panel's once-a-second diagnostics cost a few microseconds and 13 doubles instead of a download of
// every body (about 0.5 s at 10M bodies). Same sums as compute_diagnostics() on the host.
#include <cub/block/block_reduce.cuh>

#include "cuda_check.cuh"
#include "diagnostics.hpp"
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
__global__ void __launch_bounds__(kBlock) reduce_diagnostics(ConstBodiesView b, double* __restrict__ out) {
  Sums s{};
  for (int i = blockIdx.x * kBlock + threadIdx.x; i < b.n; i += gridDim.x * kBlock) {
    const float4 p = b.pos[i], v = b.vel[i];
    add_diagnostics(s.v, p.w, p.x, p.y, p.z, v.x, v.y, v.z, b.acc[i].w);
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

void launch_diagnostics(const ConstBodiesView& b, double* out, cudaStream_t s) {
  CUDA_CHECK(cudaMemsetAsync(out, 0, sizeof(double) * kDiagnosticSums, s));
  if (b.n == 0) return;
  reduce_diagnostics<<<grid_for(b.n, kBlock), kBlock, 0, s>>>(b, out);
  CUDA_LAUNCH_CHECK();
}

}  // namespace galaxy::cuda
