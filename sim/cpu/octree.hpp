// SPDX-License-Identifier: MIT
// The CPU reference octree: Morton-sorted bodies, a pre-order node array with skip pointers
// (a stackless walk, as in seed 002), leaf buckets, and monopole or quadrupole cells. The moments
// and the opening decision are physics.hpp's, the same the GPU walk uses.
//
// The tree is built by the pipeline's first four stages, one file each, as in sim/cuda/:
// bounding_box.cpp, sort.cpp, tree_build.cpp and summarize.cpp; force.cpp walks it.
#pragma once

#include <cstdint>
#include <vector>

#include "bodies.hpp"
#include "morton.hpp"
#include "physics.hpp"
#include "simulation.hpp"

namespace galaxy {

struct CpuNode {
  float mass = 0;
  float comx = 0, comy = 0, comz = 0;  // centre of mass
  float lox = 0, loy = 0, loz = 0;     // lower corner of the cell cube
  float size = 0;                      // edge of the cell cube
  std::int32_t body_begin = 0, body_end = 0;  // range in CpuOctree::order
  std::int32_t skip = 0;      // index of the next node after this subtree (pre-order)
  std::int32_t children = 0;  // number of non-empty children (0 for a leaf)
  std::int32_t depth = 0;
  physics::Quadrupole quad;  // about the centre of mass
  physics::Octupole oct;     // the third moments, about the centre of mass too
  float box_lo[3] = {0, 0, 0}, box_hi[3] = {0, 0, 0};  // the box around the cell's bodies
  float open_size = 0;    // longest edge of that box
  float open_offset = 0;  // centre of mass to the centre of that box
  bool leaf() const { return children == 0; }
};

class CpuOctree {
 public:
  // Milliseconds of the build's stages.
  struct BuildTimes {
    float bounding_box = 0, sort = 0, tree_build = 0, summarize = 0;
  };
  // A rank's part of a tree over several ranks: the cube of all ranks and the keys of this rank's
  // bodies in it (physics::cell_in_keys). By default the cube of the bodies and every key.
  struct Domain {
    float lo[3] = {0, 0, 0}, size = 0;
    std::uint64_t key_lo = 0, key_hi = ~std::uint64_t{0};
  };
  // The four stages in order, timed, and the walk's groups. Leaves hold at most `leaf_capacity`
  // bodies, except at the depth cap where coincident bodies share one leaf; with a domain, a cell
  // whose cube reaches past its keys is split all the same.
  BuildTimes build(const HostBodies& b, int leaf_capacity = 16, int group_size = 64,
                   const Domain* domain = nullptr);
  // Whether the node's cube lies within the domain's keys.
  bool in_range(const CpuNode& n) const;

  // Stage 1 (bounding_box.cpp): the root cube around the bodies.
  void bound(const HostBodies& b);
  // Stage 2 (sort.cpp): Morton keys in the root cube; the bodies' order by key.
  void sort(const HostBodies& b);
  // Stage 3 (tree_build.cpp): the nodes in pre-order from the sorted keys.
  void build_nodes(int leaf_capacity);
  // Stage 4 (summarize.cpp): mass, centre of mass, quadrupole and body box of every cell.
  void summarize(const HostBodies& b);
  // The force walk's groups (tree_build.cpp), as the GPU forms them (cuda/tree_build.cu): under a
  // cell of more than group_size bodies, each run of consecutive children of at most group_size
  // is cut into the fewest chunks of at most group_size bodies, of equal size; an oversized leaf
  // is cut into slices of group_size; a root of few bodies is one group; beside a child of more
  // than physics::kHeavyChild * group_size bodies each small child is its own group, and so is
  // each small child of a cell past the domain's keys (a small child past them is split as a big
  // one). The groups partition the sorted bodies in order.
  void build_groups(int group_size);

  struct Group {
    std::int32_t begin = 0, end = 0;  // range in order()
  };
  const std::vector<Group>& groups() const { return groups_; }
  // The group that holds sorted position `slot`.
  int group_of_slot(int slot) const;

  const std::vector<CpuNode>& nodes() const { return nodes_; }
  const std::vector<std::int32_t>& order() const { return order_; }
  float root_size() const { return root_size_; }

 private:
  std::int32_t build_node(int begin, int end, int depth, float lox, float loy, float loz,
                          float size);

