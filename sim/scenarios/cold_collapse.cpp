// SPDX-License-Identifier: MIT
#include "scenarios/cold_collapse.hpp"

#include <cmath>
#include <random>

namespace galaxy {

HostBodies make_cold_collapse(std::size_t n, std::uint64_t seed, double radius,
                              double virial_ratio) {
  HostBodies b;
  b.resize(n);
  if (n == 0) return b;
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  // W = -3/5 GM²/R for a uniform sphere; K = 3/2 M σ² per the isotropic dispersion σ.
  const double w = 0.6 / radius;
  const double sigma = std::sqrt(virial_ratio * w / 3.0);
  std::normal_distribution<double> gauss(0.0, sigma);
  for (std::size_t i = 0; i < n; ++i) {
    double x, y, z;
    do {  // rejection from the cube keeps the density exactly uniform
      x = u(rng);
      y = u(rng);
      z = u(rng);
    } while (x * x + y * y + z * z > 1.0);
    const double q[6] = {x * radius, y * radius, z * radius, gauss(rng), gauss(rng), gauss(rng)};
    b.x[i] = static_cast<float>(q[0]);
    b.y[i] = static_cast<float>(q[1]);
    b.z[i] = static_cast<float>(q[2]);
    b.vx[i] = static_cast<float>(q[3]);
    b.vy[i] = static_cast<float>(q[4]);
    b.vz[i] = static_cast<float>(q[5]);
    b.m[i] = static_cast<float>(1.0 / static_cast<double>(n));
  }
  centre_at_rest(b);
  return b;
}

}  // namespace galaxy
