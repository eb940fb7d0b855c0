// SPDX-License-Identifier: MIT
// Stage 5: the force walk (the traversal is walk.cuh's, shared with the overlay's trace and the
// cost field's count, walk_modes.cu; this file is its force mode and launchers). One warp per
// group: a run of sibling cells of at most group_size bodies (up to 64, two a lane) under a parent
// with more (tree_build.cu), so its bodies are neighbours in space; groups are taken in body order
// so that neighbouring warps walk much the same nodes (where a warp walks few groups, the dearest
// first: walk_order.cu).
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
// With quadrupoles and the relative test, an accepted cell far enough from the group for its pull
// to be a smooth field over it goes instead into the group expansion (expansion.hpp): the lane
// that tested it computes its 20 terms about the group's centre, the warp sums each batch's terms
// (lane k keeps term k), and at the end every lane evaluates the sum for its bodies. Such a cell
// costs a few shuffles instead of a group's evaluations: 14-21% off the step at 1M-10M bodies.
//
// The stack of nodes still to visit lives in global memory, one slice per resident warp (the grid
// is persistent; warps take groups from an atomic counter). Everything a lane reads that another
// lane wrote goes through __syncwarp(), which orders memory among the warp's threads on sm_70+.
#include <algorithm>
#include <utility>
#include <stdexcept>

#include "../expansion.hpp"
#include "walk.cuh"

