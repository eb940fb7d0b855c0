// SPDX-License-Identifier: MIT
// The CUDA backend's potentials on demand (kernels.cuh, Potentials): a single run's passes leave
// them out of the quadrupole walk, and the first reader (diagnostics, download) has them walked
// alone: with the newest pass's tree and decisions, or, after going back in time, with the
// decisions the keyframe kept and a tree built over a sorted copy of the bodies. Checked: they
// are the potentials (against float64 direct sums, with the walk split into parts at 20k and
// whole, with the group expansion and the walk order, at 700k), the energy is made from them, and
// after a jump back they are the same bits and computing them changes nothing of the run; without
// softening the passes keep the test for zero distance. The tests skip, saying why, without a CUDA
// device.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <memory>
#include <vector>

#include "reference.hpp"
#include "scenarios/plummer.hpp"
#include "simulation.hpp"
#include "test_support_sim.hpp"

namespace galaxy {
namespace {

void expect_same_run(const HostBodies& a, const HostBodies& b) {
  for (const auto member :
       {&HostBodies::x, &HostBodies::y, &HostBodies::z, &HostBodies::vx, &HostBodies::vy,
        &HostBodies::vz, &HostBodies::ax, &HostBodies::ay, &HostBodies::az, &HostBodies::pot}) {
    ASSERT_EQ(a.*member, b.*member);
  }
}

// p99 of |pot - exact| / |exact| over about 1,000 bodies spread through the array.
double potential_p99(const HostBodies& b, float softening) {
  std::vector<int> ids;
  for (std::size_t i = 0; i < b.size(); i += std::max<std::size_t>(1, b.size() / 1000)) {
    ids.push_back(static_cast<int>(i));
  }
  const std::vector<AccelD> exact = direct_forces_cpu_sample(b, ids, softening);
  std::vector<double> err;
  for (std::size_t k = 0; k < ids.size(); ++k) {
    err.push_back(std::abs(b.pot[ids[k]] - exact[k].pot) / std::abs(exact[k].pot));
  }
  std::sort(err.begin(), err.end());
  return err[err.size() * 99 / 100];
}

// What the first readers get: the energy (diagnostics) first, then the bodies (download). The
// potentials are the opening test's (p99 1e-3 allows ten times what the defaults give for the
// force, whose error the potential's does not exceed: a walk that left them out would give 100%)
// and the energy sums them (0.5 sum m pot).
void expect_the_potentials(const Simulation& sim, float softening) {
  const Diagnostics d = sim.diagnostics();
  const HostBodies b = sim.download();
  EXPECT_LT(potential_p99(b, softening), 1e-3);
  double potential = 0;
  for (std::size_t i = 0; i < b.size(); ++i) potential += 0.5 * double(b.m[i]) * b.pot[i];
  EXPECT_NEAR(d.potential, potential, 1e-6 * std::abs(potential));
}

// With the walk split into parts (20k) and whole with the expansion and the walk order (700k).
TEST(GpuPotentials, TheFirstReaderGetsThemAndTheEnergyIsMadeFromThem) {
  REQUIRE_CUDA();
  for (const std::size_t n : {20'000u, 700'000u}) {
    SCOPED_TRACE(n);
    const SimParams params;
    auto sim = make_simulation(Backend::Cuda, Solver::BarnesHut, params);
    sim->reset(make_plummer(n, 5));
    for (int k = 0; k < 2; ++k) sim->step();
    expect_the_potentials(*sim, params.softening);
  }
}

// A keyframe taken where the pass left the potentials out keeps that pass's decisions: after
// going back to it the potentials are walked over a new tree, and they are the ones the pass's
// own tree gave, bit for bit; so is the run from there, whether or not they were asked for, and
// the same as the first time through. A keyframe taken after going back, before a step, keeps
// them too.
TEST(GpuPotentials, AfterGoingBackTheyAreTheSameBitsAndTheRunIsUntouched) {
  REQUIRE_CUDA();
  auto sim = make_simulation(Backend::Cuda, Solver::BarnesHut, {});
  sim->reset(make_plummer(200'000, 6));
  for (int k = 0; k < 2; ++k) sim->step();
  const std::unique_ptr<Keyframe> key = sim->capture();
  const Diagnostics first = sim->diagnostics();
  const std::vector<float> pot = sim->download().pot;
  const auto three_steps = [&] {
    for (int k = 0; k < 3; ++k) sim->step();
    return sim->download();
  };
  const HostBodies through = three_steps();
  sim->restore(*key);
  const std::unique_ptr<Keyframe> again = sim->capture();  // before anything walked
  ASSERT_EQ(sim->download().pot, pot);
  const Diagnostics second = sim->diagnostics();
  EXPECT_NEAR(second.total(), first.total(), 1e-12 * std::abs(first.total()));
  const HostBodies asked = three_steps();
  sim->restore(*key);
  const HostBodies not_asked = three_steps();
  expect_same_run(asked, not_asked);
  expect_same_run(asked, through);
  sim->restore(*again);
  EXPECT_EQ(sim->download().pot, pot);
}

// A pass whose build ran out of nodes (leaves of 2 in an array sized for 16) has its node array
// grown when its flags are read, which the first reader of the potentials does: the tree is gone
// by then, so the potentials are walked over one of their own, with the pass's decisions.
TEST(GpuPotentials, AfterTheNodeArrayGrowsTheyAreStillThePotentials) {
  REQUIRE_CUDA();
  SimParams params;
  auto sim = make_simulation(Backend::Cuda, Solver::BarnesHut, params);
  sim->reset(make_plummer(20'000, 8));
  params.leaf_size = 2;
  sim->set_params(params);
  sim->step();
  expect_the_potentials(*sim, params.softening);
}

// Without softening a body meets itself at R = 0, and coincident bodies one another. The walk
// that leaves the potentials out drops its test for R == 0 (it needs eps2 > 0), so such a run's
// passes walk with the test, potentials and all: every force is finite (without the test, a body's
// pull on itself is 0 times infinity) and the errors are the opening test's.
TEST(GpuPotentials, WithoutSofteningThePassesKeepTheTestForZeroDistance) {
  REQUIRE_CUDA();
  SimParams params;
  params.softening = 0.0f;
  HostBodies init = make_plummer(20'000, 9);
  for (std::size_t i = init.size() - 100; i < init.size(); ++i) {
    init.x[i] = init.x[0], init.y[i] = init.y[0], init.z[i] = init.z[0];  // coincident
  }
  auto sim = make_simulation(Backend::Cuda, Solver::BarnesHut, params);
  sim->reset(init);
  for (int k = 0; k < 2; ++k) sim->step();
  const HostBodies b = sim->download();
  for (std::size_t i = 0; i < b.size(); ++i) {
    ASSERT_TRUE(std::isfinite(b.ax[i]) && std::isfinite(b.ay[i]) && std::isfinite(b.az[i]))
        << "body " << i;
  }
  EXPECT_LT(test_support::errors_vs_direct(b, params.softening).p99, 1e-3);
}

}  // namespace
}  // namespace galaxy
