// SPDX-License-Identifier: MIT
// The group walk of stage 5 (force.cpp), over a source tree: the rank's own CpuOctree or a local
// essential tree another rank sent (let.hpp). The walk is the GPU's (cuda/force.cu): stackless,
// pre-order with skip pointers, deciding with physics::accept for the group's box at the group's
// smallest alpha |a|; it tells a visitor what it does (force.cpp's list builder, cost counter,
// trace and test visitors).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "cpu/octree.hpp"
#include "physics.hpp"

namespace galaxy::cpu {

// The group's box: its centre and the half-edges that hold every body's offset from the centre
// (rounded up as the GPU rounds them), and the box itself for the trace.
struct GroupBox {
  float cx = 0, cy = 0, cz = 0, bx = 0, by = 0, bz = 0;
  float lo[3] = {0, 0, 0}, hi[3] = {0, 0, 0};
};
GroupBox group_box(const CpuOctree& tree, const HostBodies& b, const CpuOctree::Group& g);

// alpha |a| of the group for the relative test: alpha times the smallest last acceleration among
// its bodies (0 when the test is off).
float group_alpha_accel(const CpuOctree& tree, const HostBodies& b, const CpuOctree::Group& g,
                        const WalkParams& w);
// The same, also written for each of the group's bodies into alpha_accel (by body index), as a
// force pass leaves it for the walks of the other ranks' trees and for the trace.
float record_group_alpha(const CpuOctree& tree, const HostBodies& b, const CpuOctree::Group& g,
                         const WalkParams& w, std::vector<float>& alpha_accel);

// What a walk node is.
enum NodeKind : std::int32_t {
  kInternal = 0,
  kLeaf = 1,         // its bodies are summed one by one when opened
  kPrunedCell = 2,   // a LET's cell its sender accepted for all of this rank's box: always taken
  kPrunedPoint = 3,  // the same for a cell of one body
  kEmpty = 4,        // the root of no bodies
};

// What the walk reads of a node, packed (40 bytes against CpuNode's 130), with the opening radius
// squared and the extent of physics::accept computed once a pass instead of once a group, as
// the GPU's summary stores them (t.mac). begin and end: the node's range of body slots (in a
// LET, only a leaf's are set).
struct WalkNode {
  float comx, comy, comz, mass;
  float r2, extent;
  std::int32_t begin, end, skip, kind;
};

// The walk nodes of the local tree under w's opening test.
std::vector<WalkNode> walk_nodes(const CpuOctree& tree, const WalkParams& w);

// A source tree as the walk reads it: the nodes, each one's quadrupole (from the local tree's
// nodes or a LET's array) and the bodies of its leaves (slot k is body order[k], or k itself
// without an order).
struct SourceTree {
  const WalkNode* nodes = nullptr;
  std::int32_t count = 0;
  const CpuNode* tree_nodes = nullptr;
  const physics::Quadrupole* quads = nullptr;
  const std::int32_t* order = nullptr;
  const float *x = nullptr, *y = nullptr, *z = nullptr, *m = nullptr;
  const physics::Quadrupole& quad(int i) const { return quads ? quads[i] : tree_nodes[i].quad; }
  // Only the local tree has them (a run over ranks refuses the octupole order).
  const physics::Octupole& oct(int i) const { return tree_nodes[i].oct; }
};
SourceTree local_source(const CpuOctree& tree, const std::vector<WalkNode>& nodes,
                        const HostBodies& b);

// physics::box_distance2 with std::max: the same value for finite inputs, without the call to
// libm's fmaxf (NaN rules) that took 5% of the pass.
inline float box_distance2(float px, float py, float pz, float bx, float by, float bz) {
  const float dx = std::max(std::max(-bx - px, px - bx), 0.0f);
  const float dy = std::max(std::max(-by - py, py - by), 0.0f);
  const float dz = std::max(std::max(-bz - pz, pz - bz), 0.0f);
  return dx * dx + dy * dy + dz * dz;
}

// The walk of the group of body slots `own` (none in another rank's LET): accepted cells go to
// v.cell and accepted single bodies to v.point (with the node index and its centre of mass
// relative to the box's centre), opened nodes to v.open, the bodies of opened leaves (the
// group's own too) to v.body.
template <typename Visitor>
void walk_group(const SourceTree& src, const CpuOctree::Group& own, const GroupBox& box,
                const WalkParams& w, float alpha_accel, Visitor& v) {
  std::int32_t i = 0;
  while (i < src.count) {
    const WalkNode& node = src.nodes[i];
    if (node.kind == kEmpty) {
      i = node.skip;
      continue;
    }
    const float dx = node.comx - box.cx, dy = node.comy - box.cy, dz = node.comz - box.cz;
    // A node that holds one of the group's bodies is always opened (exact, whatever the rounding
    // of the distances), so each body meets itself in its leaf.
    const bool holds_own = node.begin < own.end && own.begin < node.end;
    bool accepted = node.kind >= kPrunedCell;
    if (!holds_own && !accepted) {
      const float d2 = box_distance2(dx, dy, dz, box.bx, box.by, box.bz);
      accepted = physics::accept(d2, node.r2, node.mass, node.extent, w.order, w.relative,
                                 alpha_accel, w.reach2);
    }
    if (accepted) {
      if (node.end - node.begin == 1 || node.kind == kPrunedPoint) {
        v.point(i, dx, dy, dz);
      } else {
        v.cell(i, dx, dy, dz);
      }
      i = node.skip;
    } else if (node.kind == kLeaf) {
      v.open(i);
      for (int k = node.begin; k < node.end; ++k) {
        const int j = src.order ? src.order[k] : k;
        v.body(j, src.x[j] - box.cx, src.y[j] - box.cy, src.z[j] - box.cz);
      }
      i = node.skip;
    } else {
      v.open(i);
      i = i + 1;  // descend to the first child, which follows in pre-order
    }
  }
}

}  // namespace galaxy::cpu