namespace galaxy::cuda {

namespace {
using namespace walk_detail;

// The warp's sum of the group expansion's 20 terms is spread over its lanes by recursive halving
// (21 shuffles, against 100 for a butterfly sum of each term: 10M bodies 25.8 -> 24.6 ms a step
// on an H200): in each round a lane keeps the half of its terms its bit of the lane number
// selects and adds its partner's, so that lane term_lane(k) ends with the sum of term k (the 5
// terms left after the rounds of 16 and 8 are split 3 + 2, padded: 12 lanes hold no term).
__host__ __device__ constexpr int term_lane(int k) {
  const int r = k % 10, r5 = r % 5, j = r5 % 3;
  return 16 * (k / 10) + 8 * (r / 5) + 4 * (r5 / 3) + 2 * (j / 2) + j % 2;
}

// One round: the `half` kept of 2 * half values (v[i], v[i + half]: the upper where `upper`),
// each with its partner's (lane ^ mask) added.
template <int kHalf, int kIn>
__device__ __forceinline__ void halve(const float (&v)[kIn], float (&out)[kHalf], bool upper,
                                      int mask) {
#pragma unroll
  for (int i = 0; i < kHalf; ++i) {
    const float lo = v[i], hi = i + kHalf < kIn ? v[i + kHalf] : 0.0f;
    out[i] = (upper ? hi : lo) + __shfl_xor_sync(kAll, upper ? lo : hi, mask);
  }
}

// Each lane's cell v (where `mine`; zeros elsewhere) as the 20 terms of the group expansion
// (expansion.hpp), summed over the warp into lane term_lane(k)'s `local`.
__device__ __forceinline__ void expand_cells(const Visit& v, bool mine, const TreeView& t,
                                             float eps2, int lane, float& local) {
  physics::ExpansionBasis<float> basis{};
  if (mine) {
    const float4 a = t.quad[2 * v.node], b = t.quad[2 * v.node + 1];
    const physics::Quadrupole q{a.x, a.y, a.z, a.w, b.x, b.y, b.z};
    basis = physics::expansion_basis(v.c.x, v.c.y, v.c.z, v.c.w, q, eps2);
  }
  // The first round makes each pair of terms as it goes, so that few are live at once.
  float w[10], x[5], y[3], z[2], u[1];
  const bool upper = lane & 16;
  [&]<int... I>(std::integer_sequence<int, I...>) {
    ((w[I] = [&] {
       const float lo = physics::expansion_term<I>(basis);
       const float hi = physics::expansion_term<I + 10>(basis);
       return (upper ? hi : lo) + __shfl_xor_sync(kAll, upper ? lo : hi, 16);
     }()),
     ...);
  }(std::make_integer_sequence<int, 10>{});
  halve(w, x, lane & 8, 8);
  halve(x, y, lane & 4, 4);
  halve(y, z, lane & 2, 2);
  halve(z, u, lane & 1, 1);
  local += u[0];
}

// The group's expansion (term k in lane term_lane(k)'s `local`) added to every lane's bodies, a
// term at a time (few registers live).
template <int kPerLane>
__device__ __forceinline__ void add_local(Targets<kPerLane>& t, float local) {
#pragma unroll
  for (int j = 0; j < kPerLane; ++j) {
    const physics::Offset<float> o(t.x[j], t.y[j], t.z[j]);
    physics::for_each_term_index([&](auto k) {
      constexpr int from = term_lane(k());
      physics::add_expansion_term<k()>(t.acc[j], __shfl_sync(kAll, local, from), o);
    });
  }
}

// The force mode: accepted cells and the bodies of opened leaves go onto the warp's lists, which
// every lane evaluates for its bodies 32 entries at a time; at the end of a group each body's
// acceleration and potential go to b.acc, and the interaction counts to counters (when not null).
// kRemote: the walk of another rank's tree (launch_remote_force) by the groups of the last pass,
// with that pass's alpha |a| (t.group_alpha), its sums added to b.acc; no body meets itself there.
// kExpand: far cells go into the group expansion (physics::expansion_on: from kExpansionMinBodies
// bodies with quadrupoles); without it the walk is compiled as before the expansion existed.
// kCost: each group's entries are added to t.group_cost (a device rank's local walk; compiled
// apart, since the one more store cost the single GPU's walk 8 bytes more of spills and 1.7% at
// 10M). A remote walk adds them where t.group_cost is not null.
template <physics::Order kOrder, int kPerLane, bool kRemote = false, bool kExpand = false,
          bool kCost = false>
struct ForceMode {
  unsigned long long* counters;
  float4* partial;  // where parts > 1: part p's sums at partial[p * n + i] (WalkScratch)
  int parts;
  float* cost_by_id;  // where the walk is ordered by cost (WalkOrder): each body's group's entries
  int cells, bodies;           // pending list entries, the same in every lane
  unsigned n_cells, n_bodies;  // entries evaluated, the same in every lane
  float local;                 // lane k < kExpansionTerms: term k of the group's expansion
  unsigned n_far;              // cells taken into it, the same in every lane

  __device__ __forceinline__ int next_group(const TreeView& t, const WalkScratch& w, int lane,
                                            bool) {
    if constexpr (!kRemote && !kCost) {
      if (cost_by_id) return claim_by_cost(t, w, lane);
    }
    return claim_group(t, w, lane);
  }
  __device__ __forceinline__ float group_alpha(const TreeView& t, int g, float computed, int lane) {
    if constexpr (kRemote) return t.group_alpha[g];
    if (lane == 0) t.group_alpha[g] = computed;  // kept for the trace, the count, remote walks
    return computed;
  }
  __device__ __forceinline__ void begin() {
    cells = bodies = 0, n_cells = n_bodies = n_far = 0;
    local = 0.0f;
  }

  // Whether accepted cell v goes into the group's expansion (expansion.hpp): with quadrupoles
  // and the relative test, when the expansion's error is within its share of alpha |a|_min.
  __device__ __forceinline__ bool into_expansion(const Group<kPerLane>& g, const Visit& v,
                                                 const TreeView& t) const {
    if constexpr (!kExpand || kOrder != physics::Order::Quadrupole) return false;
    if (!v.accept) return false;
    const float dist2 = v.c.x * v.c.x + v.c.y * v.c.y + v.c.z * v.c.z;
    return physics::into_expansion(v.c.w, t.quad[2 * v.node + 1].z, t.mac[v.node].y, g.radius,
                                   dist2, g.alpha_accel);
  }

