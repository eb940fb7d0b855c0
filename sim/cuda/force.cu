// SPDX-License-Identifier: MIT
// Stage 5: the force walk. One warp per group: a run of sibling cells of at most 32 bodies
// together, under a parent with more (tree_build.cu), so its bodies are neighbours in space, and
// groups are taken in body order so that neighbouring warps walk much the same nodes. (Groups of
// 32 consecutive bodies along the Morton curve were tried first: where the curve jumps, in the
// sparse outskirts, a group's box spans much of the system and a few warps did near-direct sums;
// 135 ms at 1M Plummer bodies against 6 ms now.)
//
// The warp walks the union of its bodies' walks, as in the seed, but every body gets exactly the
// CPU reference's walk: 32 nodes are tested at once against the group's bounding box (the nearest
// point of the box stands for the nearest body, so a node the box accepts is accepted by every
// body), and a node the box does not accept is tested by each lane with its own body. Lanes that
// accept it take its monopole; the node's children, or its leaf's bodies, go on for the other
// lanes only, carried with a lane mask on the stack and in the interaction list. (Opening for the
// whole group instead, as the seed's vote does, made the median error smaller but the p99 at 1M
// bodies 10% larger than the CPU's: 3.52e-3 against 3.16e-3 over 10,000 bodies. The per-body
// decision gives the reference's errors.) Warp ballots append the accepted cells and the bodies of
// opened leaves to a list in shared memory; whenever it holds 32 entries every lane interacts with
// all of them, reading each as a broadcast (entries for other lanes weigh nothing), so the
// arithmetic runs in dense batches as in the tiled direct kernel. One lane fetches a node and the
// warp shares it, as in ChaNGa's walk (seed 003) and Bonsai.
//
// The stack of nodes still to visit lives in global memory, one slice per resident warp (the grid
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

// The warp's interaction list in shared memory: entries (x, y, z, m) with the mask of the lanes
// they are for, and whether each is a body (for the interaction counts).
struct List {
  float4* entry;
  unsigned* mask;
  unsigned char* body;
};

// Interactions with the first kCount entries; every lane reads each entry as a shared-memory
// broadcast, as in the tiled direct kernel, and entries not for this lane weigh nothing.
template <int kCount>
__device__ __forceinline__ void interact_list(physics::Accum<float>& acc, const float4 p,
                                              const List& list, float eps2, int lane,
                                              unsigned& n_body, unsigned& n_cell) {
#pragma unroll 8
  for (int k = 0; k < kCount; ++k) {
    const float4 q = list.entry[k];
    const bool mine = (list.mask[k] >> lane) & 1u;
    physics::interact(acc, q.x - p.x, q.y - p.y, q.z - p.z, mine ? q.w : 0.0f, eps2);
    const unsigned b = list.body[k];
    n_body += mine & b;
    n_cell += mine & (b ^ 1u);
  }
}

// Appending may take the list past 32 entries: interact with the first 32 and move the rest
// (fewer than 32) to the front.
__device__ __forceinline__ void drain_full(physics::Accum<float>& acc, const float4 p, const List& list,
                                           int& pending, float eps2, int lane, unsigned& n_body,
                                           unsigned& n_cell) {
  __syncwarp();
  if (pending < 32) return;
  interact_list<32>(acc, p, list, eps2, lane, n_body, n_cell);
  const int rest = pending - 32;
  float4 e;
  unsigned m = 0;
  unsigned char b = 0;
  __syncwarp();  // every lane has read the first 32 before any is overwritten
  if (lane < rest) e = list.entry[32 + lane], m = list.mask[32 + lane], b = list.body[32 + lane];
  __syncwarp();
  if (lane < rest) list.entry[lane] = e, list.mask[lane] = m, list.body[lane] = b;
  pending = rest;
  __syncwarp();
}

