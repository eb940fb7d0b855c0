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
// costs a few shuffles instead of a group's evaluations: 14-21% off the step at 1M-10M bodies
// (walk_expansion.cuh).
//
// The stack of nodes still to visit lives in global memory, one slice per resident warp (the grid
// is persistent; warps take groups from an atomic counter). Everything a lane reads that another
// lane wrote goes through __syncwarp(), which orders memory among the warp's threads on sm_70+.
#include <algorithm>
#include <stdexcept>
#include <utility>

#include "walk_expansion.cuh"

namespace galaxy::cuda {

namespace {
using namespace walk_detail;

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
// kPot: the potentials are summed (Potentials, kernels.cuh); without, nothing reads a.pot and the
// compiler drops its sums. pot_only (kPot, not kRemote or kCost): Potentials::Only's pass.
template <physics::Order kOrder, int kPerLane, bool kRemote = false, bool kExpand = false,
          bool kCost = false, bool kPot = true>
struct ForceMode {
  static constexpr bool kSumsPotentials = kPot;
  // The walk without potentials runs only with softening (launch), so every R^2 >= eps2 > 0 and
  // its evaluations drop the test for R == 0 (physics::interact's kMayBeZero): with the test's
  // branch, 4 of a pair's 20 instructions.
  static constexpr bool kMayBeZero = kPot;
  unsigned long long* counters;
  bool pot_only;
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
    if constexpr (kPot && !kCost) {
      if (pot_only) return t.group_alpha[g];  // the decisions of the pass that built the tree
    }
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
    cells = drain_cells<kOrder, kMayBeZero>(g.tg, l, cells, eps2, lane, t);

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
      bodies = drain_bodies<kMayBeZero>(g.tg, l, bodies, eps2, lane);
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
    for (int k = 0; k < cells; ++k) eval_cell<kOrder, kMayBeZero>(g.tg, l, k, eps2, t);
    for (int k = 0; k < bodies; ++k) eval_body<kMayBeZero>(g.tg, l, k, eps2);
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
      if constexpr (!kPot) {
        out[i] = make_float4(a.ax, a.ay, a.az, 0.0f);
        continue;
      }
      // Each body met itself in its leaf (in one part of a split walk): no force (zero offset),
      // but a softened self-potential -m / eps, which is taken back out once, in part 0. With
      // eps = 0 interact() skips the pair itself.
      if (eps2 > 0.0f && g.part == 0) a.pot += g.p[j].w * rsqrtf(eps2);
      if (pot_only) {
        out[i].w = a.pot;
      } else {
        out[i] = make_float4(a.ax, a.ay, a.az, a.pot);
      }
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

// Returns whether the walk summed the potentials (Potentials::Skip drops them with quadrupoles).
template <physics::Order kOrder, int kPerLane, bool kRemote = false>
bool launch(const BodiesView& b, const TreeView& t, float eps2, physics::Relative rel,
            const WalkScratch& w, unsigned long long* counters, cudaStream_t s, Potentials pot) {
  // Persistent warps take groups from a counter; there are at most n groups, known on the device.
  const int blocks = std::min(resident_blocks<kOrder, kPerLane>(),
                              (b.n + kWarpsPerBlock - 1) / kWarpsPerBlock);
  const auto go = [&](auto mode) {
    mode.counters = counters;
    mode.pot_only = pot == Potentials::Only;
    mode.partial = w.partial;
    mode.parts = w.parts;
    mode.cost_by_id = w.order.cost_by_id;
    walk<kOrder, kPerLane><<<blocks, kBlock, 0, s>>>(b, t, eps2, rel, w, mode);
    CUDA_LAUNCH_CHECK();
    return decltype(mode)::kSumsPotentials;
  };
  // A device rank's local walk counts its groups' entries (the ranks refuse order 3).
  constexpr bool kMayCount = !kRemote && kOrder != physics::Order::Octupole;
  constexpr bool kMaySkip = !kRemote && kOrder == physics::Order::Quadrupole;
  // Without softening a body meets itself at R == 0, which only the walk with potentials tests.
  const bool skip = kMaySkip && pot == Potentials::Skip && !t.group_cost && eps2 > 0.0f;
  if constexpr (kOrder == physics::Order::Quadrupole) {
    if (physics::expansion_on(b.n)) {
      if constexpr (kMayCount) {
        if (t.group_cost) return go(ForceMode<kOrder, kPerLane, false, true, true>{});
      }
      if constexpr (kMaySkip) {
        if (skip) return go(ForceMode<kOrder, kPerLane, false, true, false, false>{});
      }
      return go(ForceMode<kOrder, kPerLane, kRemote, true>{});
    }
  }
  if constexpr (kMayCount) {
    if (t.group_cost) return go(ForceMode<kOrder, kPerLane, false, false, true>{});
  }
  if constexpr (kMaySkip) {
    if (skip) return go(ForceMode<kOrder, kPerLane, false, false, false, false>{});
  }
  return go(ForceMode<kOrder, kPerLane, kRemote>{});
}

// The walk for groups of up to 32 * per_lane bodies (1 to 4 a lane).
template <physics::Order kOrder, bool kRemote = false>
bool launch_per_lane(int per_lane, const BodiesView& b, const TreeView& t, float eps2,
                     physics::Relative rel, const WalkScratch& w, unsigned long long* counters,
                     cudaStream_t s, Potentials pot = Potentials::With) {
  switch (per_lane) {
    case 1:
      return launch<kOrder, 1, kRemote>(b, t, eps2, rel, w, counters, s, pot);
    case 2:
      return launch<kOrder, 2, kRemote>(b, t, eps2, rel, w, counters, s, pot);
    case 3:
      return launch<kOrder, 3, kRemote>(b, t, eps2, rel, w, counters, s, pot);
    default:
      return launch<kOrder, 4, kRemote>(b, t, eps2, rel, w, counters, s, pot);
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

__global__ void scatter_potentials(const float4* __restrict__ from, const float4* __restrict__ perm,
                                   int n, float4* __restrict__ to) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
    to[__float_as_int(perm[i].w)].w = from[i].w;
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

bool launch_force(const BodiesView& b, const TreeView& t, int multipole, float eps2,
                  physics::Relative rel, const WalkScratch& w, unsigned long long* counters,
                  cudaStream_t s, Potentials potentials) {
  CUDA_CHECK(cudaMemsetAsync(w.work, 0, sizeof(int), s));
  if (w.order.cost_by_id) launch_walk_order(b, t, w.order, s);
  const int per_lane = (t.group_size + 31) / 32;
  bool summed = true;
  with_order(multipole, [&](auto order) {
    summed = launch_per_lane<decltype(order)::value>(per_lane, b, t, eps2, rel, w, counters, s,
                                                     potentials);
  });
  if (w.parts > 1) {
    launch_sum_parts(w.partial, w.parts, b.n, b.acc, potentials == Potentials::Only, s);
  }
  return summed;
}

void launch_group_alphas(const BodiesView& b, const TreeView& t, float alpha, cudaStream_t s) {
  group_alphas<<<grid_for(b.n, 256), 256, 0, s>>>(b.acc, t, alpha);
  CUDA_LAUNCH_CHECK();
}

void launch_scatter_potentials(const float4* from, const float4* perm, int n, float4* to,
                               cudaStream_t s) {
  scatter_potentials<<<grid_for(n, 256), 256, 0, s>>>(from, perm, n, to);
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
