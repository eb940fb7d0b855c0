// SPDX-License-Identifier: MIT
// Stage 5's traversal, shared by its three modes: the force walk (force.cu), the overlay's trace
// and the cost field's count (walk_modes.cu). One traversal, `walk`, tests the tree's nodes 32 at
// a time for one group of bodies and hands each batch's decisions to a small per-mode policy,
// which sums them (force), records them (trace) or counts them (count). force.cu's header says
// how the walk works. Included by force.cu and walk_modes.cu only.
//
// A mode is a trivially copyable struct, passed to the kernel by value, with these members (all
// __device__ __forceinline__, so the force mode compiles to the code of a walk written for it):
//   int next_group(const TreeView&, const WalkScratch&, int lane, bool first): the walk to make
//     next (group * w.parts + part), or -1 to stop (the same in every lane);
//   float group_alpha(const TreeView&, int g, float computed, int lane): the alpha |a| the
//     decisions use (the force mode keeps what it computed; the others replay the pass's);
//   void begin(): before a group's walk;
//   void visit(Group&, const Visit&, Lists&, const BodiesView&, const TreeView&, float eps2,
//     int lane): a batch of 32 tested nodes, one a lane;
//   void end(Group&, Lists&, const BodiesView&, const TreeView&, float eps2, int lane): after it.
#pragma once

#include <type_traits>

#include "cuda_check.cuh"
#include "kernels.cuh"

