// SPDX-License-Identifier: MIT
#include "scenarios/encounter.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <stdexcept>

#include "scenarios/plummer.hpp"
#include "scenarios/streams.hpp"

namespace galaxy {

namespace {

constexpr double kDeg = std::numbers::pi / 180.0;

std::string galaxy_label(const Encounter& e, std::size_t i) {
  const std::string& n = e.galaxies[i].name;
  return "galaxy " + std::to_string(i + 1) + (n.empty() ? "" : " (" + n + ")");
}

void require(bool ok, const std::string& what) {
  if (!ok) throw std::invalid_argument(what);
}

std::string num(double v) { return fmt::format("{:g}", v); }

// What of a body a generator made cannot be simulated: its position, velocity or mass not finite
// as a float, or no mass (a float underflows to 0 where a tiny mass is shared among bodies).
enum class BadField { None, Position, Velocity, Mass };

BadField first_bad(const HostBodies& b, std::size_t begin, std::size_t end, std::size_t& at) {
  for (at = begin; at < end; ++at) {
    if (!std::isfinite(b.x[at]) || !std::isfinite(b.y[at]) || !std::isfinite(b.z[at])) {
      return BadField::Position;
    }
    if (!std::isfinite(b.vx[at]) || !std::isfinite(b.vy[at]) || !std::isfinite(b.vz[at])) {
      return BadField::Velocity;
    }
    if (!std::isfinite(b.m[at]) || !(b.m[at] > 0.0f)) return BadField::Mass;
  }
  return BadField::None;
}

const char* field_name(BadField f) {
  return f == BadField::Position ? "position" : f == BadField::Velocity ? "velocity" : "mass";
}

// Throws std::invalid_argument where a body of [begin, end) is bad: "KEYS: body I gets a FIELD
// beyond what a float holds", `*_keys` (by field) naming what the file says that led there.
void require_bodies(const HostBodies& b, std::size_t begin, std::size_t end,
                    const std::string& position_keys, const std::string& velocity_keys,
                    const std::string& mass_keys) {
  std::size_t at = 0;
  const BadField f = first_bad(b, begin, end, at);
  if (f == BadField::None) return;
  const std::string& keys =
      f == BadField::Position ? position_keys : f == BadField::Velocity ? velocity_keys : mass_keys;
  const bool none = f == BadField::Mass && std::isfinite(b.m[at]);
  throw std::invalid_argument(fmt::format(
      "{}: body {} gets {}", keys, at - begin,
      none ? std::string("no mass: its share is below a float's smallest (about 1e-45)")
           : std::string("a ") + field_name(f) + " beyond a float's range (about 3e38)"));
}

// The disk model's values that differ from the defaults, "[galaxy.disk] (KEY = V, ...)".
std::string disk_keys(const DiskGalaxyParams& d) {
  const DiskGalaxyParams def;
  std::string out;
  for (const auto& [key, field] : disk_galaxy_keys()) {
    if (d.*field != def.*field) out += fmt::format("{}{} = {}", out.empty() ? "" : ", ", key, num(d.*field));
  }
  return "[galaxy.disk]" + (out.empty() ? std::string() : " (" + out + ")");
}

void check_galaxy(const Encounter& e, std::size_t i) {
  const GalaxySpec& g = e.galaxies[i];
  const std::string who = galaxy_label(e, i);
  require(std::isfinite(g.mass) && g.mass > 0, who + ": mass must be above 0, not " + num(g.mass));
  require(std::isfinite(g.scale) && g.scale > 0,
          who + ": scale must be above 0, not " + num(g.scale));
  require(std::isfinite(g.share) && g.share > 0,
          who + ": share must be above 0, not " + num(g.share));
  require(std::isfinite(g.inclination_deg) && std::isfinite(g.argument_deg),
          who + ": inclination and argument must be finite");
  for (int k = 0; k < 3; ++k) {
    require(std::isfinite(g.position[k]) && std::isfinite(g.velocity[k]),
            who + ": position and velocity must be finite");
  }
  if (g.model != GalaxyModel::Disk) return;
  const DiskGalaxyParams& d = g.disk;
  require(d.disk_mass > 0 && d.bulge_mass >= 0 && d.halo_mass >= 0,
          who + ": the disk's mass must be above 0 and the bulge's and halo's at least 0");
  require(d.toomre_q > 0 && d.halo_body_weight > 0,
          who + ": toomre_q and halo_body_weight must be above 0");
  require(d.gas_fraction >= 0 && d.gas_fraction < 1,
          who + ": gas_fraction must be at least 0 and below 1, not " + num(d.gas_fraction));
  require(d.gas_scale_length > 0 && d.gas_scale_height > 0 && d.gas_temperature_k > 0,
          who + ": gas_scale_length, gas_scale_height and gas_temperature_k must be above 0");
}

// Bodies a galaxy: its share, at least one each.
std::vector<std::size_t> counts_of(const Encounter& e, std::size_t n) {
  double total = 0;
  for (const GalaxySpec& g : e.galaxies) total += g.share;
  std::vector<std::size_t> c;
  std::size_t used = 0;
  for (const GalaxySpec& g : e.galaxies) {
    c.push_back(std::max<std::size_t>(1, std::size_t(std::floor(double(n) * g.share / total))));
    used += c.back();
  }
  auto wanted = [&](std::size_t i) { return double(n) * e.galaxies[i].share / total - double(c[i]); };
  while (used > n) {
    const auto most = std::max_element(c.begin(), c.end());
    --*most, --used;
  }
  while (used < n) {
    std::size_t best = 0;
    for (std::size_t i = 1; i < c.size(); ++i) best = wanted(i) > wanted(best) ? i : best;
    ++c[best], ++used;
  }
  return c;
}

// Scales bodies [begin, end), a model made with mass `m0` and length `l0`, to `m` and `l`
// (G = 1 homology).
void rescale(HostBodies& b, std::size_t begin, std::size_t end, double m0, double l0, double m,
             double l) {
  const double fl = l / l0, fm = m / m0, fv = std::sqrt(fm / fl);
  for_each_piece(begin, end, [&](std::size_t lo, std::size_t hi) {
    for (std::size_t i = lo; i < hi; ++i) {
      b.x[i] = float(b.x[i] * fl), b.y[i] = float(b.y[i] * fl), b.z[i] = float(b.z[i] * fl);
      b.vx[i] = float(b.vx[i] * fv), b.vy[i] = float(b.vy[i] * fv), b.vz[i] = float(b.vz[i] * fv);
      b.m[i] = float(b.m[i] * fm);
      if (b.has_gas()) b.u[i] = float(b.u[i] * fv * fv);  // u scales as v^2
    }
  });
}

// Gas bodies [begin, end) of a disk galaxy at its temperature in the encounter's physical units
// (without units, rescale's homology keeps the model's u against the galaxy's velocities).
void set_gas_temperature(HostBodies& b, std::size_t begin, std::size_t end, const GalaxySpec& g,
                         const Units& units) {
  if (!b.has_gas() || !units.physical() || g.model != GalaxyModel::Disk) return;
  const float u = static_cast<float>(gas_u_of_temperature(g.disk.gas_temperature_k, units));
  for (std::size_t i = begin; i < end; ++i) {
    if (b.is_gas(i)) b.u[i] = u;
  }
}

std::uint64_t galaxy_seed(std::uint64_t seed, std::size_t i) {
  std::uint64_t z = seed + 0x9e3779b97f4a7c15ull * (i + 1);  // splitmix64
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

}  // namespace

const char* galaxy_model_name(GalaxyModel m) {
  switch (m) {
    case GalaxyModel::Plummer: return "plummer";
    case GalaxyModel::Hernquist: return "hernquist";
    default: return "disk";
  }
}

std::optional<GalaxyModel> parse_galaxy_model(const std::string& name) {
  for (GalaxyModel m : {GalaxyModel::Disk, GalaxyModel::Plummer, GalaxyModel::Hernquist}) {
    if (name == galaxy_model_name(m)) return m;
  }
  return std::nullopt;
}

Vec3d spin_axis(double inclination_deg, double argument_deg) {
  const double i = inclination_deg * kDeg, w = argument_deg * kDeg;
  return {-std::sin(i) * std::sin(w), -std::sin(i) * std::cos(w), std::cos(i)};
}

void check_encounter(const Encounter& e, std::size_t n) {
  require(!e.galaxies.empty(), "the encounter has no galaxies");
  require(e.galaxies.size() <= kMaxGalaxies,
          std::to_string(e.galaxies.size()) + " galaxies: at most " +
              std::to_string(kMaxGalaxies) + " can be told apart");
  require(n == 0 || e.galaxies.size() <= n,
          std::to_string(e.galaxies.size()) + " galaxies need at least as many bodies, not " +
              std::to_string(n));
  for (std::size_t i = 0; i < e.galaxies.size(); ++i) check_galaxy(e, i);
  // Sums and products the generator forms, checked before they are formed (counts_of, the orbit).
  double shares = 0;
  for (const GalaxySpec& g : e.galaxies) shares += g.share;
  require(std::isfinite(shares), "the galaxies' shares add up beyond a double's range (1.8e308): "
                                 "give shares as ratios (1, 2, 0.5)");
  for (std::size_t i = 0; i < e.galaxies.size(); ++i) {
    const double share = e.galaxies[i].share;
    require(std::isfinite(double(n) * share),
            galaxy_label(e, i) + ": share = " + num(share) + " times " + std::to_string(n) +
                " bodies is beyond a double's range: give shares as ratios (1, 2, 0.5)");
  }
  if (e.orbit) {
    const OrbitParams& o = *e.orbit;
    require(e.galaxies.size() == 2, "an orbit places two galaxies, not " +
                                        std::to_string(e.galaxies.size()) +
                                        " (give each its position and velocity instead)");
    require(std::isfinite(o.pericentre) && o.pericentre > 0,
            "orbit: pericentre must be above 0, not " + num(o.pericentre));
    require(std::isfinite(o.eccentricity) && o.eccentricity >= 0,
            "orbit: eccentricity must be 0 or more, not " + num(o.eccentricity));
    require(std::isfinite(o.time_to_pericentre) && o.time_to_pericentre >= 0,
            "orbit: time_to_pericentre must be 0 or more, not " + num(o.time_to_pericentre));
    require(std::isfinite(e.galaxies[0].mass + e.galaxies[1].mass),
            "the two galaxies' masses add up beyond a double's range (1.8e308): the orbit "
            "needs their sum");
  }
  const Units& u = e.units;
  require(std::isfinite(u.length_kpc) && std::isfinite(u.mass_msun) && u.length_kpc >= 0 &&
              u.mass_msun >= 0 && (u.length_kpc > 0) == (u.mass_msun > 0),
          "units: length_kpc and mass_msun must both be above 0 (or both left out)");
}

namespace {

// The model's bodies before they are scaled: the disk model's maths (Bessel functions, tables)
// may fail or give non-finite values for extreme [galaxy.disk] values; named here.
void fill_model(HostBodies& b, std::size_t begin, const GalaxySpec& spec, std::size_t n,
                std::uint64_t seed, std::uint8_t tag) {
  const std::string keys = disk_keys(spec.disk);
  try {
    if (spec.model == GalaxyModel::Disk) {
      fill_disk_galaxy(b, begin, n, seed, spec.disk, tag);
    } else if (spec.model == GalaxyModel::Plummer) {
      fill_plummer(b, begin, n, seed);  // Hénon units: mass 1, scale length 3π/16
    } else {
      fill_disk_galaxy(b, begin, n, seed, hernquist_sphere(), tag);  // mass 1, a = 1
    }
  } catch (const std::invalid_argument&) {
    throw;
  } catch (const std::exception& x) {  // the maths library's domain and overflow errors
    throw std::invalid_argument(keys + ": the disk model's rotation curve cannot be computed "
                                "(the maths library says: " + x.what() + ")");
  }
  if (spec.model == GalaxyModel::Disk) require_bodies(b, begin, begin + n, keys, keys, keys);
}

}  // namespace

void fill_galaxy(HostBodies& b, std::size_t begin, const GalaxySpec& spec, std::size_t n,
                 std::uint64_t seed, std::uint8_t tag) {
  const std::size_t end = begin + n;
  fill_model(b, begin, spec, n, seed, tag);
  if (spec.model == GalaxyModel::Disk) {
    const DiskGalaxyParams& d = spec.disk;
    rescale(b, begin, end, d.disk_mass + d.bulge_mass + d.halo_mass, d.disk_scale_length,
            spec.mass, spec.scale);
  } else if (spec.model == GalaxyModel::Plummer) {
    rescale(b, begin, end, 1.0, 3.0 * std::numbers::pi / 16.0, spec.mass, spec.scale);
  } else {
    rescale(b, begin, end, 1.0, 1.0, spec.mass, spec.scale);
  }
  // Each field scales with the keys that name it (G = 1: velocity with √(mass / scale)).
  const std::string mass = "mass = " + num(spec.mass), scale = "scale = " + num(spec.scale);
  require_bodies(b, begin, end, scale, mass + " and " + scale,
                 mass + " over " + std::to_string(n) + " bodies");
  if (spec.model == GalaxyModel::Disk) return;
  std::fill(b.population.begin() + begin, b.population.begin() + end,
            std::uint8_t(Population::Star));
  std::fill(b.galaxy.begin() + begin, b.galaxy.begin() + end, tag);
}

HostBodies make_galaxy(const GalaxySpec& spec, std::size_t n, std::uint64_t seed,
                       std::uint8_t tag) {
  HostBodies b;
  b.resize(n);
  fill_galaxy(b, 0, spec, n, seed, tag);
  return b;
}

std::array<std::vector<Vec3d>, 2> orbit_paths(const Encounter& e, double until, int points) {
  std::array<std::vector<Vec3d>, 2> paths;
  if (!e.orbit || e.galaxies.size() != 2 || points < 2) return paths;
  const double m0 = e.galaxies[0].mass, m1 = e.galaxies[1].mass, m = m0 + m1;
  for (int k = 0; k < points; ++k) {
    const double t = until * k / (points - 1) - e.orbit->time_to_pericentre;
    const RelativeState s = kepler_state(*e.orbit, m, t);
    paths[0].push_back({-m1 / m * s.r[0], -m1 / m * s.r[1], -m1 / m * s.r[2]});
    paths[1].push_back({m0 / m * s.r[0], m0 / m * s.r[1], m0 / m * s.r[2]});
  }
  return paths;
}

HostBodies make_encounter(const Encounter& e, std::size_t n, std::uint64_t seed) {
  check_encounter(e, n);
  const std::vector<std::size_t> counts = counts_of(e, n);
  std::vector<Vec3d> at(e.galaxies.size()), moving(e.galaxies.size());
  for (std::size_t i = 0; i < e.galaxies.size(); ++i) {
    at[i] = e.galaxies[i].position, moving[i] = e.galaxies[i].velocity;
  }
  if (e.orbit) {
    const double m0 = e.galaxies[0].mass, m1 = e.galaxies[1].mass, m = m0 + m1;
    const RelativeState s = kepler_state(*e.orbit, m, -e.orbit->time_to_pericentre);
    for (int k = 0; k < 3; ++k) {
      at[0][k] = -m1 / m * s.r[k], moving[0][k] = -m1 / m * s.v[k];
      at[1][k] = m0 / m * s.r[k], moving[1][k] = m0 / m * s.v[k];
    }
  }
  // Every galaxy is built in place in one set of arrays: no copies of millions of bodies.
  HostBodies all;
  all.resize(n);
  std::size_t begin = 0;
  for (std::size_t i = 0; i < e.galaxies.size(); ++i) {
    const GalaxySpec& g = e.galaxies[i];
    try {
      fill_galaxy(all, begin, g, counts[i], galaxy_seed(seed, i), std::uint8_t(i));
      set_gas_temperature(all, begin, begin + counts[i], g, e.units);
      // The node line lies at -ω from pericentre (+x); turning +z about it by i gives the spin.
      const double w = g.argument_deg * kDeg;
      rotate_and_shift(all, begin, begin + counts[i], {std::cos(w), -std::sin(w), 0.0},
                       g.inclination_deg * kDeg, at[i], moving[i]);
      const std::string placed = e.orbit ? "its place on the orbit (orbit.pericentre = " +
                                               num(e.orbit->pericentre) + ")"
                                         : "position";
      require_bodies(all, begin, begin + counts[i], placed,
                     e.orbit ? placed : std::string("velocity"), "mass");
    } catch (const std::invalid_argument& x) {
      throw std::invalid_argument(galaxy_label(e, i) + ": " + x.what());
    }
    begin += counts[i];
  }
  centre_at_rest(all);
  return all;
}

}  // namespace galaxy
