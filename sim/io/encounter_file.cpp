// SPDX-License-Identifier: MIT
#include "io/encounter_file.hpp"

#include <toml.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <sstream>
#include <stdexcept>

#include "io/atomic_file.hpp"
#include "io/toml_reader.hpp"

namespace galaxy::io {

namespace {

using Value = TomlValue;
using Table = Value::table_type;

// A quantity's key in model units and, where it has one, its physical key's suffix and how
// many of the file's units one physical unit is.
struct Quantity {
  const char* suffix;  // nullptr: none
  double per_unit;     // physical value / per_unit = model value
};

// The encounter's own reads over TomlReader's: quantities in model or physical units, vectors,
// texts, and the [units] table.
class Reader : public TomlReader {
 public:
  using TomlReader::TomlReader;

  // The value given for `key`: in model units, or as `key` + q.suffix in physical ones (then
  // [units] must be given too); null where neither is.
  struct Given {
    const Value* value = nullptr;
    std::string name;        // the key as written, after `where`
    double per_unit = 1.0;   // what the value is divided by
  };
  Given given(const Value& t, const std::string& where, const std::string& key, Quantity q) const {
    const Value* plain = find(t, key);
    const Value* phys = q.suffix ? find(t, key + q.suffix) : nullptr;
    if (plain && phys) fail(*phys, where + key, "give it once: " + key + " or " + key + q.suffix);
    if (plain) return {plain, where + key, 1.0};
    if (!phys) return {};
    if (!units_.physical()) fail(*phys, where + key + q.suffix, "a physical value needs [units]");
    return {phys, where + key + q.suffix, q.per_unit};
  }

  // `key` (see given()), else `fallback`.
  double quantity(const Value& t, const std::string& where, const std::string& key, Quantity q,
                  Bound bound, double fallback) const {
    const Given g = given(t, where, key, q);
    return g.value ? number(*g.value, g.name, bound) / g.per_unit : fallback;
  }

  Vec3d vector(const Value& t, const std::string& where, const std::string& key, Quantity q) const {
    const Given g = given(t, where, key, q);
    if (!g.value) return {0, 0, 0};
    if (!g.value->is_array() || g.value->as_array().size() != 3) {
      fail(*g.value, g.name, "must be [x, y, z]");
    }
    Vec3d out;
    for (int k = 0; k < 3; ++k) out[k] = number(g.value->as_array()[k], g.name, Bound::Any) / g.per_unit;
    return out;
  }

  std::string text(const Value& t, const std::string& where, const std::string& key) const {
    const Value* v = find(t, key);
    if (!v) return {};
    if (!v->is_string()) fail(*v, where + key, "must be a string in quotes");
    return v->as_string().str;
  }

  void read_units(const Value& root) {
    const Value* u = find(root, "units");
    if (!u) return;
    if (!u->is_table()) fail(*u, "units", "must be a table: [units]");
    only(*u, "units.", {"length_kpc", "mass_msun"});
    const Value* l = find(*u, "length_kpc");
    const Value* m = find(*u, "mass_msun");
    if (!l || !m) fail(*u, "units", "give both length_kpc and mass_msun");
    units_ = {number(*l, "units.length_kpc", Bound::Positive),
              number(*m, "units.mass_msun", Bound::Positive)};
  }

  Quantity length() const { return {"_kpc", units_.length_kpc}; }
  Quantity mass() const { return {"_msun", units_.mass_msun}; }
  Quantity time() const { return {"_myr", units_.physical() ? units_.time_myr() : 0}; }
  Quantity speed() const { return {"_kms", units_.physical() ? units_.speed_kms() : 0}; }
  const Units& units() const { return units_; }

