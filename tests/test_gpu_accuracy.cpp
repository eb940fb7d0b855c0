// SPDX-License-Identifier: MIT
// The CUDA backend's forces against the CPU reference and float64 direct sums: Barnes-Hut at
// every multipole order, leaf and group size, the GPU meter, and the direct solver. Every test
// skips, saying why, where no CUDA device is present (or galaxy was built without CUDA); none is
// weakened to pass.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "accuracy.hpp"
#include "cpu/cpu_simulation.hpp"
#include "cuda_sim.hpp"
#include "reference.hpp"
#include "scenarios/plummer.hpp"
#include "scenarios/scenarios.hpp"
#include "simulation.hpp"
#include "test_support_sim.hpp"
#if GALAXY_HAVE_CUDA
#include "cuda/cuda_simulation.hpp"
#endif

namespace galaxy {
namespace {

using test_support::cuda_sim;
using test_support::errors_vs_direct;

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
  const ErrorStats meter = gpu->meters()->measure_accuracy(1000, 99);
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

}  // namespace
}  // namespace galaxy
