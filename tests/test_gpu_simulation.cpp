// SPDX-License-Identifier: MIT
// The CUDA backend as a simulation: energy over ten time units, diagnostics reduced on the
// device, odd and coincident counts, live parameter and body-count changes, published timings.
// Every test skips, saying why, where no CUDA device is present (or galaxy was built without
// CUDA); none is weakened to pass.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "accuracy.hpp"
#include "cpu/cpu_simulation.hpp"
#include "cpu/direct.hpp"
#include "cuda_sim.hpp"
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

using test_support::cuda_sim;
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
  const StageTimings t = sim->meters()->timings();
  ASSERT_TRUE(t.valid);
  for (int s = 0; s < kStageCount; ++s) EXPECT_GT(t.ms[s], 0.0f) << stage_name(Stage(s));
  const InteractionCounts c = sim->meters()->interactions();
  // Barnes-Hut at theta 0.5: hundreds to a few thousand interactions a body, far below N.
  EXPECT_GT(c.body_body + c.body_cell, 100u * 50000u);
  EXPECT_LT(c.body_body + c.body_cell, 50000u * 50000u / 4);
}

}  // namespace
}  // namespace galaxy
