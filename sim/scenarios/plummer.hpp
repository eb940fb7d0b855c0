// SPDX-License-Identifier: MIT
#pragma once

#include <cstddef>
#include <cstdint>

#include "bodies.hpp"

namespace galaxy {

// A Plummer sphere in Hénon units (G = 1, total mass 1, total energy -1/4), drawn with the
// recipe of Aarseth, Hénon & Wielen (1974): radii by inverting the cumulative mass, velocities by
// von Neumann rejection from the isotropic distribution function. Equal masses; centre of mass
// and mean velocity moved to the origin. Radii beyond `r_cut` Plummer scale lengths are redrawn.
// The same seed gives the same bodies.
HostBodies make_plummer(std::size_t n, std::uint64_t seed, double r_cut = 22.8);

// make_plummer's bodies written into b[begin, begin + n) of bodies already sized (population
// and galaxy tag left as they are): how encounters build a Plummer galaxy in place.
void fill_plummer(HostBodies& b, std::size_t begin, std::size_t n, std::uint64_t seed,
                  double r_cut = 22.8);

}  // namespace galaxy
