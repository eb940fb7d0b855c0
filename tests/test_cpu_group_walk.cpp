// SPDX-License-Identifier: MIT
// The CPU backend's group walk (sim/cpu/force.cpp) against the per-body walk it replaced: the
// groups partition the bodies as the GPU's do, a group accepts no cell that one of its bodies
// alone would open at the group's alpha |a|, every body meets itself, and the errors are no
// larger than the per-body walk's.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <set>

#include "accuracy.hpp"
#include "cpu/cpu_simulation.hpp"
#include "cpu/direct.hpp"
#include "cpu/octree.hpp"
#include "scenarios/plummer.hpp"
#include "threads.hpp"

namespace galaxy {
namespace {

// A Plummer sphere with its accelerations (the relative test reads them), and the tree.
struct Plummer {
  HostBodies b;
  CpuOctree tree;
  WalkParams w;
  Plummer(std::size_t n, int group_size, const SimParams& p) : b(make_plummer(n, 17)) {
    direct_forces_cpu(b, p.softening);  // the last pass's accelerations
    tree.build(b, p.leaf_size, group_size);
    w = walk_params(p, true);
  }
};

TEST(CpuGroupWalk, GroupsPartitionTheBodiesInOrder) {
  for (int group_size : {1, 16, 64, 128}) {
    SCOPED_TRACE(group_size);
    const Plummer s(5000, group_size, {});
    int next = 0;
    for (const CpuOctree::Group& g : s.tree.groups()) {
      EXPECT_EQ(g.begin, next);
      EXPECT_GT(g.end, g.begin);
      EXPECT_LE(g.end - g.begin, group_size);
      next = g.end;
    }
    EXPECT_EQ(next, 5000);
  }
  // A root of few bodies is the only group.
  const Plummer small(40, 64, {});
  ASSERT_EQ(small.tree.groups().size(), 1u);
}

// Beside a heavy child (physics::kHeavyChild: a Plummer sphere's core, here the cell of its
// densest 500 bodies' worth) no group merges sibling cells, so no group's box reaches from the
// sparse cells around the core into it; elsewhere siblings are still merged (groups average over
// 40 bodies).
TEST(CpuGroupWalk, SmallCellsBesideAHeavyOneAreNotMergedIntoOneGroup) {
  const Plummer s(100000, 64, {});
  const auto& nodes = s.tree.nodes();
  int beside_heavy = 0;
  for (const CpuOctree::Group& g : s.tree.groups()) {
    // The deepest cell of more than 64 bodies that holds the whole group (whose small children
    // made it), and the child of it each end lies in.
    int cell = 0;
    for (int i = 0; i < static_cast<int>(nodes.size()); ++i) {
      const CpuNode& n = nodes[i];
      const bool holds = n.body_begin <= g.begin && g.end <= n.body_end;
      if (holds && n.body_end - n.body_begin > 64 && n.depth > nodes[cell].depth) cell = i;
    }
    const CpuNode& p = nodes[cell];
    if (p.leaf()) continue;
    int heaviest = 0, first_child = -1, last_child = -1;
    for (int c = cell + 1; c < p.skip; c = nodes[c].skip) {
      heaviest = std::max(heaviest, nodes[c].body_end - nodes[c].body_begin);
      if (nodes[c].body_begin <= g.begin && g.begin < nodes[c].body_end) first_child = c;
      if (nodes[c].body_begin < g.end && g.end <= nodes[c].body_end) last_child = c;
    }
    if (heaviest <= physics::kHeavyChild * 64) continue;
    ++beside_heavy;
    EXPECT_EQ(first_child, last_child) << "group [" << g.begin << ", " << g.end << ")";
  }
  EXPECT_GT(beside_heavy, 10) << "the sphere's core has small cells around it";
  EXPECT_GT(100000.0 / double(s.tree.groups().size()), 40.0);
}

// Nothing a group accepts is opened by one of its bodies walking alone at the group's (smallest)
// alpha |a|, and no accepted cell holds a body of the group; each body is on its group's body
// list.
TEST(CpuGroupWalk, AcceptsNothingABodyAloneWouldOpenAndEveryBodyMeetsItself) {
  for (float alpha : {0.0f, 0.004f}) {
    SimParams p;
    p.alpha = alpha;
    const Plummer s(8000, p.group_size, p);
    const auto& nodes = s.tree.nodes();
    const auto& order = s.tree.order();
    std::size_t checked = 0;
    for (int gi = 0; gi < static_cast<int>(s.tree.groups().size()); ++gi) {
      const CpuOctree::Group& g = s.tree.groups()[gi];
      const GroupLists l = group_lists(s.tree, s.b, gi, s.w);
      const std::set<int> met(l.bodies.begin(), l.bodies.end());
      for (int k = g.begin; k < g.end; ++k) {
        const int self = order[k];
        ASSERT_TRUE(met.count(self)) << "body " << self << " does not meet itself";
        for (int ni : l.accepted) {
          const CpuNode& n = nodes[ni];
          ASSERT_TRUE(n.body_end <= g.begin || n.body_begin >= g.end) << "node " << ni;
          const float dx = n.comx - s.b.x[self], dy = n.comy - s.b.y[self], dz = n.comz - s.b.z[self];
          const float r = physics::open_radius(n.open_size, n.open_offset, s.w.inv_theta);
          ASSERT_TRUE(physics::accept(dx * dx + dy * dy + dz * dz, r * r, n.mass,
                                      physics::cell_extent(n.open_size, n.open_offset),
                                      s.w.order, s.w.relative, l.alpha_accel, s.w.reach2))
              << "group " << gi << " accepts node " << ni << " that body " << self << " opens";
          ++checked;
        }
      }
    }
    EXPECT_GT(checked, 100000u);
  }
}

// The same parameters give errors no larger than the per-body walk's (the group test is the
// stricter one), measured against the float64 direct sum.
TEST(CpuGroupWalk, ErrorsNoLargerThanThePerBodyWalk) {
  for (float alpha : {0.0f, 0.004f}) {
    SCOPED_TRACE(alpha);
    SimParams p;
    p.alpha = alpha;
    Plummer s(20000, p.group_size, p);
    std::vector<int> targets;
    for (int i = 0; i < 20000; i += 10) targets.push_back(i);
    const std::vector<AccelD> ref = direct_forces_cpu_sample(s.b, targets, p.softening);
    HostBodies group = s.b, single = s.b;
    std::vector<float> alpha_accel;
    tree_forces(s.tree, group, s.w, alpha_accel);
    tree_forces_single(s.tree, single, s.w);
    const ErrorStats eg = relative_errors(group, targets, ref);
    const ErrorStats es = relative_errors(single, targets, ref);
    std::printf("alpha %.3f: group walk median %.2e p99 %.2e; per-body walk median %.2e p99 %.2e\n",
                alpha, eg.median, eg.p99, es.median, es.p99);
    EXPECT_LE(eg.median, es.median);
    EXPECT_LE(eg.p99, es.p99);
  }
}

// The trace is the group's walk: its box holds the body, its size is the group's, the traced
// body is among the bodies summed directly, and the cost map counts exactly its lists.
TEST(CpuGroupWalk, TraceDescribesTheGroupWalk) {
  CpuSimulation sim(Solver::BarnesHut, {});
  sim.reset(make_plummer(6000, 3));
  sim.step();
  sim.show_field(BodyField::WalkCost, 1, BodyFields::kAllBodies);
  const std::vector<float> cost = sim.field_values();
  for (std::size_t i : {0u, 17u, 2999u, 5999u}) {
    const WalkTrace t = sim.trace_walk(i);
    EXPECT_GE(t.group_bodies, 1u);
    EXPECT_LE(t.group_bodies, std::size_t(sim.params().group_size));
    for (int k = 0; k < 3; ++k) {
      EXPECT_LE(t.group.lo[k], t.body[k]);
      EXPECT_GE(t.group.hi[k], t.body[k]);
    }
    EXPECT_TRUE(std::find(t.direct.begin(), t.direct.end(), t.body) != t.direct.end());
    EXPECT_EQ(cost[i], float(t.accepted.size() + t.direct.size()));
  }
}

// The thread count (sim/threads.hpp) changes who computes a group, never the result: each group
// sums its lists in one order, so any count gives the same bits (the timeline's replays rely on
// it).
TEST(CpuGroupWalk, AnyThreadCountGivesTheSameForces) {
  const HostBodies b = make_plummer(5000, 9);
  std::vector<HostBodies> out;
  for (int threads : {1, 2, 3, 0}) {
    set_cpu_threads(threads);
    EXPECT_EQ(cpu_threads(), threads > 0 ? threads : cpu_threads());
    EXPECT_GE(cpu_threads(), 1);
    CpuSimulation sim(Solver::BarnesHut, {});
    sim.reset(b);
    sim.step();
    out.push_back(sim.download());
  }
  set_cpu_threads(0);
  for (std::size_t k = 1; k < out.size(); ++k) {
    EXPECT_EQ(out[k].ax, out[0].ax);
    EXPECT_EQ(out[k].pot, out[0].pot);
    EXPECT_EQ(out[k].x, out[0].x);
  }
}

}  // namespace
}  // namespace galaxy