 private:
  static const Value* find(const Value& t, const std::string& key) {
    const auto& table = t.as_table();
    const auto it = table.find(key);
    return it == table.end() ? nullptr : &it->second;
  }
  Units units_{};
};

OrbitParams read_orbit(const Reader& r, const Value& o) {
  if (!o.is_table()) r.fail(o, "orbit", "must be a table: [orbit]");
  r.only(o, "orbit.", {"pericentre", "pericentre_kpc", "eccentricity", "time_to_pericentre",
                       "time_to_pericentre_myr"});
  OrbitParams p;
  p.pericentre = r.quantity(o, "orbit.", "pericentre", r.length(), Bound::Positive, p.pericentre);
  p.eccentricity = r.quantity(o, "orbit.", "eccentricity", {}, Bound::NonNegative, p.eccentricity);
  p.time_to_pericentre = r.quantity(o, "orbit.", "time_to_pericentre", r.time(),
                                    Bound::NonNegative, p.time_to_pericentre);
  return p;
}

void read_disk(const Reader& r, const Value& d, const std::string& where, DiskGalaxyParams& p) {
  if (!d.is_table()) r.fail(d, where, "must be a table");
  std::vector<std::string> keys;
  for (const DiskKey& k : disk_galaxy_keys()) keys.push_back(k.key);
  r.only(d, where + ".", keys);
  for (const DiskKey& k : disk_galaxy_keys()) {
    // A mass or the gas's share may be 0 (no bulge, no gas); check_encounter bounds the share
    // below 1.
    const std::string key = k.key;
    const bool may_be_0 = key.ends_with("_mass") || key == "gas_fraction";
    p.*k.field = r.quantity(d, where + ".", k.key, {},
                            may_be_0 ? Bound::NonNegative : Bound::Positive, p.*k.field);
  }
}

GalaxySpec read_galaxy(const Reader& r, const Value& g, std::size_t index) {
  const std::string where = "galaxy[" + std::to_string(index + 1) + "].";
  if (!g.is_table()) r.fail(g, where, "must be a table: [[galaxy]]");
  r.only(g, where, {"name", "model", "mass", "mass_msun", "scale", "scale_kpc", "share",
                    "inclination", "argument", "position", "position_kpc", "velocity",
                    "velocity_kms", "disk"});
  GalaxySpec s;
  s.name = r.text(g, where, "name");
  if (const std::string m = r.text(g, where, "model"); !m.empty()) {
    const auto model = parse_galaxy_model(m);
    if (!model) r.fail(g.as_table().at("model"), where + "model", "'" + m + "': not disk, plummer or hernquist");
    s.model = *model;
  }
  s.mass = r.quantity(g, where, "mass", r.mass(), Bound::Positive, s.mass);
  s.scale = r.quantity(g, where, "scale", r.length(), Bound::Positive, s.scale);
  s.share = r.quantity(g, where, "share", {}, Bound::Positive, s.share);
  s.inclination_deg = r.quantity(g, where, "inclination", {}, Bound::Any, 0.0);
  s.argument_deg = r.quantity(g, where, "argument", {}, Bound::Any, 0.0);
  s.position = r.vector(g, where, "position", r.length());
  s.velocity = r.vector(g, where, "velocity", r.speed());
  if (g.as_table().count("disk")) read_disk(r, g.as_table().at("disk"), where + "disk", s.disk);
  return s;
}

Value to_value(const Vec3d& v) { return Value(Value::array_type{v[0], v[1], v[2]}); }

Value galaxy_value(const GalaxySpec& g, bool with_place) {
  Table t{{"model", galaxy_model_name(g.model)}, {"mass", g.mass},  {"scale", g.scale},
          {"share", g.share}, {"inclination", g.inclination_deg}, {"argument", g.argument_deg}};
  if (!g.name.empty()) t["name"] = g.name;
  if (with_place) t["position"] = to_value(g.position), t["velocity"] = to_value(g.velocity);
  if (g.model == GalaxyModel::Disk) {
    Table d;
    for (const DiskKey& k : disk_galaxy_keys()) d[k.key] = g.disk.*k.field;
    t["disk"] = Value(d);
  }
  return Value(t);
}

}  // namespace

Encounter load_encounter(const std::filesystem::path& path) {
  const std::string file = path.string();
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) {
    throw std::runtime_error(file + ": no such encounter file");
  }
  const Value root = parse_toml(file);
  Reader r(file);
  r.only(root, "", {"name", "description", "show_time", "show_time_myr", "units", "orbit", "galaxy"});
  r.read_units(root);
  Encounter e;
  e.units = r.units();
  e.name = r.text(root, "", "name");
  e.description = r.text(root, "", "description");
  e.show_time = r.quantity(root, "", "show_time", r.time(), Bound::NonNegative, 0.0);
  const Table& t = root.as_table();
  if (t.count("orbit")) e.orbit = read_orbit(r, t.at("orbit"));
  if (!t.count("galaxy") || !t.at("galaxy").is_array()) {
    r.fail(root, "galaxy", "no galaxies: give each a [[galaxy]] table");
  }
  const auto& galaxies = t.at("galaxy").as_array();
  for (std::size_t i = 0; i < galaxies.size(); ++i) e.galaxies.push_back(read_galaxy(r, galaxies[i], i));
  try {
    check_encounter(e);
  } catch (const std::invalid_argument& x) {
    throw std::runtime_error(file + ": " + x.what());
  }
  return e;
}

void save_encounter(const std::filesystem::path& path, const Encounter& e) {
  Table root;
  if (!e.name.empty()) root["name"] = e.name;
  if (!e.description.empty()) root["description"] = e.description;
  if (e.show_time > 0) root["show_time"] = e.show_time;
  if (e.units.physical()) {
    root["units"] = Value(Table{{"length_kpc", e.units.length_kpc}, {"mass_msun", e.units.mass_msun}});
  }
  if (e.orbit) {
    root["orbit"] = Value(Table{{"pericentre", e.orbit->pericentre},
                                {"eccentricity", e.orbit->eccentricity},
                                {"time_to_pericentre", e.orbit->time_to_pericentre}});
  }
  Value::array_type galaxies;
  for (const GalaxySpec& g : e.galaxies) galaxies.push_back(galaxy_value(g, !e.orbit));
  root["galaxy"] = Value(galaxies);
  std::ostringstream text;
  text << "# galaxy encounter (docs/scenarios.md: encounter files)\n"
       << toml::format(Value(root), 100, std::numeric_limits<double>::max_digits10);
  const std::string s = text.str();
  atomic_write(path, [&](std::ostream& out) { out << s; });
}

}  // namespace galaxy::io
