// SPDX-License-Identifier: MIT
#include "diagnostics.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

namespace galaxy {

Diagnostics diagnostics_from_sums(const double s[kDiagnosticSums]) {
  Diagnostics d;
  d.kinetic = s[0];
  d.potential = s[1];
  d.mass = s[2];
  for (int k = 0; k < 3; ++k) {
    d.momentum[k] = s[3 + k];
    d.angular_momentum[k] = s[6 + k];
    d.com[k] = d.mass > 0 ? s[9 + k] / d.mass : 0.0;
  }
  return d;
}

Diagnostics compute_diagnostics(const HostBodies& b) {
  const std::size_t n = b.size();
  double s[kDiagnosticSums] = {};
#pragma omp parallel for reduction(+ : s[:kDiagnosticSums]) schedule(static)
  for (std::size_t i = 0; i < n; ++i) {
    add_diagnostics(s, b.m[i], b.x[i], b.y[i], b.z[i], b.vx[i], b.vy[i], b.vz[i], b.pot[i]);
  }
  Diagnostics d = diagnostics_from_sums(s);
  if (b.has_gas()) {
    double thermal = 0;
    for (std::size_t i = 0; i < n; ++i) {
      if (b.is_gas(i)) thermal += double(b.m[i]) * b.u[i];
    }
    d.thermal = thermal;
  }
  return d;
}

}  // namespace galaxy
