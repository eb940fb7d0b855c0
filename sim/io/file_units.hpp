// SPDX-License-Identifier: MIT
// The units a snapshot file is written in, and how they become galaxy's G = 1 units.
//
// A file in units of length L, mass M and speed V (GADGET's UnitLength_in_cm, UnitMass_in_g,
// UnitVelocity_in_cm_per_s; SWIFT's U_L, U_M and U_L / U_t) loads with the same length and mass
// units, Units{L, M}: positions and masses keep their numbers. G = 1 then fixes the speed unit
// V' = sqrt(G M / L) (Units::speed_kms), so velocities are multiplied by V / V' and times (in
// units of L / V) divided by it. A file in kpc, 1e10 M☉ and km/s (GADGET's usual units, where
// G = 43009) loads as Units{1, 1e10}: V' = 207.4 km/s, so velocities are divided by 207.4 and
// times (977.8 Myr units) multiplied by it (4.715 Myr units). Saving writes Units{L, M} as L, M
// and V' itself, so a round trip multiplies by exactly 1.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "../units.hpp"

namespace galaxy::io {

inline constexpr double kCmPerKpc = 3.0856775814913673e21;
// The IAU 2015 nominal solar mass (GM☉ / G with CODATA 2018's G): with kCmPerKpc it gives
// units.hpp's G = 4.30091727e-6 kpc (km/s)² / M☉.
inline constexpr double kGramsPerMsun = 1.98840987e33;
inline constexpr double kCmPerKm = 1e5;

struct FileUnits {
  double length_cm = 0;
  double mass_g = 0;
  double velocity_cm_s = 0;
  friend bool operator==(const FileUnits&, const FileUnits&) = default;
};

// "kpc,1e10Msun,km/s": a length, a mass and a speed, each a unit name with an optional factor in
// front (1e10Msun, 3.5kpc, "1e10 Msun"). Lengths: cm m km au pc kpc Mpc; masses: g kg Msun;
// speeds: cm/s m/s km/s. None when the text is not that; `why` (if given) then says what is wrong.
std::optional<FileUnits> parse_file_units(std::string_view text, std::string* why = nullptr);

// What is wrong with `f` as a file's units, "" for nothing: each unit a finite positive number,
// and the units that follow from them (galaxy's speed and time units, and the factor velocities
// are multiplied by) finite and neither zero nor denormal. Checked where units come from: --units,
// an HDF5 file's own, a .gxy header, and before a save writes them.
std::string units_problem(const FileUnits& f);
// The same for galaxy's units (none, physical() false, is fine: nothing is derived).
std::string units_problem(const Units& u);

// galaxy's units for a file in `f`: the file's length and mass units (G = 1 sets the speed).
Units internal_units(const FileUnits& f);
// What a file velocity is multiplied by to be in internal units (V / V', above).
double velocity_factor(const FileUnits& f);
// The file units that hold `u` as they are (its own speed unit): what a save writes.
FileUnits file_units_of(const Units& u);
// "1 kpc, 1e+10 Msun, 1 km/s": for messages.
std::string describe(const FileUnits& f);

}  // namespace galaxy::io
