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
  // The four stages in order, timed. Leaves hold at most `leaf_capacity` bodies, except at the
  // depth cap where coincident bodies share one leaf.
  BuildTimes build(const HostBodies& b, int leaf_capacity = 16);

  // Stage 1 (bounding_box.cpp): the root cube around the bodies.
  void bound(const HostBodies& b);
  // Stage 2 (sort.cpp): Morton keys in the root cube; the bodies' order by key.
  void sort(const HostBodies& b);
  // Stage 3 (tree_build.cpp): the nodes in pre-order from the sorted keys.
  void build_nodes(int leaf_capacity);
  // Stage 4 (summarize.cpp): mass, centre of mass, quadrupole and body box of every cell.
  void summarize(const HostBodies& b);

  const std::vector<CpuNode>& nodes() const { return nodes_; }
  const std::vector<std::int32_t>& order() const { return order_; }
  float root_size() const { return root_size_; }

 private:
  std::int32_t build_node(int begin, int end, int depth, float lox, float loy, float loz,
                          float size);
  void summarize_node(const HostBodies& b, CpuNode& node) const;

  int leaf_capacity_ = 16;
  float root_lo_[3] = {-1, -1, -1}, root_size_ = 2;
  std::vector<CpuNode> nodes_;
  std::vector<std::int32_t> order_;
  std::vector<std::uint64_t> keys_;  // sorted, parallel to order_
};

// The cube that the root cell covers: the bounding box of the bodies, made cubic and padded a
// little so that no body lies on its upper faces.
void bounding_cube(const HostBodies& b, float& lox, float& loy, float& loz, float& size);

// Stage 5 (force.cpp). What the walk needs to decide: the run's parameters and the body's last
// acceleration (the relative criterion).
struct WalkParams {
  float inv_theta = 1, eps2 = 0;
  int multipole = 2;
  bool relative = false;  // alpha > 0 and the bodies hold the last pass's accelerations
  float alpha = 0;
};
WalkParams walk_params(const SimParams& p, bool have_accel);

// Body `self`'s walk as the force pass makes it (tree_forces), recorded instead of summed, at the
// alpha |a| that pass used.
WalkTrace trace(const CpuOctree& tree, const HostBodies& b, int self, const WalkParams& w,
                float alpha_accel);
// Accelerations and potentials of every body (OpenMP), with the interaction counts; each body's
// alpha |a| goes to alpha_accel, for a later trace of the same pass.
InteractionCounts tree_forces(const CpuOctree& tree, HostBodies& b, const WalkParams& w,
                              std::vector<float>& alpha_accel);
// The interactions each body's walk evaluated in the pass that left alpha_accel (the cost map),
// walked again without summing.
std::vector<float> walk_costs(const CpuOctree& tree, const HostBodies& b, const WalkParams& w,
                              const std::vector<float>& alpha_accel);
// The tree's cells down to `max_depth`, as the overlay draws them.
std::vector<TraceBox> tree_cells(const CpuOctree& tree, int max_depth);

}  // namespace galaxy
