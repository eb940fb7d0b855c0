// SPDX-License-Identifier: MIT
// HDF5 snapshots of the field's codes: GADGET-2, GADGET-4, AREPO and SWIFT, through the HDF5 C
// library (Debian's libhdf5-dev).
//
// Reading. The groups PartType0 ... PartType7 hold the datasets Coordinates (n x 3), Velocities
// (n x 3) and Masses (n), in float or double; a type without Masses takes Header/MassTable[k].
// Header/NumPart_ThisFile gives each type's count in this file; NumPart_Total (with
// NumPart_Total_HighWord where present) the whole snapshot's, which the files must add up to. A
// snapshot of several files is named name.0.hdf5 ... name.K-1.hdf5 (Header/NumFilesPerSnapshot
// = K); loading any one of them loads them all. Each dataset is read in chunks of rows, HDF5
// converting to float on the way, straight into the bodies' arrays, sized once from the headers;
// nothing else of the file's size is held.
//
// Particle types become populations:
//   GADGET, AREPO: 0 gas -> Disk, 1 dark matter -> Halo, 2 disk -> Disk, 3 bulge -> Bulge,
//                  4 stars -> Star, 5 black holes -> Star
//   SWIFT:         0 gas -> Disk, 1 and 2 dark matter -> Halo, 3 sinks -> Star, 4 stars -> Star,
//                  5 black holes -> Star, 6 neutrinos -> Halo
// A file is SWIFT's when its Header has SWIFT's Scale-factor attribute. LoadOptions's
// particle_types chooses the types to load.
//
// Units (file_units.hpp says how they become galaxy's G = 1 units): SWIFT's Units group (U_L,
// U_M, U_t); else GADGET's UnitLength_in_cm, UnitMass_in_g and UnitVelocity_in_cm_per_s in the
// Header or the Parameters group; else the options' (--units); else none (the numbers load as
// G = 1 units, with a note). --units over a file's own wins, with a note.
//
// Cosmological files (GADGET: Parameters/ComovingIntegrationOn = 1, or a Header Redshift > 0
// with Time = 1 / (1 + Redshift); SWIFT: Cosmology/Cosmological run = 1) load as a physical,
// non-expanding snapshot at that moment, with a note: positions x a (comoving to physical) and,
// in GADGET, / h with masses / h (kpc/h, M☉/h), and GADGET's velocities x sqrt(a) (its files
// store sqrt(a) dx/dt; SWIFT's are peculiar already). The time starts at 0.
//
// Writing (GADGET-4 layout, one file): Header (NumPart_ThisFile, NumPart_Total,
// NumPart_Total_HighWord, MassTable of zeros, Time, Redshift 0, BoxSize: the side of a cube about
// the origin holding every body, NumFilesPerSnapshot 1, Dimension 3, Flag_DoublePrecision 0,
// Code "galaxy"), and per type Coordinates, Velocities, Masses (float), ParticleIDs (u64, the
// body's index) and GalaxyTag (u8, galaxy's galaxy tag, read back by galaxy). Populations go to
// Halo -> 1, Disk -> 2, Bulge -> 3, Star -> 4, so populations survive a round trip; bodies come
// back grouped by type. A run with units also gets Parameters/UnitLength_in_cm, UnitMass_in_g,
// UnitVelocity_in_cm_per_s (GADGET-4's place), SWIFT's Units and InternalCodeUnits groups,
// Cosmology (not cosmological), an empty Policy group (pynbody then reads the SWIFT units) and
// each dataset's SWIFT unit exponents: pynbody and swiftsimio both read it with its units.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

#include "snapshot.hpp"

namespace galaxy::io {

// Writes `s` atomically (a temporary file in the same folder, closed, then renamed).
void save_hdf5(const std::filesystem::path& path, const Snapshot& s);

// Reads the snapshot `path` belongs to. Throws std::runtime_error naming the file (and the
// dataset or attribute) and the problem: not HDF5, truncated, a missing group or dataset, a
// dataset whose shape, type or length disagrees with the header, NaN or infinite values, negative
// masses, a missing file of a set, counts that disagree with NumPart_Total.
Snapshot load_hdf5(const std::filesystem::path& path, const LoadOptions& options);

// "0,1,4" or "gas,dm,stars": the particle types to load, as LoadOptions::particle_types' bits.
// Numbers 0 to 7, or GADGET's names: gas 0, dm 1, disk 2, bulge 3, stars 4, bh 5. None for
// anything else; `why` (if given) then says what is wrong.
std::optional<std::uint32_t> parse_particle_types(std::string_view text, std::string* why = nullptr);

// True when the file starts with the HDF5 signature (89 'HDF' 0D 0A 1A 0A).
bool has_hdf5_signature(const std::filesystem::path& path);

}  // namespace galaxy::io
