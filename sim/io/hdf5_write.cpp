// SPDX-License-Identifier: MIT
// Writing galaxy's state as a GADGET-4-layout HDF5 file with units (hdf5.hpp has the layout).
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <stdexcept>

#include "atomic_file.hpp"
#include "binary.hpp"
#include "hdf5.hpp"
#include "hdf5_handles.hpp"

namespace galaxy::io {

namespace {

using h5::Id;
constexpr int kTypes = 6;                         // GADGET's
constexpr hsize_t kChunkRows = hsize_t(1) << 16;  // bodies gathered per write

// The particle type a population is written as: the inverse of the reader's GADGET mapping.
int type_of(std::uint8_t population) {
  switch (static_cast<Population>(population)) {
    case Population::Halo: return 1;
    case Population::Disk: return 2;
    case Population::Bulge: return 3;
    default: return 4;
  }
}

class Writer {
 public:
  explicit Writer(const std::filesystem::path& path) : path_(path.string()) {}

  void check(bool ok, const std::string& what) const {
    if (ok) return;
    const std::string why = h5::reason();
    throw std::runtime_error(path_ + ": cannot write " + what + (why.empty() ? "" : " (" + why + ")"));
  }
  void attr(hid_t at, const char* name, hid_t type, const void* v, std::size_t n,
            bool scalar = false) const {
    check(h5::write_attribute(at, name, type, v, n, scalar), std::string("attribute ") + name);
  }
  void attr(hid_t at, const char* name, double v, bool scalar = false) const {
    attr(at, name, H5T_NATIVE_DOUBLE, &v, 1, scalar);
  }
  void attr(hid_t at, const char* name, std::int32_t v, bool scalar = false) const {
    attr(at, name, H5T_NATIVE_INT32, &v, 1, scalar);
  }
  Id group(hid_t at, const char* name) const {
    Id g(H5Gcreate2(at, name, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT), H5Gclose);
    check(g.valid(), std::string("group ") + name);
    return g;
  }
  Id dataset(hid_t at, const char* name, hid_t type, hsize_t rows, hsize_t width) const {
    const hsize_t dims[2] = {rows, width};
    const Id space(H5Screate_simple(width == 1 ? 1 : 2, dims, nullptr), H5Sclose);
    Id d(H5Dcreate2(at, name, type, space.get(), H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT), H5Dclose);
    check(d.valid(), std::string("dataset ") + name);
    return d;
  }
  // Rows [row, row + rows) of `d` (`width` values each) from `values`.
  void rows(hid_t d, hsize_t row, hsize_t rows, hsize_t width, hid_t type, const void* values,
            const char* name) const {
    const Id space(H5Dget_space(d), H5Sclose);
    const hsize_t start[2] = {row, 0}, count[2] = {rows, width};
    const hsize_t n = rows * width;
    const Id memory(H5Screate_simple(1, &n, nullptr), H5Sclose);
    check(H5Sselect_hyperslab(space.get(), H5S_SELECT_SET, start, nullptr, count, nullptr) >= 0 &&
              H5Dwrite(d, type, memory.get(), space.get(), H5P_DEFAULT, values) >= 0,
          fmt::format("{} rows {} to {} (disk full?)", name, row, row + rows - 1));
  }

