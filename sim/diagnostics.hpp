// SPDX-License-Identifier: MIT
#pragma once

#include "bodies.hpp"
#include "simulation.hpp"

namespace galaxy {

// Kinetic energy, potential energy (1/2 Σ m φ from the stored potentials), linear and angular
// momentum and centre of mass, all summed in double.
Diagnostics compute_diagnostics(const HostBodies& b);

// Radius that encloses `fraction` of the total mass about the centre of mass.
double lagrangian_radius(const HostBodies& b, double fraction);

}  // namespace galaxy
