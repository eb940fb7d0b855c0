// SPDX-License-Identifier: MIT
#include "scenarios/orbit.hpp"

#include <algorithm>
#include <cmath>

namespace galaxy {

namespace {

// The true anomaly `t` after pericentre.
double true_anomaly(const OrbitParams& o, double m, double t) {
  const double e = o.eccentricity, q = o.pericentre;
  if (std::fabs(e - 1.0) < 1e-9) {
    // Barker: t = sqrt(2 q³ / m) (D + D³/3), D = tan(ν/2); Cardano's root of D³ + 3D - 3τ = 0.
    const double tau = t / std::sqrt(2.0 * q * q * q / m);
    const double w = 1.5 * tau, s = std::sqrt(w * w + 1.0);
    return 2.0 * std::atan(std::cbrt(w + s) + std::cbrt(w - s));
  }
  if (e < 1.0) {
    const double a = q / (1.0 - e), mean = std::sqrt(m / (a * a * a)) * t;
    // Kepler's equation E - e sin E = M, by Newton from M (+ e sin M), in M's own turn.
    const double turns = std::round(mean / (2.0 * M_PI));
    const double mm = mean - 2.0 * M_PI * turns;
    double E = mm + e * std::sin(mm);
    for (int k = 0; k < 50; ++k) {
      const double d = (E - e * std::sin(E) - mm) / (1.0 - e * std::cos(E));
      E -= d;
      if (std::fabs(d) < 1e-15) break;
    }
    return 2.0 * std::atan2(std::sqrt(1.0 + e) * std::sin(E / 2), std::sqrt(1.0 - e) * std::cos(E / 2));
  }
  // e sinh H - H = M, by Newton from asinh(M / e).
  const double a = q / (e - 1.0), mean = std::sqrt(m / (a * a * a)) * t;
  double H = std::asinh(mean / e);
  for (int k = 0; k < 100; ++k) {
    const double d = (e * std::sinh(H) - H - mean) / (e * std::cosh(H) - 1.0);
    H -= d;
    if (std::fabs(d) < 1e-15 * std::max(1.0, std::fabs(H))) break;
  }
  return 2.0 * std::atan(std::sqrt((e + 1.0) / (e - 1.0)) * std::tanh(H / 2));
}

}  // namespace

RelativeState kepler_state(const OrbitParams& o, double m, double t) {
  const double e = o.eccentricity, p = o.pericentre * (1.0 + e);  // semi-latus rectum
  const double nu = true_anomaly(o, m, t);
  const double r = p / (1.0 + e * std::cos(nu)), vh = std::sqrt(m / p);  // m / h, h = sqrt(m p)
  return {{r * std::cos(nu), r * std::sin(nu), 0.0},
          {-vh * std::sin(nu), vh * (e + std::cos(nu)), 0.0}};
}

}  // namespace galaxy
