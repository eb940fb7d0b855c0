// SPDX-License-Identifier: MIT
// Local essential trees (Salmon & Warren): the part of this rank's tree that another rank's walks
// need. For the other rank's bounding box and its smallest alpha |a|, the tree is walked with the
// same opening test the group walk makes (physics::accept at the nearest point of the box): a cell
// accepted for every point of the box is sent as a pruned leaf with its multipole, an opened leaf
// with its bodies, an opened cell with its multipole (a group may still accept it) and its
// children. The test only gets easier farther away and at a larger alpha |a|, and each group's
// box lies inside its rank's, so every cell a group's walk would open is sent. The receiver walks
// it with walk_group (walk.hpp) and the same kernels (remote_forces).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "cpu/walk.hpp"

namespace galaxy::cpu {

// What the other rank's walks are bounded by: the box around its bodies and the smallest
// alpha |a| among them (0 with the relative test off). `empty`: it has no bodies.
struct RankBox {
  float lo[3] = {0, 0, 0}, hi[3] = {0, 0, 0};
  float alpha_accel = 0;
  float empty = 1;  // float, so that the box travels as 8 floats
};
RankBox rank_box(const HostBodies& b, const WalkParams& w);

struct Let {
  std::vector<WalkNode> nodes;  // pre-order with skip pointers, as walk_group reads them
  std::vector<physics::Quadrupole> quads;
  std::vector<float> x, y, z, m;  // the bodies of the opened leaves
  SourceTree source() const;
  std::size_t bytes() const;  // its size on the wire
};

// The LET of `tree` (over bodies b, walk parameters w) for a rank bounded by `to`.
Let build_let(const CpuOctree& tree, const HostBodies& b, const RankBox& to, const WalkParams& w);

// The wire form: two counts and the arrays, appended to `out`; read back from [data, data+size).
void append_let(const Let& let, std::vector<std::byte>& out);
Let read_let(const std::byte* data, std::size_t size);

// Adds the forces of `sources` (other ranks' LETs) to the accelerations and potentials of b's
// bodies, each group walking every source at the alpha |a| the local pass gave it (alpha_accel,
// tree_forces'), with the local pass's kernels; their list entries are added to `cost` where
// given. The counts of the interactions it evaluated.
InteractionCounts remote_forces(const CpuOctree& tree, HostBodies& b, const WalkParams& w,
                                const std::vector<float>& alpha_accel,
                                const std::vector<SourceTree>& sources, std::vector<float>* cost);

}  // namespace galaxy::cpu