// Reads the sorted bodies, the summarized tree and *box; writes b.acc; adds interaction counts.
//
// Each stack entry carries the mask of the lanes for which its subtree is still unresolved. A node
// that the group's box accepts is accepted for all of them at once (the common case, no per-body
// work). Otherwise the lanes test it with their own body, exactly as the CPU reference does:
// lanes that accept it take its monopole, and its children (or its leaf's bodies) go on for the
// others only. So every body gets the CPU reference's walk, pair for pair, while the warp still
// fetches each node once and shares it.
__global__ void __launch_bounds__(kBlock, 3) walk(BodiesView b, TreeView t, const Box* __restrict__ box,
                                               float inv_theta2, float eps2, WalkScratch w,
                                               unsigned long long* __restrict__ counters) {
  __shared__ float limit2[kLevels];
  // Fewer than 32 pending entries plus up to 32 appended at once.
  __shared__ float4 list_entry[kWarpsPerBlock][64];
  __shared__ unsigned list_mask[kWarpsPerBlock][64];
  __shared__ unsigned char list_body[kWarpsPerBlock][64];
  if (threadIdx.x < kLevels) {
    float lox, loy, loz, size;
    physics::cube_from_bounds(box->lo, box->hi, lox, loy, loz, size);
    limit2[threadIdx.x] = physics::open_limit2(physics::cell_size(size, threadIdx.x), inv_theta2);
  }
  __syncthreads();

  const int lane = threadIdx.x & 31;
  const int warp_in_block = threadIdx.x >> 5;
  const int warp = blockIdx.x * kWarpsPerBlock + warp_in_block;
  int2* stack = reinterpret_cast<int2*>(w.stack + static_cast<long>(warp) * w.stack_per_warp);
  const int stack_cap = w.stack_per_warp / 2;
  const List list{list_entry[warp_in_block], list_mask[warp_in_block], list_body[warp_in_block]};
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
    const unsigned everyone = __ballot_sync(kAll, active);

    physics::Accum<float> acc;
    unsigned n_body = 0, n_cell = 0;  // this lane's own pairs
    int pending = 0;                  // entries in the list, the same in every lane
    bool self_seen = false;           // this lane's body came through an opened leaf
    int top = 1;
    if (lane == 0) stack[0] = make_int2(0, static_cast<int>(everyone));
    __syncwarp();
    while (top > 0) {
      const int take = min(32, top);
      top -= take;
      const int2 item = lane < take ? stack[top + lane] : make_int2(-1, 0);
      __syncwarp();  // everyone has read its entry before anyone pushes over it
      const int node = item.x;
      const unsigned todo = static_cast<unsigned>(item.y);  // lanes this node is still open for
      float4 c = make_float4(0, 0, 0, 0);
      int4 l = make_int4(0, 0, 0, 1);
      bool group_accepts = false;
      float lim = 0.0f;
      if (node >= 0) {
        c = t.com[node];
        l = t.link[node];
        lim = limit2[l.z];
        const float dx = fmaxf(fmaxf(lo_x - c.x, c.x - hi_x), 0.0f);
        const float dy = fmaxf(fmaxf(lo_y - c.y, c.y - hi_y), 0.0f);
        const float dz = fmaxf(fmaxf(lo_z - c.z, c.z - hi_z), 0.0f);
        group_accepts = physics::accept_cell(dx * dx + dy * dy + dz * dz, lim);
      }
      // Nodes the box does not accept: every lane tests each with its own body; a ballot gives
      // the lanes that accept it.
      unsigned accepted_by = group_accepts ? todo : 0u;
      unsigned undecided = __ballot_sync(kAll, node >= 0 && !group_accepts);
      while (undecided) {
        const int src = __ffs(undecided) - 1;
        undecided &= undecided - 1;
        const float cx = __shfl_sync(kAll, c.x, src), cy = __shfl_sync(kAll, c.y, src),
                    cz = __shfl_sync(kAll, c.z, src), lm = __shfl_sync(kAll, lim, src);
        const unsigned open_for = __shfl_sync(kAll, todo, src);
        const float dx = cx - p.x, dy = cy - p.y, dz = cz - p.z;
        const bool ok = ((open_for >> lane) & 1u) && physics::accept_cell(dx * dx + dy * dy + dz * dz, lm);
        const unsigned who = __ballot_sync(kAll, ok);
        if (lane == src) accepted_by = who;
      }
      const unsigned rest = todo & ~accepted_by;  // lanes that go below this node
      const bool open_leaf = node >= 0 && rest && l.w;
      const bool open_cell = node >= 0 && rest && !l.w;

      // Push the children of opened cells, with the lanes they are for: an exclusive warp scan of
      // the child counts gives offsets.
      const int mine = open_cell ? l.y : 0;
      int incl = mine;
#pragma unroll
      for (int o = 1; o < 32; o <<= 1) {
        const int v = __shfl_up_sync(kAll, incl, o);
        if (lane >= o) incl += v;
      }
      const int total = __shfl_sync(kAll, incl, 31);
      if (top + total <= stack_cap) {
        for (int k = 0; k < mine; ++k) stack[top + incl - mine + k] = make_int2(l.x + k, static_cast<int>(rest));
        top += total;
      } else if (lane == 0) {
        t.flags[kFlagStackOverflow] = 1;  // the host throws; the result of this step is wrong
      }

      // Accepted nodes join the list as monopoles for the lanes that accepted them.
      const bool has_cell = node >= 0 && accepted_by != 0u;
      const unsigned cells = __ballot_sync(kAll, has_cell);
      if (has_cell) {
        const int at = pending + __popc(cells & lt_mask);
        list.entry[at] = c;
        list.mask[at] = accepted_by;
        list.body[at] = 0;
      }
      pending += __popc(cells);
      drain_full(acc, p, list, pending, eps2, lane, n_body, n_cell);

      // Opened leaves: their bodies join the list for the lanes still open, up to 32 at a time,
      // loaded coalesced.
      unsigned leaves = __ballot_sync(kAll, open_leaf);
      while (leaves) {
        const int src = __ffs(leaves) - 1;
        leaves &= leaves - 1;
        const int first = __shfl_sync(kAll, l.x, src);
        const int count = __shfl_sync(kAll, l.y, src);
        const unsigned for_lanes = __shfl_sync(kAll, rest, src);
        self_seen |= ((for_lanes >> lane) & 1u) && i >= first && i < first + count;
        for (int base = 0; base < count; base += 32) {
          const int m = min(32, count - base);
          if (lane < m) {
            list.entry[pending + lane] = b.pos[first + base + lane];
            list.mask[pending + lane] = for_lanes;
            list.body[pending + lane] = 1;
          }
          pending += m;
          drain_full(acc, p, list, pending, eps2, lane, n_body, n_cell);
        }
      }
    }
    for (int k = 0; k < pending; ++k) {
      const float4 q = list.entry[k];
      const bool mine = (list.mask[k] >> lane) & 1u;
      physics::interact(acc, q.x - p.x, q.y - p.y, q.z - p.z, mine ? q.w : 0.0f, eps2);
      n_body += mine & list.body[k];
      n_cell += mine & (list.body[k] ^ 1u);
    }
    __syncwarp();  // the list is read before the next group overwrites it
    // The body met itself in its leaf: no force (zero offset), but a softened self-potential
    // -m / eps, which is taken back out. With eps = 0 interact() skips the pair itself.
    if (self_seen && eps2 > 0.0f) acc.pot += p.w * rsqrtf(eps2);
    if (active) b.acc[i] = make_float4(acc.ax, acc.ay, acc.az, acc.pot);
    if (counters) {
      unsigned long long nb = n_body, nc = n_cell;  // the self pair counts, as on the CPU it does not
#pragma unroll
      for (int o = 16; o > 0; o >>= 1) {
        nb += __shfl_xor_sync(kAll, nb, o);
        nc += __shfl_xor_sync(kAll, nc, o);
      }
      if (lane == 0) {
        atomicAdd(&counters[0], nb);
        atomicAdd(&counters[1], nc);
      }
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
