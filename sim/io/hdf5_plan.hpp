// SPDX-License-Identifier: MIT
// The first pass of the HDF5 reader (hdf5.hpp): what the files of a snapshot hold, checked
// against each other before anything of their size is allocated. Internal to sim/io.
#pragma once

#include <array>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "../bodies.hpp"
#include "file_units.hpp"
#include "hdf5_handles.hpp"

namespace galaxy::io::h5 {

inline constexpr int kTypes = 8;  // PartType0 ... PartType7 (SWIFT has 7, GADGET 6)
using Counts = std::array<std::uint64_t, kTypes>;

// The population a particle type loads as (hdf5.hpp has the table).
Population population_of(int type, bool swift);

// What file 0 says about the whole snapshot.
struct Conventions {
  bool swift = false;
  std::optional<FileUnits> units;  // the file's own
  bool cosmological = false;
  double a = 1, h = 1;
  double time = 0;
  std::int64_t files = 1;
  std::optional<Counts> total;
};

// One particle type's datasets in one file: rows [first, first + count) of the bodies.
struct Part {
  int type;
  std::uint64_t count, first;
  std::optional<double> table_mass;  // Header/MassTable[type] where there is no Masses dataset
  bool tagged;                       // a GalaxyTag dataset (galaxy's own files)
};

struct Plan {
  Conventions c;
  std::vector<std::pair<std::filesystem::path, std::vector<Part>>> files;
  std::uint64_t bodies = 0, bytes = 0;
};

// Opens `p` for reading; throws naming the file and the library's reason.
Id open_file(const std::filesystem::path& p);

// Opens every file of the snapshot `path` belongs to and checks the datasets of the types
// `types` (bit k: PartType k): shapes, classes, counts against NumPart_Total. Throws
// std::runtime_error naming the file, group, dataset or attribute.
Plan plan_snapshot(const std::filesystem::path& path, std::uint32_t types);

// Throws std::runtime_error with `message` and the library's reason, if it gave one.
[[noreturn]] void fail(const std::string& message);

}  // namespace galaxy::io::h5
