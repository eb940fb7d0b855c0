// SPDX-License-Identifier: MIT
// Local essential trees (sim/cpu/let.hpp), the MPI ranks' remote forces, without MPI: a Plummer
// sphere cut in two halves (as two ranks hold them). The half A's LET for the half B's boxes,
// sent through its wire form, gives B the forces that walking A's whole tree gives, while
// holding a part of its cells and bodies.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

#include "cpu/direct.hpp"
#include "cpu/let.hpp"
#include "cpu/octree.hpp"
#include "reference.hpp"
#include "scenarios/plummer.hpp"

namespace galaxy {
namespace {

// Bodies i with pick(i) of `all`.
template <typename Pick>
HostBodies subset(const HostBodies& all, Pick pick) {
  HostBodies out;
  for (std::size_t i = 0; i < all.size(); ++i) {
    if (!pick(i)) continue;
    for_each_member([&](auto member) { (out.*member).push_back((all.*member)[i]); });
  }
  return out;
}

struct Halves {
  SimParams p;
  WalkParams w;
  HostBodies a, b;  // x below the median, and the rest
  CpuOctree ta, tb;
  std::vector<float> alpha_b;
  explicit Halves(std::size_t n) {
    HostBodies all = make_plummer(n, 23);
    direct_forces_cpu(all, p.softening);  // the last pass's accelerations (the relative test)
    std::vector<float> xs(all.x);
    std::nth_element(xs.begin(), xs.begin() + static_cast<long>(n / 2), xs.end());
    const float cut = xs[n / 2];
    a = subset(all, [&](std::size_t i) { return all.x[i] < cut; });
    b = subset(all, [&](std::size_t i) { return all.x[i] >= cut; });
    w = walk_params(p, true);
    ta.build(a, p.leaf_size, p.group_size);
    tb.build(b, p.leaf_size, p.group_size);
  }
  // B's bodies with the forces of A alone, from `source` (B's local pass first, for its
  // groups' alpha |a|; then zeroed).
  HostBodies forces_from(const cpu::SourceTree& source) {
    HostBodies out = b;
    tree_forces(tb, out, w, alpha_b);
    std::fill(out.ax.begin(), out.ax.end(), 0.0f);
    std::fill(out.ay.begin(), out.ay.end(), 0.0f);
    std::fill(out.az.begin(), out.az.end(), 0.0f);
    std::fill(out.pot.begin(), out.pot.end(), 0.0f);
    cpu::remote_forces(tb, out, w, alpha_b, {source}, nullptr);
    return out;
  }
};

TEST(LocalEssentialTree, GivesTheForcesOfTheWholeTreeFromAFractionOfIt) {
  Halves h(20000);
  const std::vector<cpu::RankBox> boxes = cpu::rank_boxes(h.tb, h.b, h.w, 64, h.p.group_size);
  ASSERT_GE(boxes.size(), 16u);
  std::vector<std::byte> wire;
  cpu::append_let(cpu::build_let(h.ta, h.a, boxes, h.w), wire);
  const cpu::Let let = cpu::read_let(wire.data(), wire.size());
  // Two halves of one sphere touch along a plane through its core, where the relative test (at
  // the core's near-zero |a|) opens the most: measured 77% of the cells, 35% of the bodies.
  EXPECT_LT(let.nodes.size(), h.ta.nodes().size() * 9 / 10);
  EXPECT_LT(let.x.size(), h.a.size() / 2);
  EXPECT_EQ(let.bytes(), wire.size());

  const std::vector<cpu::WalkNode> whole_nodes = cpu::walk_nodes(h.ta, h.w);
  const HostBodies whole = h.forces_from(cpu::local_source(h.ta, whole_nodes, h.a));
  const HostBodies pruned = h.forces_from(let.source());
  std::size_t same = 0;
  double worst = 0;
  for (std::size_t i = 0; i < h.b.size(); ++i) {
    const double d = std::hypot(pruned.ax[i] - whole.ax[i], pruned.ay[i] - whole.ay[i],
                                pruned.az[i] - whole.az[i]);
    worst = std::max(worst, d / std::hypot(whole.ax[i], whole.ay[i], whole.az[i]));
    same += pruned.ax[i] == whole.ax[i] && pruned.ay[i] == whole.ay[i] &&
            pruned.az[i] == whole.az[i] && pruned.pot[i] == whole.pot[i];
  }
  // The same cells in the same order for nearly every group; where a group's box reaches past
  // the boxes its rank sent, it takes a pruned cell that it would have opened, still accepted
  // for each of its bodies.
  EXPECT_GT(same, h.b.size() * 9 / 10) << "of " << h.b.size();
  EXPECT_LT(worst, 2e-3);
}

TEST(LocalEssentialTree, NothingForARankWithoutBodies) {
  Halves h(2000);
  EXPECT_TRUE(cpu::build_let(h.ta, h.a, {}, h.w).nodes.empty());
  const cpu::Let none = cpu::read_let(nullptr, 0);
  EXPECT_TRUE(none.nodes.empty());
  std::vector<std::byte> cut;
  cpu::append_let(cpu::build_let(h.ta, h.a, cpu::rank_boxes(h.tb, h.b, h.w, 8, 64), h.w), cut);
  EXPECT_THROW(cpu::read_let(cut.data(), cut.size() - 4), std::runtime_error);
}

}  // namespace
}  // namespace galaxy
