// SPDX-License-Identifier: MIT
// How the force walk's work is handed out: into how many parts each group's walk is split at
// small N (force_walk_parts; their sums: launch_sum_parts), and in what order the groups are
// taken where each resident warp walks only a few of them (WalkOrder, kernels.cuh).
//
// The warps take groups from a counter, one at a time. In curve order the last groups to start
// set the kernel's end: at 1M bodies a resident warp walks about 6.6 groups, a group's walk costs
// up to 3 times the mean, and the multiprocessors were idle 5-7% of the walk waiting for the last
// ones (Nsight Compute). So the groups whose last walk cost more than kHeavyShare times the mean
// go first, the rest after them in curve order (neighbouring warps keep sharing the tree in L2:
// every 64th group first made the walk 4-7% slower). The last costs are kept by the bodies, by
// reset index, since a group's number moves along the curve from pass to pass (an estimate off
// by three groups lost most of the gain in a scheduling model of the CPU walk's costs). H100,
// 1M bodies: the collision at p99 1.5e-4 7.21 / 7.19 -> 6.98 / 6.96 ms a step, at 5e-4 4.04 /
// 4.07 -> 3.90 / 3.94, the Plummer sphere 0.8-1% (git log). From about 2.4M bodies a
// warp walks 16 groups or more and the tail is short; the bookkeeping then cost 0.7% at 3M.
#include <algorithm>

#include "cuda_check.cuh"
#include "kernels.cuh"

namespace galaxy::cuda {

namespace {

constexpr int kBlock = 256;
constexpr int kBlocks = 64;  // the groups of a few million bodies, in grid-stride loops
// Bodies a walk group holds at the defaults: the measured 49 to 51, rounded down (how many groups
// n bodies make, for the parts and the order).
constexpr int kBodiesPerGroup = 48;

// Each group's estimate: the last cost of its first body's group.
__device__ __forceinline__ float estimate(const TreeView& t, const int* id, const WalkOrder& o,
                                          int g) {
  return o.cost_by_id[id[t.group_first[g]]];
}

__global__ void sum_estimates(TreeView t, const int* __restrict__ id, WalkOrder o) {
  const int count = *t.group_count;
  float sum = 0.0f;
  for (int g = blockIdx.x * blockDim.x + threadIdx.x; g < count; g += gridDim.x * blockDim.x) {
    sum += estimate(t, id, o, g);
  }
  for (int k = 16; k > 0; k >>= 1) sum += __shfl_xor_sync(0xffffffffu, sum, k);
  if ((threadIdx.x & 31) == 0) atomicAdd(&o.counts->sum, sum);
}

// The heavy groups onto o.heavy (in any order), and every group's flag for the curve's pass.
__global__ void mark_heavy(TreeView t, const int* __restrict__ id, WalkOrder o) {
  const int count = *t.group_count;
  const float mean = o.counts->sum / static_cast<float>(max(count, 1));
  for (int g = blockIdx.x * blockDim.x + threadIdx.x; g < count; g += gridDim.x * blockDim.x) {
    const bool heavy = mean > 0.0f && estimate(t, id, o, g) > kHeavyShare * mean;
    o.is_heavy[g] = heavy;
    if (heavy) o.heavy[atomicAdd(&o.counts->heavy, 1)] = g;
  }
}

// A split walk's parts, summed in part order (so the result does not depend on which warp
// finished first); only the potentials where only_w (Potentials::Only's pass).
__global__ void sum_parts(const float4* __restrict__ partial, int parts, int n,
                          float4* __restrict__ acc, bool only_w) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
    float4 s = partial[i];
    for (int p = 1; p < parts; ++p) {
      const float4 q = partial[static_cast<long>(p) * n + i];
      s.x += q.x, s.y += q.y, s.z += q.z, s.w += q.w;
    }
    if (only_w) {
      acc[i].w = s.w;
    } else {
      acc[i] = s;
    }
  }
}

}  // namespace

// Enough walks for about four a resident warp, at about 48 bodies a group (49 to 51 measured at
// the defaults on Plummer spheres and collisions): one part (the whole walk) from about 600k
// bodies on an H100, 3 parts at 300k, 7 at 100k. Below that a warp walks about one group, so
// the slowest group's walk was the whole kernel; split, the warps share it (with the groups of
// physics::kHeavyChild, a 100k Plummer step went from 4.1 to 1.1 ms on an H100).
int force_walk_parts(int n) {
  const long groups = std::max(1, n / kBodiesPerGroup);
  const long want = 4L * force_resident_warps();
  return static_cast<int>(std::clamp((want + groups - 1) / groups, 1L, 8L));
}

bool walk_order_on(int n) {
  return n / kBodiesPerGroup < 16L * force_resident_warps();
}

void launch_walk_order(const BodiesView& b, const TreeView& t, const WalkOrder& o,
                       cudaStream_t s) {
  CUDA_CHECK(cudaMemsetAsync(o.counts, 0, sizeof(WalkOrderCounts), s));  // 0.0f: zero bits
  sum_estimates<<<kBlocks, kBlock, 0, s>>>(t, b.id, o);
  CUDA_LAUNCH_CHECK();
  mark_heavy<<<kBlocks, kBlock, 0, s>>>(t, b.id, o);
  CUDA_LAUNCH_CHECK();
}

void launch_sum_parts(const float4* partial, int parts, int n, float4* acc, bool only_w,
                      cudaStream_t s) {
  sum_parts<<<grid_for(n, kBlock), kBlock, 0, s>>>(partial, parts, n, acc, only_w);
  CUDA_LAUNCH_CHECK();
}

}  // namespace galaxy::cuda
