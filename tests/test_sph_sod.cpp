// SPDX-License-Identifier: MIT
// Sod's shock tube (Sod 1978) in three dimensions, on the CPU's hydrodynamics: a slab of gas
// without periodic walls, dense and hot on the left, thin and cool on the right, released at t = 0.
// The density along the slab's axis is compared with the exact solution of the Riemann problem
// (Toro 2009, chapter 4) where neither the slab's open ends nor its open sides have been heard of.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "cpu/cpu_simulation.hpp"
#include "gas_models.hpp"

namespace galaxy {
namespace {

// The exact solution for a left state that expands in a rarefaction and a right one that a shock
// compresses (as here): density at x / t.
struct Riemann {
  double gamma, rho_l, p_l, rho_r, p_r;
  double c_l, c_r, p_star = 0, u_star = 0;

  Riemann(double g, double rl, double pl, double rr, double pr)
      : gamma(g), rho_l(rl), p_l(pl), rho_r(rr), p_r(pr) {
    c_l = std::sqrt(g * pl / rl), c_r = std::sqrt(g * pr / rr);
    double p = 0.5 * (pl + pr);
    for (int k = 0; k < 100; ++k) {  // Newton on f_l(p) + f_r(p) = 0 (both at rest)
      double fl, dfl, fr, dfr;
      side(p, rho_l, p_l, c_l, fl, dfl);
      side(p, rho_r, p_r, c_r, fr, dfr);
      p -= (fl + fr) / (dfl + dfr);
    }
    p_star = p;
    double fl, fr, d;
    side(p, rho_l, p_l, c_l, fl, d);
    side(p, rho_r, p_r, c_r, fr, d);
    u_star = 0.5 * (fr - fl);
  }
  void side(double p, double rho, double pk, double c, double& f, double& df) const {
    const double g = gamma;
    if (p > pk) {  // shock
      const double a = 2 / ((g + 1) * rho), b = (g - 1) / (g + 1) * pk, s = std::sqrt(a / (p + b));
      f = (p - pk) * s, df = s * (1 - 0.5 * (p - pk) / (b + p));
    } else {  // rarefaction
      f = 2 * c / (g - 1) * (std::pow(p / pk, (g - 1) / (2 * g)) - 1);
      df = 1 / (rho * c) * std::pow(p / pk, -(g + 1) / (2 * g));
    }
  }
  double shock_speed() const {
    const double g = gamma, ratio = p_star / p_r;
    return c_r * std::sqrt((g + 1) / (2 * g) * ratio + (g - 1) / (2 * g));
  }
  double density(double xi) const {
    const double g = gamma;
    if (xi < u_star) {  // left of the contact: the rarefaction
      const double c_star = c_l * std::pow(p_star / p_l, (g - 1) / (2 * g));
      if (xi < -c_l) return rho_l;
      if (xi > u_star - c_star) return rho_l * std::pow(p_star / p_l, 1 / g);
      const double c = 2 / (g + 1) * (c_l - (g - 1) / 2 * xi);
      return rho_l * std::pow(c / c_l, 2 / (g - 1));
    }
    const double ratio = p_star / p_r, k = (g - 1) / (g + 1);
    return xi < shock_speed() ? rho_r * (ratio + k) / (k * ratio + 1) : rho_r;
  }
};

// Left x in [-0.75, 0): spacing 0.025, density 1, pressure 1; right [0, 0.75): the same masses at
// spacing 0.75 / 19 (density 0.2540), pressure 0.1795 (Springel 2005's right state, ~1/5.6 of
// the left's). gamma = 5/3 (the run's gas). At t = 0.15 the open ends' rarefactions have come in
// to |x| = 0.56 and the open sides' to 0.18 of the axis: the bodies within 0.1 of the axis and
// |x| < 0.45 see the tube of an infinite slab (the kernel reaches 0.062 on the left).
//
// The L1 error, the mean of |rho - rho_exact(x)| over those bodies, is bounded by 0.03 (3% of the
// left density; measured 0.020): SPH smears the shock and the contact over about two smoothing
// lengths (GADGET-2's Sod test, Springel 2005 fig. 5, shows the same widths), and the kernel's
// 1.5% density bias (test_sph.cpp) adds its part on the plateaus. The shock (where the density
// crosses the middle of its jump) stands within 0.03, a third of the right side's h, of the exact
// one (measured 0.0024 ahead).
TEST(SphSod, TheDensityFollowsTheExactSolution) {
  const double gamma = 5.0 / 3.0;
  const float a_l = 0.025f, a_r = 0.75f / 19, side = 0.375f;
  const float m = a_l * a_l * a_l;
  const double rho_r = m / (double(a_r) * a_r * a_r), p_l = 1.0, p_r = 0.1795;
  HostBodies b;
  const float lo_l[3] = {-0.75f, -side, -side}, hi_l[3] = {0, side, side};
  const float lo_r[3] = {0, -side, -side}, hi_r[3] = {0.75f, side, side};
  test::add_gas_lattice(b, lo_l, hi_l, a_l, m, static_cast<float>(p_l / ((gamma - 1) * 1.0)));
  test::add_gas_lattice(b, lo_r, hi_r, a_r, m, static_cast<float>(p_r / ((gamma - 1) * rho_r)));
  SimParams sp;
  sp.dt = 0.01f;  // the Courant step is smaller: it sets every step
  CpuSimulation sim(Solver::BarnesHut, sp);
  sph::SphParams gas;
  gas.gamma = static_cast<float>(gamma);
  sim.set_gas_params(gas);
  // Hydrodynamics alone: no gravity in a shock tube.
  sim.set_gravity(false);
  sim.reset(b);
  const double t_end = 0.15;
  while (sim.time() < t_end - 1e-9) {
    SimParams p = sim.params();
    p.dt = static_cast<float>(std::min(0.01, t_end - sim.time()));
    sim.set_params(p);
    sim.step();
  }
  const Riemann exact(gamma, 1.0, p_l, rho_r, p_r);
  const HostBodies out = sim.download();
  const double t = sim.time();
  double l1 = 0;
  int count = 0;
  constexpr int kBins = 36;  // 0.025 wide over [-0.45, 0.45]
  double bin_rho[kBins] = {}, bin_n[kBins] = {};
  for (std::size_t i = 0; i < out.size(); ++i) {
    if (std::fabs(out.y[i]) > 0.1f || std::fabs(out.z[i]) > 0.1f || std::fabs(out.x[i]) >= 0.45f)
      continue;
    l1 += std::fabs(out.rho[i] - exact.density(out.x[i] / t));
    ++count;
    const int k = std::clamp(static_cast<int>((out.x[i] + 0.45f) / 0.025f), 0, kBins - 1);
    bin_rho[k] += out.rho[i], bin_n[k] += 1;
  }
  l1 /= count;
  // The shock: the last bin from the left whose density is above the middle of the jump.
  const double rho_shocked = exact.density(0.5 * (exact.u_star + exact.shock_speed()));
  const double middle = 0.5 * (rho_r + rho_shocked);
  double shock_x = -1;
  for (int k = 0; k < kBins; ++k) {
    const double x = -0.45 + (k + 0.5) * 0.025;
    if (bin_n[k] == 0) continue;  // the right side's lattice leaves some bins empty
    if (bin_rho[k] / bin_n[k] > middle) shock_x = x;
    std::printf("  x %+.4f  rho %.4f  exact %.4f\n", x, bin_rho[k] / bin_n[k],
                exact.density(x / t));
  }
  std::printf("Sod: t %.4f, %d steps, %d bodies on the axis, L1 density error %.4f; shock at "
              "%.4f (exact %.4f)\n",
              t, static_cast<int>(sim.steps_taken()), count, l1, shock_x,
              exact.shock_speed() * t);
  EXPECT_GT(count, 1000);
  EXPECT_LT(l1, 0.03);
  EXPECT_NEAR(shock_x, exact.shock_speed() * t, 0.03);
}

}  // namespace
}  // namespace galaxy
