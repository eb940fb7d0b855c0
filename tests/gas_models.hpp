// SPDX-License-Identifier: MIT
// Gas set-ups of the hydrodynamics tests (test_sph*.cpp): lattices of equal-mass gas bodies, and
// the force pass of the hydrodynamic term alone on them.
#pragma once

#include <cmath>
#include <cstddef>

#include "bodies.hpp"
#include "cpu/hydro.hpp"
#include "meters.hpp"
#include "params.hpp"

namespace galaxy::test {

// Appends a cubic lattice of spacing `a` filling [lo, hi) in each axis (cell centres), bodies of
// mass `m` and internal energy `u`, as gas. Returns the count appended.
inline std::size_t add_gas_lattice(HostBodies& b, const float lo[3], const float hi[3], float a,
                                   float m, float u) {
  int n[3];
  for (int k = 0; k < 3; ++k) n[k] = static_cast<int>(std::lround((hi[k] - lo[k]) / a));
  const std::size_t first = b.size(), count = std::size_t(n[0]) * n[1] * n[2];
  b.resize(first + count);
  b.add_gas_arrays();
  std::size_t i = first;
  for (int ix = 0; ix < n[0]; ++ix) {
    for (int iy = 0; iy < n[1]; ++iy) {
      for (int iz = 0; iz < n[2]; ++iz, ++i) {
        b.x[i] = lo[0] + (ix + 0.5f) * a;
        b.y[i] = lo[1] + (iy + 0.5f) * a;
        b.z[i] = lo[2] + (iz + 0.5f) * a;
        b.m[i] = m, b.u[i] = u;
        b.population[i] = static_cast<std::uint8_t>(Population::Gas);
      }
    }
  }
  return count;
}

// The hydrodynamic term's pass alone (no gravity): zeroes the accelerations first.
inline void hydro_pass(CpuHydro& hydro, HostBodies& b) {
  for (auto* v : {&b.ax, &b.ay, &b.az, &b.pot}) v->assign(b.size(), 0.0f);
  SimParams sp;
  StageTimings t;
  InteractionCounts c;
  const ForcePass pass{sp, Solver::Direct, false, t, c, 0.0f};
  hydro.prepare(b, pass);
  hydro.accelerations(b, pass);
}

}  // namespace galaxy::test
