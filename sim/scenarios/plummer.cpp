// SPDX-License-Identifier: MIT
#include "scenarios/plummer.hpp"

#include <cmath>
#include <numbers>
#include <random>

#include "scenarios/streams.hpp"

namespace galaxy {

namespace {

// Hénon units: lengths scale by 3π/16 and velocities by its inverse square root relative to the
// Plummer scale-length units in which the sampling is written.
constexpr double kRscale = 3.0 * std::numbers::pi / 16.0;

// Bodies [begin, end) of a Plummer sphere of mass 1, each of mass `mass`, centred but not yet
// at rest (fill_plummer does that for all of them).
void draw_plummer(HostBodies& b, std::size_t begin, std::size_t end, Rng& rng, double r_cut,
                  double mass) {
  std::uniform_real_distribution<double> u(0.0, 1.0);
  const double vscale = 1.0 / std::sqrt(kRscale);
  for (std::size_t i = begin; i < end; ++i) {
    double r;
    do {
      const double x1 = u(rng);
      r = 1.0 / std::sqrt(std::pow(x1, -2.0 / 3.0) - 1.0);
    } while (!(r < r_cut));
    // Isotropic direction.
    const double cz = 2.0 * u(rng) - 1.0;
    const double phi = 2.0 * std::numbers::pi * u(rng);
    const double sz = std::sqrt(1.0 - cz * cz);
    b.x[i] = static_cast<float>(r * sz * std::cos(phi) * kRscale);
    b.y[i] = static_cast<float>(r * sz * std::sin(phi) * kRscale);
    b.z[i] = static_cast<float>(r * cz * kRscale);
    // Speed as a fraction x of the local escape speed, with g(x) = x^2 (1 - x^2)^(7/2), whose
    // maximum is below 0.1.
    double x, y, q;
    do {  // (1 - x²)^(7/2) as q³ √q: a square root where pow() cost a log and an exp
      x = u(rng);
      y = 0.1 * u(rng);
      q = 1.0 - x * x;
    } while (y > x * x * q * q * q * std::sqrt(q));
    const double v = x * std::sqrt(2.0) / std::sqrt(std::sqrt(1.0 + r * r)) * vscale;
    const double vz = 2.0 * u(rng) - 1.0;
    const double vphi = 2.0 * std::numbers::pi * u(rng);
    const double vs = std::sqrt(1.0 - vz * vz);
    b.vx[i] = static_cast<float>(v * vs * std::cos(vphi));
    b.vy[i] = static_cast<float>(v * vs * std::sin(vphi));
    b.vz[i] = static_cast<float>(v * vz);
    b.m[i] = static_cast<float>(mass);
  }
}

}  // namespace

void fill_plummer(HostBodies& b, std::size_t begin, std::size_t n, std::uint64_t seed,
                  double r_cut) {
  if (n == 0) return;
  const double mass = 1.0 / static_cast<double>(n);
  draw_in_chunks(seed, {{n, Stream::Plummer, [&](std::size_t lo, std::size_t hi, Rng& rng) {
                           draw_plummer(b, begin + lo, begin + hi, rng, r_cut, mass);
                         }}});
  centre_at_rest(b, begin, begin + n);
}

HostBodies make_plummer(std::size_t n, std::uint64_t seed, double r_cut) {
  HostBodies b;
  b.resize(n);
  fill_plummer(b, 0, n, seed, r_cut);
  return b;
}

}  // namespace galaxy
