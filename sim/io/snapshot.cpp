// SPDX-License-Identifier: MIT
#include "snapshot.hpp"

#include <unistd.h>

#include <stdexcept>
#include <string>

#include "binary.hpp"
#include "csv.hpp"
#include "gxy.hpp"
#include "hdf5.hpp"
#include "hdf5_plan.hpp"
#include "tipsy.hpp"

namespace galaxy::io {

namespace {
std::string extension(const std::filesystem::path& p) {
  std::string e = p.extension().string();
  for (char& c : e) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return e;
}
constexpr const char* kKnown = "use .gxy, .tipsy, .std, .tipsy-le, .csv, .hdf5 or .h5";
bool is_hdf5_name(const std::string& e) { return e == ".hdf5" || e == ".h5"; }

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
}  // namespace

void save_snapshot(const std::filesystem::path& path, const Snapshot& s,
                   const Progress& progress) {
  const std::string e = extension(path);
  if (e == ".gxy") return save_gxy(path, s, progress);
  if (e == ".tipsy" || e == ".std") return save_tipsy(path, s, std::endian::big, progress);
  if (e == ".tipsy-le") return save_tipsy(path, s, std::endian::little, progress);
  if (e == ".csv") return save_csv(path, s.bodies, progress);
  if (is_hdf5_name(e)) return save_hdf5(path, s);
  throw std::runtime_error(path.string() + ": unknown snapshot format '" + e + "' (" + kKnown +
                           ")");
}

bool is_gxy_path(const std::filesystem::path& path) {
  return extension(path) == ".gxy";
}

std::string with_default_format(const std::string& path) {
  if (path.empty() || std::filesystem::path(path).has_extension()) return path;
  return path + ".gxy";
}

void check_save_path(const std::filesystem::path& path) {
  namespace fs = std::filesystem;
  const std::string e = extension(path);
  if (e != ".gxy" && e != ".tipsy" && e != ".std" && e != ".tipsy-le" && e != ".csv" &&
      !is_hdf5_name(e)) {
    throw std::runtime_error(path.string() + ": unknown snapshot format '" + e + "' (" + kKnown +
                             ")");
  }
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
  const std::string e = extension(path);
  // Content first: a .gxy file is recognised by its magic whatever its name.
  if (e == ".gxy" || has_gxy_magic(path)) {
    Snapshot s = load_gxy(path, o.progress);
    if (o.units) {
      s.warnings.push_back(path.string() + ": --units is ignored: a .gxy file carries its own");
    }
    return s;
  }
  if (is_hdf5_name(e) || has_hdf5_signature(path)) return load_hdf5(path, o);
  // Tipsy files go by many names (.std, .bin, .00128, none); the header tells.
  Snapshot s = e == ".csv" ? load_csv(path, o.progress) : load_tipsy(path, o.progress);
  if (o.units) apply_units(s, *o.units);
  return s;
}

std::optional<std::uint64_t> snapshot_body_count(const std::filesystem::path& path) {
  const std::string e = extension(path);
  if (e == ".gxy" || has_gxy_magic(path)) return gxy_body_count(path);
  if (is_hdf5_name(e) || has_hdf5_signature(path)) {
    try {  // every particle type: the most a load of it can bring
      return h5::plan_snapshot(path, 0xff).bodies;
    } catch (const std::runtime_error&) {
      return std::nullopt;  // the load will say what is wrong
    }
  }
  if (e == ".csv") return std::nullopt;  // a row a line: known only by reading them
  return tipsy_body_count(path);
}

}  // namespace galaxy::io
