// SPDX-License-Identifier: MIT
// galaxy's own snapshot (.gxy), for resuming a run exactly. Layout, little-endian, version 2
// (docs/snapshots.md has every field):
//
//   offset  size  field
//        0     8  magic 89 'G' 'X' 'Y' 0D 0A 1A 0A (a high byte and CR LF catch text-mode copies)
//        8     4  u32 format version (2)
//       12     4  u32 header size in bytes (80; 64 in version 1)
//       16     8  u64 body count n
//       24     8  f64 simulation time
//       32     8  u64 steps taken
//       40    20  the parameters (sim/params.cpp: each row's GxyField; byte 59: the later ones)
//       60     4  reserved, zero
//       64     8  f64 one length unit in kpc (0: no physical scale)      } version 2 only
//       72     8  f64 one mass unit in solar masses (0: no physical scale) }
//   H      44 n  f32 arrays of n values: x y z vx vy vz m ax ay az pot (in that order)
//   H+44n   2 n  u8 arrays: population, galaxy
//   H+46n     4  u32 CRC-32 (zlib) of every byte before it
//
// H is the header size. Version 1 (64 bytes, no units) still loads, as a run without units.
#pragma once

#include <array>
#include <filesystem>
#include <optional>

#include "snapshot.hpp"

namespace galaxy::io {

inline constexpr std::array<unsigned char, 8> kGxyMagic{0x89, 'G',  'X',  'Y',
                                                        0x0D, 0x0A, 0x1A, 0x0A};
inline constexpr std::uint32_t kGxyVersion = 2;  // what save_gxy writes; versions 1 and 2 load

// Writes `s` atomically as version 2; a missing `s.params` is written as the defaults, and
// `s.units` as they are (none: zeros).
void save_gxy(const std::filesystem::path& path, const Snapshot& s, const Progress& progress = {});

// For a writer of its own (each MPI rank its share of the bodies, in parallel:
// sim/mpi/rank_save.cpp): the version 2 header; where element i of array `array` lies (0-10: x
// ... pot, 11 population, 12 galaxy) for n bodies; a piece's checksum continuing `c`, and the
// checksum of two pieces from theirs (`b_bytes`: the second piece's length); the checks
// save_gxy makes of the bodies (here a share of n) and the units, throwing as it does.
inline constexpr std::size_t kGxyHeaderBytes = 80;
inline constexpr int kGxyArrays = 13;
std::array<unsigned char, kGxyHeaderBytes> gxy_header(std::uint64_t n, double time,
                                                      std::uint64_t steps, const SimParams& p,
                                                      const Units& u);
std::uint64_t gxy_offset(int array, std::uint64_t n, std::uint64_t i);
std::uint32_t gxy_crc(std::uint32_t c, const void* p, std::size_t n);
std::uint32_t gxy_crc_join(std::uint32_t a, std::uint32_t b, std::uint64_t b_bytes);
void check_gxy_save(const HostBodies& b, std::uint64_t n, const Units& u,
                    const std::filesystem::path& path);

// For a reader of its own (each MPI rank its block of every array, in parallel:
// sim/mpi/rank_load.cpp): the header read and checked as load_gxy checks it, the snapshot without
// its bodies, the body count, the header's size (version 1: 64; gxy_offset's places are for 80)
// and its checksum, and the checksum stored at the file's end; load_gxy's checks of a block of
// the bodies, `first` its first index (the messages name bodies by their index in the file).
struct GxyHead {
  Snapshot snapshot;
  std::uint64_t bodies = 0;
  std::size_t header_bytes = 0;
  std::uint32_t header_crc = 0, file_crc = 0;
};
GxyHead read_gxy_head(const std::filesystem::path& path);
void check_gxy_block(const HostBodies& b, std::uint64_t first, const std::filesystem::path& path);

// Reads and checks the whole file (magic, version and its header size, size against the body
// count, checksum, finite values, non-negative masses, valid tags, units) before returning. A
// version 1 file loads with no units. The arrays are read in chunks straight into the bodies'
// (the checksum computed as they come). Throws std::runtime_error naming the file and the problem.
Snapshot load_gxy(const std::filesystem::path& path, const Progress& progress = {});
// The body count in the header, where the header checks out and agrees with the file's size.
std::optional<std::uint64_t> gxy_body_count(const std::filesystem::path& path);

// True when the file starts with the .gxy magic.
bool has_gxy_magic(const std::filesystem::path& path);

}  // namespace galaxy::io
