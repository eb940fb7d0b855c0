// SPDX-License-Identifier: MIT
#include "scenarios/cold_collapse.hpp"

#include <cmath>
#include <random>

#include "scenarios/streams.hpp"

namespace galaxy {

namespace {

// Bodies [begin, end) of the sphere, positions in units of its radius.
void draw_sphere(HostBodies& b, std::size_t begin, std::size_t end, Rng& rng, double radius,
                 double sigma, double mass) {
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  std::normal_distribution<double> gauss(0.0, sigma);
  for (std::size_t i = begin; i < end; ++i) {
    double x, y, z;
    do {  // rejection from the cube keeps the density exactly uniform
      x = u(rng);
      y = u(rng);
      z = u(rng);
    } while (x * x + y * y + z * z > 1.0);
    b.x[i] = static_cast<float>(x * radius);
    b.y[i] = static_cast<float>(y * radius);
    b.z[i] = static_cast<float>(z * radius);
    b.vx[i] = static_cast<float>(gauss(rng));
    b.vy[i] = static_cast<float>(gauss(rng));
    b.vz[i] = static_cast<float>(gauss(rng));
    b.m[i] = static_cast<float>(mass);
  }
}

}  // namespace

HostBodies make_cold_collapse(std::size_t n, std::uint64_t seed, double radius,
                              double virial_ratio) {
  HostBodies b;
  b.resize(n);
  if (n == 0) return b;
  // W = -3/5 GM²/R for a uniform sphere; K = 3/2 M σ² per the isotropic dispersion σ.
  const double w = 0.6 / radius;
  const double sigma = std::sqrt(virial_ratio * w / 3.0);
  const double mass = 1.0 / static_cast<double>(n);
  draw_in_chunks(seed, {{n, Stream::Collapse, [&](std::size_t lo, std::size_t hi, Rng& rng) {
                           draw_sphere(b, lo, hi, rng, radius, sigma, mass);
                         }}});
  centre_at_rest(b);
  return b;
}

}  // namespace galaxy
