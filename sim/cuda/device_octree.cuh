// SPDX-License-Identifier: MIT
// The owner of the octree on the device: the node arrays (grown when a build runs out), the level
// ranges, the walk's groups and stack, and the few device scalars the stages share. Kernels get a
// TreeView; the tests and the overlay get small downloads.
//
// Memory is shared between stages that never need it at once: the sort's second key buffer, its
// permutation and CUB's temporary lie in the node arrays' memory (the old tree is dead once a
// pass begins, and the bodies are in the sort's order before the build writes nodes), and the
// groups' first bodies and alpha |a| in the sorted keys' (dead once the tree is built).
#pragma once

#include <algorithm>
#include <type_traits>
#include <vector>

#include "cuda_check.cuh"
#include "cuda_simulation.hpp"
#include "kernels.cuh"
#include "simulation.hpp"

namespace galaxy::cuda {

class DeviceOctree {
 public:
  // Room for the tree of n bodies in leaves of leaf_size (the node array grows if it is short).
  DeviceOctree(int n, int leaf_size) : DeviceOctree(n, leaf_size, n) {}
  // Room for up to `body_capacity` bodies, n of them now (a rank of a run over several GPUs:
  // set_bodies follows its count as bodies migrate).
  DeviceOctree(int n, int leaf_size, int body_capacity);
  int body_capacity() const { return body_capacity_; }
  // The next passes' tree is of n (at most body_capacity()) bodies.
  void set_bodies(int n);
  // Downloads (synchronizing the stream): the nodes the last build made, and each level's range
  // ([2 l, 2 l + 1]: kLevels of them).
  int node_count(cudaStream_t s) const { return std::min(scalar(kNodeCount, s), capacity_); }
  int group_count(cudaStream_t s) const { return scalar(kGroupCount, s); }
  // Each group's alpha |a|, as the last walk used it (TreeView::group_alpha).
  const float* group_alpha() const { return reinterpret_cast<const float*>(keys_.data()) + n_; }
  float* group_alpha() { return reinterpret_cast<float*>(keys_.data()) + n_; }
  std::vector<int> level_ranges(cudaStream_t s) const;

  // What the build, summarize and walk kernels read and write, for this pass's leaf and group
  // sizes; with multipole order 3 the third moments too (their array made on first use).
  TreeView view(int leaf_size, int group_size, int order = 2);
  WalkScratch walk_scratch();   // one part a group (the trace and the count)
  WalkScratch force_scratch();  // split into force_walk_parts(n) parts at small n
  // A single run's tree (its bodies' ids are 0..n-1): its force walks take the groups by their
  // last cost where walk_order_on(n) and the walk is one part a group (WalkOrder).
  void order_walk_by_cost() { order_by_cost_ = true; }
  const SortScratch& sort_scratch() const { return sort_; }
  const std::uint64_t* sorted_keys() const { return keys_.data(); }
  // The walk's groups from the flags the build left (launch_groups), with this object's scratch.
  void build_groups(const TreeView& t, int n, cudaStream_t s);
  int* scalars() { return scalars_.data(); }  // the device scalars, in the kScalar order below
  // Stage 1's result, the box around the bodies (the root cube is made from it), and its scratch.
  BodyBounds* root_box() { return box_.data(); }
  BodyBounds* partial_boxes() { return partial_.data(); }
  static constexpr int kPartialBoxes = 4096;
  int node_capacity() const { return capacity_; }
  // Makes the node arrays a quarter larger (the contents go: the next build fills them).
  void grow();

  // Downloads (each synchronizes the stream): the whole tree for the tests, the cells down to a
  // depth for the overlay, and the groups' ranges.
  GpuTree download(const std::vector<int>& order, cudaStream_t s) const;
  std::vector<TraceBox> cells(int max_depth, cudaStream_t s) const;

  // Device scalars: nodes allocated, the walk's group counter, the two flags, groups built.
  static constexpr int kNodeCount = 0, kWork = 1, kFlags = 2, kGroupCount = 4, kScalars = 5;
  static constexpr int kStackPerWarp = 8192;

 private:
  int scalar(int k, cudaStream_t s) const;
  void allocate_nodes(int capacity);
  // The node arrays, carved from nodes_ (NodeLayout in device_octree.cu): writable for the
  // kernels (view), read-only for the downloads.
  template <bool Const>
  struct NodeArrays {
    template <class T>
    using P = std::conditional_t<Const, const T*, T*>;
    P<float4> com;
    P<float4> quad;    // 2 per node
    P<float4> bounds;  // 2 per node
    P<float2> mac;
    P<int4> link;
    P<int2> range;
  };
  NodeArrays<false> nodes();
  NodeArrays<true> nodes() const;

  int n_ = 0, capacity_ = 0, body_capacity_ = 0;
  DeviceBuffer<unsigned char> nodes_;  // the node arrays, or the sort's scratch
  DeviceBuffer<float4> oct_;     // 3 per node, once an order-3 pass asked for them
  DeviceBuffer<BodyBounds> box_{1}, partial_{kPartialBoxes};
  DeviceBuffer<int> level_range_;
  DeviceBuffer<int> scalars_;
  DeviceBuffer<unsigned> blocks_done_;
  DeviceBuffer<std::uint8_t> group_start_;
  DeviceBuffer<unsigned char> group_temp_;
  DeviceBuffer<int> stack_;
  int parts_ = 1;
  DeviceBuffer<float4> partial_sums_;  // parts_ * n, where parts_ > 1
  bool order_by_cost_ = false;
  // Where the force walk is ordered by cost: each body's last cost (by id), the heavy groups,
  // their flags (n each: there are at most n groups) and WalkOrder::counts.
  DeviceBuffer<float> walk_cost_;
  DeviceBuffer<int> heavy_;
  DeviceBuffer<WalkOrderCounts> order_counts_;
  DeviceBuffer<std::uint8_t> is_heavy_;
  // The sorted Morton keys the build reads; then the groups' first bodies (n ints) and alpha |a|
  // (n floats).
  DeviceBuffer<std::uint64_t> keys_;
  SortScratch sort_{};  // keys_ and pieces of nodes_ (sort_scratch_in), laid out with the nodes
};

}  // namespace galaxy::cuda
