// SPDX-License-Identifier: MIT
#include "hdf5_plan.hpp"

#include <fmt/format.h>
#include <sys/stat.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <stdexcept>

#include "binary.hpp"

namespace galaxy::io::h5 {

namespace {

namespace fs = std::filesystem;

double scalar(hid_t object, const char* name, const std::string& where, double fallback) {
  const auto v = h5::doubles(object, name, where);
  if (!v) return fallback;
  if (!std::isfinite((*v)[0])) throw std::runtime_error(where + ": " + name + " is not finite");
  return (*v)[0];
}

// A per-type count attribute (NumPart_ThisFile, NumPart_Total, ...), if present.
std::optional<Counts> counts(hid_t header, const char* name, const std::string& where) {
  const auto v = h5::integers(header, name, where);
  if (!v) return std::nullopt;
  Counts c{};
  for (std::size_t k = 0; k < v->size(); ++k) {
    if ((*v)[k] < 0) throw std::runtime_error(fmt::format("{}: {}[{}] is negative", where, name, k));
    if (k >= kTypes && (*v)[k] > 0) {
      throw std::runtime_error(fmt::format("{}: {}[{}] counts particles of type {}; galaxy "
                                           "reads types 0 to {}", where, name, k, k, kTypes - 1));
    }
    if (k < kTypes) c[k] = static_cast<std::uint64_t>((*v)[k]);
  }
  return c;
}

// `total` plus `high` x 2^32 (NumPart_Total_HighWord[k]: the bits of a count above 32), refused
// where that does not fit 64 bits rather than wrapped: a wrapped total could match a set's
// counts by accident.
void add_high_word(std::uint64_t& total, std::uint64_t high, int k, const std::string& where) {
  if (high == 0) return;
  std::uint64_t sum = 0;
  if (high > 0xffffffffu || __builtin_add_overflow(total, high << 32, &sum)) {
    throw std::runtime_error(fmt::format("{}: NumPart_Total_HighWord[{}] is {}: the total of type "
                                         "{} does not fit 64 bits", where, k, high, k));
  }
  total = sum;
}

// `sum` + `n`, refused where it wraps (counts from a hostile header can be up to 2^63 each).
std::uint64_t add_count(std::uint64_t sum, std::uint64_t n, const std::string& what) {
  std::uint64_t out = 0;
  if (__builtin_add_overflow(sum, n, &out)) {
    throw std::runtime_error(what + ": the particle counts add up to more than 64 bits hold");
  }
  return out;
}

// GADGET's three unit attributes on `object`, if all are there.
std::optional<FileUnits> gadget_units(hid_t object, const std::string& where) {
  if (object < 0) return std::nullopt;
  const auto l = h5::doubles(object, "UnitLength_in_cm", where);
  const auto m = h5::doubles(object, "UnitMass_in_g", where);
  const auto v = h5::doubles(object, "UnitVelocity_in_cm_per_s", where);
  if (!l || !m || !v) return std::nullopt;
  return FileUnits{(*l)[0], (*m)[0], (*v)[0]};
}

std::optional<FileUnits> swift_units(hid_t file, const std::string& name) {
  const Id g = h5::open_group(file, "Units");
  if (!g.valid()) return std::nullopt;
  const std::string where = name + ": Units";
  const auto l = h5::doubles(g.get(), "Unit length in cgs (U_L)", where);
  const auto m = h5::doubles(g.get(), "Unit mass in cgs (U_M)", where);
  const auto t = h5::doubles(g.get(), "Unit time in cgs (U_t)", where);
  if (!l || !m || !t) return std::nullopt;
  return FileUnits{(*l)[0], (*m)[0], (*l)[0] / (*t)[0]};
}

void read_cosmology(hid_t file, hid_t header, const std::string& name, Conventions& c) {
  const std::string where = name + ": Header";
  if (c.swift) {
    const Id g = h5::open_group(file, "Cosmology");
    const auto run = g.valid() ? h5::integers(g.get(), "Cosmological run", name + ": Cosmology")
                               : std::nullopt;
    c.cosmological = run && (*run)[0] == 1;
    c.a = scalar(header, "Scale-factor", where, 1);
  } else {
    const Id params = h5::open_group(file, "Parameters");
    const auto comoving = params.valid() ? h5::integers(params.get(), "ComovingIntegrationOn",
                                                        name + ": Parameters")
                                         : std::nullopt;
    const double z = scalar(header, "Redshift", where, 0);
    c.cosmological = comoving ? (*comoving)[0] != 0
                              : z > 0 && std::fabs(c.time * (1 + z) - 1) < 1e-4;
    c.a = c.time;
    c.h = scalar(header, "HubbleParam", where,
                 params.valid() ? scalar(params.get(), "HubbleParam", name + ": Parameters", 1) : 1);
  }
  if (c.cosmological && !(c.a > 0 && c.h > 0)) {
    throw std::runtime_error(fmt::format("{}: a cosmological file with scale factor {} and "
                                         "HubbleParam {}: both must be positive", where, c.a, c.h));
  }
}

Conventions read_conventions(hid_t file, const std::string& name) {
  const Id header = h5::open_group(file, "Header");
  if (!header.valid()) {
    throw std::runtime_error(name + ": not a GADGET, AREPO or SWIFT snapshot: no Header group");
  }
  const std::string where = name + ": Header";
  Conventions c;
  c.swift = h5::has_attribute(header.get(), "Scale-factor");
  c.time = scalar(header.get(), "Time", where, 0);
  const auto files = h5::integers(header.get(), "NumFilesPerSnapshot", where);
  const auto is_virtual = h5::integers(header.get(), "Virtual", where);  // SWIFT's one-file view
  c.files = files && !(is_virtual && (*is_virtual)[0] == 1) ? (*files)[0] : 1;
  if (c.files < 1 || c.files > 1000000) {
    throw std::runtime_error(fmt::format("{}: NumFilesPerSnapshot is {}", where, c.files));
  }
  c.total = counts(header.get(), "NumPart_Total", where);
  if (const auto high = counts(header.get(), "NumPart_Total_HighWord", where); c.total && high) {
    for (int k = 0; k < kTypes; ++k) add_high_word((*c.total)[k], (*high)[k], k, where);
  }
  c.units = swift_units(file, name);
  if (!c.units) c.units = gadget_units(header.get(), where);
  if (!c.units) {
    const Id params = h5::open_group(file, "Parameters");
    c.units = gadget_units(params.get(), name + ": Parameters");
  }
  if (c.units) {
    if (const std::string why = units_problem(*c.units); !why.empty()) {
      throw std::runtime_error(name + ": the file's units: " + why);
    }
  }
  read_cosmology(file, header.get(), name, c);
  return c;
}

// The files of a set of `k`: name.0.hdf5 ... name.(k-1).hdf5 beside `p` (one of them).
std::vector<fs::path> file_names(const fs::path& p, std::int64_t k) {
  if (k == 1) return {p};
  const std::string stem = p.stem().string();
  const std::size_t dot = stem.rfind('.');
  const bool numbered = dot != std::string::npos && dot + 1 < stem.size() &&
                        std::all_of(stem.begin() + dot + 1, stem.end(),
                                    [](unsigned char ch) { return std::isdigit(ch) != 0; });
  if (!numbered) {
    throw std::runtime_error(fmt::format("{}: Header/NumFilesPerSnapshot says the snapshot is {} "
                                         "files, but the name does not end in .N{} (name.0{} ...)",
                                         p.string(), k, p.extension().string(),
                                         p.extension().string()));
  }
  std::vector<fs::path> out;
  for (std::int64_t i = 0; i < k; ++i) {
    out.push_back(p.parent_path() / (stem.substr(0, dot + 1) + std::to_string(i) +
                                     p.extension().string()));
  }
  return out;
}

// Refuses a set two of whose names are one file (a link, hard or symbolic, to another member):
// its bodies would load twice. Files are the same where their device and inode are.
void refuse_repeats(const std::vector<fs::path>& names) {
  std::vector<std::pair<std::pair<dev_t, ino_t>, std::size_t>> seen;
  for (std::size_t i = 0; i < names.size(); ++i) {
    require_regular_file(names[i]);
    struct stat st {};
    if (::stat(names[i].c_str(), &st) != 0) continue;  // open_file will say why
    seen.push_back({{st.st_dev, st.st_ino}, i});
  }
  std::sort(seen.begin(), seen.end());
  for (std::size_t i = 1; i < seen.size(); ++i) {
    if (seen[i].first != seen[i - 1].first) continue;
    const auto [a, b] = std::minmax(seen[i - 1].second, seen[i].second);
    throw std::runtime_error(fmt::format("{}: the same file as {} (a link?): a snapshot's files "
                                         "must be distinct, or its bodies would load twice",
                                         names[b].string(), names[a].string()));
  }
}

const char* class_name(H5T_class_t c) {
  switch (c) {
    case H5T_INTEGER: return "integers";
    case H5T_FLOAT: return "floating-point numbers";
    case H5T_STRING: return "strings";
    case H5T_COMPOUND: return "compound records";
    default: return "values of another kind";
  }
}

// Checks dataset `name` of `group`: numbers of class `want`, `count` rows of `width`. Returns its
// size in the file in bytes; 0 when it is absent.
std::uint64_t check_dataset(hid_t group, const std::string& where, const char* name,
                            std::uint64_t count, hsize_t width, H5T_class_t want) {
  const Id ds = h5::open_dataset(group, name);
  if (!ds.valid()) return 0;
  const std::string at = where + "/" + name;
  const Id type(H5Dget_type(ds.get()), H5Tclose);
  const H5T_class_t cls = type.valid() ? H5Tget_class(type.get()) : H5T_NO_CLASS;
  if (cls != want) {
    throw std::runtime_error(fmt::format("{}: holds {}, not {}", at, class_name(cls),
                                         class_name(want)));
  }
  const Id space(H5Dget_space(ds.get()), H5Sclose);
  hsize_t dims[H5S_MAX_RANK] = {};
  const int rank = space.valid() ? H5Sget_simple_extent_dims(space.get(), dims, nullptr) : -1;
  const bool fits = (rank == 1 && width == 1 && dims[0] == count) ||
                    (rank == 2 && dims[0] == count && dims[1] == width);
  if (!fits) {
    std::string shape;
    for (int i = 0; i < rank; ++i) shape += (i ? " x " : "") + std::to_string(dims[i]);
    throw std::runtime_error(fmt::format("{}: has shape ({}), but the header's count is {} rows "
                                         "of {}", at, shape, count, width));
  }
  return count * width * H5Tget_size(type.get());
}

// Plans the parts of one file of the set and checks its datasets.
std::vector<Part> plan_file(hid_t file, const std::string& name, std::uint32_t types, Plan& plan) {
  const Id header = h5::open_group(file, "Header");
  if (!header.valid()) throw std::runtime_error(name + ": no Header group");
  const std::string where = name + ": Header";
  const auto here = counts(header.get(), "NumPart_ThisFile", where);
  if (!here) throw std::runtime_error(where + ": no NumPart_ThisFile attribute");
  const auto table = h5::doubles(header.get(), "MassTable", where).value_or(std::vector<double>{});
  std::vector<Part> parts;
  for (int k = 0; k < kTypes; ++k) {
    const std::uint64_t n = (*here)[k];
    if (n == 0 || !(types >> k & 1)) continue;
    const std::string group_name = "PartType" + std::to_string(k);
    const Id g = h5::open_group(file, group_name.c_str());
    const std::string at = name + ": " + group_name;
    if (!g.valid()) {
      throw std::runtime_error(fmt::format("{}: no group {}, though Header/NumPart_ThisFile[{}] "
                                           "is {}", name, group_name, k, n));
    }
    for (const char* vector : {"Coordinates", "Velocities"}) {
      const std::uint64_t bytes = check_dataset(g.get(), at, vector, n, 3, H5T_FLOAT);
      if (bytes == 0) throw std::runtime_error(at + ": no " + vector + " dataset");
      plan.bytes += bytes;
    }
    Part part{k, n, plan.bodies, std::nullopt, false};
    const std::uint64_t mass_bytes = check_dataset(g.get(), at, "Masses", n, 1, H5T_FLOAT);
    if (mass_bytes == 0) {
      const double m = std::size_t(k) < table.size() ? table[k] : 0;
      if (!(m > 0) || !std::isfinite(m)) {
        throw std::runtime_error(fmt::format("{}: no Masses dataset, and Header/MassTable[{}] is "
                                             "{}", at, k, m));
      }
      part.table_mass = m;
    }
    plan.bytes += mass_bytes;
    part.tagged = check_dataset(g.get(), at, "GalaxyTag", n, 1, H5T_INTEGER) > 0;
    plan.bodies = add_count(plan.bodies, n, at);
    parts.push_back(part);
  }
  return parts;
}

}  // namespace

Plan plan_snapshot(const std::filesystem::path& path, std::uint32_t types) {
  Plan plan;
  const Id first = open_file(path);
  plan.c = read_conventions(first.get(), path.string());
  Counts seen{};
  const std::vector<fs::path> names = file_names(path, plan.c.files);
  refuse_repeats(names);
  for (const fs::path& p : names) {
    const Id f = p == path ? Id() : open_file(p);
    const hid_t file = p == path ? first.get() : f.get();
    plan.files.emplace_back(p, plan_file(file, p.string(), types, plan));
    const auto here = counts(h5::open_group(file, "Header").get(), "NumPart_ThisFile", p.string());
    for (int k = 0; k < kTypes; ++k) seen[k] = add_count(seen[k], (*here)[k], p.string());
  }
  for (int k = 0; plan.c.total && k < kTypes; ++k) {
    if (seen[k] != (*plan.c.total)[k]) {
      throw std::runtime_error(fmt::format(
          "{}: Header/NumPart_Total[{}] is {}, but the {} file(s) hold {} (a file missing or "
          "from another snapshot?)", path.string(), k, (*plan.c.total)[k], plan.files.size(),
          seen[k]));
    }
  }
  return plan;
}


Population population_of(int type, bool swift) {
  using P = Population;
  constexpr P kGadget[kTypes] = {P::Disk, P::Halo, P::Disk, P::Bulge,
                                 P::Star, P::Star, P::Halo, P::Halo};
  constexpr P kSwift[kTypes] = {P::Disk, P::Halo, P::Halo, P::Star,
                                P::Star, P::Star, P::Halo, P::Halo};
  return (swift ? kSwift : kGadget)[type];
}

[[noreturn]] void fail(const std::string& message) {
  const std::string why = h5::reason();
  throw std::runtime_error(why.empty() ? message : message + " (" + why + ")");
}

Id open_file(const std::filesystem::path& p) {
  h5::quiet();  // also for the preflight's body count, which comes here before load_hdf5
  // The library opens by name and would block on a FIFO put in the file's place after a check
  // by name. So the file is opened here first (without blocking, checked by fstat) and the
  // library given this descriptor's /proc name, which opens the very file checked, whatever
  // the name holds by then; then what the library opened is compared with it.
  const RegularFile checked(p);
  const std::string own = "/proc/self/fd/" + std::to_string(checked.fd());
  struct stat st {};
  const bool proc = ::stat(own.c_str(), &st) == 0;  // no /proc: by name (the gap stays open)
  Id f(H5Fopen(proc ? own.c_str() : p.c_str(), H5F_ACC_RDONLY, H5P_DEFAULT), H5Fclose);
  if (!f.valid()) fail(p.string() + ": cannot be read as an HDF5 file");
  void* handle = nullptr;
  if (H5Fget_vfd_handle(f.get(), H5P_DEFAULT, &handle) >= 0 && handle &&
      ::fstat(*static_cast<int*>(handle), &st) == 0 &&
      (st.st_dev != checked.device() || st.st_ino != checked.inode())) {
    throw std::runtime_error(p.string() + ": the file changed while it was opened (replaced "
                             "under its name): not read");
  }
  return f;
}

}  // namespace galaxy::io::h5
