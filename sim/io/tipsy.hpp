// SPDX-License-Identifier: MIT
// Tipsy snapshots, the format of ChaNGa, Bonsai, gasoline and pynbody.
//
// Header: f64 time, i32 nbodies, i32 ndim (3), i32 nsph, i32 ndark, i32 nstar, i32 pad
// (32 bytes), then nsph gas, ndark dark and nstar star records of f32:
//   gas  (12): mass, pos[3], vel[3], rho, temp, hsmooth, metals, phi
//   dark  (9): mass, pos[3], vel[3], eps, phi
//   star (11): mass, pos[3], vel[3], metals, tform, eps, phi
// The standard form is big-endian (XDR); the native form is the writer's own (here
// little-endian). Loading accepts both, telling them apart by the header (ndim == 3 and the
// counts summing to nbodies), and also the unpadded 28-byte header, told apart by the file size.
//
// Mapping of galaxy's bodies (see docs/snapshots.md):
//   Halo -> dark; Star, Disk, Bulge -> star. phi is the potential, eps the run's softening.
//   Star records carry the tags in metals as -(1 + (population | galaxy << 2)): negative
//   metallicity never occurs in a real file, so a foreign star (metals >= 0) loads as a Star of
//   galaxy 0. Dark records are written galaxy 0 first, and the header's pad word counts the
//   trailing dark records of galaxy 1; it is honoured only when every star record carries our tag
//   (or there are none), since a foreign native writer may leave garbage there.
//   Foreign records load as: gas -> Disk, dark -> Halo, star -> Star, all galaxy 0.
// Records come back grouped by type (dark before star), so a round trip reorders bodies.
#pragma once

#include <bit>
#include <filesystem>
#include <optional>

#include "snapshot.hpp"

namespace galaxy::io {

// Writes `s` atomically in byte order `order` (std::endian::big: the standard form). Throws for
// more bodies than a 32-bit count holds.
// The records are written a block at a time, with no copy of the file in memory.
void save_tipsy(const std::filesystem::path& path, const Snapshot& s, std::endian order,
                const Progress& progress = {});

// Reads either byte order, a block of records at a time into the bodies' arrays; throws
// std::runtime_error naming the file and the problem.
Snapshot load_tipsy(const std::filesystem::path& path, const Progress& progress = {});
// nbodies from the header, where the header and the file's size agree.
std::optional<std::uint64_t> tipsy_body_count(const std::filesystem::path& path);
// Adds a warning to s.warnings for values outside ±1e10 or masses <= 0 (negative ones are
// refused on load): the file loads, and the program says what looks wrong.
void warn_implausible(Snapshot& s, const std::filesystem::path& path);

}  // namespace galaxy::io
