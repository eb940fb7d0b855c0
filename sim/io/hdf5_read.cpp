// SPDX-License-Identifier: MIT
// Reading GADGET, AREPO and SWIFT snapshots (hdf5.hpp says what is read and how). Two passes:
// the first (hdf5_plan.cpp) opens every file of the set and checks its header and datasets
// against each other, so that nothing is allocated for a file that cannot load; the second, here,
// reads the datasets in chunks of rows straight into the bodies.
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <cstring>
#include <fstream>
#include <stdexcept>

#include "binary.hpp"
#include "hdf5.hpp"
#include "progress.hpp"
#include "hdf5_handles.hpp"
#include "hdf5_plan.hpp"
#include "tipsy.hpp"

namespace galaxy::io {

namespace {

using h5::fail;
using h5::Id;
using h5::Part;
using h5::Plan;
constexpr hsize_t kChunkRows = hsize_t(1) << 18;  // 3 MB of float vectors a chunk

// Reads rows [row, row + rows) of dataset `ds` (`width` values each) as floats into `out`.
void read_rows(hid_t ds, hsize_t row, hsize_t rows, hsize_t width, float* out,
               const std::string& at) {
  const Id space(H5Dget_space(ds), H5Sclose);
  const int rank = H5Sget_simple_extent_ndims(space.get());
  const hsize_t start[2] = {row, 0}, count[2] = {rows, width};
  const hsize_t values = rows * width;
  const Id memory(H5Screate_simple(1, &values, nullptr), H5Sclose);
  if (H5Sselect_hyperslab(space.get(), H5S_SELECT_SET, start, nullptr, count, nullptr) < 0 ||
      rank < 1 ||
      H5Dread(ds, H5T_NATIVE_FLOAT, memory.get(), space.get(), H5P_DEFAULT, out) < 0) {
    fail(fmt::format("{}: rows {} to {} cannot be read", at, row, row + rows - 1));
  }
}

[[noreturn]] void bad_value(const std::string& at, std::uint64_t row, float v, bool mass) {
  if (mass && v < 0) throw std::runtime_error(fmt::format("{}: row {}: negative mass {}", at, row, v));
  throw std::runtime_error(fmt::format("{}: row {}: {} (after conversion to float)", at, row,
                                       std::isnan(v) ? "NaN" : "infinite"));
}

// Reads the (count x 3) dataset `name` (`at` names it in messages) times `scale` into the three
// arrays `xyz` from the part's first body on, a chunk at a time through `buf`.
void read_vectors(hid_t group, const char* name, const std::string& at, const Part& part,
                  float scale, std::vector<float>* xyz[3], std::vector<float>& buf,
                  ProgressMeter& progress) {
  const Id ds = h5::open_dataset(group, name);
  const std::size_t size = H5Tget_size(Id(H5Dget_type(ds.get()), H5Tclose).get());
  for (hsize_t row = 0; row < part.count; row += kChunkRows) {
    const hsize_t rows = std::min<hsize_t>(kChunkRows, part.count - row);
    read_rows(ds.get(), row, rows, 3, buf.data(), at);
    float* out[3] = {xyz[0]->data() + part.first + row, xyz[1]->data() + part.first + row,
                     xyz[2]->data() + part.first + row};
    bool finite = true;
    for (hsize_t i = 0; i < rows; ++i) {
      for (int c = 0; c < 3; ++c) {
        const float v = buf[3 * i + c] * scale;
        finite &= std::isfinite(v);
        out[c][i] = v;
      }
    }
    if (!finite) {
      for (hsize_t i = 0;; ++i) {
        for (int c = 0; c < 3; ++c) {
          if (!std::isfinite(out[c][i])) bad_value(at, row + i, out[c][i], false);
        }
      }
    }
    progress.advance(rows * 3 * size);
  }
}

void read_masses(hid_t group, const std::string& at, const Part& part, float scale,
                 HostBodies& b, ProgressMeter& progress) {
  float* m = b.m.data() + part.first;
  if (part.table_mass) {
    std::fill_n(m, part.count, static_cast<float>(*part.table_mass * scale));
    return;
  }
  const Id ds = h5::open_dataset(group, "Masses");
  const std::size_t size = H5Tget_size(Id(H5Dget_type(ds.get()), H5Tclose).get());
  for (hsize_t row = 0; row < part.count; row += kChunkRows) {
    const hsize_t rows = std::min<hsize_t>(kChunkRows, part.count - row);
    read_rows(ds.get(), row, rows, 1, m + row, at);
    bool good = true;
    for (hsize_t i = row; i < row + rows; ++i) {
      m[i] *= scale;
      good &= std::isfinite(m[i]) && m[i] >= 0;
    }
    for (hsize_t i = row; !good; ++i) {
      if (!std::isfinite(m[i]) || m[i] < 0) bad_value(at, i, m[i], true);
    }
    progress.advance(rows * size);
  }
}

// Read as 64-bit integers, not as bytes: HDF5 clips a value outside the memory type's range on
// conversion (-1 to 0, 300 to 255), which would pass the check below as a valid tag.
void read_tags(hid_t group, const std::string& at, const Part& part, HostBodies& b) {
  std::uint8_t* tags = b.galaxy.data() + part.first;
  const Id ds = h5::open_dataset(group, "GalaxyTag");
  const Id space(H5Dget_space(ds.get()), H5Sclose);
  std::vector<std::int64_t> buf(std::min<hsize_t>(kChunkRows, part.count));
  for (hsize_t row = 0; row < part.count; row += kChunkRows) {
    const hsize_t rows = std::min<hsize_t>(kChunkRows, part.count - row);
    const Id memory(H5Screate_simple(1, &rows, nullptr), H5Sclose);
    if (H5Sselect_hyperslab(space.get(), H5S_SELECT_SET, &row, nullptr, &rows, nullptr) < 0 ||
        H5Dread(ds.get(), H5T_NATIVE_INT64, memory.get(), space.get(), H5P_DEFAULT,
                buf.data()) < 0) {
      fail(fmt::format("{}: rows {} to {} cannot be read", at, row, row + rows - 1));
    }
    for (hsize_t i = 0; i < rows; ++i) {
      if (buf[i] < 0 || buf[i] >= kMaxGalaxies) {
        throw std::runtime_error(fmt::format("{}: row {}: galaxy tag {}, outside 0 to {}", at,
                                             row + i, buf[i], kMaxGalaxies - 1));
      }
      tags[row + i] = static_cast<std::uint8_t>(buf[i]);
    }
  }
}

// Multiplies positions, velocities and masses by these on the way in.
struct Scale {
  float position = 1, velocity = 1, mass = 1;
};

void read_part(hid_t file, const std::string& name, const Part& part, const Plan& plan,
               const Scale& scale, HostBodies& b, std::vector<float>& buf, ProgressMeter& progress) {
  const std::string group_name = "PartType" + std::to_string(part.type);
  const Id g = h5::open_group(file, group_name.c_str());
  const std::string at = name + ": " + group_name + "/";
  std::vector<float>* positions[3] = {&b.x, &b.y, &b.z};
  std::vector<float>* velocities[3] = {&b.vx, &b.vy, &b.vz};
  read_vectors(g.get(), "Coordinates", at + "Coordinates", part, scale.position, positions, buf,
               progress);
  read_vectors(g.get(), "Velocities", at + "Velocities", part, scale.velocity, velocities, buf,
               progress);
  read_masses(g.get(), at + "Masses", part, scale.mass, b, progress);
  std::fill_n(b.population.begin() + part.first, part.count,
              static_cast<std::uint8_t>(h5::population_of(part.type, plan.c.swift)));
  if (part.tagged) read_tags(g.get(), at + "GalaxyTag", part, b);
}

std::string type_list(std::uint32_t types) {
  std::string s;
  for (int k = 0; k < h5::kTypes; ++k) {
    if (!(types >> k & 1)) continue;
    if (!s.empty()) s += ',';
    s += std::to_string(k);
  }
  return s;
}

}  // namespace

std::optional<std::uint32_t> parse_particle_types(std::string_view text, std::string* why) {
  static constexpr std::string_view kNames[] = {"gas", "dm", "disk", "bulge", "stars", "bh"};
  std::uint32_t mask = 0;
  for (std::size_t start = 0, comma = 0; comma != text.npos; start = comma + 1) {
    comma = text.find(',', start);
    const std::string_view part = text.substr(start, comma == text.npos ? text.npos : comma - start);
    int type = -1;
    if (part.size() == 1 && part[0] >= '0' && part[0] < '0' + h5::kTypes) type = part[0] - '0';
    for (int k = 0; k < 6; ++k) {
      if (part == kNames[k]) type = k;
    }
    if (type < 0) {
      if (why) {
        *why = fmt::format("'{}' is not a particle type: give numbers 0 to {} or gas, dm, disk, "
                           "bulge, stars, bh, comma separated", part, h5::kTypes - 1);
      }
      return std::nullopt;
    }
    mask |= 1u << type;
  }
  return mask;
}

bool has_hdf5_signature(const std::filesystem::path& path) {
  static constexpr unsigned char kSignature[8] = {0x89, 'H', 'D', 'F', 0x0D, 0x0A, 0x1A, 0x0A};
  unsigned char head[8] = {};
  try {
    RegularFile in(path);  // a FIFO would block the read: only a regular file is looked into
    return in.read(reinterpret_cast<char*>(head), 8) && std::memcmp(head, kSignature, 8) == 0;
  } catch (const std::runtime_error&) {
    return false;  // the load says what is wrong
  }
}

Snapshot load_hdf5(const std::filesystem::path& path, const LoadOptions& o) {
  h5::quiet();
  const Plan plan = h5::plan_snapshot(path, o.particle_types);
  if (plan.bodies == 0) {
    throw std::runtime_error(fmt::format("{}: no bodies of the particle types loaded ({})",
                                         path.string(), type_list(o.particle_types)));
  }
  Snapshot s;
  const h5::Conventions& c = plan.c;
  const std::optional<FileUnits> units = o.units ? o.units : c.units;
  if (o.units && c.units && !(*o.units == *c.units)) {
    s.warnings.push_back(fmt::format("{}: --units {} override the file's own, {}", path.string(),
                                     describe(*o.units), describe(*c.units)));
  }
  if (!units) {
    s.warnings.push_back(path.string() + ": the file states no units: its numbers load as they "
                         "are, as G = 1 units (--units kpc,1e10Msun,km/s gives GADGET's usual)");
  }
  double v = units ? velocity_factor(*units) : 1;
  if (std::fabs(v - 1) < 1e-12) v = 1;  // a file of galaxy's own units: exactly as saved
  Scale scale{1, static_cast<float>(v), 1};
  s.time = c.time / v;
  if (c.cosmological) {
    scale.position = static_cast<float>(c.a / c.h);
    scale.mass = static_cast<float>(1 / c.h);
    if (!c.swift) scale.velocity = static_cast<float>(v * std::sqrt(c.a));
    s.time = 0;
    s.warnings.push_back(fmt::format(
        "{}: a cosmological snapshot at a = {:.4g}: loaded as physical and non-expanding "
        "(positions x a{}{}), from time 0", path.string(), c.a, c.swift ? "" : " / h, masses / h",
        c.swift ? "" : ", velocities x sqrt(a) to peculiar ones"));
  }
  s.units = units ? internal_units(*units) : Units{};
  s.bodies = allocate_bodies(plan.bodies, path);
  ProgressMeter progress(o.progress, plan.bytes);
  std::vector<float> buf(kChunkRows * 3);
  for (const auto& [p, parts] : plan.files) {
    const Id f = h5::open_file(p);
    for (const Part& part : parts) {
      read_part(f.get(), p.string(), part, plan, scale, s.bodies, buf, progress);
    }
  }
  progress.finish();
  warn_implausible(s, path);
  return s;
}

}  // namespace galaxy::io
