// SPDX-License-Identifier: MIT
// Stage 5: the force walk. One warp per group of 32 consecutive bodies in tree order, which are
// neighbours in space (sort.cu). The warp walks the union of its bodies' walks, as in the seed:
// a cell is opened when any body of the warp would open it. The seed decides that with a vote
// (__all) per node, one node at a time; here the 32 lanes test 32 different nodes at once against
// the group's bounding box (the nearest point of the box to the cell's centre of mass stands for
// the body nearest to it, so the test opens every cell that any body of the group would open, and
// accepts only cells that every body would accept: the CPU reference's criterion, per body, is
// never loosened). Warp ballots then compact the accepted cells and the opened leaves into shared
// memory, and every lane reads each entry from there as a broadcast: one lane fetches a node and
// the warp shares it, with 32 nodes in flight instead of one. ChaNGa's walk (seed 003) and Bonsai
// work the same way.
//
// The stack of cells still to test lives in global memory, one slice per resident warp (the grid
// is persistent; warps take groups from an atomic counter). Everything a lane reads that another
// lane wrote goes through __syncwarp(), which orders memory among the warp's threads on sm_70+.
#include "cuda_check.cuh"
#include "kernels.cuh"

namespace galaxy::cuda {

namespace {
constexpr int kWarpsPerBlock = 8;
constexpr int kBlock = 32 * kWarpsPerBlock;
constexpr unsigned kAll = 0xffffffffu;

__device__ __forceinline__ float warp_min(float v) {
#pragma unroll
  for (int o = 16; o > 0; o >>= 1) v = fminf(v, __shfl_xor_sync(kAll, v, o));
  return v;
}
__device__ __forceinline__ float warp_max(float v) {
#pragma unroll
  for (int o = 16; o > 0; o >>= 1) v = fmaxf(v, __shfl_xor_sync(kAll, v, o));
  return v;
}

// Reads the sorted bodies, the summarized tree and *box; writes b.acc; adds interaction counts.
__global__ void __launch_bounds__(kBlock) walk(BodiesView b, TreeView t, const Box* __restrict__ box,
                                               float inv_theta2, float eps2, WalkScratch w,
                                               unsigned long long* __restrict__ counters) {
  __shared__ float limit2[kLevels];
  __shared__ float4 cells[kWarpsPerBlock][32];
  __shared__ int body_index[kWarpsPerBlock][32];
  if (threadIdx.x < kLevels) {
    float lox, loy, loz, size;
    physics::cube_from_bounds(box->lo, box->hi, lox, loy, loz, size);
    limit2[threadIdx.x] = physics::open_limit2(physics::cell_size(size, threadIdx.x), inv_theta2);
  }
  __syncthreads();

  const int lane = threadIdx.x & 31;
  const int warp_in_block = threadIdx.x >> 5;
  const int warp = blockIdx.x * kWarpsPerBlock + warp_in_block;
  int* stack = w.stack + static_cast<long>(warp) * w.stack_per_warp;
  float4* buf = cells[warp_in_block];
  int* buf_index = body_index[warp_in_block];
  const int groups = (b.n + 31) / 32;
  const unsigned lt_mask = (1u << lane) - 1u;

  for (;;) {
    int g = 0;
    if (lane == 0) g = atomicAdd(w.work, 1);
    g = __shfl_sync(kAll, g, 0);
    if (g >= groups) break;
    const int i = g * 32 + lane;
    const bool active = i < b.n;
    const float4 p = b.pos[active ? i : b.n - 1];
    const float lo_x = warp_min(p.x), lo_y = warp_min(p.y), lo_z = warp_min(p.z);
    const float hi_x = warp_max(p.x), hi_y = warp_max(p.y), hi_z = warp_max(p.z);
    const int members = min(32, b.n - g * 32);

    physics::Accum<float> acc;
    unsigned long long n_body = 0, n_cell = 0;
    int top = 1;
    if (lane == 0) stack[0] = 0;
    __syncwarp();
    while (top > 0) {
      const int take = min(32, top);
      top -= take;
      const int node = lane < take ? stack[top + lane] : -1;
      __syncwarp();  // everyone has read its entry before anyone pushes over it
      float4 c = make_float4(0, 0, 0, 0);
      int4 l = make_int4(0, 0, 0, 1);
      bool accept = false, open_leaf = false, open_cell = false;
      if (node >= 0) {
        c = t.com[node];
        l = t.link[node];
        const float dx = fmaxf(fmaxf(lo_x - c.x, c.x - hi_x), 0.0f);
        const float dy = fmaxf(fmaxf(lo_y - c.y, c.y - hi_y), 0.0f);
        const float dz = fmaxf(fmaxf(lo_z - c.z, c.z - hi_z), 0.0f);
        accept = physics::accept_cell(dx * dx + dy * dy + dz * dz, limit2[l.z]);
        open_leaf = !accept && l.w;
        open_cell = !accept && !l.w;
      }
      // Push the children of opened cells: an exclusive warp scan of their counts gives offsets.
      const int mine = open_cell ? l.y : 0;
      int incl = mine;
#pragma unroll
      for (int o = 1; o < 32; o <<= 1) {
        const int v = __shfl_up_sync(kAll, incl, o);
        if (lane >= o) incl += v;
      }
      const int total = __shfl_sync(kAll, incl, 31);
      if (top + total <= w.stack_per_warp) {
        for (int k = 0; k < mine; ++k) stack[top + incl - mine + k] = l.x + k;
        top += total;
      } else if (lane == 0) {
        t.flags[kFlagStackOverflow] = 1;  // the host throws; the result of this step is wrong
      }

      // Accepted cells: compact into shared memory, then every lane interacts with each.
      const unsigned accepted = __ballot_sync(kAll, accept);
      if (accept) buf[__popc(accepted & lt_mask)] = c;
      __syncwarp();
      const int n_acc = __popc(accepted);
      for (int k = 0; k < n_acc; ++k) {
        const float4 q = buf[k];
        physics::interact(acc, q.x - p.x, q.y - p.y, q.z - p.z, q.w, eps2);
      }
      n_cell += n_acc;
      __syncwarp();

      // Opened leaves: their bodies, 32 at a time, loaded coalesced and shared the same way.
      unsigned leaves = __ballot_sync(kAll, open_leaf);
      while (leaves) {
        const int src = __ffs(leaves) - 1;
        leaves &= leaves - 1;
        const int first = __shfl_sync(kAll, l.x, src);
        const int count = __shfl_sync(kAll, l.y, src);
        for (int base = 0; base < count; base += 32) {
          const int m = min(32, count - base);
          if (lane < m) {
            buf[lane] = b.pos[first + base + lane];
            buf_index[lane] = first + base + lane;
          }
          __syncwarp();
          for (int k = 0; k < m; ++k) {
            const float4 q = buf[k];
            // The body itself contributes nothing (zero mass for this pair only).
            const float mass = buf_index[k] == i ? 0.0f : q.w;
            physics::interact(acc, q.x - p.x, q.y - p.y, q.z - p.z, mass, eps2);
          }
          n_body += m;
          __syncwarp();
        }
      }
    }
    if (active) b.acc[i] = make_float4(acc.ax, acc.ay, acc.az, acc.pot);
    if (lane == 0 && counters) {
      // Every member of the group evaluated the same pairs (its zero-mass self pair included).
      atomicAdd(&counters[0], n_body * members);
      atomicAdd(&counters[1], n_cell * members);
    }
  }
}

int resident_blocks() {
  static const int blocks = [] {
    int dev = 0, sms = 0, per_sm = 0;
    CUDA_CHECK(cudaGetDevice(&dev));
    CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev));
    CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, walk, kBlock, 0));
    return sms * (per_sm > 0 ? per_sm : 1);
  }();
  return blocks;
}
}  // namespace

int force_resident_warps() { return resident_blocks() * kWarpsPerBlock; }

void launch_force(const BodiesView& b, const TreeView& t, const Box* box, float inv_theta2,
                  float eps2, const WalkScratch& w, unsigned long long* counters, cudaStream_t s) {
  CUDA_CHECK(cudaMemsetAsync(w.work, 0, sizeof(int), s));
  const int groups = (b.n + 31) / 32;
  const int blocks = std::min(resident_blocks(), (groups + kWarpsPerBlock - 1) / kWarpsPerBlock);
  walk<<<blocks, kBlock, 0, s>>>(b, t, box, inv_theta2, eps2, w, counters);
  CUDA_LAUNCH_CHECK();
}

}  // namespace galaxy::cuda