  int leaf_capacity_ = 16;
  float root_lo_[3] = {-1, -1, -1}, root_size_ = 2;
  std::uint64_t key_lo_ = 0, key_hi_ = ~std::uint64_t{0};
  std::vector<CpuNode> nodes_;
  std::vector<std::int32_t> order_;
  std::vector<std::uint64_t> keys_;  // sorted, parallel to order_
  std::vector<Group> groups_;
  // The radix sort's second buffers, kept from step to step (no page faults in the stage).
  std::vector<std::uint64_t> keys_scratch_;
  std::vector<std::int32_t> order_scratch_;
};

namespace cpu {
// Each body's Morton key in the cube of lower corner `lo` and 1 / edge `inv_size` into `keys`,
// and `order` the identity (the radix sort's start), on all threads.
void morton_keys(const HostBodies& b, const float lo[3], float inv_size,
                 std::vector<std::uint64_t>& keys, std::vector<std::int32_t>& order);
// Sorts `keys` (63-bit Morton keys) ascending, `order` alongside: the stable parallel LSD radix
// sort of stage 2 (sort.cpp), equal keys keeping their order. The scratch vectors are resized and
// may be kept from call to call.
void radix_sort(std::vector<std::uint64_t>& keys, std::vector<std::int32_t>& order,
                std::vector<std::uint64_t>& key_scratch, std::vector<std::int32_t>& order_scratch);
}  // namespace cpu

// The cube that the root cell covers: the bounding box of the bodies, made cubic and padded a
// little so that no body lies on its upper faces.
void bounding_cube(const HostBodies& b, float& lox, float& loy, float& loz, float& size);

// Stage 5 (force.cpp). What the walk needs to decide: the run's parameters and the body's last
// acceleration (the relative criterion).
struct WalkParams {
  float inv_theta = 1, eps2 = 0;
  physics::Order order = physics::Order::Quadrupole;
  bool relative = false;  // alpha > 0 and the bodies hold the last pass's accelerations
  float alpha = 0;
  float reach2 = 4;  // physics::accept_relative's squared reach (SimParams::alpha_reach)
};
WalkParams walk_params(const SimParams& p, bool have_accel);

// The force pass walks the tree once per group (tree.groups()), deciding as the GPU does
// (cuda/force.cu): a node holding one of the group's bodies is opened; any other is accepted when
// physics::accept passes for the nearest point of the group's box, at the smallest alpha |a| of
// the group (the last pass's accelerations). Accepted cells go to the cell list, single bodies
// and the bodies of opened leaves (the group's own among them) to the body list, and the SIMD
// kernels (kernels.hpp) evaluate every entry for every body of the group.

// The walk of body `self`'s group as the force pass makes it (tree_forces), recorded instead of
// summed, at the alpha |a| that pass used for the group: the group's box and size, its accepted
// and opened cells and the bodies it summed one by one (its own included).
WalkTrace trace(const CpuOctree& tree, const HostBodies& b, int self, const WalkParams& w,
                float alpha_accel);
// Accelerations and potentials of every body, with the interaction counts (every list entry
// counted once for every body of its group, the self pair included, as on the GPU); each body's
// group's alpha |a| goes to alpha_accel, for a later trace of the same pass. Where `cost` is
// given, each body's list entries (its walk's cost, as walk_costs counts it) go there.
InteractionCounts tree_forces(const CpuOctree& tree, HostBodies& b, const WalkParams& w,
                              std::vector<float>& alpha_accel, std::vector<float>* cost = nullptr);
// The interactions each body's group evaluated in the pass that left alpha_accel (the cost map),
// walked again without summing.
std::vector<float> walk_costs(const CpuOctree& tree, const HostBodies& b, const WalkParams& w,
                              const std::vector<float>& alpha_accel);

// The lists of one group's walk (for tests): node indices of the accepted cells (single-body
// cells among them) and the bodies (reset()'s indices) of the opened leaves.
struct GroupLists {
  std::vector<int> accepted, bodies;
  float alpha_accel = 0;  // the group's alpha |a| (0 when the relative test is off)
};
GroupLists group_lists(const CpuOctree& tree, const HostBodies& b, int group, const WalkParams& w);
// The previous per-body walk (the reference the group walk is tested against): body `self`
// alone at alpha_accel, its own leaf's other bodies summed directly.
WalkTrace trace_single(const CpuOctree& tree, const HostBodies& b, int self, const WalkParams& w,
                       float alpha_accel);
// The per-body walk's forces, summed in scalar float (physics.hpp), each body at its own alpha |a|.
void tree_forces_single(const CpuOctree& tree, HostBodies& b, const WalkParams& w);
// The tree's cells down to `max_depth`, as the overlay draws them.
std::vector<TraceBox> tree_cells(const CpuOctree& tree, int max_depth);

}  // namespace galaxy
