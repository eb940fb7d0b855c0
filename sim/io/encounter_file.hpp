// SPDX-License-Identifier: MIT
// Encounter files (.toml): what `--encounter FILE` runs and the panel saves and loads. Read and
// written with toml11 (Debian's libtoml11-dev). docs/scenarios.md shows the format:
//
//   name = "antennae"                 # optional: name, description, show_time
//   [units]                           # optional: what a unit length and mass are
//   length_kpc = 3.5
//   mass_msun = 1.58e11
//   [orbit]                           # two galaxies: their Kepler orbit
//   pericentre = 2.0                  # or pericentre_kpc (with [units])
//   eccentricity = 1.0
//   time_to_pericentre = 15.0         # or time_to_pericentre_myr
//   [[galaxy]]                        # one table per galaxy
//   model = "disk"                    # disk, plummer or hernquist
//   mass = 1.0                        # or mass_msun; scale or scale_kpc; share
//   inclination = 60.0                # degrees; argument too
//   position = [0, 0, 0]              # without an orbit; or position_kpc, velocity, velocity_kms
//   [galaxy.disk]                     # the disk model's structure (disk_galaxy.hpp's fields)
//   toomre_q = 1.2
//
// Values in physical units (the _kpc, _msun, _myr and _kms keys) need [units] and are converted
// to the file's units on reading; a save writes the model units and [units].
#pragma once

#include <filesystem>

#include "scenarios/encounter.hpp"

namespace galaxy::io {

// Reads and checks (check_encounter) `path`. Throws std::runtime_error naming the file, the line
// and the key: a syntax error, a value of the wrong type, an unknown key, a physical value
// without [units], an impossible value.
Encounter load_encounter(const std::filesystem::path& path);

// Writes `e` atomically (a failed save leaves an older file as it was).
void save_encounter(const std::filesystem::path& path, const Encounter& e);

}  // namespace galaxy::io
