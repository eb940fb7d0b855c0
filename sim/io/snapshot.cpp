// SPDX-License-Identifier: MIT
#include "snapshot.hpp"

#include <unistd.h>

#include <stdexcept>
#include <string>

#include "binary.hpp"
#include "formats.hpp"

namespace galaxy::io {

namespace {
// A format without units (Tipsy, CSV) read in the units of --units: galaxy's units from them,
// velocities and the time converted (file_units.hpp).
void apply_units(Snapshot& s, const FileUnits& f) {
  const double v = velocity_factor(f);
  for (auto* a : {&s.bodies.vx, &s.bodies.vy, &s.bodies.vz}) {
    for (float& x : *a) x = static_cast<float>(x * v);
  }
  s.time /= v;
  s.units = internal_units(f);
}

// What --units does to a load of format `f` (FormatUnits says why).
void adopt_units(Snapshot& s, const Format& f, const FileUnits& units,
                 const std::filesystem::path& path) {
  switch (f.units) {
    case FormatUnits::kOwn:
      s.warnings.push_back(path.string() + ": --units is ignored: a " + f.extensions.front() +
                           " file carries its own");
      break;
    case FormatUnits::kNone:
      apply_units(s, units);
      break;
    case FormatUnits::kStated:
      break;  // the loader has weighed them against the file's own
  }
}
}  // namespace

void save_snapshot(const std::filesystem::path& path, const Snapshot& s,
                   const Progress& progress) {
  format_to_save(path).save(path, s, progress);
}

bool is_gxy_path(const std::filesystem::path& path) {
  const Format* f = format_of_name(path);
  return f && f->read_by_run;
}

std::string with_default_format(const std::string& path) {
  if (path.empty() || std::filesystem::path(path).has_extension()) return path;
  return path + default_extension();
}

void check_save_path(const std::filesystem::path& path) {
  namespace fs = std::filesystem;
  format_to_save(path);  // throws for an extension a save does not know
  const fs::path dir = path.has_parent_path() ? path.parent_path() : fs::path(".");
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) {
    throw std::runtime_error(path.string() + ": folder " + dir.string() + " does not exist");
  }
  if (::access(dir.c_str(), W_OK | X_OK) != 0) {
    throw std::runtime_error(path.string() + ": folder " + dir.string() + " is not writable");
  }
  if (fs::is_directory(path, ec)) {
    throw std::runtime_error(path.string() + ": is a folder, not a file");
  }
}

Snapshot load_snapshot(const std::filesystem::path& path, const LoadOptions& o) {
  require_regular_file(path);
  const Format& f = format_to_load(path);
  Snapshot s = f.load(path, o);
  if (o.units) adopt_units(s, f, *o.units, path);
  return s;
}

std::optional<std::uint64_t> snapshot_body_count(const std::filesystem::path& path) {
  require_regular_file(path);  // before a format's row opens it (a FIFO would block for good)
  const Format& f = format_to_load(path);
  if (!f.body_count) return std::nullopt;  // CSV: a row a line, known only by reading them
  return f.body_count(path);
}

}  // namespace galaxy::io
