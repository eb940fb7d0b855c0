// SPDX-License-Identifier: MIT
// Loading and saving whole states, choosing the format by extension (save) or by content and
// extension (load), through the formats' rows (formats.hpp).
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "../bodies.hpp"
#include "../simulation.hpp"
#include "../units.hpp"
#include "file_units.hpp"
#include "progress.hpp"

namespace galaxy::io {

struct Snapshot {
  HostBodies bodies;
  double time = 0;                  // simulation time of the state
  std::uint64_t steps = 0;          // steps taken to reach it (kept by .gxy only)
  std::optional<SimParams> params;  // the run's parameters (kept by .gxy only)
  std::vector<std::string> warnings;  // what loaded but looks wrong (Tipsy: implausible values)
  Units units;  // what a unit length and mass are (kept by .gxy only, from version 2; none: 0)
  // A .gxy whose bodies the run reads itself (Simulation::reads_gxy: over MPI ranks, in
  // parallel): their count, `bodies` empty; 0 where they are in `bodies`.
  std::uint64_t unread_bodies = 0;
};

// How to read a file: the choices of --units and --particle-types, and where the progress goes.
struct LoadOptions {
  // The file's units where it states none (HDF5, Tipsy, CSV); over an HDF5 file's own, with a
  // note. .gxy files carry galaxy's own units and ignore it, with a note.
  std::optional<FileUnits> units;
  // HDF5: bit k set loads the bodies of PartType k (0-7); the others are skipped.
  std::uint32_t particle_types = 0xff;
  // Called between chunks with the bytes read so far and the bytes to read (progress.hpp).
  Progress progress;
};

// The formats are the rows of formats.cpp (formats.hpp says what a row holds): .gxy, Tipsy
// big-endian (.tipsy, .std) and little-endian (.tipsy-le), .csv, HDF5 (.hdf5, .h5). A save
// chooses by extension; a load by content first, whatever the extension (a .gxy file by its
// magic, an HDF5 file by its signature), then by extension, and reads any other name as Tipsy
// (either byte order, told by its header). Each format's own header (gxy.hpp, tipsy.hpp,
// csv.hpp, hdf5.hpp) says its layout.
// Throws std::runtime_error naming the file and the problem; an unknown extension's message
// lists the known ones.
// A save never leaves a partly written file (atomic), a load reads and validates the whole file
// before returning. Both read and write in chunks, straight between the file and the bodies'
// arrays, and report their bytes to `progress` (progress.hpp) where one is given.
void save_snapshot(const std::filesystem::path& path, const Snapshot& s,
                   const Progress& progress = {});
// `path`, with .gxy added when its name has no extension: the format that keeps everything (the
// tags behind the colours, the step count and parameters of an exact resume) is the default of
// --save and of the panel's Save.
std::string with_default_format(const std::string& path);
// Whether `path`'s extension (in any case) is that of the format a run over MPI ranks reads and
// writes itself (.gxy: Format::read_by_run).
bool is_gxy_path(const std::filesystem::path& path);
// What a save to `path` would fail on before anything is written: an unknown extension, a folder
// that does not exist or cannot be written, a folder in the way. Throws std::runtime_error with
// the message save_snapshot would give; used to check --save before a run starts.
void check_save_path(const std::filesystem::path& path);
Snapshot load_snapshot(const std::filesystem::path& path, const LoadOptions& options = {});
// The body count a load of `path` would bring, read from its header alone (.gxy, Tipsy), for
// the memory preflight before the bodies are read; nothing for a format without a count in its
// header (CSV) or a file whose header does not check out (the load will say why).
std::optional<std::uint64_t> snapshot_body_count(const std::filesystem::path& path);

}  // namespace galaxy::io
