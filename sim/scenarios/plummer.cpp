// SPDX-License-Identifier: MIT
#include "scenarios/plummer.hpp"

#include <cmath>
#include <numbers>
#include <random>

namespace galaxy {

HostBodies make_plummer(std::size_t n, std::uint64_t seed, double r_cut) {
  HostBodies b;
  b.resize(n);
  if (n == 0) return b;
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  // Hénon units: lengths scale by 3π/16 and velocities by its inverse square root relative to the
  // Plummer scale-length units in which the sampling is written.
  const double rscale = 3.0 * std::numbers::pi / 16.0;
  const double vscale = 1.0 / std::sqrt(rscale);
  const double mass = 1.0 / static_cast<double>(n);
  double com[6] = {0, 0, 0, 0, 0, 0};
  std::vector<double> p(6 * n);
  for (std::size_t i = 0; i < n; ++i) {
    double r;
    do {
      const double x1 = u(rng);
      r = 1.0 / std::sqrt(std::pow(x1, -2.0 / 3.0) - 1.0);
    } while (!(r < r_cut));
    // Isotropic direction.
    const double cz = 2.0 * u(rng) - 1.0;
    const double phi = 2.0 * std::numbers::pi * u(rng);
    const double sz = std::sqrt(1.0 - cz * cz);
    double* q = &p[6 * i];
    q[0] = r * sz * std::cos(phi);
    q[1] = r * sz * std::sin(phi);
    q[2] = r * cz;
    // Speed as a fraction x of the local escape speed, with g(x) = x^2 (1 - x^2)^(7/2), whose
    // maximum is below 0.1.
    double x, y;
    do {
      x = u(rng);
      y = 0.1 * u(rng);
    } while (y > x * x * std::pow(1.0 - x * x, 3.5));
    const double v = x * std::sqrt(2.0) * std::pow(1.0 + r * r, -0.25);
    const double vz = 2.0 * u(rng) - 1.0;
    const double vphi = 2.0 * std::numbers::pi * u(rng);
    const double vs = std::sqrt(1.0 - vz * vz);
    q[3] = v * vs * std::cos(vphi);
    q[4] = v * vs * std::sin(vphi);
    q[5] = v * vz;
    for (int k = 0; k < 6; ++k) com[k] += q[k];
  }
  for (double& c : com) c /= static_cast<double>(n);
  for (std::size_t i = 0; i < n; ++i) {
    const double* q = &p[6 * i];
    b.x[i] = static_cast<float>((q[0] - com[0]) * rscale);
    b.y[i] = static_cast<float>((q[1] - com[1]) * rscale);
    b.z[i] = static_cast<float>((q[2] - com[2]) * rscale);
    b.vx[i] = static_cast<float>((q[3] - com[3]) * vscale);
    b.vy[i] = static_cast<float>((q[4] - com[4]) * vscale);
    b.vz[i] = static_cast<float>((q[5] - com[5]) * vscale);
    b.m[i] = static_cast<float>(mass);
  }
  return b;
}

}  // namespace galaxy