  __device__ __forceinline__ void visit(Group<kPerLane>& g, const Visit& v, Lists& l,
                                        const BodiesView& b, const TreeView& t, float eps2,
                                        int lane) {
    const unsigned lt_mask = (1u << lane) - 1u;
    // Far accepted cells into the group's expansion, the others onto the cell list.
    const bool expanded = into_expansion(g, v, t);
    const unsigned far_cells = __ballot_sync(kAll, expanded);
    if (far_cells) {
      expand_cells(v, expanded, t, eps2, lane, local);
      n_far += __popc(far_cells);
      n_cells += __popc(far_cells);  // each body takes the cell's pull, through the expansion
    }
    const unsigned accepted = __ballot_sync(kAll, v.accept && !expanded);
    if (v.accept && !expanded) {
      const int at = cells + __popc(accepted & lt_mask);
      l.cell[at] = v.c;
      if constexpr (kOrder != physics::Order::Monopole) {
        const float4 a = t.quad[2 * v.node], q = t.quad[2 * v.node + 1];
        l.quad0[at] = a;
        l.quad1[at] = q;
      }
      if constexpr (kOrder == physics::Order::Octupole) l.node[at] = v.node;
    }
    cells += __popc(accepted);
    if (cells >= 32) n_cells += 32;
    cells = drain_cells<kOrder>(g.tg, l, cells, eps2, lane, t);

    // Bodies of opened leaves onto the body list, 32 slots at a time: slot s belongs to the
    // lane whose leaf covers it in the scan of the leaves' counts.
    const int count = v.open_leaf ? v.lk.y : 0;
    const int incl = warp_inclusive_sum(count);
    const int total = __shfl_sync(kAll, incl, 31);
    for (int base = 0; base < total; base += 32) {
      const int s = min(base + lane, total - 1);
      const int owner = owner_lane(incl, s);
      const int first = __shfl_sync(kAll, v.lk.x, owner);
      const int start = __shfl_sync(kAll, incl - count, owner);
      const int m = min(32, total - base);
      if (lane < m) {
        float4 q = b.pos[first + s - start];
        q.x -= g.cx, q.y -= g.cy, q.z -= g.cz;
        l.body[bodies + lane] = q;
      }
      bodies += m;
      if (bodies >= 32) n_bodies += 32;
      bodies = drain_bodies(g.tg, l, bodies, eps2, lane);
    }
  }

  // The group's entries for each of its bodies, by reset index: the next pass's estimate.
  __device__ __forceinline__ void record_cost(const Group<kPerLane>& g, const BodiesView& b,
                                              int lane) const {
#pragma unroll
    for (int j = 0; j < kPerLane; ++j) {
      const int i = g.range.x + lane + 32 * j;
      if (i < g.range.y) cost_by_id[b.id[i]] = static_cast<float>(n_bodies + n_cells);
    }
  }

