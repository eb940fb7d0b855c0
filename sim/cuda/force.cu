// SPDX-License-Identifier: MIT
// Stage 5: the force walk. One warp per group: a run of sibling cells of at most group_size bodies
// (up to 64, two a lane) under a parent with more (tree_build.cu), so its bodies are neighbours in
// space; groups are taken in body order so that neighbouring warps walk much the same nodes.
//
// The opening test is made once for the whole group, against the box around its bodies
// (physics::open_radius, with the centre-of-mass offset, as in Bonsai and Ryoanji): a node is
// accepted when the nearest point of the box lies outside its opening radius, so every body of the
// group accepts it too, and every lane uses every entry of the interaction lists. With alpha > 0
// the node must also pass physics::accept_relative for the smallest acceleration in the group
// (the last pass's, which the sort carries along). (The previous
// walk decided per body, as the CPU reference does, and fed each list entry to the lanes that
// wanted it under a mask: a quarter of the direct kernel's rate, because every entry cost all 32
// lanes. Per-body decisions with the plain size/distance test gave p99 3.2e-3 at theta 0.5; this
// test with quadrupoles gives far less for the same time; the bench shows both.)
//
// 32 nodes are tested at once, one a lane. Accepted cells join the cell list (their multipoles),
// opened leaves put their bodies on the body list (a warp scan of the leaves' counts places them,
// 32 at a time, so the loads are dense), opened cells push their children on the stack. Whenever
// a list holds 32 entries every lane evaluates all of them for its bodies, reading each entry as a
// shared-memory broadcast, as in the tiled direct kernel. Coordinates in the lists and in the
// lanes are relative to the group's centre, which keeps float's precision for groups far from
// the origin.
//
// The stack of nodes still to visit lives in global memory, one slice per resident warp (the grid
// is persistent; warps take groups from an atomic counter). Everything a lane reads that another
// lane wrote goes through __syncwarp(), which orders memory among the warp's threads on sm_70+.
#include <algorithm>

#include "cuda_check.cuh"
#include "kernels.cuh"

