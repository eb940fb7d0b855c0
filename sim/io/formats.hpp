// SPDX-License-Identifier: MIT
// The snapshot formats, one row each: the names a file of it goes by, how it is read and
// written, what it knows of units and what the help says of it. Everything that chooses a format
// reads these rows: save_snapshot, load_snapshot, check_save_path, snapshot_body_count
// (snapshot.hpp), the --save and --load help, the panel's Save and Load tooltips, the fuzz
// targets (fuzz/) and tests/test_formats.cpp. A new format is its own file(s) and its row in
// formats.cpp.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "snapshot.hpp"

namespace galaxy::io {

// What a format knows of units, which decides what --units does to a load of it.
enum class FormatUnits {
  kOwn,     // galaxy's own, always (.gxy): --units is ignored, with a note
  kStated,  // the file may state them (HDF5): its loader weighs --units against them itself
  kNone,    // none (Tipsy, CSV): the numbers are read in the units of --units (file_units.hpp)
};

struct Format {
  std::string name{};                     // short and unique: "gxy", "tipsy-le" (tests, messages)
  std::vector<std::string> extensions{};  // lower case, with the dot; the first is its usual one
  std::string saves{};  // what a save writes, for the --save list ("" where the extension says it)
  std::string loads{};  // what a load reads, for the --load list ("" likewise)
  FormatUnits units = FormatUnits::kNone;
  // A run over MPI ranks reads and writes a file of it itself, each rank its share
  // (Simulation::reads_gxy and save_gxy), instead of through load and save here.
  bool read_by_run = false;
  // A file of any name no row's extension claims is read as this format (Tipsy files go by many
  // names: .bin, .00128, none; the loader tells by the header). At most one row.
  bool any_name = false;
  // Whether the file is of this format by its content (a magic number), which wins over its
  // name on a load; null where only the name tells.
  bool (*recognise)(const std::filesystem::path&) = nullptr;
  Snapshot (*load)(const std::filesystem::path&, const LoadOptions&) = nullptr;
  // Null for a format galaxy reads but does not write.
  void (*save)(const std::filesystem::path&, const Snapshot&, const Progress&) = nullptr;
  // The body count from the header alone (the memory preflight); null where the header has none.
  std::optional<std::uint64_t> (*body_count)(const std::filesystem::path&) = nullptr;
  // The libFuzzer target of the loader and its seeds' folder, fuzz/corpus/<fuzz>/ (one target
  // for rows that share a loader); "" for a loader not fuzzed.
  std::string fuzz{};
};

// Every format, the default of --save and of the panel's Save first.
std::span<const Format> formats();
// What a name without an extension gets on a save: the first row's usual extension (".gxy").
const std::string& default_extension();

// `path`'s extension in lower case, with the dot ("" for none).
std::string lower_extension(const std::filesystem::path& path);
// The row whose extensions hold `path`'s (any case); null for none.
const Format* format_of_name(const std::filesystem::path& path,
                             std::span<const Format> table = formats());
// The row a save to `path` writes, by its extension; throws std::runtime_error naming the file
// and the problem (an unknown extension, or a format that is read only) and the extensions a
// save knows.
const Format& format_to_save(const std::filesystem::path& path,
                             std::span<const Format> table = formats());
// The row a load of `path` reads: a row that recognises its content (in the rows' order), else
// the row of its extension, else the any_name row; throws std::runtime_error as above where none.
const Format& format_to_load(const std::filesystem::path& path,
                             std::span<const Format> table = formats());

// The extensions of the rows that can be saved (`savable`) or of all: ".gxy, .csv or .h5".
std::string extension_list(bool savable, std::span<const Format> table = formats());
// The lists of the help: ".gxy (the default; exact resume, colours), .tipsy/.std (Tipsy,
// big-endian), ..." for --save and the panel's Save; the --load one ends with which files are
// known by content and what any other name is read as.
std::string save_formats_help(std::span<const Format> table = formats());
std::string load_formats_help(std::span<const Format> table = formats());
// `text` with a space turned into a line break wherever a line would pass `width` characters
// (the panel's tooltips, which ImGui does not wrap).
std::string wrap_lines(std::string text, std::size_t width);

}  // namespace galaxy::io