  __device__ __forceinline__ void end(Group<kPerLane>& g, Lists& l, const BodiesView& b,
                                      const TreeView& t, float eps2, int lane) {
    __syncwarp();
    for (int k = 0; k < cells; ++k) eval_cell<kOrder>(g.tg, l, k, eps2, t);
    for (int k = 0; k < bodies; ++k) eval_body(g.tg, l, k, eps2);
    n_cells += cells;
    n_bodies += bodies;
    __syncwarp();  // the lists are read before the next group overwrites them
    if constexpr (kExpand) {
      if (n_far > 0) add_local(g.tg, local);
    }

    if constexpr (!kRemote && !kCost) {
      if (cost_by_id) record_cost(g, b, lane);
    }
    float4* out = parts > 1 ? partial + static_cast<long>(g.part) * b.n : b.acc;
#pragma unroll
    for (int j = 0; j < kPerLane; ++j) {
      const int i = g.range.x + lane + 32 * j;
      if (i >= g.range.y) continue;
      physics::Accum<float>& a = g.tg.acc[j];
      if constexpr (kRemote) {
        const float4 o = out[i];
        out[i] = make_float4(o.x + a.ax, o.y + a.ay, o.z + a.az, o.w + a.pot);
        continue;
      }
      // Each body met itself in its leaf (in one part of a split walk): no force (zero offset),
      // but a softened self-potential -m / eps, which is taken back out once, in part 0. With
      // eps = 0 interact() skips the pair itself.
      if (eps2 > 0.0f && g.part == 0) a.pot += g.p[j].w * rsqrtf(eps2);
      out[i] = make_float4(a.ax, a.ay, a.az, a.pot);
    }
    if constexpr (kCost || kRemote) {
      if (lane == 0 && t.group_cost) {
        atomicAdd(&t.group_cost[g.index], static_cast<float>(n_bodies + n_cells));
      }
    }
    if (counters && lane == 0) {
      // Every entry was evaluated for every body of the group (the self pair counts).
      const int members = g.range.y - g.range.x;
      atomicAdd(&counters[0], static_cast<unsigned long long>(n_bodies) * members);
      atomicAdd(&counters[1], static_cast<unsigned long long>(n_cells) * members);
    }
  }
};

template <physics::Order kOrder, int kPerLane>
int resident_blocks() {
  static const int blocks = resident_grid(
      reinterpret_cast<const void*>(walk<kOrder, kPerLane, ForceMode<kOrder, kPerLane>>), kBlock);
  return blocks;
}

template <physics::Order kOrder, int kPerLane, bool kRemote = false>
void launch(const BodiesView& b, const TreeView& t, float eps2, physics::Relative rel, const WalkScratch& w,
            unsigned long long* counters, cudaStream_t s) {
  // Persistent warps take groups from a counter; there are at most n groups, known on the device.
  const int blocks = std::min(resident_blocks<kOrder, kPerLane>(),
                              (b.n + kWarpsPerBlock - 1) / kWarpsPerBlock);
  const auto go = [&](auto mode) {
    mode.counters = counters;
    mode.partial = w.partial;
    mode.parts = w.parts;
    mode.cost_by_id = w.order.cost_by_id;
    walk<kOrder, kPerLane><<<blocks, kBlock, 0, s>>>(b, t, eps2, rel, w, mode);
    CUDA_LAUNCH_CHECK();
  };
  // A device rank's local walk counts its groups' entries (the ranks refuse order 3).
  constexpr bool kMayCount = !kRemote && kOrder != physics::Order::Octupole;
  if constexpr (kOrder == physics::Order::Quadrupole) {
    if (physics::expansion_on(b.n)) {
      if constexpr (kMayCount) {
        if (t.group_cost) return go(ForceMode<kOrder, kPerLane, false, true, true>{});
      }
      return go(ForceMode<kOrder, kPerLane, kRemote, true>{});
    }
  }
  if constexpr (kMayCount) {
    if (t.group_cost) return go(ForceMode<kOrder, kPerLane, false, false, true>{});
  }
  go(ForceMode<kOrder, kPerLane, kRemote>{});
}

// The walk for groups of up to 32 * per_lane bodies (1 to 4 a lane).
template <physics::Order kOrder, bool kRemote = false>
void launch_per_lane(int per_lane, const BodiesView& b, const TreeView& t, float eps2, physics::Relative rel,
                     const WalkScratch& w, unsigned long long* counters, cudaStream_t s) {
  switch (per_lane) {
    case 1: return launch<kOrder, 1, kRemote>(b, t, eps2, rel, w, counters, s);
    case 2: return launch<kOrder, 2, kRemote>(b, t, eps2, rel, w, counters, s);
    case 3: return launch<kOrder, 3, kRemote>(b, t, eps2, rel, w, counters, s);
    default: return launch<kOrder, 4, kRemote>(b, t, eps2, rel, w, counters, s);
  }
}

// A split walk's parts, summed in part order (so the result does not depend on which warp
// finished first).
__global__ void sum_parts(const float4* __restrict__ partial, int parts, int n,
                          float4* __restrict__ acc) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
    float4 s = partial[i];
    for (int p = 1; p < parts; ++p) {
      const float4 q = partial[static_cast<long>(p) * n + i];
      s.x += q.x, s.y += q.y, s.z += q.z, s.w += q.w;
    }
    acc[i] = s;
  }
}

