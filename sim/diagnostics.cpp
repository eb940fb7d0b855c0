// SPDX-License-Identifier: MIT
#include "diagnostics.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

namespace galaxy {

Diagnostics compute_diagnostics(const HostBodies& b) {
  Diagnostics d;
  const std::size_t n = b.size();
  double k = 0, w = 0, mass = 0, p[3] = {0, 0, 0}, l[3] = {0, 0, 0}, c[3] = {0, 0, 0};
#pragma omp parallel for reduction(+ : k, w, mass, p[:3], l[:3], c[:3]) schedule(static)
  for (std::size_t i = 0; i < n; ++i) {
    const double m = b.m[i];
    const double x = b.x[i], y = b.y[i], z = b.z[i];
    const double vx = b.vx[i], vy = b.vy[i], vz = b.vz[i];
    k += 0.5 * m * (vx * vx + vy * vy + vz * vz);
    w += 0.5 * m * b.pot[i];
    mass += m;
    p[0] += m * vx;
    p[1] += m * vy;
    p[2] += m * vz;
    l[0] += m * (y * vz - z * vy);
    l[1] += m * (z * vx - x * vz);
    l[2] += m * (x * vy - y * vx);
    c[0] += m * x;
    c[1] += m * y;
    c[2] += m * z;
  }
  d.kinetic = k;
  d.potential = w;
  d.mass = mass;
  for (int i = 0; i < 3; ++i) {
    d.momentum[i] = p[i];
    d.angular_momentum[i] = l[i];
    d.com[i] = mass > 0 ? c[i] / mass : 0.0;
  }
  return d;
}

double lagrangian_radius(const HostBodies& b, double fraction) {
  const Diagnostics d = compute_diagnostics(b);
  std::vector<std::pair<double, double>> rm(b.size());
  for (std::size_t i = 0; i < b.size(); ++i) {
    const double dx = b.x[i] - d.com[0], dy = b.y[i] - d.com[1], dz = b.z[i] - d.com[2];
    rm[i] = {std::sqrt(dx * dx + dy * dy + dz * dz), b.m[i]};
  }
  std::sort(rm.begin(), rm.end());
  const double target = fraction * d.mass;
  double acc = 0;
  for (const auto& [r, m] : rm) {
    acc += m;
    if (acc >= target) return r;
  }
  return rm.empty() ? 0.0 : rm.back().first;
}

}  // namespace galaxy
