// SPDX-License-Identifier: MIT
// Stage 3: mass and centre of mass of every cell, deepest level first, one launch per level (the
// launch boundary replaces the seed's ready flags and spin-waits, which hang under independent
// thread scheduling when written without care). Leaves sum their bodies, inner cells their
// children, in double so that a cell of millions of bodies keeps float precision. Body counts per
// subtree are the body ranges the build wrote; children are already contiguous.
#include "cuda_check.cuh"
#include "kernels.cuh"

namespace galaxy::cuda {

namespace {
constexpr int kBlock = 256;

// Reads level_range[level], links, bodies (leaves) or the children's com (inner cells); writes com.
__global__ void __launch_bounds__(kBlock) summarize_level(const float4* __restrict__ pos, TreeView t,
                                                          int level) {
  const int begin = t.level_range[2 * level], end = t.level_range[2 * level + 1];
  for (int i = begin + blockIdx.x * kBlock + threadIdx.x; i < end; i += gridDim.x * kBlock) {
    const int4 l = t.link[i];
    const int2 r = t.range[i];
    double m = 0, mx = 0, my = 0, mz = 0;
    if (l.w) {
      for (int j = r.x; j < r.y; ++j) {
        const float4 p = pos[j];
        m += p.w, mx += double(p.w) * p.x, my += double(p.w) * p.y, mz += double(p.w) * p.z;
      }
    } else {
      for (int c = l.x; c < l.x + l.y; ++c) {
        const float4 q = t.com[c];
        m += q.w, mx += double(q.w) * q.x, my += double(q.w) * q.y, mz += double(q.w) * q.z;
      }
    }
    float4 out;
    if (m > 0) {
      out = make_float4(float(mx / m), float(my / m), float(mz / m), float(m));
    } else if (r.y > r.x) {  // massless bodies: a geometric centre, as good as any
      const float4 p = pos[r.x];
      out = make_float4(p.x, p.y, p.z, 0.0f);
    } else {
      out = make_float4(0, 0, 0, 0);
    }
    t.com[i] = out;
  }
}
}  // namespace

void launch_summarize(const float4* pos, const TreeView& t, cudaStream_t s) {
  const int grid = grid_for(1 << 20, kBlock);
  for (int level = kLevels - 1; level >= 0; --level) {
    summarize_level<<<grid, kBlock, 0, s>>>(pos, t, level);
    CUDA_LAUNCH_CHECK();
  }
}

}  // namespace galaxy::cuda
