// SPDX-License-Identifier: MIT
// Local essential trees (Salmon & Warren): the part of this rank's tree that another rank's walks
// need. For the other rank's bounding box and its smallest alpha |a|, the tree is walked with the
// same opening test the group walk makes (physics::accept at the nearest point of the box): a cell
// accepted for every point of the box is sent as a pruned leaf with its multipole, an opened leaf
// with its bodies, an opened cell with its multipole (a group may still accept it) and its
// children. The test only gets easier farther away and at a larger alpha |a|, so a cell accepted
// for a box is accepted for each body in it; a group's walk takes a pruned cell as it is (walk.hpp). The receiver walks
// it with walk_group (walk.hpp) and the same kernels (remote_forces).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "cpu/walk.hpp"
#include "tree_layout.hpp"

namespace galaxy::cpu {

// What the other rank's walks are bounded by: boxes around its bodies, each with the smallest
// alpha |a| among the bodies in it (0 with the relative test off), which together hold all its
// bodies. One box for the whole rank is too coarse: a rank's range of the Morton curve may be
// two clumps and a few far bodies, whose one box holds most of the other ranks' cells.
struct RankBox {
  float lo[3] = {0, 0, 0}, hi[3] = {0, 0, 0};
  float alpha_accel = 0;
};
// The boxes of the shallowest cells of the tree (over b) with at most max(group size, n / count)
// bodies: about `count` boxes; none without bodies.
std::vector<RankBox> rank_boxes(const CpuOctree& tree, const HostBodies& b, const WalkParams& w,
                                int count, int group_size);

struct Let {
  std::vector<WalkNode> nodes;  // pre-order with skip pointers, as walk_group reads them
  std::vector<physics::Quadrupole> quads;
  std::vector<float> x, y, z, m;  // the bodies of the opened leaves
  SourceTree source() const;
  std::size_t bytes() const;  // its size on the wire
};

// The LET of `tree` (over bodies b, walk parameters w) for a rank bounded by `to`: a cell is
// pruned where every box accepts it, so that each of that rank's bodies, lying in one of them,
// meets its multipole only where the opening test holds for the body itself.
Let build_let(const CpuOctree& tree, const HostBodies& b, const std::vector<RankBox>& to,
              const WalkParams& w);

// `let` laid out for the GPU walk (TreeLayout): its nodes breadth first, so that each opened cell's
// children are contiguous; a pruned cell or point always accepted (a negative opening radius); a
// leaf's bodies numbered from body_offset (the receiving rank's own come first), so that no node
// holds a body of the walking group.
TreeLayout tree_layout(const Let& let, std::int32_t body_offset);

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
