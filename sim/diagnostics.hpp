// SPDX-License-Identifier: MIT
#pragma once

#include "bodies.hpp"
#include "host_device.hpp"
#include "simulation.hpp"

namespace galaxy {

// The sums behind Diagnostics, in double: kinetic, potential, mass, momentum[3], angular
// momentum[3], mass-weighted position[3]. The CPU backend (diagnostics.cpp) and the GPU's
// reduction (cuda/diagnostics.cu) add the same terms for every body.
inline constexpr int kDiagnosticSums = 12;
GALAXY_HD void add_diagnostics(double s[kDiagnosticSums], double m, double x, double y, double z,
                               double vx, double vy, double vz, double pot) {
  s[0] += 0.5 * m * (vx * vx + vy * vy + vz * vz);
  s[1] += 0.5 * m * pot;
  s[2] += m;
  s[3] += m * vx, s[4] += m * vy, s[5] += m * vz;
  s[6] += m * (y * vz - z * vy), s[7] += m * (z * vx - x * vz), s[8] += m * (x * vy - y * vx);
  s[9] += m * x, s[10] += m * y, s[11] += m * z;
}
Diagnostics diagnostics_from_sums(const double s[kDiagnosticSums]);

// Kinetic energy, potential energy (1/2 Σ m φ from the stored potentials), linear and angular
// momentum and centre of mass, all summed in double.
Diagnostics compute_diagnostics(const HostBodies& b);

}  // namespace galaxy
