// SPDX-License-Identifier: MIT
// Stage 1: the bounding box of the bodies (where the pass's drift will put them). Each block
// reduces a grid-stride share of the bodies (coalesced float4 reads) with CUB's block reduction
// and writes one partial box; one block of a second launch combines the partials. Two launches
// instead of the seed's last-block-by-atomicInc ending: the kernel boundary is the barrier, and
// there is nothing to get wrong on Hopper.
#include <cub/block/block_reduce.cuh>

#include <cfloat>

#include "cuda_check.cuh"
#include "kernels.cuh"

namespace galaxy::cuda {

namespace {
constexpr int kBlock = 256;

struct MinMax {
  __device__ BodyBounds operator()(const BodyBounds& a, const BodyBounds& b) const {
    BodyBounds r;
#pragma unroll
    for (int k = 0; k < 3; ++k) {
      r.lo[k] = fminf(a.lo[k], b.lo[k]);
      r.hi[k] = fmaxf(a.hi[k], b.hi[k]);
    }
    return r;
  }
};

__device__ BodyBounds empty_box() {
  BodyBounds b;
#pragma unroll
  for (int k = 0; k < 3; ++k) {
    b.lo[k] = FLT_MAX;
    b.hi[k] = -FLT_MAX;
  }
  return b;
}

// Reads the positions d gives for [0, n); writes partial[blockIdx.x].
__global__ void __launch_bounds__(kBlock) partial_boxes(const float4* __restrict__ pos, Drift d,
                                                        int n, BodyBounds* __restrict__ partial) {
  BodyBounds b = empty_box();
  for (int i = blockIdx.x * kBlock + threadIdx.x; i < n; i += gridDim.x * kBlock) {
    const float4 p = d.position(pos, i);
    b.lo[0] = fminf(b.lo[0], p.x), b.hi[0] = fmaxf(b.hi[0], p.x);
    b.lo[1] = fminf(b.lo[1], p.y), b.hi[1] = fmaxf(b.hi[1], p.y);
    b.lo[2] = fminf(b.lo[2], p.z), b.hi[2] = fmaxf(b.hi[2], p.z);
  }
  using Reduce = cub::BlockReduce<BodyBounds, kBlock>;
  __shared__ typename Reduce::TempStorage tmp;
  const BodyBounds r = Reduce(tmp).Reduce(b, MinMax());
  if (threadIdx.x == 0) partial[blockIdx.x] = r;
}

// Reads partial[0, count); writes *out. One block.
__global__ void __launch_bounds__(kBlock)
    combine_boxes(const BodyBounds* __restrict__ partial, int count, BodyBounds* __restrict__ out) {
  BodyBounds b = empty_box();
  for (int i = threadIdx.x; i < count; i += kBlock) b = MinMax()(b, partial[i]);
  using Reduce = cub::BlockReduce<BodyBounds, kBlock>;
  __shared__ typename Reduce::TempStorage tmp;
  const BodyBounds r = Reduce(tmp).Reduce(b, MinMax());
  if (threadIdx.x == 0) *out = r;
}
}  // namespace

int grid_for(int n, int block) {
  static const int sms = [] {
    int dev = 0, count = 0;
    CUDA_CHECK(cudaGetDevice(&dev));
    CUDA_CHECK(cudaDeviceGetAttribute(&count, cudaDevAttrMultiProcessorCount, dev));
    return count;
  }();
  const long want = (static_cast<long>(n) + block - 1) / block;
  const long cap = static_cast<long>(sms) * 16;
  return static_cast<int>(want < 1 ? 1 : (want > cap ? cap : want));
}

void launch_bounding_box(const float4* pos, const Drift& d, int n, BodyBounds* partial,
                         int partial_count, BodyBounds* out, cudaStream_t s) {
  const int blocks = std::min(grid_for(n, kBlock), partial_count);
  partial_boxes<<<blocks, kBlock, 0, s>>>(pos, d, n, partial);
  CUDA_LAUNCH_CHECK();
  combine_boxes<<<1, kBlock, 0, s>>>(partial, blocks, out);
  CUDA_LAUNCH_CHECK();
}

}  // namespace galaxy::cuda
