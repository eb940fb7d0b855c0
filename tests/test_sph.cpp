// SPDX-License-Identifier: MIT
// The hydrodynamics' pieces on the CPU (sph.hpp, cpu/hydro.hpp): the kernel, the smoothing length
// solve, the pair symmetry that conserves momentum and energy, and bad gas named and refused.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <stdexcept>
#include <string>

#include "cpu/cpu_simulation.hpp"
#include "cuda_sim.hpp"
#include "gas_models.hpp"
#include "sph.hpp"
#include "test_support_sim.hpp"

namespace galaxy {
namespace {

// The kernel integrates to one over its sphere, and its derivatives are those of its values
// (central differences).
TEST(SphKernel, IsNormalisedAndItsDerivativesMatchItsValues) {
  const float h = 0.7f;
  double integral = 0;
  const int n = 20000;
  for (int k = 0; k < n; ++k) {
    const double r = (k + 0.5) * h / n;
    integral += 4 * M_PI * r * r * sph::kernel(static_cast<float>(r), h).w * (h / n);
  }
  EXPECT_NEAR(integral, 1.0, 1e-5);
  for (const float r : {0.05f, 0.2f, 0.45f, 0.66f}) {
    const float e = 1e-3f;
    const sph::KernelValue v = sph::kernel(r, h);
    const float dr = (sph::kernel(r + e, h).w - sph::kernel(r - e, h).w) / (2 * e);
    const float dh = (sph::kernel(r, h + e).w - sph::kernel(r, h - e).w) / (2 * e);
    EXPECT_NEAR(v.dw_dr, dr, 2e-3f * std::fabs(dr) + 1e-4f) << r;
    EXPECT_NEAR(v.dw_dh, dh, 2e-3f * std::fabs(dh) + 1e-4f) << r;
  }
  EXPECT_EQ(sph::kernel(h, h).w, 0.0f);
  EXPECT_EQ(sph::kernel(2 * h, h).dw_dr, 0.0f);
}

// A lattice of unit spacing and mass has density 1: deep inside it the SPH estimate is within
// 2%, and the same for every body there. (The Wendland C2 kernel overestimates a regular
// arrangement's density at 64 neighbours by its self-contribution's excess: 1.46% here, as
// Dehnen & Aly 2012 fig. 5 show for C2 at this neighbour number.) Every h satisfies
// (4 pi / 3) h^3 rho = 64 m to the solver's tolerance.
std::size_t first_deep(const HostBodies& b) {
  for (std::size_t i = 0; i < b.size(); ++i) {
    if (std::fabs(b.x[i] - 8) < 4 && std::fabs(b.y[i] - 8) < 4 && std::fabs(b.z[i] - 8) < 4)
      return i;
  }
  return 0;
}

TEST(SphDensity, ALatticeHasItsDensityAndEveryHMeetsTheNeighbourCount) {
  HostBodies b;
  const float lo[3] = {0, 0, 0}, hi[3] = {16, 16, 16};
  test::add_gas_lattice(b, lo, hi, 1.0f, 1.0f, 1.0f);
  CpuHydro hydro;
  test::hydro_pass(hydro, b);
  int inside = 0;
  for (std::size_t i = 0; i < b.size(); ++i) {
    const double count = 4.0 / 3.0 * M_PI * std::pow(double(b.h[i]), 3) * b.rho[i];
    ASSERT_NEAR(count, 64.0, 64 * 2e-4) << "body " << i;
    const bool deep = std::fabs(b.x[i] - 8) < 4 && std::fabs(b.y[i] - 8) < 4 &&
                      std::fabs(b.z[i] - 8) < 4;
    if (!deep) continue;
    ++inside;
    EXPECT_NEAR(b.rho[i], 1.0f, 0.02f) << "body " << i;
    EXPECT_NEAR(b.rho[i], b.rho[first_deep(b)], 1e-5f) << "body " << i;
    EXPECT_NEAR(b.h[i], std::cbrt(64 * 3 / (4 * M_PI)), 0.03) << "body " << i;
    // No pressure gradient inside a uniform lattice, where no neighbour's h feels the faces.
    if (std::fabs(b.x[i] - 8) < 3 && std::fabs(b.y[i] - 8) < 3 && std::fabs(b.z[i] - 8) < 3) {
      EXPECT_NEAR(std::hypot(b.ax[i], b.ay[i], b.az[i]), 0.0f, 1e-4f) << "body " << i;
    }
  }
  EXPECT_EQ(inside, 512);
}

// A random cloud of gas, random velocities and internal energies: the pair terms cancel, so the
// hydrodynamic forces change neither momentum (sum m a = 0) nor total energy
// (sum m v . a + sum m du/dt = 0), to rounding against the sums of their sizes.
TEST(SphForces, ConserveMomentumAndEnergyPairByPair) {
  HostBodies b;
  const std::size_t n = 3000;
  b.resize(n);
  b.add_gas_arrays();
  std::mt19937 rng(7);
  std::normal_distribution<float> g(0.0f, 1.0f);
  std::uniform_real_distribution<float> u(0.5f, 2.0f);
  for (std::size_t i = 0; i < n; ++i) {
    b.x[i] = g(rng), b.y[i] = g(rng), b.z[i] = 0.5f * g(rng);
    b.vx[i] = 0.3f * g(rng), b.vy[i] = 0.3f * g(rng), b.vz[i] = 0.3f * g(rng);
    b.m[i] = u(rng) / n, b.u[i] = u(rng);
    b.population[i] = static_cast<std::uint8_t>(Population::Gas);
  }
  CpuHydro hydro;
  test::hydro_pass(hydro, b);
  double p[3] = {0, 0, 0}, p_size = 0, e = 0, e_size = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const double m = b.m[i];
    p[0] += m * b.ax[i], p[1] += m * b.ay[i], p[2] += m * b.az[i];
    p_size += m * std::sqrt(b.ax[i] * b.ax[i] + b.ay[i] * b.ay[i] + b.az[i] * b.az[i]);
    const double work = m * (b.vx[i] * b.ax[i] + b.vy[i] * b.ay[i] + b.vz[i] * b.az[i]);
    e += work + m * b.dudt[i];
    e_size += std::fabs(work) + std::fabs(m * b.dudt[i]);
  }
  for (double c : p) EXPECT_LT(std::fabs(c), 1e-5 * p_size);
  EXPECT_LT(std::fabs(e), 1e-3 * e_size) << "dE/dt " << e << " of " << e_size;
  EXPECT_GT(hydro.courant_dt(), 0.0f);
  EXPECT_TRUE(std::isfinite(hydro.courant_dt()));
}

// A gas body with a negative or NaN internal energy is refused by name, before any step.
TEST(SphBadGas, NegativeOrNanInternalEnergyIsNamed) {
  for (const float bad : {-1.0f, NAN}) {
    HostBodies b;
    const float lo[3] = {0, 0, 0}, hi[3] = {4, 4, 4};
    test::add_gas_lattice(b, lo, hi, 1.0f, 1.0f, 1.0f);
    b.u[37] = bad;
    CpuSimulation sim(Solver::Direct, SimParams{});
    try {
      sim.reset(b);
      FAIL() << "accepted u = " << bad;
    } catch (const std::invalid_argument& e) {
      EXPECT_NE(std::string(e.what()).find("gas body 37"), std::string::npos) << e.what();
      EXPECT_NE(std::string(e.what()).find(std::isnan(bad) ? "NaN" : "negative"),
                std::string::npos)
          << e.what();
    }
  }
}

// A gas body far heavier than all the gas together can find no h that holds 64 of its own
// masses: the step says which body and leaves the run where it was.
TEST(SphBadGas, AnHThatDoesNotConvergeIsNamedAndTheRunKept) {
  HostBodies b;
  const float lo[3] = {0, 0, 0}, hi[3] = {5, 5, 5};
  test::add_gas_lattice(b, lo, hi, 1.0f, 1.0f, 1.0f);
  CpuSimulation sim(Solver::Direct, SimParams{});
  sim.reset(b);
  const HostBodies before = sim.download();
  sim.host_bodies()->m[42] = 1e4f;
  try {
    sim.step();
    FAIL() << "the step went on";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("gas body 42"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("did not converge"), std::string::npos) << e.what();
  }
  EXPECT_EQ(sim.steps_taken(), 0u);
  EXPECT_EQ(sim.download().x, before.x);
  EXPECT_EQ(sim.download().u, before.u);
}

// The CUDA backend has no hydrodynamics yet: it refuses gas by name instead of running it as
// stars, and keeps the run it had.
TEST(GpuSphRefusal, TheCudaBackendRefusesGasAndKeepsItsRun) {
  REQUIRE_CUDA();
  auto sim = test_support::cuda_sim(Solver::BarnesHut);
  HostBodies stars;
  const float lo[3] = {0, 0, 0}, hi[3] = {4, 4, 4};
  test::add_gas_lattice(stars, lo, hi, 1.0f, 1.0f, 1.0f);
  HostBodies gas = stars;
  for (auto& p : stars.population) p = static_cast<std::uint8_t>(Population::Disk);
  sim->reset(stars);
  try {
    sim->reset(gas);
    FAIL() << "the cuda backend took gas";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("gas body 0"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("--backend cpu"), std::string::npos) << e.what();
  }
  EXPECT_EQ(sim->size(), stars.size());
}

}  // namespace
}  // namespace galaxy