namespace galaxy::cuda {

namespace {
constexpr int kWarpsPerBlock = 8;
constexpr int kBlock = 32 * kWarpsPerBlock;
constexpr unsigned kAll = 0xffffffffu;
constexpr int kList = 64;  // fewer than 32 pending entries plus up to 32 appended at once

// Warp-wide min, max (every lane gets the result: butterfly shuffles) and inclusive sum. CUB's
// WarpReduce and WarpScan do the same job and were measured here (issue 11): they raised the
// 64-body walk's spill from 24 to 56 bytes and its time by 1.2% at 10M bodies (29.8 against 29.5
// ms on an H100), and WarpReduce leaves its result in lane 0 only. The walk keeps these.
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
__device__ __forceinline__ int warp_inclusive_sum(int v) {
  const int lane = threadIdx.x & 31;
#pragma unroll
  for (int o = 1; o < 32; o <<= 1) {
    const int u = __shfl_up_sync(kAll, v, o);
    if (lane >= o) v += u;
  }
  return v;
}

// One warp's interaction lists in shared memory: accepted cells (centre of mass relative to the
// group's centre, mass, and for order 2 the quadrupole) and bodies (relative position, mass).
struct Lists {
  float4 cell[kList];
  float4 quad0[kList];  // xx, yy, zz, xy
  float4 quad1[kList];  // xz, yz, trace
  float4 body[kList];
};

// A lane's bodies: kPerLane of them, positions relative to the group's centre.
template <int kPerLane>
struct Targets {
  float x[kPerLane], y[kPerLane], z[kPerLane];
  physics::Accum<float> acc[kPerLane];
};

template <int kOrder, int kPerLane>
__device__ __forceinline__ void eval_cell(Targets<kPerLane>& t, const Lists& l, int k, float eps2) {
  const float4 c = l.cell[k];
  if constexpr (kOrder >= 2) {
    const float4 a = l.quad0[k];
    const float4 b = l.quad1[k];
    const physics::Quadrupole q{a.x, a.y, a.z, a.w, b.x, b.y, b.z};
#pragma unroll
    for (int j = 0; j < kPerLane; ++j) {
      physics::interact_quadrupole(t.acc[j], c.x - t.x[j], c.y - t.y[j], c.z - t.z[j], c.w, q,
                                   eps2);
    }
  } else {
#pragma unroll
    for (int j = 0; j < kPerLane; ++j) {
      physics::interact(t.acc[j], c.x - t.x[j], c.y - t.y[j], c.z - t.z[j], c.w, eps2);
    }
  }
}

template <int kPerLane>
__device__ __forceinline__ void eval_body(Targets<kPerLane>& t, const Lists& l, int k, float eps2) {
  const float4 q = l.body[k];
#pragma unroll
  for (int j = 0; j < kPerLane; ++j) {
    physics::interact(t.acc[j], q.x - t.x[j], q.y - t.y[j], q.z - t.z[j], q.w, eps2);
  }
}

// When a list holds 32 or more entries: every lane evaluates the first 32, and the rest (fewer
// than 32) move to the front. Returns the entries left.
template <int kOrder, int kPerLane>
__device__ __forceinline__ int drain_cells(Targets<kPerLane>& t, Lists& l, int pending, float eps2,
                                           int lane) {
  __syncwarp();
  if (pending < 32) return pending;
#pragma unroll 4
  for (int k = 0; k < 32; ++k) eval_cell<kOrder>(t, l, k, eps2);
  const int rest = pending - 32;
  float4 c, a, b;
  __syncwarp();  // every lane has read the first 32 before any is overwritten
  if (lane < rest) {
    c = l.cell[32 + lane];
    if constexpr (kOrder >= 2) a = l.quad0[32 + lane], b = l.quad1[32 + lane];
  }
  __syncwarp();
  if (lane < rest) {
    l.cell[lane] = c;
    if constexpr (kOrder >= 2) l.quad0[lane] = a, l.quad1[lane] = b;
  }
  __syncwarp();
  return rest;
}

template <int kPerLane>
__device__ __forceinline__ int drain_bodies(Targets<kPerLane>& t, Lists& l, int pending, float eps2,
                                            int lane) {
  __syncwarp();
  if (pending < 32) return pending;
#pragma unroll 8
  for (int k = 0; k < 32; ++k) eval_body(t, l, k, eps2);
  const int rest = pending - 32;
  float4 q;
  __syncwarp();
  if (lane < rest) q = l.body[32 + lane];
  __syncwarp();
  if (lane < rest) l.body[lane] = q;
  __syncwarp();
  return rest;
}

// The lane whose inclusive-scan value is the first to exceed s (scan values non-decreasing across
// the warp, s below the last): a binary search through shuffles, every lane with its own s.
__device__ __forceinline__ int owner_lane(int incl, int s) {
  int pos = 0;
#pragma unroll
  for (int step = 16; step > 0; step >>= 1) {
    if (__shfl_sync(kAll, incl, pos + step - 1) <= s) pos += step;
  }
  return pos;
}

// Blocks a multiprocessor the walk is compiled for: 3 for the 64-body quadrupole walk (80
// registers; 3% faster than 2 at 1M bodies despite a 24-byte spill), 2 for the others.
constexpr int min_blocks(int order, int per_lane) { return order == 2 && per_lane == 2 ? 3 : 2; }

// The group that holds tree slot `slot` (groups partition the bodies in order).
__device__ int group_of(const TreeView& t, int slot) {
  int lo = 0, hi = *t.group_count - 1;
  while (lo < hi) {
    const int mid = (lo + hi + 1) / 2;
    if (t.groups[mid].x <= slot) lo = mid; else hi = mid - 1;
  }
  return lo;
}

// The trace's record of one batch of 32 tested nodes: accepted and opened boxes, and the bodies
// of opened leaves (uniform counts in every lane).
__device__ void record(const TraceView& tr, const TreeView& t, int node, bool accept, bool open,
                       bool open_leaf, int4 lk, const float4* pos, int lane, int& n_accepted,
                       int& n_opened, int& n_direct) {
  const unsigned lt = (1u << lane) - 1u;
  const unsigned acc = __ballot_sync(kAll, accept), opn = __ballot_sync(kAll, open);
  auto put_box = [&](float4* list, int at) {
    if (at >= tr.capacity) return;
    const float4 lo = t.bounds[2 * node], hi = t.bounds[2 * node + 1];
    list[2 * at] = make_float4(lo.x, lo.y, lo.z, __int_as_float(lk.z));
    list[2 * at + 1] = hi;
  };
  if (accept) put_box(tr.accepted, n_accepted + __popc(acc & lt));
  if (open) put_box(tr.opened, n_opened + __popc(opn & lt));
  n_accepted += __popc(acc), n_opened += __popc(opn);
  const int count = open_leaf ? lk.y : 0;
  const int incl = warp_inclusive_sum(count);
  for (int k = 0; k < count; ++k) {
    const int at = n_direct + incl - count + k;
    if (at < tr.capacity) tr.direct[at] = pos[lk.x + k];
  }
  n_direct += __shfl_sync(kAll, incl, 31);
}

// Reads the sorted bodies and the summarized tree; writes b.acc; adds interaction counts. With
// kTrace, walks only the group of the traced body and records the walk in `tr` instead. With
// kCount (the cost map), walks every group with the pass's decisions, sums nothing and writes
// the entries its lists would hold to cost[id] of each of its bodies.
template <int kOrder, int kPerLane, bool kTrace = false, bool kCount = false>
__global__ void __launch_bounds__(kBlock, min_blocks(kOrder, kPerLane))
    walk(BodiesView b, TreeView t, float eps2, float alpha, WalkScratch w,
         unsigned long long* __restrict__ counters, TraceView tr, float* __restrict__ cost = nullptr) {
  __shared__ Lists lists[kWarpsPerBlock];
  const int lane = threadIdx.x & 31;
  const int warp_in_block = threadIdx.x >> 5;
  const int warp = blockIdx.x * kWarpsPerBlock + warp_in_block;
  int* stack = w.stack + static_cast<long>(warp) * w.stack_per_warp;
  const int stack_cap = w.stack_per_warp;
  Lists& l = lists[warp_in_block];
  const int groups = *t.group_count;
  const unsigned lt_mask = (1u << lane) - 1u;

  for (bool traced = false;; traced = true) {
    int g = 0;
    if constexpr (kTrace) {
      if (traced || *tr.slot < 0) break;
      g = group_of(t, *tr.slot);
    } else {
      if (lane == 0) g = atomicAdd(w.work, 1);
      g = __shfl_sync(kAll, g, 0);
      if (g >= groups) break;
    }
    const int2 range = t.groups[g];
    const int members = range.y - range.x;
    // The group's box; lanes past the group's end stand on its first body and change nothing.
    float4 p[kPerLane];
    float amin2 = 3e38f;  // the smallest squared acceleration of the last pass in the group
    float lo_x = 3e38f, lo_y = 3e38f, lo_z = 3e38f, hi_x = -3e38f, hi_y = -3e38f, hi_z = -3e38f;
#pragma unroll
    for (int j = 0; j < kPerLane; ++j) {
      const int i = range.x + lane + 32 * j;
      p[j] = b.pos[i < range.y ? i : range.x];
      if (alpha > 0.0f) {
        const float4 a = b.acc[i < range.y ? i : range.x];
        amin2 = fminf(amin2, a.x * a.x + a.y * a.y + a.z * a.z);
      }
      lo_x = fminf(lo_x, p[j].x), lo_y = fminf(lo_y, p[j].y), lo_z = fminf(lo_z, p[j].z);
      hi_x = fmaxf(hi_x, p[j].x), hi_y = fmaxf(hi_y, p[j].y), hi_z = fmaxf(hi_z, p[j].z);
    }
    lo_x = warp_min(lo_x), lo_y = warp_min(lo_y), lo_z = warp_min(lo_z);
    hi_x = warp_max(hi_x), hi_y = warp_max(hi_y), hi_z = warp_max(hi_z);
    const float cx = 0.5f * (lo_x + hi_x), cy = 0.5f * (lo_y + hi_y), cz = 0.5f * (lo_z + hi_z);
    const float ex = hi_x - cx, ey = hi_y - cy, ez = hi_z - cz;  // half-edges (rounded up below)
    Targets<kPerLane> tg;
#pragma unroll
    for (int j = 0; j < kPerLane; ++j)
      tg.x[j] = p[j].x - cx, tg.y[j] = p[j].y - cy, tg.z[j] = p[j].z - cz;
    // The box in relative coordinates must hold every relative position despite rounding.
    float bx = 0, by = 0, bz = 0;
#pragma unroll
    for (int j = 0; j < kPerLane; ++j) {
      bx = fmaxf(bx, fabsf(tg.x[j])), by = fmaxf(by, fabsf(tg.y[j])),
      bz = fmaxf(bz, fabsf(tg.z[j]));
    }
    bx = fmaxf(warp_max(bx), ex), by = fmaxf(warp_max(by), ey), bz = fmaxf(warp_max(bz), ez);

    float alpha_accel = alpha > 0.0f ? alpha * sqrtf(warp_min(amin2)) : 0.0f;
    if constexpr (kTrace || kCount) {
      alpha_accel = t.group_alpha[g];  // what the pass used: acc holds its results now
    } else if (lane == 0) {
      t.group_alpha[g] = alpha_accel;
    }
    int n_accepted = 0, n_opened = 0, n_direct = 0;  // the trace's entries
    int cells = 0, bodies = 0;           // pending list entries, the same in every lane
    unsigned n_cells = 0, n_bodies = 0;  // entries evaluated, the same in every lane
    int top = 1;
    if (lane == 0) stack[0] = 0;
    __syncwarp();
    while (top > 0) {
      const int take = min(32, top);
      top -= take;
      const int node = lane < take ? stack[top + lane] : -1;
      __syncwarp();  // everyone has read its entry before anyone pushes over it
      bool accept = false, open_leaf = false, open_cell = false;
      float4 c = make_float4(0, 0, 0, 0);
      int4 lk = make_int4(0, 0, 0, 0);
      if (node >= 0) {
        c = t.com[node];
        lk = t.link[node];
        const int2 r = t.range[node];
        c.x -= cx, c.y -= cy, c.z -= cz;
        const float d2 = physics::box_distance2(c.x, c.y, c.z, -bx, -by, -bz, bx, by, bz);
        // A node that holds one of the group's bodies is always opened (an exact test, whatever
        // the rounding of the distances), so each body meets itself in its leaf.
        const bool holds_own = r.x < range.y && range.x < r.y;
        const float2 mac = t.mac[node];
        accept = !holds_own &&
                 physics::accept(d2, mac.x, c.w, mac.y, kOrder, alpha > 0.0f, alpha_accel);
        open_leaf = !accept && lk.w;
        open_cell = !accept && !lk.w;
      }

      // Children of opened cells onto the stack: an inclusive scan of the counts gives offsets.
      const int kids = open_cell ? lk.y : 0;
      const int kids_incl = warp_inclusive_sum(kids);
      const int kids_total = __shfl_sync(kAll, kids_incl, 31);
      if (top + kids_total <= stack_cap) {
        for (int k = 0; k < kids; ++k) stack[top + kids_incl - kids + k] = lk.x + k;
        top += kids_total;
      } else if (lane == 0) {
        t.flags[kFlagStackOverflow] = 1;  // the host throws; the result of this step is wrong
      }

      if constexpr (kTrace) {
        record(tr, t, node, accept, open_leaf || open_cell, open_leaf, lk, b.pos, lane, n_accepted,
               n_opened, n_direct);
        continue;
      }
      if constexpr (kCount) {  // what the lists below would receive
        n_cells += __popc(__ballot_sync(kAll, accept));
        n_bodies += __shfl_sync(kAll, warp_inclusive_sum(open_leaf ? lk.y : 0), 31);
        continue;
      }

      // Accepted cells onto the cell list.
      const unsigned accepted = __ballot_sync(kAll, accept);
      if (accept) {
        const int at = cells + __popc(accepted & lt_mask);
        l.cell[at] = c;
        if constexpr (kOrder >= 2) {
          const float4 a = t.quad[2 * node], q = t.quad[2 * node + 1];
          l.quad0[at] = a;
          l.quad1[at] = q;
        }
      }
      cells += __popc(accepted);
      if (cells >= 32) n_cells += 32;
      cells = drain_cells<kOrder>(tg, l, cells, eps2, lane);

      // Bodies of opened leaves onto the body list, 32 slots at a time: slot s belongs to the
      // lane whose leaf covers it in the scan of the leaves' counts.
      const int count = open_leaf ? lk.y : 0;
      const int incl = warp_inclusive_sum(count);
      const int total = __shfl_sync(kAll, incl, 31);
      for (int base = 0; base < total; base += 32) {
        const int s = min(base + lane, total - 1);
        const int owner = owner_lane(incl, s);
        const int first = __shfl_sync(kAll, lk.x, owner);
        const int start = __shfl_sync(kAll, incl - count, owner);
        const int m = min(32, total - base);
        if (lane < m) {
          float4 q = b.pos[first + s - start];
          q.x -= cx, q.y -= cy, q.z -= cz;
          l.body[bodies + lane] = q;
        }
        bodies += m;
        if (bodies >= 32) n_bodies += 32;
        bodies = drain_bodies(tg, l, bodies, eps2, lane);
      }
    }
    if constexpr (kTrace) {
      if (lane == 0) {
        const float4 self = b.pos[*tr.slot];
        *tr.header = {range.x,    range.y,    {lo_x, lo_y, lo_z}, {hi_x, hi_y, hi_z},
                      n_accepted, n_opened,   n_direct,           {self.x, self.y, self.z},
                      1};
      }
      continue;
    }
    if constexpr (kCount) {
#pragma unroll
      for (int j = 0; j < kPerLane; ++j) {
        const int i = range.x + lane + 32 * j;
        if (i < range.y) cost[b.id[i]] = static_cast<float>(n_cells + n_bodies);
      }
      continue;
    }
    __syncwarp();
    for (int k = 0; k < cells; ++k) eval_cell<kOrder>(tg, l, k, eps2);
    for (int k = 0; k < bodies; ++k) eval_body(tg, l, k, eps2);
    n_cells += cells;
    n_bodies += bodies;
    __syncwarp();  // the lists are read before the next group overwrites them

#pragma unroll
    for (int j = 0; j < kPerLane; ++j) {
      const int i = range.x + lane + 32 * j;
      if (i >= range.y) continue;
      physics::Accum<float>& a = tg.acc[j];
      // Each body met itself in its leaf: no force (zero offset), but a softened self-potential
      // -m / eps, which is taken back out. With eps = 0 interact() skips the pair itself.
      if (eps2 > 0.0f) a.pot += p[j].w * rsqrtf(eps2);
      b.acc[i] = make_float4(a.ax, a.ay, a.az, a.pot);
    }
    if (counters && lane == 0) {
      // Every entry was evaluated for every body of the group (the self pair counts).
      atomicAdd(&counters[0], static_cast<unsigned long long>(n_bodies) * members);
      atomicAdd(&counters[1], static_cast<unsigned long long>(n_cells) * members);
    }
  }
}

template <int kOrder, int kPerLane>
int resident_blocks() {
  static const int blocks = [] {
    int dev = 0, sms = 0, per_sm = 0;
    CUDA_CHECK(cudaGetDevice(&dev));
    CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev));
    CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
        &per_sm, walk<kOrder, kPerLane>, kBlock, 0));
    return sms * (per_sm > 0 ? per_sm : 1);
  }();
  return blocks;
}

