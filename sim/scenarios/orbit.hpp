// SPDX-License-Identifier: MIT
// Two-body (Kepler) orbits of point masses, in the convention of Barnes & Hibbard's Identikit:
// the orbit lies in the x-y plane, pericentre on +x, the second body moving counter-clockwise
// (orbital angular momentum along +z).
#pragma once

#include <array>

namespace galaxy {

struct OrbitParams {
  double pericentre = 1.0;          // r_p > 0
  double eccentricity = 1.0;        // 0 ≤ e: below 1 bound, 1 parabolic, above 1 hyperbolic
  double time_to_pericentre = 20.0;  // from the start; ≥ 0
  friend bool operator==(const OrbitParams&, const OrbitParams&) = default;
};

using Vec3d = std::array<double, 3>;

// Position and velocity of the second body relative to the first.
struct RelativeState {
  Vec3d r, v;
};

// The relative state `t` time units after pericentre (negative before it) for a total mass `m`
// (G = 1): Kepler's equation for e < 1, Barker's for e = 1 (|e - 1| < 1e-9), the hyperbolic
// Kepler equation for e > 1.
RelativeState kepler_state(const OrbitParams& o, double m, double t);

}  // namespace galaxy