// A warp a group, as the walk's opening lines compute it.
__global__ void group_alphas(const float4* __restrict__ acc, TreeView t, float alpha) {
  const int lane = threadIdx.x & 31, warps = gridDim.x * blockDim.x / 32;
  const int count = *t.group_count;
  for (int g = (blockIdx.x * blockDim.x + threadIdx.x) / 32; g < count; g += warps) {
    const int2 r = group_range(t, g, count);
    float amin2 = 3e38f;
    for (int i = r.x + lane; i < r.y; i += 32) {
      const float4 a = acc[i];
      amin2 = fminf(amin2, a.x * a.x + a.y * a.y + a.z * a.z);
    }
    amin2 = warp_min(amin2);
    if (lane == 0) t.group_alpha[g] = alpha > 0.0f ? alpha * sqrtf(amin2) : 0.0f;
  }
}

template <physics::Order kOrder>
int most_resident_blocks() {
  return std::max({resident_blocks<kOrder, 1>(), resident_blocks<kOrder, 2>(),
                   resident_blocks<kOrder, 3>(), resident_blocks<kOrder, 4>()});
}
}  // namespace

int force_resident_warps() {
  using physics::Order;
  return kWarpsPerBlock * std::max({most_resident_blocks<Order::Monopole>(),
                                    most_resident_blocks<Order::Quadrupole>(),
                                    most_resident_blocks<Order::Octupole>()});
}

void launch_force(const BodiesView& b, const TreeView& t, int multipole, float eps2, physics::Relative rel,
                  const WalkScratch& w, unsigned long long* counters, cudaStream_t s) {
  CUDA_CHECK(cudaMemsetAsync(w.work, 0, sizeof(int), s));
  if (w.order.cost_by_id) launch_walk_order(b, t, w.order, s);
  const int per_lane = (t.group_size + 31) / 32;
  with_order(multipole, [&](auto order) {
    launch_per_lane<decltype(order)::value>(per_lane, b, t, eps2, rel, w, counters, s);
  });
  if (w.parts > 1) {
    sum_parts<<<grid_for(b.n, 256), 256, 0, s>>>(w.partial, w.parts, b.n, b.acc);
    CUDA_LAUNCH_CHECK();
  }
}

void launch_group_alphas(const BodiesView& b, const TreeView& t, float alpha, cudaStream_t s) {
  group_alphas<<<grid_for(b.n, 256), 256, 0, s>>>(b.acc, t, alpha);
  CUDA_LAUNCH_CHECK();
}

void launch_remote_force(const BodiesView& b, const TreeView& t, int multipole, float eps2,
                         physics::Relative rel, const WalkScratch& w, cudaStream_t s,
                         unsigned long long* counters) {
  if (w.parts != 1) throw std::logic_error("launch_remote_force: a remote walk is not split");
  CUDA_CHECK(cudaMemsetAsync(w.work, 0, sizeof(int), s));
  const int per_lane = (t.group_size + 31) / 32;
  with_order(multipole, [&](auto order) {
    if constexpr (decltype(order)::value == physics::Order::Octupole) {
      // The ranks refuse it: their trees carry quadrupoles.
      throw std::invalid_argument("launch_remote_force: no octupoles in a remote tree");
    } else {
      launch_per_lane<decltype(order)::value, true>(per_lane, b, t, eps2, rel, w, counters, s);
    }
  });
}

}  // namespace galaxy::cuda
