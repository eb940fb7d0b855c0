// SPDX-License-Identifier: MIT
// galaxy's own snapshot (.gxy), for resuming a run exactly. Layout, little-endian:
//
//   offset  size  field
//        0     8  magic 89 'G' 'X' 'Y' 0D 0A 1A 0A (a high byte and CR LF catch text-mode copies)
//        8     4  u32 format version (1)
//       12     4  u32 header size in bytes (64)
//       16     8  u64 body count n
//       24     8  f64 simulation time
//       32     8  u64 steps taken
//       40    12  f32 theta, dt, softening
//       52    12  reserved, zero
//       64 44 n  f32 arrays of n values: x y z vx vy vz m ax ay az pot (in that order)
//   64+44n  2 n  u8 arrays: population, galaxy
//  64+46n     4  u32 CRC-32 (zlib) of every byte before it
#pragma once

#include <array>
#include <filesystem>

#include "snapshot.hpp"

namespace galaxy::io {

inline constexpr std::array<unsigned char, 8> kGxyMagic{0x89, 'G',  'X',  'Y',
                                                        0x0D, 0x0A, 0x1A, 0x0A};
inline constexpr std::uint32_t kGxyVersion = 1;

// Writes `s` atomically; a missing `s.params` is written as the defaults.
void save_gxy(const std::filesystem::path& path, const Snapshot& s);

// Reads and checks the whole file (magic, version, size against the body count, checksum, finite
// values, non-negative masses, valid tags) before returning. Throws std::runtime_error naming the
// file and the problem.
Snapshot load_gxy(const std::filesystem::path& path);

// True when the file starts with the .gxy magic.
bool has_gxy_magic(const std::filesystem::path& path);

}  // namespace galaxy::io
