// SPDX-License-Identifier: MIT
// Physical units of a run: the simulation works in G = 1 units; a scenario that models real
// galaxies says what its unit length and unit mass are, and from them (G in kpc (km/s)² / M☉)
// follow its unit speed and unit time. Shown in the panel (time in Myr, speeds in km/s, a kpc
// scale bar), read from encounter files and kept in snapshots.
#pragma once

#include <cmath>

namespace galaxy {

// G in kpc (km/s)² / M☉ (IAU 2015 nominal solar mass parameter, 1 kpc = 3.0857e16 km).
inline constexpr double kGravityKpcKms2PerMsun = 4.30091727e-6;
// One kpc / (km/s) in Myr.
inline constexpr double kMyrPerKpcPerKms = 977.792221;

struct Units {
  double length_kpc = 0;  // one length unit in kpc; 0: the run has no physical scale
  double mass_msun = 0;   // one mass unit in solar masses

  bool physical() const { return length_kpc > 0 && mass_msun > 0; }
  // One speed unit in km/s: sqrt(G M / L).
  double speed_kms() const { return std::sqrt(kGravityKpcKms2PerMsun * mass_msun / length_kpc); }
  // One time unit in Myr: L / V.
  double time_myr() const { return length_kpc / speed_kms() * kMyrPerKpcPerKms; }
  // Whether the speed and time units that follow are ordinary positive numbers: a length and a
  // mass each valid alone (1e-300 kpc, 1e300 M☉) can give an infinite or underflowed speed or
  // time, which every velocity and time would then be multiplied by.
  bool derived_usable() const {
    const double v = speed_kms(), t = time_myr();
    return std::isnormal(v) && v > 0 && std::isnormal(t) && t > 0;
  }
  friend bool operator==(const Units&, const Units&) = default;
};

// The disk galaxy model's units (sim/scenarios/disk_galaxy.hpp): a scale length of 3.5 kpc and a
// unit speed of 440 km/s, so that its rotation curve (0.50 units) is 220 km/s, as the Milky Way's;
// a unit mass of 1.58e11 M☉ (the model galaxy within 12 scale lengths, 42 kpc) and a unit time of
// 7.8 Myr (a rotation at the scale length: 97 Myr).
inline constexpr Units kDiskGalaxyUnits{3.5, 440.0 * 440.0 * 3.5 / kGravityKpcKms2PerMsun};

}  // namespace galaxy
