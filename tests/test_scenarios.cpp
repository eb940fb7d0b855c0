// SPDX-License-Identifier: MIT
// The named scenarios: that each stays what it claims to be when the simulation runs it.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <numbers>
#include <vector>

#include "scenarios/cold_collapse.hpp"
#include "cpu/cpu_simulation.hpp"
#include "diagnostics.hpp"
#include "scenarios/disk_galaxy.hpp"
#include "scenarios/plummer.hpp"
#include "scenarios/presets.hpp"
#include "scenarios/scenarios.hpp"
#include "test_support_sim.hpp"
#include "threads.hpp"

namespace galaxy {
namespace {

bool is(const HostBodies& b, std::size_t i, Population p) {
  return b.population[i] == static_cast<std::uint8_t>(p);
}

// Disk bodies in cylindrical rings about the disk's centre: mean tangential velocity, the
// circular velocity sqrt(R <-a_R>) of the accelerations the solver computed, rms z.
struct DiskProfile {
  static constexpr std::array<double, 7> kEdges{0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 4.0};
  std::array<double, 6> vphi{}, vcirc{};
  double rms_z = 0;
};

DiskProfile disk_profile(const HostBodies& b) {
  const auto c = test_support::centre_of(b, Population::Disk, 0);
  DiskProfile p;
  std::array<double, 6> count{};
  double z2 = 0, n = 0;
  for (std::size_t i = 0; i < b.size(); ++i) {
    if (!is(b, i, Population::Disk)) continue;
    const double x = b.x[i] - c[0], y = b.y[i] - c[1], z = b.z[i] - c[2];
    const double R = std::hypot(x, y);
    z2 += z * z;
    n += 1;
    for (std::size_t k = 0; k + 1 < DiskProfile::kEdges.size(); ++k) {
      if (R < DiskProfile::kEdges[k] || R >= DiskProfile::kEdges[k + 1]) continue;
      p.vphi[k] += (x * b.vy[i] - y * b.vx[i]) / R;
      p.vcirc[k] += -(x * b.ax[i] + y * b.ay[i]);  // R * a_R towards the centre
      count[k] += 1;
    }
  }
  for (std::size_t k = 0; k < count.size(); ++k) {
    p.vphi[k] /= count[k];
    p.vcirc[k] = std::sqrt(p.vcirc[k] / count[k]);
  }
  p.rms_z = std::sqrt(z2 / n);
  return p;
}

TEST(Scenarios, EveryNameMakesValidTaggedBodies) {
  for (const std::string& name : scenario_names()) {
    SCOPED_TRACE(name);
    const Encounter* preset = find_preset(name);
    const std::size_t galaxies = preset ? preset->galaxies.size() : 1;
    for (std::size_t n : {1u, 2u, 7u, 1000u}) {
      if (n < galaxies) {
        EXPECT_THROW(make_scenario(name, n, 3), std::invalid_argument) << n << " bodies";
        continue;
      }
      const HostBodies b = make_scenario(name, n, 3);
      ASSERT_EQ(b.size(), n);
      EXPECT_NO_THROW(validate(b));
    }
    const HostBodies b = make_scenario(name, 8000, 3);
    std::array<int, 4> pop{};
    std::array<int, kMaxGalaxies> gal{};
    for (std::size_t i = 0; i < b.size(); ++i) {
      ++pop[b.population[i]];
      ++gal[b.galaxy[i]];
    }
    const Diagnostics d = compute_diagnostics(b);
    for (int k = 0; k < 3; ++k) {
      EXPECT_NEAR(d.com[k], 0.0, 1e-4 * std::max(1.0, d.mass));
      EXPECT_NEAR(d.momentum[k], 0.0, 1e-4 * std::max(1.0, d.mass));
    }
    if (name == "plummer" || name == "collapse") {
      EXPECT_EQ(pop[0], 8000);
      EXPECT_NEAR(d.mass, 1.0, 1e-4);
    } else if (name == "collision") {
      // Per galaxy, by mass with a halo body 7 star bodies heavy: 5/8 disk, 1/8 bulge, the
      // rest (a quarter) halo.
      EXPECT_EQ(pop[int(Population::Disk)], 5000);
      EXPECT_EQ(pop[int(Population::Bulge)], 1000);
      EXPECT_EQ(pop[int(Population::Halo)], 2000);
      EXPECT_NEAR(d.mass, 2.0, 1e-4);
      EXPECT_EQ(gal[1], 4000);
    } else {
      double mass = 0;
      for (const GalaxySpec& g : preset->galaxies) mass += g.mass;
      EXPECT_NEAR(d.mass, mass, 1e-4 * mass);
      for (std::size_t g = 0; g < galaxies; ++g) EXPECT_GT(gal[g], 0) << "galaxy " << g;
      EXPECT_LE(pop[int(Population::Halo)], 2000) << "at least 3/4 of the bodies are visible";
    }
  }
  EXPECT_THROW(make_scenario("nosuch", 10, 1), std::invalid_argument);
}

// Every array of `a` and `b` holds the same bytes (EXPECT_EQ on floats would let -0 pass for 0).
bool bit_identical(const HostBodies& a, const HostBodies& b) {
  if (a.size() != b.size()) return false;
  for (auto m : {&HostBodies::x, &HostBodies::y, &HostBodies::z, &HostBodies::vx, &HostBodies::vy,
                 &HostBodies::vz, &HostBodies::m}) {
    if (std::memcmp((a.*m).data(), (b.*m).data(), a.size() * sizeof(float)) != 0) return false;
  }
  return a.population == b.population && a.galaxy == b.galaxy;
}

// Generation runs on the CPU pool in fixed chunks of bodies, each drawing from its own random
// stream (scenarios/streams.hpp): the bodies depend on the scenario, N and the seed, not on the
// threads. 150,000 bodies give every component of the disk galaxies several chunks.
TEST(Scenarios, BodiesDoNotDependOnTheThreadCount) {
  constexpr std::size_t n = 150000;
  for (const char* name : {"collision", "m51", "cartwheel", "plummer", "collapse"}) {
    set_cpu_threads(1);
    const HostBodies one = make_scenario(name, n, 5);
    set_cpu_threads(3);
    const HostBodies three = make_scenario(name, n, 5);
    const HostBodies other_seed = make_scenario(name, n, 6);
    EXPECT_TRUE(bit_identical(one, three)) << name;
    EXPECT_NE(one.x, other_seed.x) << name;
    // Chunks draw from different streams: the second chunk does not repeat the first.
    const auto chunk = [&](std::size_t c) {
      return std::vector<float>(one.x.begin() + c * 16384, one.x.begin() + (c + 1) * 16384);
    };
    EXPECT_NE(chunk(0), chunk(1)) << name;
  }
  set_cpu_threads(0);
}

TEST(DiskGalaxy, RotationCurveFollowsThePotential) {
  CpuSimulation sim(Solver::BarnesHut, {});
  sim.reset(make_disk_galaxy(8000, 5));
  const DiskProfile p = disk_profile(sim.download());
  for (std::size_t k = 0; k < p.vphi.size(); ++k) {
    const double R = 0.5 * (DiskProfile::kEdges[k] + DiskProfile::kEdges[k + 1]);
    SCOPED_TRACE("R = " + std::to_string(R));
    std::printf("R %.2f: mean v_phi %.4f, v_circ (tree forces) %.4f, v_circ (analytic) %.4f\n", R,
                p.vphi[k], p.vcirc[k], disk_galaxy_circular_velocity({}, R));
    // Measured: mean v_phi lies 1.9-2.5% below the circular velocity of the tree forces from
    // R = 1 on, as the asymmetric drift (σ_R² (2R/R_d - 1/2) / 2v_c) predicts, and 1.6% above it
    // at R = 0.75 (see below). 4% allows for seeds; a rotation that ignores the bulge or the halo
    // is off by 15% and more.
    EXPECT_NEAR(p.vphi[k] / p.vcirc[k], 0.985, 0.04);
    // The analytic curve the generator uses (thin disk, unsoftened) agrees with the tree forces
    // of the realised bodies: measured 0.4-2.5% above them from R = 1, 4.8% at R = 0.75, where
    // the disk's thickness and the softening weaken the force most. A component missing from
    // the model changes it by 10% and more.
    EXPECT_NEAR(disk_galaxy_circular_velocity({}, R) / p.vcirc[k], 1.0, 0.07);
  }
}

TEST(DiskGalaxy, StaysAThinRotatingDiskForTwoRotations) {
  // dt = 0.025 and θ = 0.7 cut the cost by three; a rotation at R_d (2π R_d / v_c = 12.5) still
  // takes 500 steps, and the forces stay within about 1% of exact.
  CpuSimulation sim(Solver::BarnesHut, {0.7f, 0.025f, 0.05f});
  sim.reset(make_disk_galaxy(6000, 9));
  const DiskProfile p0 = disk_profile(sim.download());
  const double r_half0 = test_support::lagrangian_radius(sim.download(), 0.5);
  double worst_growth = 1.0;
  for (int rotation = 1; rotation <= 4; ++rotation) {  // half rotations
    for (int k = 0; k < 250; ++k) sim.step();
    const DiskProfile p = disk_profile(sim.download());
    worst_growth = std::max(worst_growth, p.rms_z / p0.rms_z);
    std::printf("t = %5.2f: rms z %.4f (%.2f x), v_phi/v_c at R 0.75..3.5:", sim.time(), p.rms_z,
                p.rms_z / p0.rms_z);
    for (std::size_t k = 0; k < p.vphi.size(); ++k) std::printf(" %.3f", p.vphi[k] / p.vcirc[k]);
    std::printf("\n");
    for (std::size_t k = 0; k < p.vphi.size(); ++k) {
      // Still rotating: measured 0.92-0.98 throughout (the asymmetric drift grows as N = 6000
      // heats the disk); a disk that flies apart or collapses loses its ordered rotation.
      EXPECT_GT(p.vphi[k] / p.vcirc[k], 0.85) << "t = " << sim.time() << ", ring " << k;
    }
  }
  // Measured at N = 6000: rms z 0.092 -> 0.13 (1.41x) after two rotations, all of it two-body
  // heating by the 3.7x heavier halo bodies (at N = 20000 it stays within 2% over a rotation).
  // A disk out of vertical equilibrium (σ_z 2x too large) doubles its thickness in the first
  // half rotation.
  EXPECT_LT(worst_growth, 1.8);
  EXPECT_NEAR(p0.rms_z, 0.1 * std::numbers::pi / std::sqrt(12.0), 0.006);  // sech²: z0 π/√12
  // The whole galaxy neither expands nor contracts (measured change below 2%).
  EXPECT_NEAR(test_support::lagrangian_radius(sim.download(), 0.5) / r_half0, 1.0, 0.05);
}

TEST(Plummer, LagrangianRadiiStayPutOverTenTimeUnits) {
  CpuSimulation sim(Solver::BarnesHut, {0.7f, 0.0125f, 0.05f});
  sim.reset(make_plummer(4000, 17));
  const double fractions[] = {0.1, 0.5, 0.9};
  double r0[3];
  for (int k = 0; k < 3; ++k) r0[k] = test_support::lagrangian_radius(sim.download(), fractions[k]);
  for (int s = 0; s < 800; ++s) sim.step();
  for (int k = 0; k < 3; ++k) {
    const double r1 = test_support::lagrangian_radius(sim.download(), fractions[k]);
    std::printf("r(%.0f%%): %.4f -> %.4f (%+.2f%%)\n", 100 * fractions[k], r0[k], r1,
                100 * (r1 / r0[k] - 1));
    // Measured: +3.9%, +3.4%, +2.2% (N = 4000, θ = 0.7; +3.2%, +1.3%, -0.1% at N = 8000,
    // θ = 0.5): the core expands a little as softening weakens its gravity, and finite N
    // relaxes it. Velocities 10% off equilibrium move the radii by 10% and more.
    EXPECT_NEAR(r1 / r0[k], 1.0, 0.06) << fractions[k];
  }
}

TEST(Collapse, ColdSphereFallsInWithinTheFreeFallTime) {
  CpuSimulation sim(Solver::BarnesHut, {0.5f, 0.0125f, 0.05f});
  sim.reset(make_cold_collapse(4000, 2));
  const Diagnostics d0 = sim.diagnostics();
  // Uniform sphere of radius 2: r_half = 2 / 2^(1/3) = 1.59; almost no kinetic energy.
  const double r_half0 = test_support::lagrangian_radius(sim.download(), 0.5);
  EXPECT_NEAR(r_half0, 1.587, 0.03);
  EXPECT_LT(d0.virial_ratio(), 0.02);
  // Free fall: t_ff = π/2 sqrt(R³ / 2GM) = 3.14. Each mass shell of a uniform sphere reaches the
  // centre at the same time, so by 0.9 t_ff the half-mass radius has shrunk a lot.
  const int steps = static_cast<int>(0.9 * 3.1416 / 0.0125);
  for (int s = 0; s < steps; ++s) sim.step();
  const double r_half = test_support::lagrangian_radius(sim.download(), 0.5);
  std::printf("r_half: %.3f -> %.3f at t = %.2f, virial ratio %.2f\n", r_half0, r_half, sim.time(),
              sim.diagnostics().virial_ratio());
  // Measured 1.58 -> 0.54 (0.34) with virial ratio 1.3 at t = 2.83. Without gravity or with
  // warm velocities the sphere would stay near 1.59 with virial ratio near 0.
  EXPECT_LT(r_half / r_half0, 0.6);
  EXPECT_GT(sim.diagnostics().virial_ratio(), 0.5);
}

TEST(Collision, GalaxyCentresApproachAndMerge) {
  // dt = 0.025 and θ = 0.7 cut the cost by three; the bulges' orbits (periods above 10) are
  // still resolved.
  CpuSimulation sim(Solver::BarnesHut, {0.7f, 0.025f, 0.05f});
  sim.reset(make_galaxy_collision(4000, 4));
  // Separation of the two bulges' centres, once per time unit up to t = 80.
  std::vector<double> d;
  auto separation = [&] {
    const HostBodies b = sim.download();
    const auto a = test_support::centre_of(b, Population::Bulge, 0), c = test_support::centre_of(b, Population::Bulge, 1);
    return std::hypot(a[0] - c[0], a[1] - c[1], a[2] - c[2]);
  };
  d.push_back(separation());
  for (int t = 1; t <= 80; ++t) {
    for (int k = 0; k < 40; ++k) sim.step();
    d.push_back(separation());
  }
  const auto first = std::min_element(d.begin(), d.begin() + 35);
  const double apocentre = *std::max_element(first, d.begin() + 55);
  const double late = *std::max_element(d.begin() + 72, d.end());
  std::printf(
      "separation: %.2f at t = 0, %.2f at the first pericentre (t = %td), %.2f at the "
      "apocentre after it, at most %.2f from t = 72 to 80\n",
      d[0], *first, first - d.begin(), apocentre, late);
  // Measured (N = 4000): 14.5 at the start; first pericentre 1.5 at t = 21 (the orbit aims at
  // 1.0 at t = 20 for point masses); out to 6.0 after it; from t = 72 the bulges stay within
  // 0.46 of each other in the merged core (at θ = 0.5, seed 1: 7.7 at t = 39, second pericentre
  // at t = 61, within 1.0 from t = 70). Galaxies that miss or escape (no dynamical friction,
  // wrong velocities) swing back out past 5 after every passage.
  EXPECT_GT(d[0], 12.0);
  EXPECT_LT(*first, 2.5);
  EXPECT_NEAR(first - d.begin(), 20.0, 4.0);
  EXPECT_LT(apocentre, 10.0);
  EXPECT_LT(late, 2.0);
}

}  // namespace
}  // namespace galaxy
