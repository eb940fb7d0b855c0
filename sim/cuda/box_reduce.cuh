// SPDX-License-Identifier: MIT
// A block's share of a bounding box: each thread's running box, reduced with CUB's block
// reduction into one partial box a block. Stage 1 (bounding_box.cu) and the closing kick that
// predicts the next pass's box (leapfrog.cu) both write partials this way; bounding_box.cu's
// launch_combine_boxes makes the box. Included by those .cu files only.
#pragma once

#include <cub/block/block_reduce.cuh>

#include <cfloat>

#include "kernels.cuh"

namespace galaxy::cuda {

struct BoxMinMax {
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

__device__ __forceinline__ BodyBounds empty_box() {
  BodyBounds b;
#pragma unroll
  for (int k = 0; k < 3; ++k) {
    b.lo[k] = FLT_MAX;
    b.hi[k] = -FLT_MAX;
  }
  return b;
}

__device__ __forceinline__ void grow_box(BodyBounds& b, const float4& p) {
  b.lo[0] = fminf(b.lo[0], p.x), b.hi[0] = fmaxf(b.hi[0], p.x);
  b.lo[1] = fminf(b.lo[1], p.y), b.hi[1] = fmaxf(b.hi[1], p.y);
  b.lo[2] = fminf(b.lo[2], p.z), b.hi[2] = fmaxf(b.hi[2], p.z);
}

// The block's threads' boxes into out[blockIdx.x] (every thread of the block calls it).
template <int kBlockSize>
__device__ __forceinline__ void write_block_box(const BodyBounds& mine, BodyBounds* out) {
  using Reduce = cub::BlockReduce<BodyBounds, kBlockSize>;
  __shared__ typename Reduce::TempStorage tmp;
  const BodyBounds r = Reduce(tmp).Reduce(mine, BoxMinMax());
  if (threadIdx.x == 0) out[blockIdx.x] = r;
}

}  // namespace galaxy::cuda
