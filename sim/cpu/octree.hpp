// SPDX-License-Identifier: MIT
// The CPU reference octree: Morton-sorted bodies, a pre-order node array with skip pointers
// (a stackless walk, as in seed 002), leaf buckets, and monopole or quadrupole cells. The moments
// and the opening criterion are physics.hpp's, the same the GPU walk uses.
#pragma once

#include <cstdint>
#include <vector>

#include "bodies.hpp"
#include "physics.hpp"

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
  float open_size = 0;       // longest edge of the box around the cell's bodies
  float open_offset = 0;     // centre of mass to the centre of that box
  bool leaf() const { return children == 0; }
};

struct WalkCounts {
  std::uint64_t body_body = 0, body_cell = 0;
};

class CpuOctree {
 public:
  // Milliseconds of the build's phases, the pipeline's stages 1 to 4 on the CPU.
  struct BuildTimes {
    float bounding_box = 0, sort = 0, tree_build = 0, summarize = 0;
  };
  // Builds the tree over the bodies. Leaves hold at most `leaf_capacity` bodies, except at the
  // depth cap where coincident bodies share one leaf.
  BuildTimes build(const HostBodies& b, int leaf_capacity = 16);

  // Acceleration and potential at (px, py, pz) from all bodies, skipping body `self` (pass -1 for
  // none), with cells of multipole order 0 or 2. alpha_accel > 0 adds the relative criterion
  // (physics::accept_relative) at alpha times the body's last acceleration. float accumulation,
  // as in the kernels.
  physics::Accum<float> walk(const HostBodies& b, float px, float py, float pz, int self,
                             float theta, float eps2, int multipole, float alpha_accel,
                             WalkCounts& counts) const;

  // Whether the walk from (px, py, pz) accepts `node` (physics::open_radius, and
  // physics::accept_relative where alpha_accel > 0).
  bool accepts(const CpuNode& node, float px, float py, float pz, float inv_theta, int multipole,
               float alpha_accel) const;

  const std::vector<CpuNode>& nodes() const { return nodes_; }
  const std::vector<std::int32_t>& order() const { return order_; }
  float root_size() const { return nodes_.empty() ? 0.0f : nodes_[0].size; }

 private:
  std::int32_t build_node(const HostBodies& b, int begin, int end, int depth, float lox,
                          float loy, float loz, float size);

  void summarize(const HostBodies& b, CpuNode& node) const;

  int leaf_capacity_ = 16;
  std::vector<CpuNode> nodes_;
  std::vector<std::int32_t> order_;
  std::vector<std::uint64_t> keys_;  // sorted, parallel to order_
};

// The cube that the root cell covers: the bounding box of the bodies, made cubic and padded a
// little so that no body lies on its upper faces.
void bounding_cube(const HostBodies& b, float& lox, float& loy, float& loz, float& size);

}  // namespace galaxy