template <int kOrder, int kPerLane>
void launch(const BodiesView& b, const TreeView& t, float eps2, float alpha, const WalkScratch& w,
            unsigned long long* counters, cudaStream_t s) {
  // Persistent warps take groups from a counter; there are at most n groups, known on the device.
  const int blocks = std::min(resident_blocks<kOrder, kPerLane>(),
                              (b.n + kWarpsPerBlock - 1) / kWarpsPerBlock);
  walk<kOrder, kPerLane><<<blocks, kBlock, 0, s>>>(b, t, eps2, alpha, w, counters, TraceView{});
  CUDA_LAUNCH_CHECK();
}

// The walk for groups of up to 32 * per_lane bodies (1 to 4 a lane).
template <int kOrder>
void launch_per_lane(int per_lane, const BodiesView& b, const TreeView& t, float eps2, float alpha,
                     const WalkScratch& w, unsigned long long* counters, cudaStream_t s) {
  switch (per_lane) {
    case 1: return launch<kOrder, 1>(b, t, eps2, alpha, w, counters, s);
    case 2: return launch<kOrder, 2>(b, t, eps2, alpha, w, counters, s);
    case 3: return launch<kOrder, 3>(b, t, eps2, alpha, w, counters, s);
    default: return launch<kOrder, 4>(b, t, eps2, alpha, w, counters, s);
  }
}

