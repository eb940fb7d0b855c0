// SPDX-License-Identifier: MIT
// Stage 5: the force walk. One warp per group: a run of sibling cells of at most 32 bodies
// together, under a parent with more (tree_build.cu), so its bodies are neighbours in space, and
// groups are taken in body order so that neighbouring warps walk much the same nodes. (Groups of 32 consecutive bodies along
// the Morton curve were tried first: where the curve jumps, in the sparse outskirts, a group's box
// spans much of the system and its walk approaches a direct sum; at 1M Plummer bodies the walk
// took 135 ms, most of it in a few such warps.) The warp walks the union of its bodies' walks, as in the seed:
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

// Interactions with the first `count` entries of the warp's list (cells' centres of mass and
// bodies alike, as (x, y, z, m)); every lane reads each entry as a shared-memory broadcast, as in
// the tiled direct kernel.
template <int kCount>
__device__ __forceinline__ void interact_list(physics::Accum<float>& acc, const float4 p,
                                              const float4* buf, float eps2) {
#pragma unroll 8
  for (int k = 0; k < kCount; ++k) {
    const float4 q = buf[k];
    physics::interact(acc, q.x - p.x, q.y - p.y, q.z - p.z, q.w, eps2);
  }
}

// Appending to the list may take it past 32 entries: interact with the first 32, and move the
// rest (fewer than 32) to the front.
__device__ __forceinline__ void drain_full(physics::Accum<float>& acc, const float4 p, float4* buf,
                                           int& pending, float eps2, int lane) {
  __syncwarp();
  if (pending < 32) return;
  interact_list<32>(acc, p, buf, eps2);
  const int rest = pending - 32;
  float4 moved;
  __syncwarp();  // every lane has read the first 32 before any is overwritten
  if (lane < rest) moved = buf[32 + lane];
  __syncwarp();
  if (lane < rest) buf[lane] = moved;
  pending = rest;
  __syncwarp();
}

// Reads the sorted bodies, the summarized tree and *box; writes b.acc; adds interaction counts.
__global__ void __launch_bounds__(kBlock) walk(BodiesView b, TreeView t, const Box* __restrict__ box,
                                               float inv_theta2, float eps2, WalkScratch w,
                                               unsigned long long* __restrict__ counters) {
  __shared__ float limit2[kLevels];
  // The warp's interaction list: fewer than 32 pending entries plus up to 32 appended at once.
  __shared__ float4 list[kWarpsPerBlock][64];
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
  float4* buf = list[warp_in_block];
  const int groups = *t.group_count;
  const unsigned lt_mask = (1u << lane) - 1u;

  for (;;) {
    int g = 0;
    if (lane == 0) g = atomicAdd(w.work, 1);
    g = __shfl_sync(kAll, g, 0);
    if (g >= groups) break;
    const int2 range = t.groups[g];
    const int members = range.y - range.x;
    const bool active = lane < members;
    const int i = range.x + lane;
    // Lanes past the group's end stand on its first body: they change neither box nor results.
    const float4 p = b.pos[active ? i : range.x];
    const float lo_x = warp_min(p.x), lo_y = warp_min(p.y), lo_z = warp_min(p.z);
    const float hi_x = warp_max(p.x), hi_y = warp_max(p.y), hi_z = warp_max(p.z);

    physics::Accum<float> acc;
    unsigned long long n_body = 0, n_cell = 0;
    int pending = 0;         // entries in the interaction list, the same in every lane
    bool self_seen = false;  // this lane's body came through an opened leaf
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

      // Accepted cells join the list at offsets given by a ballot.
      const unsigned accepted = __ballot_sync(kAll, accept);
      if (accept) buf[pending + __popc(accepted & lt_mask)] = c;
      pending += __popc(accepted);
      n_cell += __popc(accepted);
      drain_full(acc, p, buf, pending, eps2, lane);

      // Opened leaves: their bodies join the list, up to 32 at a time, loaded coalesced.
      unsigned leaves = __ballot_sync(kAll, open_leaf);
      while (leaves) {
        const int src = __ffs(leaves) - 1;
        leaves &= leaves - 1;
        const int first = __shfl_sync(kAll, l.x, src);
        const int count = __shfl_sync(kAll, l.y, src);
        self_seen |= active && i >= first && i < first + count;
        for (int base = 0; base < count; base += 32) {
          const int m = min(32, count - base);
          if (lane < m) buf[pending + lane] = b.pos[first + base + lane];
          pending += m;
          n_body += m;
          drain_full(acc, p, buf, pending, eps2, lane);
        }
      }
    }
    for (int k = 0; k < pending; ++k) {
      const float4 q = buf[k];
      physics::interact(acc, q.x - p.x, q.y - p.y, q.z - p.z, q.w, eps2);
    }
    __syncwarp();  // the list is read before the next group overwrites it
    // The body met itself in its leaf: no force (zero offset), but a softened self-potential
    // -m / eps, which is taken back out. With eps = 0 interact() skips the pair itself.
    if (self_seen && eps2 > 0.0f) acc.pot += p.w * rsqrtf(eps2);
    if (active) b.acc[i] = make_float4(acc.ax, acc.ay, acc.az, acc.pot);
    if (lane == 0 && counters) {
      // Every member of the group evaluated the same pairs (its self pair included).
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
  // Persistent warps take groups from a counter; there are at most n groups, known on the device.
  const int blocks = std::min(resident_blocks(), (b.n + kWarpsPerBlock - 1) / kWarpsPerBlock);
  walk<<<blocks, kBlock, 0, s>>>(b, t, box, inv_theta2, eps2, w, counters);
  CUDA_LAUNCH_CHECK();
}

}  // namespace galaxy::cuda