 private:
  std::string path_;
};

// SWIFT's unit exponents of a dataset (swiftsimio needs them; pynbody uses them for SWIFT files).
void write_exponents(const Writer& w, hid_t d, double length, double mass, double time) {
  const std::pair<const char*, double> exponents[] = {
      {"U_L exponent", length}, {"U_M exponent", mass},     {"U_t exponent", time},
      {"U_I exponent", 0},      {"U_T exponent", 0},        {"a-scale exponent", 0},
      {"h-scale exponent", 0}};
  for (const auto& [name, e] : exponents) w.attr(d, name, e);
}

void write_header(const Writer& w, hid_t file, const std::array<std::uint64_t, kTypes>& n,
                  const Snapshot& s) {
  const Id h = w.group(file, "Header");
  const std::array<std::uint32_t, kTypes> high{};
  const std::array<double, kTypes> table{};
  w.attr(h.get(), "NumPart_ThisFile", H5T_NATIVE_UINT64, n.data(), kTypes);
  w.attr(h.get(), "NumPart_Total", H5T_NATIVE_UINT64, n.data(), kTypes);
  w.attr(h.get(), "NumPart_Total_HighWord", H5T_NATIVE_UINT32, high.data(), kTypes);
  w.attr(h.get(), "MassTable", H5T_NATIVE_DOUBLE, table.data(), kTypes);
  // One-element arrays, as SWIFT writes them: swiftsimio reads element 0, GADGET readers too.
  w.attr(h.get(), "Time", s.time);
  w.attr(h.get(), "Redshift", 0.0);
  w.attr(h.get(), "Dimension", std::int32_t{3});
  float extent = 0;
  for (const auto* v : {&s.bodies.x, &s.bodies.y, &s.bodies.z}) {
    for (float f : *v) extent = std::max(extent, std::fabs(f));
  }
  w.attr(h.get(), "BoxSize", extent > 0 ? 2.0 * extent : 1.0, true);
  w.attr(h.get(), "NumFilesPerSnapshot", std::int32_t{1}, true);
  w.attr(h.get(), "Flag_DoublePrecision", std::int32_t{0}, true);
  w.check(h5::write_string_attribute(h.get(), "Code", "galaxy"), "attribute Code");
}

void write_units(const Writer& w, hid_t file, const Units& u) {
  const FileUnits f = file_units_of(u);
  const Id p = w.group(file, "Parameters");
  w.attr(p.get(), "UnitLength_in_cm", f.length_cm, true);
  w.attr(p.get(), "UnitMass_in_g", f.mass_g, true);
  w.attr(p.get(), "UnitVelocity_in_cm_per_s", f.velocity_cm_s, true);
  w.attr(p.get(), "ComovingIntegrationOn", std::int32_t{0}, true);
  for (const char* name : {"Units", "InternalCodeUnits"}) {
    const Id g = w.group(file, name);
    w.attr(g.get(), "Unit mass in cgs (U_M)", f.mass_g);
    w.attr(g.get(), "Unit length in cgs (U_L)", f.length_cm);
    w.attr(g.get(), "Unit time in cgs (U_t)", f.length_cm / f.velocity_cm_s);
    w.attr(g.get(), "Unit current in cgs (U_I)", 1.0);
    w.attr(g.get(), "Unit temperature in cgs (U_T)", 1.0);
  }
  w.attr(w.group(file, "Cosmology").get(), "Cosmological run", std::int32_t{0});
  w.group(file, "Policy");  // marks SWIFT-style units for pynbody (hdf5.hpp)
}

// The bodies of particle type `type` (`count` of them), gathered in chunks in galaxy's order.
void write_type(const Writer& w, hid_t file, const HostBodies& b, int type, std::uint64_t count,
                bool units) {
  const std::string name = "PartType" + std::to_string(type);
  const Id g = w.group(file, name.c_str());
  const Id pos = w.dataset(g.get(), "Coordinates", H5T_IEEE_F32LE, count, 3);
  const Id vel = w.dataset(g.get(), "Velocities", H5T_IEEE_F32LE, count, 3);
  const Id mass = w.dataset(g.get(), "Masses", H5T_IEEE_F32LE, count, 1);
  const Id ids = w.dataset(g.get(), "ParticleIDs", H5T_STD_U64LE, count, 1);
  const Id tags = w.dataset(g.get(), "GalaxyTag", H5T_STD_U8LE, count, 1);
  if (units) {
    write_exponents(w, pos.get(), 1, 0, 0);
    write_exponents(w, vel.get(), 1, 0, -1);
    write_exponents(w, mass.get(), 0, 1, 0);
    write_exponents(w, ids.get(), 0, 0, 0);
  }
  std::vector<float> p(kChunkRows * 3), v(kChunkRows * 3), m(kChunkRows);
  std::vector<std::uint64_t> id(kChunkRows);
  std::vector<std::uint8_t> tag(kChunkRows);
  hsize_t row = 0, k = 0;
  auto flush = [&] {
    w.rows(pos.get(), row, k, 3, H5T_NATIVE_FLOAT, p.data(), "Coordinates");
    w.rows(vel.get(), row, k, 3, H5T_NATIVE_FLOAT, v.data(), "Velocities");
    w.rows(mass.get(), row, k, 1, H5T_NATIVE_FLOAT, m.data(), "Masses");
    w.rows(ids.get(), row, k, 1, H5T_NATIVE_UINT64, id.data(), "ParticleIDs");
    w.rows(tags.get(), row, k, 1, H5T_NATIVE_UINT8, tag.data(), "GalaxyTag");
    row += k;
    k = 0;
  };
  for (std::size_t i = 0; i < b.size(); ++i) {
    if (type_of(b.population[i]) != type) continue;
    p[3 * k] = b.x[i], p[3 * k + 1] = b.y[i], p[3 * k + 2] = b.z[i];
    v[3 * k] = b.vx[i], v[3 * k + 1] = b.vy[i], v[3 * k + 2] = b.vz[i];
    m[k] = b.m[i];
    id[k] = i;
    tag[k] = b.galaxy[i];
    if (++k == kChunkRows) flush();
  }
  if (k > 0) flush();
}

void write_file(const Writer& w, hid_t file, const Snapshot& s,
                const std::array<std::uint64_t, kTypes>& n) {
  write_header(w, file, n, s);
  if (s.units.physical()) write_units(w, file, s.units);
  for (int type = 0; type < kTypes; ++type) {
    if (n[type] > 0) write_type(w, file, s.bodies, type, n[type], s.units.physical());
  }
}

}  // namespace

void save_hdf5(const std::filesystem::path& path, const Snapshot& s) {
  const HostBodies& b = s.bodies;
  validate_named(b, path);
  // Never write units a load refuses (an infinite speed unit would be written as it is).
  if (const std::string why = units_problem(s.units); !why.empty()) {
    throw std::runtime_error(path.string() + ": cannot save these units: " + why);
  }
  h5::quiet();
  std::array<std::uint64_t, kTypes> n{};
  for (std::uint8_t p : b.population) ++n[type_of(p)];
  atomic_write_file(path, [&](const std::filesystem::path& tmp) {
    const Writer w(path);
    Id file(H5Fcreate(tmp.c_str(), H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT), H5Fclose);
    w.check(file.valid(), "the temporary file " + tmp.string());
    try {
      write_file(w, file.get(), s, n);
      w.check(file.close(), "the file's last blocks on closing (disk full?)");
    } catch (...) {
      // The library keeps a file whose close failed open (its descriptor too); emptied, the
      // removed temporary holds no space on a full disk until the process ends.
      file.close();
      std::error_code ignored;
      std::filesystem::resize_file(tmp, 0, ignored);
      throw;
    }
  });
}

}  // namespace galaxy::io
