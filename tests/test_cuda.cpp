// SPDX-License-Identifier: MIT
// The CUDA backend against the CPU reference. Every test skips, saying why, where no CUDA device
// is present (or galaxy was built without CUDA); none is weakened to pass.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <map>
#include <tuple>

#include "accuracy.hpp"
#include "cpu/cpu_simulation.hpp"
#include "cpu/direct.hpp"
#include "cpu/octree.hpp"
#include "diagnostics.hpp"
#include "scenarios/plummer.hpp"
#include "scenarios/scenarios.hpp"
#include "simulation.hpp"
#include "test_support_sim.hpp"
#if GALAXY_HAVE_CUDA
#include "cuda/cuda_simulation.hpp"
#endif

namespace galaxy {
namespace {

std::unique_ptr<Simulation> cuda_sim(Solver s, const SimParams& p = {}) {
  return make_simulation(Backend::Cuda, s, p);
}

using test_support::errors_vs_direct;

HostBodies with_coincident(std::size_t plummer, std::size_t coincident) {
  HostBodies b = make_plummer(plummer, 5);
  const std::size_t n0 = b.size();
  b.resize(n0 + coincident);
  for (std::size_t i = n0; i < b.size(); ++i) {
    b.x[i] = 0.1f, b.y[i] = -0.2f, b.z[i] = 0.3f;
    b.vx[i] = b.vy[i] = b.vz[i] = 0.0f;
    b.m[i] = 1.0f / static_cast<float>(b.size());
  }
  return b;
}

TEST(GpuBarnesHut, AccuracyNoWorseThanTheCpuReference) {
  REQUIRE_CUDA();
  for (float theta : {0.3f, 0.5f, 0.7f, 1.0f}) {
    SCOPED_TRACE(theta);
    const SimParams p{theta, 0.0125f, 0.05f};
    const HostBodies init = make_plummer(20000, 3);
    auto gpu = cuda_sim(Solver::BarnesHut, p);
    gpu->reset(init);
    CpuSimulation cpu(Solver::BarnesHut, p);
    cpu.reset(init);
    const ErrorStats g = errors_vs_direct(gpu->download(), p.softening);
    const ErrorStats c = errors_vs_direct(cpu.download(), p.softening);
    std::printf("theta %.1f: gpu median %.2e p99 %.2e max %.2e | cpu median %.2e p99 %.2e\n", theta,
                g.median, g.p99, g.max, c.median, c.p99);
    // The same moments, opening radii and groups (the CPU walks the GPU's groups since issue
    // 23): the same decisions, so the same errors. A 10% allowance covers float summation order.
    // A wrong tree, moment or walk gives errors of order 1.
    EXPECT_LE(g.p99, 1.1 * c.p99);
    EXPECT_LE(g.median, 1.1 * c.median);
    EXPECT_LT(g.max, 0.2);
  }
}

// Issue 23: the CPU backend walks the GPU's groups with the same opening test, so on the same
// bodies, with the same last accelerations (the relative test reads them), the two backends'
// forces agree body by body within the opening test's own error: their difference is no larger
// than either's error against a float64 direct sum (at the median and the p99 of a 2,000-body
// sample), and over all 100k bodies its p99 stays under 2e-3 relative. A wrong group, moment or
// decision on either side gives differences of order the errors of a different walk (1e-2).
TEST(GpuBarnesHut, CpuAndGpuForcesAgreeBodyByBodyWithinTheOpeningTestError) {
  REQUIRE_CUDA();
  CpuSimulation cpu(Solver::BarnesHut, {});
  cpu.reset(make_scenario("collision", 100000, 11));
  cpu.step();
  cpu.step();
  const HostBodies state = cpu.download();
  cpu.compute_forces();  // at these positions, from its own last accelerations
  auto gpu = cuda_sim(Solver::BarnesHut);
  gpu->reset(state);
  gpu->restore_forces(state);  // the same last accelerations for the relative test
  gpu->compute_forces();
  const HostBodies c = cpu.download(), g = gpu->download();
  ASSERT_EQ(c.size(), g.size());
  const std::vector<int> t = random_sample(c.size(), 2000, 5);
  const std::vector<AccelD> exact = direct_forces_cpu_sample(state, t, 0.05f);
  std::vector<double> diff(t.size());
  for (std::size_t k = 0; k < t.size(); ++k) {
    const int i = t[k];
    const double n = std::sqrt(exact[k].ax * exact[k].ax + exact[k].ay * exact[k].ay +
                               exact[k].az * exact[k].az);
    const double dx = c.ax[i] - g.ax[i], dy = c.ay[i] - g.ay[i], dz = c.az[i] - g.az[i];
    diff[k] = std::sqrt(dx * dx + dy * dy + dz * dz) / n;
  }
  const ErrorStats d = error_stats(diff);
  const ErrorStats ec = relative_errors(c, t, exact), eg = relative_errors(g, t, exact);
  std::printf("cpu-gpu difference: median %.2e p99 %.2e max %.2e | cpu p99 %.2e | gpu p99 %.2e\n",
              d.median, d.p99, d.max, ec.p99, eg.p99);
  EXPECT_LE(d.median, std::max(ec.median, eg.median));
  EXPECT_LE(d.p99, std::max(ec.p99, eg.p99));
  std::vector<double> all(c.size());
  for (std::size_t i = 0; i < c.size(); ++i) {
    const double dx = c.ax[i] - g.ax[i], dy = c.ay[i] - g.ay[i], dz = c.az[i] - g.az[i];
    const double n = std::sqrt(double(g.ax[i]) * g.ax[i] + double(g.ay[i]) * g.ay[i] +
                               double(g.az[i]) * g.az[i]);
    all[i] = std::sqrt(dx * dx + dy * dy + dz * dz) / n;
  }
  const ErrorStats whole = error_stats(all);
  std::printf("over all %zu bodies: median %.2e p99 %.2e max %.2e\n", c.size(), whole.median,
              whole.p99, whole.max);
  EXPECT_LT(whole.p99, 2e-3);
}

// The GPU meter (float64 direct sum on the device over bodies picked by their index) against the
// same statistics computed on the host from the downloaded state with the same sample.
TEST(GpuBarnesHut, AccuracyMeterMatchesTheHostOverTheSameBodies) {
  REQUIRE_CUDA();
  auto gpu = cuda_sim(Solver::BarnesHut);
  gpu->reset(make_plummer(30000, 8));
  gpu->step();
  const ErrorStats meter = gpu->measure_accuracy(1000, 99);
  const HostBodies b = gpu->download();
  const std::vector<int> t = random_sample(b.size(), 1000, 99);
  const ErrorStats host = relative_errors(b, t, direct_forces_cpu_sample(b, t, 0.05f));
  ASSERT_EQ(meter.samples, 1000u);
  // Both references are double sums of the same float inputs: they agree to ~1e-12; the errors
  // they measure (~1e-3) then agree to far better than 1e-6 relative. Other bodies would give
  // statistics that differ by percents.
  EXPECT_NEAR(meter.median, host.median, 1e-6 * host.median);
  EXPECT_NEAR(meter.p99, host.p99, 1e-6 * host.p99);
  EXPECT_NEAR(meter.max, host.max, 1e-6 * host.max);
}

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

// Quadrupoles against monopoles at the same theta, on a Plummer sphere and on the default
// collision's flattened disks, where monopoles did worst.
TEST(GpuBarnesHut, QuadrupolesBeatMonopolesAtEqualTheta) {
  REQUIRE_CUDA();
  for (const char* scenario : {"plummer", "collision"}) {
    SCOPED_TRACE(scenario);
    const HostBodies init = make_scenario(scenario, 30000, 3);
    ErrorStats e[2];
    for (int k = 0; k < 2; ++k) {
      SimParams p;
      p.multipole = k == 0 ? 0 : 2;
      auto gpu = cuda_sim(Solver::BarnesHut, p);
      gpu->reset(init);
      e[k] = errors_vs_direct(gpu->download(), p.softening);
    }
    std::printf("%s theta 0.5: monopole p99 %.2e, quadrupole p99 %.2e\n", scenario, e[0].p99,
                e[1].p99);
    EXPECT_LT(e[1].p99, 0.6 * e[0].p99);
    EXPECT_LT(e[1].median, 0.6 * e[0].median);
  }
}

// The octupole order (--multipole 3) on the GPU: as accurate as the CPU reference's octupoles (the
// same moments, shifts and decisions; the same 10% allowance for float summation order as above),
// and at the geometric test clearly better than quadrupoles, on a Plummer sphere and the
// collision's disks.
TEST(GpuBarnesHut, OctupolesMatchTheCpuAndBeatQuadrupoles) {
  REQUIRE_CUDA();
  for (const char* scenario : {"plummer", "collision"}) {
    SCOPED_TRACE(scenario);
    const HostBodies init = make_scenario(scenario, 20000, 3);
    for (const float alpha : {0.0f, 0.004f}) {
      SimParams p;
      p.theta = alpha > 0 ? 1.0f : 0.6f;
      p.alpha = alpha;
      p.multipole = 3;
      auto gpu = cuda_sim(Solver::BarnesHut, p);
      gpu->reset(init);
      CpuSimulation cpu(Solver::BarnesHut, p);
      cpu.reset(init);
      p.multipole = 2;
      auto quad = cuda_sim(Solver::BarnesHut, p);
      quad->reset(init);
      const ErrorStats g = errors_vs_direct(gpu->download(), p.softening);
      const ErrorStats c = errors_vs_direct(cpu.download(), p.softening);
      const ErrorStats q = errors_vs_direct(quad->download(), p.softening);
      std::printf("%s alpha %g: octupole gpu p99 %.2e cpu p99 %.2e, quadrupole gpu p99 %.2e\n",
                  scenario, alpha, g.p99, c.p99, q.p99);
      EXPECT_LE(g.p99, 1.1 * c.p99);
      EXPECT_LE(g.median, 1.1 * c.median);
      if (alpha == 0.0f) {
        EXPECT_LT(g.p99, 0.7 * q.p99);
      }
    }
  }
}

// Every leaf and group size the options allow gives the same class of accuracy: groups of one
// body (the CPU's per-body walk), odd sizes that leave lanes idle, one and two bodies a lane.
TEST(GpuBarnesHut, EveryLeafAndGroupSizeWalksCorrectly) {
  REQUIRE_CUDA();
  const HostBodies init = make_plummer(5000, 21);
  for (int leaf : {1, 7, 16, 64}) {
    for (int group : {1, 17, 32, 33, 64}) {
      SCOPED_TRACE(testing::Message() << "leaf " << leaf << " group " << group);
      SimParams p;
      p.leaf_size = leaf;
      p.group_size = group;
      // The CPU reference walks the same groups (issue 23): at each setting the GPU is no worse.
      CpuSimulation cpu(Solver::BarnesHut, p);
      cpu.reset(init);
      const ErrorStats c = errors_vs_direct(cpu.download(), p.softening, 1000);
      auto gpu = cuda_sim(Solver::BarnesHut, p);
      gpu->reset(init);
      const ErrorStats g = errors_vs_direct(gpu->download(), p.softening, 1000);
      EXPECT_LE(g.p99, 1.1 * c.p99);
      EXPECT_LT(g.max, 0.1);
      EXPECT_GT(g.p99, 0.0);
    }
  }
}

TEST(GpuDirect, MatchesCpuDirect) {
  REQUIRE_CUDA();
  for (std::size_t n : {std::size_t{1000}, std::size_t{4097}}) {
    auto gpu = cuda_sim(Solver::Direct);
    gpu->reset(make_plummer(n, 9));
    const ErrorStats e = errors_vs_direct(gpu->download(), 0.05f, n);
    std::printf("direct N=%zu: median %.2e p99 %.2e max %.2e\n", n, e.median, e.p99, e.max);
    // float accumulation over a few thousand terms: ~1e-6 relative; 1e-4 allows for cancellation
    // in the bodies whose net force is small, and is 100x below the tree's errors.
    EXPECT_LT(e.p99, 2e-5);
    EXPECT_LT(e.max, 1e-4);
  }
}

// At the default settings (the relative opening test), over 10 time units. Before quadrupoles and
// the relative test (monopoles, theta 0.5) the walk measured 2.6e-5 at 8192 bodies and 3.9e-5 at
// 100k.
TEST(GpuSimulation, EnergyConservedOverTenTimeUnits) {
  REQUIRE_CUDA();
  for (const auto& [solver, n] :
       {std::pair{Solver::BarnesHut, 8192}, std::pair{Solver::BarnesHut, 100000},
        std::pair{Solver::Direct, 8192}}) {
    SCOPED_TRACE(std::string(to_string(solver)) + " " + std::to_string(n));
    const SimParams p;
    auto sim = cuda_sim(solver, p);
    sim->reset(make_plummer(n, 21));
    HostBodies b0 = sim->download();
    direct_forces_cpu(b0, p.softening);
    const double e0 = compute_diagnostics(b0).total();
    for (int k = 0; k < 800; ++k) sim->step();
    EXPECT_NEAR(sim->time(), 10.0, 1e-3);
    HostBodies b1 = sim->download();
    direct_forces_cpu(b1, p.softening);
    const double e1 = compute_diagnostics(b1).total();
    std::printf("%s N=%d: |dE/E| over 10 time units = %.2e\n",
                std::string(to_string(solver)).c_str(), n, std::fabs((e1 - e0) / e0));
    // The CPU reference measures 7e-6 to 1.1e-5 at smaller N; the same bound as its test.
    EXPECT_LT(std::fabs((e1 - e0) / e0), 1e-4);
  }
}

// The device reduction behind diagnostics() against the host sums over the downloaded bodies.
TEST(GpuSimulation, DiagnosticsReducedOnTheDeviceMatchTheHost) {
  REQUIRE_CUDA();
  auto sim = cuda_sim(Solver::BarnesHut);
  sim->reset(make_scenario("collision", 20000, 4));
  for (int k = 0; k < 3; ++k) sim->step();
  const Diagnostics g = sim->diagnostics();
  const Diagnostics h = compute_diagnostics(sim->download());
  // Both sum the same floats in double, in another order: agreement to ~1e-12 of the scale.
  EXPECT_NEAR(g.kinetic, h.kinetic, 1e-10 * std::fabs(h.kinetic));
  EXPECT_NEAR(g.potential, h.potential, 1e-10 * std::fabs(h.potential));
  EXPECT_NEAR(g.mass, h.mass, 1e-10 * h.mass);
  for (int k = 0; k < 3; ++k) {
    EXPECT_NEAR(g.momentum[k], h.momentum[k], 1e-9);
    EXPECT_NEAR(g.angular_momentum[k], h.angular_momentum[k], 1e-9);
    EXPECT_NEAR(g.com[k], h.com[k], 1e-9);
  }
  EXPECT_GT(h.kinetic, 0.0);
  EXPECT_LT(h.potential, 0.0);
}

TEST(GpuSimulation, OneTwoAndOddCounts) {
  REQUIRE_CUDA();
  for (Solver solver : {Solver::BarnesHut, Solver::Direct}) {
    auto sim = cuda_sim(solver);
    HostBodies one;
    one.resize(1);
    one.x[0] = 0.5f, one.m[0] = 1.0f;
    sim->reset(one);
    sim->step();
    HostBodies r = sim->download();
    EXPECT_EQ(r.ax[0], 0.0f);
    EXPECT_FLOAT_EQ(r.x[0], 0.5f);

    HostBodies two;
    two.resize(2);
    two.x[0] = -1.0f, two.x[1] = 1.0f, two.m[0] = two.m[1] = 0.5f;
    sim->reset(two);
    r = sim->download();
    const double expect = 0.5 / std::pow(4.0 + 0.05 * 0.05, 1.5) * 2.0;
    EXPECT_NEAR(r.ax[0], expect, 1e-6);
    EXPECT_NEAR(r.ax[1], -expect, 1e-6);

    for (std::size_t n : {std::size_t{31}, std::size_t{257}, std::size_t{1000}}) {
      sim->reset(make_plummer(n, 4));
      const ErrorStats e = errors_vs_direct(sim->download(), 0.05f, n);
      EXPECT_LT(e.p99, solver == Solver::Direct ? 2e-5 : 1e-2) << n;
      EXPECT_EQ(sim->size(), n);
    }
  }
}

TEST(GpuSimulation, CoincidentBodiesTerminateAndStayFinite) {
  REQUIRE_CUDA();
  auto sim = cuda_sim(Solver::BarnesHut);
  sim->reset(with_coincident(2000, 3000));
  sim->step();
  const HostBodies b = sim->download();
  for (std::size_t i = 0; i < b.size(); ++i) {
    ASSERT_TRUE(std::isfinite(b.ax[i]) && std::isfinite(b.ay[i]) && std::isfinite(b.az[i])) << i;
  }
  const ErrorStats e = errors_vs_direct(b, 0.05f, 1000);
  EXPECT_LT(e.p99, 1e-2);
}

TEST(GpuSimulation, ParametersChangeLiveAndBodyCountsReturnMemoryToBaseline) {
#if GALAXY_HAVE_CUDA
  REQUIRE_CUDA();
  auto sim = cuda_sim(Solver::BarnesHut);
  sim->reset(make_plummer(10000, 1));
  sim->step();
  sim->download();
  const std::size_t baseline = test_support::cuda_device_memory_used();
  for (float theta : {0.3f, 0.9f}) {
    sim->set_params({theta, 0.01f, 0.02f});
    sim->step();
    sim->download();
    EXPECT_EQ(test_support::cuda_device_memory_used(), baseline) << "a parameter change reallocated";
  }
  // CUDA loads kernels lazily (CUB picks other sort kernels for large N), so the first round of
  // sizes may load code; the baseline is taken after it, and a second round must return to it.
  const auto round = [&] {
    for (std::size_t n : {200000u, 3000u, 1000000u, 17u}) {
      sim->reset(make_plummer(n, 2));
      sim->step();
      EXPECT_EQ(sim->size(), n);
    }
    sim->reset(make_plummer(10000, 1));
    sim->step();
    sim->download();
  };
  round();
  const std::size_t after_first_round = test_support::cuda_device_memory_used();
  for (int k = 0; k < 4; ++k) round();
  // The driver hands out memory in 2 MiB pages and packs small buffers into them, so the count
  // moves by a page either way (seen: -2 MiB after a round); a leak of 1 MiB a round, let alone
  // a 1M-body state (~150 MB), would pass 2 MiB over four rounds.
  const std::size_t page = 2u << 20;
  EXPECT_LE(test_support::cuda_device_memory_used(), after_first_round + page) << "repeated body-count changes leaked";
  // What loading code took is bounded; device buffers of the 1M-body run are not kept.
  EXPECT_LT(after_first_round, baseline + (16u << 20));
#else
  GTEST_SKIP() << "skipped: galaxy was built without CUDA";
#endif
}

TEST(GpuSimulation, TimingsAndInteractionCountsArePublished) {
  REQUIRE_CUDA();
  auto sim = cuda_sim(Solver::BarnesHut);
  sim->reset(make_plummer(50000, 1));
  for (int k = 0; k < 3; ++k) sim->step();
  sim->download();  // waits for the device
  const StageTimings t = sim->timings();
  ASSERT_TRUE(t.valid);
  for (int s = 0; s < kStageCount; ++s) EXPECT_GT(t.ms[s], 0.0f) << stage_name(Stage(s));
  const InteractionCounts c = sim->interactions();
  // Barnes-Hut at theta 0.5: hundreds to a few thousand interactions a body, far below N.
  EXPECT_GT(c.body_body + c.body_cell, 100u * 50000u);
  EXPECT_LT(c.body_body + c.body_cell, 50000u * 50000u / 4);
}

}  // namespace
}  // namespace galaxy
