// SPDX-License-Identifier: MIT
// The force walk's other two modes (walk.cuh's traversal with the force pass's own decisions,
// kept per group in t.group_alpha): the overlay's trace, which records the walk of one body's
// group, and the cost field's count, which counts the entries every group's lists receive.
#include <algorithm>

#include "walk.cuh"

namespace galaxy::cuda {

namespace {
using namespace walk_detail;

// The group that holds tree slot `slot` (groups partition the bodies in order).
__device__ int group_of(const TreeView& t, int slot) {
  int lo = 0, hi = *t.group_count - 1;
  while (lo < hi) {
    const int mid = (lo + hi + 1) / 2;
    if (t.group_first[mid] <= slot) lo = mid; else hi = mid - 1;
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

// The trace mode: walks only the group of the traced body (*tr.slot) and records the walk in tr.
template <int kPerLane>
struct TraceMode {
  TraceView tr;
  int n_accepted, n_opened, n_direct;  // the trace's entries

  __device__ __forceinline__ int next_group(const TreeView& t, const WalkScratch&, int,
                                            bool first) {
    return first && *tr.slot >= 0 ? group_of(t, *tr.slot) : -1;
  }
  __device__ __forceinline__ float group_alpha(const TreeView& t, int g, float, int) {
    return t.group_alpha[g];  // what the pass used: acc holds its results now
  }
  __device__ __forceinline__ void begin() { n_accepted = n_opened = n_direct = 0; }
  __device__ __forceinline__ void visit(Group<kPerLane>&, const Visit& v, Lists&,
                                        const BodiesView& b, const TreeView& t, float, int lane) {
    record(tr, t, v.node, v.accept, v.open_leaf || v.open_cell, v.open_leaf, v.lk, b.pos, lane,
           n_accepted, n_opened, n_direct);
  }
  __device__ __forceinline__ void end(Group<kPerLane>& g, Lists&, const BodiesView& b,
                                      const TreeView&, float, int lane) {
    if (lane != 0) return;
    const float4 self = b.pos[*tr.slot];
    TraceHeader& h = *tr.header;
    h.begin = g.range.x, h.end = g.range.y;
    h.lo[0] = g.lo_x, h.lo[1] = g.lo_y, h.lo[2] = g.lo_z;
    h.hi[0] = g.hi_x, h.hi[1] = g.hi_y, h.hi[2] = g.hi_z;
    h.accepted = n_accepted, h.opened = n_opened, h.direct = n_direct;
    h.body[0] = self.x, h.body[1] = self.y, h.body[2] = self.z;
    h.found = 1;
  }
};

// The count mode (the cost field): walks every group, sums nothing and writes the entries its
// lists would hold to cost[id] of each of its bodies.
template <int kPerLane>
struct CountMode {
  float* cost;
  unsigned n_cells, n_bodies;

  __device__ __forceinline__ int next_group(const TreeView& t, const WalkScratch& w, int lane,
                                            bool) {
    return claim_group(t, w, lane);
  }
  __device__ __forceinline__ float group_alpha(const TreeView& t, int g, float, int) {
    return t.group_alpha[g];
  }
  __device__ __forceinline__ void begin() { n_cells = n_bodies = 0; }
  __device__ __forceinline__ void visit(Group<kPerLane>&, const Visit& v, Lists&,
                                        const BodiesView&, const TreeView&, float, int) {
    n_cells += __popc(__ballot_sync(kAll, v.accept));
    n_bodies += __shfl_sync(kAll, warp_inclusive_sum(v.open_leaf ? v.lk.y : 0), 31);
  }
  __device__ __forceinline__ void end(Group<kPerLane>& g, Lists&, const BodiesView& b,
                                      const TreeView&, float, int lane) {
#pragma unroll
    for (int j = 0; j < kPerLane; ++j) {
      const int i = g.range.x + lane + 32 * j;
      if (i < g.range.y) cost[b.id[i]] = static_cast<float>(n_cells + n_bodies);
    }
  }
};

// Slot of the body with user index `index` (-1 if none).
__global__ void find_slot(const int* __restrict__ id, int n, int index, int* slot) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
    if (id[i] == index) *slot = i;
  }
}
}  // namespace

void launch_trace(const BodiesView& b, const TreeView& t, int multipole, physics::Relative rel, int index,
                  const WalkScratch& w, const TraceView& out, cudaStream_t s) {
  CUDA_CHECK(cudaMemsetAsync(out.slot, 0xff, sizeof(int), s));
  CUDA_CHECK(cudaMemsetAsync(out.header, 0, sizeof(TraceHeader), s));
  find_slot<<<grid_for(b.n, 256), 256, 0, s>>>(b.id, b.n, index, out.slot);
  CUDA_LAUNCH_CHECK();
  // One warp, four bodies a lane (any group size): the group's box and the decisions do not
  // depend on how its bodies are spread over the lanes.
  TraceMode<4> mode{};
  mode.tr = out;
  // The decisions depend on the order (the relative test's estimate).
  with_order(multipole, [&](auto order) {
    walk<decltype(order)::value, 4><<<1, 32, 0, s>>>(b, t, 0.0f, rel, w, mode);
  });
  CUDA_LAUNCH_CHECK();
}

void launch_walk_costs(const BodiesView& b, const TreeView& t, int multipole, physics::Relative rel,
                       const WalkScratch& w, float* cost_by_id, cudaStream_t s) {
  CUDA_CHECK(cudaMemsetAsync(w.work, 0, sizeof(int), s));
  // Persistent warps as in launch_force, never more than the walk stack has slices for; four
  // bodies a lane serve any group size (the decisions are the group's, not the lanes').
  const int blocks = std::min(force_resident_warps() / kWarpsPerBlock,
                              (b.n + kWarpsPerBlock - 1) / kWarpsPerBlock);
  CountMode<4> mode{};
  mode.cost = cost_by_id;
  // The decisions depend on the order (the relative test's estimate).
  with_order(multipole, [&](auto order) {
    walk<decltype(order)::value, 4><<<blocks, kBlock, 0, s>>>(b, t, 0.0f, rel, w, mode);
  });
  CUDA_LAUNCH_CHECK();
}

}  // namespace galaxy::cuda
