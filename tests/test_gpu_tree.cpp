// SPDX-License-Identifier: MIT
// The CUDA backend's octree against the CPU tree by invariants, and the overlay's trace on the
// GPU as the force pass's own group walk. Every test skips, saying why, where no CUDA device is
// present (or galaxy was built without CUDA); none is weakened to pass.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <utility>
#include <vector>

#include "accuracy.hpp"
#include "cpu/cpu_simulation.hpp"
#include "cpu/octree.hpp"
#include "scenarios/plummer.hpp"
#include "scenarios/scenarios.hpp"
#include "simulation.hpp"
#include "test_support_sim.hpp"
#if GALAXY_HAVE_CUDA
#include "cuda/cuda_simulation.hpp"
#endif

namespace galaxy {
namespace {

TEST(GpuBarnesHut, TreeMatchesTheCpuTreeByInvariants) {
#if GALAXY_HAVE_CUDA
  REQUIRE_CUDA();
  const SimParams params;
  const int gs = params.group_size;
  for (std::size_t n :
       {std::size_t{1}, std::size_t{33}, std::size_t{65}, std::size_t{4097}, std::size_t{50000}}) {
    SCOPED_TRACE(n);
    auto gpu = make_cuda_simulation(Solver::BarnesHut, params);
    gpu->reset(make_plummer(n, 11));
    const HostBodies b = gpu->download();
    const GpuTree t = gpu->download_tree();
    ASSERT_FALSE(t.nodes.empty());
    // Every body in exactly one leaf, once.
    std::vector<int> seen(n, 0);
    for (const GpuTreeNode& node : t.nodes) {
      if (!node.leaf) continue;
      for (int k = node.first; k < node.first + node.count; ++k) ++seen[t.order[k]];
    }
    // Nodes below the root that no parent points to do not exist: walk from the root.
    std::vector<int> reached(t.nodes.size(), 0), stack{0};
    std::fill(seen.begin(), seen.end(), 0);
    while (!stack.empty()) {
      const int i = stack.back();
      stack.pop_back();
      ++reached[i];
      const GpuTreeNode& node = t.nodes[i];
      // Mass and centre of mass equal those of the node's bodies.
      double m = 0, mx = 0, my = 0, mz = 0;
      float lo[3] = {1e30f, 1e30f, 1e30f}, hi[3] = {-1e30f, -1e30f, -1e30f};
      for (int k = node.body_begin; k < node.body_end; ++k) {
        const int j = t.order[k];
        m += b.m[j], mx += double(b.m[j]) * b.x[j], my += double(b.m[j]) * b.y[j], mz += double(b.m[j]) * b.z[j];
        lo[0] = std::min(lo[0], b.x[j]), hi[0] = std::max(hi[0], b.x[j]);
        lo[1] = std::min(lo[1], b.y[j]), hi[1] = std::max(hi[1], b.y[j]);
        lo[2] = std::min(lo[2], b.z[j]), hi[2] = std::max(hi[2], b.z[j]);
      }
      ASSERT_NEAR(node.mass, m, 1e-6 * std::max(1.0, m));
      if (m > 0) {
        // The float centre of mass of a cell of size s is good to ~1e-7 of the root size.
        const double tol = 1e-6 * t.size;
        EXPECT_NEAR(node.comx, mx / m, tol);
        EXPECT_NEAR(node.comy, my / m, tol);
        EXPECT_NEAR(node.comz, mz / m, tol);
        // The quadrupole the GPU combined from its children against one summed over the bodies
        // in double (physics::add_point_quadrupole), and the opening radius of its body box.
        double q[7] = {0, 0, 0, 0, 0, 0, 0};
        for (int k = node.body_begin; k < node.body_end; ++k) {
          const int j = t.order[k];
          physics::add_point_quadrupole(q, b.m[j], b.x[j] - mx / m, b.y[j] - my / m,
                                        b.z[j] - mz / m);
        }
        const double extent = std::max({hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]});
        // Q scales as m extent^2; float moments of float positions hold ~1e-6 of that.
        for (int c = 0; c < 7; ++c)
          EXPECT_NEAR(node.quad[c], q[c], 1e-5 * m * extent * extent + 1e-12) << c;
        float size, offset;
        physics::box_size_offset(lo, hi, node.comx, node.comy, node.comz, size, offset);
        EXPECT_NEAR(node.open_radius, physics::open_radius(size, offset, 1.0f / params.theta),
                    1e-5 * t.size);
      }
      // The node's bodies fit in a cube of its level's edge.
      const float edge = t.size / float(1 << node.level);
      for (int d = 0; d < 3; ++d) {
        if (node.body_end > node.body_begin) {
          EXPECT_LE(hi[d] - lo[d], edge * 1.000001f);
        }
      }
      if (node.leaf) {
        EXPECT_EQ(node.first, node.body_begin);
        EXPECT_EQ(node.first + node.count, node.body_end);
        for (int k = node.first; k < node.first + node.count; ++k) ++seen[t.order[k]];
      } else {
        // Children: one level down, contiguous, their body ranges partition the parent's.
        EXPECT_GE(node.count, 1);
        EXPECT_LE(node.count, 8);
        int expect = node.body_begin;
        for (int c = node.first; c < node.first + node.count; ++c) {
          EXPECT_EQ(t.nodes[c].level, node.level + 1);
          EXPECT_EQ(t.nodes[c].body_begin, expect);
          expect = t.nodes[c].body_end;
          stack.push_back(c);
        }
        EXPECT_EQ(expect, node.body_end);
      }
    }
    for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(seen[i], 1) << "body " << i;
    // The walk's groups partition the bodies in order, hold at most group_size bodies each, and
    // are chunks of runs of small sibling cells: within the smallest reached cell of more than
    // group_size bodies that holds a group (unless that is an oversized leaf, which it slices),
    // every child the group overlaps is small, so the group lies in that cell's cube and never
    // mixes a big child's bodies with others.
    ASSERT_FALSE(t.groups.empty());
    EXPECT_EQ(t.groups.front().first, 0);
    EXPECT_EQ(t.groups.back().second, static_cast<int>(n));
    for (std::size_t g = 0; g < t.groups.size(); ++g) {
      const auto [begin, end] = t.groups[g];
      ASSERT_GT(end, begin);
      ASSERT_LE(end - begin, gs);
      if (g + 1 < t.groups.size()) {
        ASSERT_EQ(end, t.groups[g + 1].first);
      }
      if (n <= static_cast<std::size_t>(gs)) continue;  // the root is the one group
      int holder = 0;  // smallest reached node of more than gs bodies whose range holds the group
      for (std::size_t k = 0; k < t.nodes.size(); ++k) {
        const GpuTreeNode& node = t.nodes[k];
        const int size = node.body_end - node.body_begin;
        if (reached[k] && size > gs && node.body_begin <= begin && end <= node.body_end &&
            size < t.nodes[holder].body_end - t.nodes[holder].body_begin) {
          holder = static_cast<int>(k);
        }
      }
      const GpuTreeNode& h = t.nodes[holder];
      if (!h.leaf) {
        for (int c = h.first; c < h.first + h.count; ++c) {
          const GpuTreeNode& child = t.nodes[c];
          if (child.body_end <= begin || child.body_begin >= end) continue;
          EXPECT_LE(child.body_end - child.body_begin, gs) << begin << ".." << end;
        }
      }
    }
    // The same splitting rule over the same Morton keys: the CPU tree with the GPU's leaf
    // capacity has the same cells, compared as a multiset of (level, bodies).
    CpuOctree cpu;
    cpu.build(b, 16);
    std::map<std::pair<int, int>, int> a, c;
    for (std::size_t i = 0; i < t.nodes.size(); ++i) {
      if (reached[i]) ++a[{t.nodes[i].level, t.nodes[i].body_end - t.nodes[i].body_begin}];
    }
    for (const CpuNode& node : cpu.nodes()) ++c[{node.depth, node.body_end - node.body_begin}];
    EXPECT_EQ(a, c);
  }
#else
  GTEST_SKIP() << "skipped: galaxy was built without CUDA";
#endif
}

// The overlay's trace on the GPU is the force pass's own group walk: tracing one body of every
// group, the traces' counts times the groups' sizes add up to the pass's interaction counts, for
// the geometric test and the relative one (which the trace replays with the alpha |a| each group
// used), with monopoles and quadrupoles.
TEST(GpuBarnesHut, TraceIsTheGroupWalk) {
#if GALAXY_HAVE_CUDA
  REQUIRE_CUDA();
  const HostBodies init = make_plummer(20000, 5);
  for (const float alpha : {0.0f, 0.004f}) {
    for (const int multipole : {0, 2, 3}) {
      SCOPED_TRACE(testing::Message() << "alpha " << alpha << " multipole " << multipole);
      SimParams p;
      p.alpha = alpha;
      p.multipole = multipole;
      auto gpu = make_cuda_simulation(Solver::BarnesHut, p);
      gpu->reset(init);
      gpu->step();
      gpu->synchronize();
      const InteractionCounts c = gpu->interactions();
      const GpuTree t = gpu->download_tree();
      const HostBodies b = gpu->download();
      std::uint64_t cells = 0, direct = 0;
      for (const auto& [begin, end] : t.groups) {
        const int body = t.order[begin];
        const WalkTrace w = gpu->trace_walk(static_cast<std::size_t>(body));
        ASSERT_EQ(w.group_bodies, static_cast<std::size_t>(end - begin));
        ASSERT_FALSE(w.truncated);
        EXPECT_EQ(w.theta, p.theta);
        EXPECT_EQ(w.alpha, alpha);
        EXPECT_EQ(w.body[0], b.x[body]);
        for (int d = 0; d < 3; ++d) {
          EXPECT_LE(w.group.lo[d], w.body[d]);
          EXPECT_GE(w.group.hi[d], w.body[d]);
        }
        cells += w.accepted.size() * static_cast<std::uint64_t>(end - begin);
        direct += w.direct.size() * static_cast<std::uint64_t>(end - begin);
      }
      EXPECT_EQ(cells, c.body_cell);
      EXPECT_EQ(direct, c.body_body);
      // The cells to a depth are the tree's nodes of those levels.
      for (const int depth : {0, 3, 30}) {
        const auto want = std::count_if(t.nodes.begin(), t.nodes.end(),
                                        [&](const GpuTreeNode& n) { return n.level <= depth; });
        EXPECT_EQ(static_cast<long>(gpu->tree_cells(depth).size()), static_cast<long>(want));
      }
    }
  }
  auto gpu = make_cuda_simulation(Solver::BarnesHut, {});
  gpu->reset(init);
  EXPECT_THROW(gpu->trace_walk(init.size()), std::out_of_range);
  gpu->set_solver(Solver::Direct);
  EXPECT_THROW(gpu->trace_walk(0), std::logic_error);
#else
  GTEST_SKIP() << "skipped: galaxy was built without CUDA";
#endif
}

}  // namespace
}  // namespace galaxy
