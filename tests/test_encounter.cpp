// SPDX-License-Identifier: MIT
// Encounters (sim/scenarios/encounter.hpp, orbit.hpp, presets.hpp): the Kepler orbit, the
// placement of galaxies on it in a live run, the shares of bodies, and the presets' lessons.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numbers>

#include "cpu/cpu_simulation.hpp"
#include "scenarios/encounter.hpp"
#include "scenarios/presets.hpp"
#include "scenarios/scenarios.hpp"
#include "test_support_sim.hpp"

namespace galaxy {
namespace {

double norm(const Vec3d& v) { return std::hypot(v[0], v[1], v[2]); }

// Two point masses integrated (leapfrog, double) from the state kepler_state gives T before
// pericentre: the closest approach is the pericentre asked for, at the time asked for.
TEST(Orbit, KeplerStateReachesThePericentreOnTime) {
  for (double e : {0.0, 0.5, 1.0, 1.8}) {
    SCOPED_TRACE("e = " + std::to_string(e));
    const OrbitParams o{1.5, e, 6.0};
    const double m = 2.0;
    const RelativeState at_peri = kepler_state(o, m, 0.0);
    EXPECT_NEAR(at_peri.r[0], 1.5, 1e-12);
    EXPECT_NEAR(at_peri.r[1], 0.0, 1e-12);
    EXPECT_GT(at_peri.v[1], 0.0) << "counter-clockwise";
    RelativeState s = kepler_state(o, m, -o.time_to_pericentre);
    const double dt = 1e-4;
    double closest = 1e30, when = 0;
    for (int k = 0; k < int(12.0 / dt); ++k) {
      const double r = norm(s.r);
      if (r < closest) closest = r, when = k * dt;
      for (int a = 0; a < 3; ++a) s.v[a] -= 0.5 * dt * m * s.r[a] / (r * r * r);
      for (int a = 0; a < 3; ++a) s.r[a] += dt * s.v[a];
      const double r2 = norm(s.r);
      for (int a = 0; a < 3; ++a) s.v[a] -= 0.5 * dt * m * s.r[a] / (r2 * r2 * r2);
    }
    if (e > 0) {  // a circle has no pericentre in time
      EXPECT_NEAR(when, 6.0, 2e-3);
    }
    EXPECT_NEAR(closest, 1.5, 1e-6);
  }
}

// Two compact Plummer spheres (scale 0.1, in equilibrium at softening 0.05) on a parabola to a
// pericentre of 1: the centres meet there at the asked time (within 10%). Spheres whose scale
// is below the softening are not in equilibrium: they swell, and their pull at 1 weakens.
TEST(Encounter, LiveGalaxiesMeetAtThePericentreOnTime) {
  Encounter e;
  GalaxySpec g;
  g.model = GalaxyModel::Plummer, g.mass = 0.5, g.scale = 0.1;
  e.galaxies = {g, g};
  e.orbit = OrbitParams{1.0, 1.0, 5.0};
  CpuSimulation sim(Solver::BarnesHut, {0.5f, 0.005f, 0.05f});
  sim.reset(make_encounter(e, 2000, 7));
  double closest = 1e30, when = 0;
  for (int k = 0; k < 1600; ++k) {
    const HostBodies b = sim.download();
    double c[2][3] = {}, m[2] = {};
    for (std::size_t i = 0; i < b.size(); ++i) {
      const int gi = b.galaxy[i];
      c[gi][0] += b.m[i] * b.x[i], c[gi][1] += b.m[i] * b.y[i], c[gi][2] += b.m[i] * b.z[i];
      m[gi] += b.m[i];
    }
    const double d = std::hypot(c[1][0] / m[1] - c[0][0] / m[0], c[1][1] / m[1] - c[0][1] / m[0],
                                c[1][2] / m[1] - c[0][2] / m[0]);
    if (d < closest) closest = d, when = sim.time();
    if (k % 8 == 0 && sim.time() > 7.0) break;
    sim.step();
  }
  std::printf("closest approach %.3f at t = %.3f (asked: 1.0 at 5.0)\n", closest, when);
  EXPECT_NEAR(closest, 1.0, 0.1);
  EXPECT_NEAR(when, 5.0, 0.5);
}

// Shares: each galaxy gets its share of the bodies (at least one), and with the default halo
// body weight at least three quarters of every disk preset's bodies are stars one sees.
TEST(Encounter, BodiesFollowTheSharesAndMostAreVisible) {
  Encounter e;
  GalaxySpec a, b, c;
  a.share = 3, b.share = 1, c.share = 0.001;
  e.galaxies = {a, b, c};
  e.galaxies[1].position = {30, 0, 0};
  e.galaxies[2].position = {0, 30, 0};
  const HostBodies h = make_encounter(e, 4001, 1);
  int count[3] = {};
  for (auto g : h.galaxy) ++count[g];
  EXPECT_EQ(count[2], 1);
  EXPECT_NEAR(count[0], 3 * count[1], 3);
  EXPECT_EQ(count[0] + count[1] + count[2], 4001);
  for (const Encounter& p : encounter_presets()) {
    SCOPED_TRACE(p.name);
    const HostBodies b = make_encounter(p, 20000, 2);
    ASSERT_EQ(b.size(), 20000u);
    EXPECT_NO_THROW(validate(b));
    const auto halo = std::count(b.population.begin(), b.population.end(),
                                 std::uint8_t(Population::Halo));
    EXPECT_LE(halo, 20000 / 4) << "halo bodies";
  }
}

TEST(Encounter, ImpossibleValuesAreRefusedWithTheirNames) {
  Encounter e;
  e.galaxies = {GalaxySpec{}, GalaxySpec{}};
  e.orbit = OrbitParams{};
  auto refused = [&](Encounter bad, std::size_t n, const std::string& words) {
    try {
      check_encounter(bad, n);
      ADD_FAILURE() << "accepted: " << words;
    } catch (const std::invalid_argument& x) {
      EXPECT_NE(std::string(x.what()).find(words), std::string::npos) << x.what();
    }
  };
  EXPECT_NO_THROW(check_encounter(e, 2));
  Encounter bad = e;
  bad.orbit->pericentre = 0;
  refused(bad, 0, "pericentre must be above 0");
  bad = e, bad.orbit->eccentricity = -0.1;
  refused(bad, 0, "eccentricity must be 0 or more");
  bad = e, bad.galaxies[1].mass = 0;
  refused(bad, 0, "galaxy 2: mass must be above 0");
  refused(e, 1, "2 galaxies need at least as many bodies");
  bad = e, bad.galaxies.push_back(GalaxySpec{});
  refused(bad, 0, "an orbit places two galaxies, not 3");
  EXPECT_THROW(make_encounter(e, 1, 1), std::invalid_argument);
}

// Disk bodies of galaxy 0 farther than `r` from both galaxies' centres (each the median position
// of its visible bodies: a tail does not pull it), as a fraction of its disk's mass.
double thrown_out(const HostBodies& b, double r) {
  std::vector<double> c[2][3];
  for (std::size_t i = 0; i < b.size(); ++i) {
    if (b.population[i] == std::uint8_t(Population::Halo)) continue;
    const int g = b.galaxy[i];
    c[g][0].push_back(b.x[i]), c[g][1].push_back(b.y[i]), c[g][2].push_back(b.z[i]);
  }
  double centre[2][3];
  for (int g = 0; g < 2; ++g) {
    for (int a = 0; a < 3; ++a) {
      auto& v = c[g][a];
      std::nth_element(v.begin(), v.begin() + v.size() / 2, v.end());
      centre[g][a] = v[v.size() / 2];
    }
  }
  double out = 0, all = 0;
  for (std::size_t i = 0; i < b.size(); ++i) {
    if (b.galaxy[i] != 0 || b.population[i] != std::uint8_t(Population::Disk)) continue;
    all += b.m[i];
    bool far = true;
    for (int g = 0; g < 2; ++g) {
      far &= std::hypot(b.x[i] - centre[g][0], b.y[i] - centre[g][1], b.z[i] - centre[g][2]) > r;
    }
    out += far ? b.m[i] : 0.0;
  }
  return out / all;
}

// Toomre & Toomre (1972): a prograde passage throws out far more of a disk than a retrograde one.
TEST(Presets, ProgradeThrowsOutThreeTimesMoreDiskThanRetrograde) {
  double fraction[2];
  for (int k = 0; k < 2; ++k) {
    const Encounter& e = *find_preset(k == 0 ? "prograde" : "retrograde");
    CpuSimulation sim(Solver::BarnesHut, {0.7f, 0.025f, 0.05f});
    sim.reset(make_encounter(e, 16000, 3));
    const double f0 = thrown_out(sim.download(), 3.0);
    while (sim.time() < e.show_time) sim.step();
    fraction[k] = thrown_out(sim.download(), 3.0);
    std::printf("%s: disk mass beyond 3 R_d of both centres %.3f at the start, %.3f at t = %.1f\n",
                e.name.c_str(), f0, fraction[k], sim.time());
  }
  // Measured (N = 16,000): 0.142 prograde against 0.034 retrograde, 13 time units after
  // pericentre (4.2 times; the generator's single stream before chunked streams gave 0.162 and
  // 0.047). The retrograde share is mostly the disk's own spreading (0.03 at N = 16,000 before
  // the pericentre; twice that at 8,000, as the heavier halo bodies heat it).
  EXPECT_GE(fraction[0], 3.0 * fraction[1]);
  EXPECT_GT(fraction[0], 0.05) << "the prograde passage threw out a tail";
}

// The m = 2 Fourier amplitude of the disk bodies within 2 scale lengths of the disk's centre.
double bar_amplitude(const HostBodies& b) {
  const auto [cx, cy, cz] = test_support::centre_of(b, Population::Disk, 0);
  double re = 0, im = 0, inside = 0;
  for (std::size_t i = 0; i < b.size(); ++i) {
    if (b.population[i] != std::uint8_t(Population::Disk)) continue;
    const double x = b.x[i] - cx, y = b.y[i] - cy;
    if (x * x + y * y > 4.0) continue;
    const double phi = std::atan2(y, x);
    re += b.m[i] * std::cos(2 * phi), im += b.m[i] * std::sin(2 * phi), inside += b.m[i];
  }
  return std::hypot(re, im) / inside;
}

// Ostriker & Peebles (1973): the cold disk in a light halo forms a bar within five rotations
// (at the scale length); in a heavy halo it stays round.
TEST(Presets, LightHaloDiskFormsABarHeavyHaloDiskDoesNot) {
  double most[2];
  for (int k = 0; k < 2; ++k) {
    const bool unstable = k == 0;
    const DiskGalaxyParams d = unstable ? bar_unstable_disk() : bar_stable_disk();
    const double rotation = 2 * std::numbers::pi / disk_galaxy_circular_velocity(d, 1.0);
    CpuSimulation sim(Solver::BarnesHut, {0.7f, 0.025f, 0.05f});
    sim.reset(make_scenario(unstable ? "bar-unstable" : "bar-stable", 20000, 4));
    most[k] = bar_amplitude(sim.download());
    while (sim.time() < 5 * rotation) {
      for (int s = 0; s < 40; ++s) sim.step();
      most[k] = std::max(most[k], bar_amplitude(sim.download()));
    }
    std::printf("%s: rotation %.1f; largest m=2 amplitude within 2 R_d over 5 rotations %.3f\n",
                unstable ? "light halo" : "heavy halo", rotation, most[k]);
  }
  // Measured (N = 20,000): 0.439 in the light halo, 0.050 at most in the heavy one; 0.44-0.53
  // for seeds 1, 2 and 4 and 0.036-0.067 for seeds 1-8. The heavy halo's m = 2 is swing-amplified
  // particle noise: at N = 10,000 it reached 0.047-0.099 over twelve seeds, above 0.08 for five
  // to seven of them (whichever random streams drew the bodies), too close to the line to test.
  EXPECT_GT(most[0], 0.2);
  EXPECT_LT(most[1], 0.08);
}

}  // namespace
}  // namespace galaxy
