// SPDX-License-Identifier: MIT
#pragma once

#include <cstddef>
#include <cstdint>

#include "bodies.hpp"

namespace galaxy {

// A cold uniform sphere of total mass 1 and radius `radius` (G = 1) whose bodies have tiny
// isotropic Gaussian velocities (virial ratio 2K/|W| = `virial_ratio`). It collapses in the
// free-fall time π/2 sqrt(R³/2GM) (3.1 time units, 250 steps of dt = 0.0125, for R = 2), bounces
// and settles into a hot spheroid. Equal masses, population Star, centred at rest.
HostBodies make_cold_collapse(std::size_t n, std::uint64_t seed, double radius = 2.0,
                              double virial_ratio = 0.01);

}  // namespace galaxy