template <int kOrder>
int most_resident_blocks() {
  return std::max({resident_blocks<kOrder, 1>(), resident_blocks<kOrder, 2>(),
                   resident_blocks<kOrder, 3>(), resident_blocks<kOrder, 4>()});
}
// Slot of the body with user index `index` (-1 if none).
__global__ void find_slot(const int* __restrict__ id, int n, int index, int* slot) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
    if (id[i] == index) *slot = i;
  }
}
}  // namespace

void launch_trace(const BodiesView& b, const TreeView& t, int multipole, float alpha, int index,
                  const WalkScratch& w, const TraceView& out, cudaStream_t s) {
  CUDA_CHECK(cudaMemsetAsync(out.slot, 0xff, sizeof(int), s));
  CUDA_CHECK(cudaMemsetAsync(out.header, 0, sizeof(TraceHeader), s));
  find_slot<<<grid_for(b.n, 256), 256, 0, s>>>(b.id, b.n, index, out.slot);
  CUDA_LAUNCH_CHECK();
  // One warp, four bodies a lane (any group size): the group's box and the decisions do not
  // depend on how its bodies are spread over the lanes.
  if (multipole >= 2) {
    walk<2, 4, true><<<1, 32, 0, s>>>(b, t, 0.0f, alpha, w, nullptr, out);
  } else {
    walk<0, 4, true><<<1, 32, 0, s>>>(b, t, 0.0f, alpha, w, nullptr, out);
  }
  CUDA_LAUNCH_CHECK();
}