namespace galaxy::cuda::walk_detail {

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

// The next walk for this warp from the pass's shared counter (dynamic scheduling: a warp that
// finishes early takes more): group * w.parts + part, or -1 when none is left; the same in
// every lane.
__device__ __forceinline__ int claim_group(const TreeView& t, const WalkScratch& w, int lane) {
  int g = 0;
  if (lane == 0) g = atomicAdd(w.work, 1);
  g = __shfl_sync(kAll, g, 0);
  return g < *t.group_count * w.parts ? g : -1;
}

// The next walk where the groups are ordered by cost (WalkOrder; one part a group): the heavy
// ones first, then the others in curve order, passing over the heavy ones there; the same in
// every lane.
__device__ __forceinline__ int claim_by_cost(const TreeView& t, const WalkScratch& w, int lane) {
  const int count = *t.group_count;
  int g = 0;
  if (lane == 0) {
    const int s = atomicAdd(w.work, 1);
    if (s < w.order.counts->heavy) {
      g = w.order.heavy[s];
    } else {
      do g = atomicAdd(&w.order.counts->next, 1);
      while (g < count && w.order.is_heavy[g]);
    }
  }
  g = __shfl_sync(kAll, g, 0);
  return g < count ? g : -1;
}

// A split walk (WalkScratch::parts > 1) divides the tree among its parts at this level: the
// k-th child of a cell of level kSplitLevel - 1 whose first body is b goes to part (b + k) modulo
// parts, with its subtree, and an accepted cell or opened leaf above that level whose first body
// is b to part b modulo parts; every part opens the cells above it. Sibling cells go to
// different parts, so a dense core (where the outermost groups' walks spend their time) is shared
// out; level 4 holds up to 4096 cells, a Plummer sphere's core spans dozens. Ownership follows
// body order, which a replay repeats, not node numbers, which the build's atomics hand out in
// any order.
constexpr int kSplitLevel = 4;

// Whether a node whose first body is `first`, of level `level`, not opened as a cell, is this
// part's.
__device__ __forceinline__ bool part_owns(int first, int level, int part, int parts) {
  return parts == 1 || level >= kSplitLevel || first % parts == part;
}

// One warp's interaction lists in shared memory: accepted cells (centre of mass relative to the
// group's centre, mass, for order 2 and 3 the quadrupole, for order 3 the node, whose third
// moments every lane then reads from the tree: the same address in every lane, a broadcast of
// L1; in shared memory they would take the block past 48 KB) and bodies (relative position, mass).
struct Lists {
  float4 cell[kList];
  float4 quad0[kList];  // xx, yy, zz, xy
  float4 quad1[kList];  // xz, yz, trace
  float4 body[kList];
  int node[kList];
};

// A lane's bodies: kPerLane of them, positions relative to the group's centre.
template <int kPerLane>
struct Targets {
  float x[kPerLane], y[kPerLane], z[kPerLane];
  physics::Accum<float> acc[kPerLane];
};

// kMayBeZero = false: the caller knows eps2 > 0 (physics::interact's kMayBeZero).
template <physics::Order kOrder, bool kMayBeZero, int kPerLane>
__device__ __forceinline__ void eval_cell(Targets<kPerLane>& t, const Lists& l, int k, float eps2,
                                          const TreeView& tree) {
  const float4 c = l.cell[k];
  if constexpr (kOrder == physics::Order::Octupole) {
    const float4 a = l.quad0[k];
    const float4 b = l.quad1[k];
    const physics::Quadrupole q{a.x, a.y, a.z, a.w, b.x, b.y, b.z};
    const float4* o3 = tree.oct + 3 * l.node[k];
    const float4 u = o3[0], v = o3[1], w = o3[2];
    const physics::Octupole o{u.x, u.y, u.z, u.w, v.x, v.y, v.z, v.w, w.x, w.y};
#pragma unroll
    for (int j = 0; j < kPerLane; ++j) {
      physics::interact_octupole(t.acc[j], c.x - t.x[j], c.y - t.y[j], c.z - t.z[j], c.w, q, o,
                                 eps2);
    }
  } else if constexpr (kOrder == physics::Order::Quadrupole) {
    const float4 a = l.quad0[k];
    const float4 b = l.quad1[k];
    const physics::Quadrupole q{a.x, a.y, a.z, a.w, b.x, b.y, b.z};
#pragma unroll
    for (int j = 0; j < kPerLane; ++j) {
      physics::interact_quadrupole<float, kMayBeZero>(t.acc[j], c.x - t.x[j], c.y - t.y[j],
                                                      c.z - t.z[j], c.w, q, eps2);
    }
  } else {
#pragma unroll
    for (int j = 0; j < kPerLane; ++j) {
      physics::interact<float, kMayBeZero>(t.acc[j], c.x - t.x[j], c.y - t.y[j], c.z - t.z[j], c.w,
                                           eps2);
    }
  }
}

template <bool kMayBeZero, int kPerLane>
__device__ __forceinline__ void eval_body(Targets<kPerLane>& t, const Lists& l, int k, float eps2) {
  const float4 q = l.body[k];
#pragma unroll
  for (int j = 0; j < kPerLane; ++j) {
    physics::interact<float, kMayBeZero>(t.acc[j], q.x - t.x[j], q.y - t.y[j], q.z - t.z[j], q.w,
                                         eps2);
  }
}

// When a list holds 32 or more entries: every lane evaluates the first 32, and the rest (fewer
// than 32) move to the front. Returns the entries left.
template <physics::Order kOrder, bool kMayBeZero, int kPerLane>
__device__ __forceinline__ int drain_cells(Targets<kPerLane>& t, Lists& l, int pending, float eps2,
                                           int lane, const TreeView& tree) {
  __syncwarp();
  if (pending < 32) return pending;
#pragma unroll 4
  for (int k = 0; k < 32; ++k) eval_cell<kOrder, kMayBeZero>(t, l, k, eps2, tree);
  const int rest = pending - 32;
  float4 c, a, b;
  int node = 0;
  __syncwarp();  // every lane has read the first 32 before any is overwritten
  if (lane < rest) {
    c = l.cell[32 + lane];
    if constexpr (kOrder != physics::Order::Monopole) a = l.quad0[32 + lane], b = l.quad1[32 + lane];
    if constexpr (kOrder == physics::Order::Octupole) node = l.node[32 + lane];
  }
  __syncwarp();
  if (lane < rest) {
    l.cell[lane] = c;
    if constexpr (kOrder != physics::Order::Monopole) l.quad0[lane] = a, l.quad1[lane] = b;
    if constexpr (kOrder == physics::Order::Octupole) l.node[lane] = node;
  }
  __syncwarp();
  return rest;
}

template <bool kMayBeZero, int kPerLane>
__device__ __forceinline__ int drain_bodies(Targets<kPerLane>& t, Lists& l, int pending, float eps2,
                                            int lane) {
  __syncwarp();
  if (pending < 32) return pending;
#pragma unroll 8
  for (int k = 0; k < 32; ++k) eval_body<kMayBeZero>(t, l, k, eps2);
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

// Calls f with a run's multipole order as a compile-time constant
// (std::integral_constant<physics::Order, ...>): the one place a launcher turns SimParams'
// integer into the walk's template parameter.
template <class F>
void with_order(int multipole, F&& f) {
  using physics::Order;
  switch (physics::order_of(multipole)) {
    case Order::Octupole: return f(std::integral_constant<Order, Order::Octupole>{});
    case Order::Quadrupole: return f(std::integral_constant<Order, Order::Quadrupole>{});
    case Order::Monopole: return f(std::integral_constant<Order, Order::Monopole>{});
  }
}

// Blocks a multiprocessor the walk is compiled for: 3 for the 64-body quadrupole walk (80
// registers; H100, 1M Plummer bodies, the walk without potentials: 2.86-2.89 ms a step with a
// 28-byte spill, against 3.12-3.13 with 2 blocks and no spill, 2.94 with 4 and 164 bytes;
// collision at p99 1.5e-4: 6.71-6.74 against 7.31 and 6.91), 2 for the others (the octupole
// walks included).
constexpr int min_blocks(physics::Order order, int per_lane) {
  return order == physics::Order::Quadrupole && per_lane == 2 ? 3 : 2;
}

// The group being walked, as the traversal leaves it for the mode.
template <int kPerLane>
struct Group {
  int index;           // the group's number (group_range)
  int part;            // which part of its walk (WalkScratch::parts)
  int2 range;          // its bodies [x, y) in tree order
  float4 p[kPerLane];  // the lane's bodies (lanes past the end stand on the group's first body)
  Targets<kPerLane> tg;  // the same relative to the centre, and their sums (the force mode's)
  float cx, cy, cz;      // the centre of the group's box
  float lo_x, lo_y, lo_z, hi_x, hi_y, hi_z;  // the box
  float radius;          // the box's half-diagonal (relative coordinates, rounded up)
  float alpha_accel;     // the relative test's alpha |a|_min (0: geometric)
};

// One batch of tested nodes, one a lane (node -1: none): the decision and what the lists need.
struct Visit {
  int node;
  bool accept, open_leaf, open_cell;
  float4 c;  // centre of mass relative to the group's centre, and mass
  int4 lk;   // the node's link (first, count, level, leaf)
  int first;  // its first body (tree order)
};

// Reads the sorted bodies and the summarized tree; what it writes is the mode's. Persistent warps
// (or one, for the trace) take groups, or parts of groups' walks, from mode.next_group.
template <physics::Order kOrder, int kPerLane, class Mode>
__global__ void __launch_bounds__(kBlock, min_blocks(kOrder, kPerLane))
    walk(BodiesView b, TreeView t, float eps2, physics::Relative rel, WalkScratch w, Mode mode) {
  const float alpha = rel.alpha;
  __shared__ Lists lists[kWarpsPerBlock];
  const int lane = threadIdx.x & 31;
  const int warp_in_block = threadIdx.x >> 5;
  const int warp = blockIdx.x * kWarpsPerBlock + warp_in_block;
  int* stack = w.stack + static_cast<long>(warp) * w.stack_per_warp;
  const int stack_cap = w.stack_per_warp;
  Lists& l = lists[warp_in_block];

  for (bool first = true;; first = false) {
    Group<kPerLane> gr;
    const int item = mode.next_group(t, w, lane, first);
    if (item < 0) break;
    gr.index = item / w.parts;
    gr.part = item - gr.index * w.parts;
    const int2 range = group_range(t, gr.index, *t.group_count);
    gr.range = range;
    // The group's box; lanes past the group's end stand on its first body and change nothing.
    float amin2 = 3e38f;  // the smallest squared acceleration of the last pass in the group
    float lo_x = 3e38f, lo_y = 3e38f, lo_z = 3e38f, hi_x = -3e38f, hi_y = -3e38f, hi_z = -3e38f;
#pragma unroll
    for (int j = 0; j < kPerLane; ++j) {
      const int i = range.x + lane + 32 * j;
      gr.p[j] = b.pos[i < range.y ? i : range.x];
      if (alpha > 0.0f) {
        const float4 a = b.acc[i < range.y ? i : range.x];
        amin2 = fminf(amin2, a.x * a.x + a.y * a.y + a.z * a.z);
      }
      lo_x = fminf(lo_x, gr.p[j].x), lo_y = fminf(lo_y, gr.p[j].y), lo_z = fminf(lo_z, gr.p[j].z);
      hi_x = fmaxf(hi_x, gr.p[j].x), hi_y = fmaxf(hi_y, gr.p[j].y), hi_z = fmaxf(hi_z, gr.p[j].z);
    }
    lo_x = warp_min(lo_x), lo_y = warp_min(lo_y), lo_z = warp_min(lo_z);
    hi_x = warp_max(hi_x), hi_y = warp_max(hi_y), hi_z = warp_max(hi_z);
    gr.lo_x = lo_x, gr.lo_y = lo_y, gr.lo_z = lo_z, gr.hi_x = hi_x, gr.hi_y = hi_y, gr.hi_z = hi_z;
    const float cx = 0.5f * (lo_x + hi_x), cy = 0.5f * (lo_y + hi_y), cz = 0.5f * (lo_z + hi_z);
    gr.cx = cx, gr.cy = cy, gr.cz = cz;
    const float ex = hi_x - cx, ey = hi_y - cy, ez = hi_z - cz;  // half-edges (rounded up below)
#pragma unroll
    for (int j = 0; j < kPerLane; ++j)
      gr.tg.x[j] = gr.p[j].x - cx, gr.tg.y[j] = gr.p[j].y - cy, gr.tg.z[j] = gr.p[j].z - cz;
    // The box in relative coordinates must hold every relative position despite rounding.
    float bx = 0, by = 0, bz = 0;
#pragma unroll
    for (int j = 0; j < kPerLane; ++j) {
      bx = fmaxf(bx, fabsf(gr.tg.x[j])), by = fmaxf(by, fabsf(gr.tg.y[j])),
      bz = fmaxf(bz, fabsf(gr.tg.z[j]));
    }
    bx = fmaxf(warp_max(bx), ex), by = fmaxf(warp_max(by), ey), bz = fmaxf(warp_max(bz), ez);

    const float alpha_accel = mode.group_alpha(
        t, gr.index, alpha > 0.0f ? alpha * sqrtf(warp_min(amin2)) : 0.0f, lane);
    gr.radius = sqrtf(bx * bx + by * by + bz * bz);
    gr.alpha_accel = alpha_accel;
    mode.begin();
    int top = 1;
    if (lane == 0) stack[0] = 0;
    __syncwarp();
    while (top > 0) {
      const int take = min(32, top);
      top -= take;
      Visit v;
      v.node = lane < take ? stack[top + lane] : -1;
      __syncwarp();  // everyone has read its entry before anyone pushes over it
      v.accept = v.open_leaf = v.open_cell = false;
      v.c = make_float4(0, 0, 0, 0);
      v.lk = make_int4(0, 0, 0, 0);
      v.first = 0;
      if (v.node >= 0) {
        v.c = t.com[v.node];
        v.lk = t.link[v.node];
        const int2 r = t.range[v.node];
        v.c.x -= cx, v.c.y -= cy, v.c.z -= cz;
        const float d2 = physics::box_distance2(v.c.x, v.c.y, v.c.z, -bx, -by, -bz, bx, by, bz);
        // A node that holds one of the group's bodies is always opened (an exact test, whatever
        // the rounding of the distances), so each body meets itself in its leaf.
        const bool holds_own = r.x < range.y && range.x < r.y;
        const float2 mac = t.mac[v.node];
        v.accept = !holds_own &&
                   physics::accept(d2, mac.x, v.c.w, mac.y, kOrder, alpha > 0.0f, alpha_accel,
                                   rel.reach2);
        v.open_leaf = !v.accept && v.lk.w;
        v.open_cell = !v.accept && !v.lk.w;
        if (!v.open_cell && !part_owns(r.x, v.lk.z, gr.part, w.parts)) {
          v.accept = v.open_leaf = false;  // another part's
        }
        v.first = r.x;
      }

      // Children of opened cells onto the stack: an inclusive scan of the counts gives offsets.
      // Children of the split level: this part's alone, every w.parts-th from the first it owns.
      int kids = v.open_cell ? v.lk.y : 0, kid0 = 0, kid_step = 1;
      if (w.parts > 1 && v.open_cell && v.lk.z + 1 == kSplitLevel) {
        kid0 = ((gr.part - v.first) % w.parts + w.parts) % w.parts;
        kid_step = w.parts;
        kids = kid0 < v.lk.y ? (v.lk.y - kid0 + w.parts - 1) / w.parts : 0;
      }
      const int kids_incl = warp_inclusive_sum(kids);
      const int kids_total = __shfl_sync(kAll, kids_incl, 31);
      if (top + kids_total <= stack_cap) {
        for (int k = 0; k < kids; ++k) {
          stack[top + kids_incl - kids + k] = v.lk.x + kid0 + k * kid_step;
        }
        top += kids_total;
      } else if (lane == 0) {
        t.flags[kFlagStackOverflow] = 1;  // the host throws; the result of this step is wrong
      }
      mode.visit(gr, v, l, b, t, eps2, lane);
    }
    mode.end(gr, l, b, t, eps2, lane);
  }
}

}  // namespace galaxy::cuda::walk_detail