void launch_walk_costs(const BodiesView& b, const TreeView& t, int multipole, float alpha,
                       const WalkScratch& w, float* cost_by_id, cudaStream_t s) {
  CUDA_CHECK(cudaMemsetAsync(w.work, 0, sizeof(int), s));
  // Persistent warps as in launch_force, never more than the walk stack has slices for; four
  // bodies a lane serve any group size (the decisions are the group's, not the lanes').
  const int blocks = std::min(force_resident_warps() / kWarpsPerBlock,
                              (b.n + kWarpsPerBlock - 1) / kWarpsPerBlock);
  if (multipole >= 2) {
    walk<2, 4, false, true><<<blocks, kBlock, 0, s>>>(b, t, 0.0f, alpha, w, nullptr, TraceView{},
                                                       cost_by_id);
  } else {
    walk<0, 4, false, true><<<blocks, kBlock, 0, s>>>(b, t, 0.0f, alpha, w, nullptr, TraceView{},
                                                       cost_by_id);
  }
  CUDA_LAUNCH_CHECK();
}

int force_resident_warps() {
  return kWarpsPerBlock * std::max(most_resident_blocks<0>(), most_resident_blocks<2>());
}

void launch_force(const BodiesView& b, const TreeView& t, int multipole, float eps2, float alpha,
                  const WalkScratch& w, unsigned long long* counters, cudaStream_t s) {
  CUDA_CHECK(cudaMemsetAsync(w.work, 0, sizeof(int), s));
  const int per_lane = (t.group_size + 31) / 32;
  if (multipole >= 2) {
    launch_per_lane<2>(per_lane, b, t, eps2, alpha, w, counters, s);
  } else {
    launch_per_lane<0>(per_lane, b, t, eps2, alpha, w, counters, s);
  }
}

}  // namespace galaxy::cuda
