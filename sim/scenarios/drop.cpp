// SPDX-License-Identifier: MIT
#include "scenarios/drop.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>
#include <stdexcept>
#include <string>

namespace galaxy {

namespace {

// The rotation that turns +z to the unit vector `to`: its axis (z × to) and angle.
std::pair<Vec3d, double> turn_z_to(const Vec3d& to) {
  const Vec3d axis{-to[1], to[0], 0.0};
  const double s = std::hypot(axis[0], axis[1]);
  if (s < 1e-12) return {{1.0, 0.0, 0.0}, to[2] > 0 ? 0.0 : std::numbers::pi};
  return {{axis[0] / s, axis[1] / s, 0.0}, std::atan2(s, to[2])};
}

}  // namespace

HostBodies make_drop(const DropSpec& d, std::uint64_t seed) {
  if (d.bodies == 0) throw std::invalid_argument("a dropped galaxy needs at least one body");
  Encounter check;
  check.galaxies.push_back(d.galaxy);
  check_encounter(check, d.bodies);  // mass, scale and the disk's structure
  const double len = std::sqrt(d.spin[0] * d.spin[0] + d.spin[1] * d.spin[1] + d.spin[2] * d.spin[2]);
  if (!(len > 0) || !std::isfinite(len)) throw std::invalid_argument("the spin axis must not be zero");
  for (int k = 0; k < 3; ++k) {
    if (!std::isfinite(d.position[k]) || !std::isfinite(d.velocity[k])) {
      throw std::invalid_argument("a dropped galaxy's position and velocity must be finite");
    }
  }
  HostBodies b = make_galaxy(d.galaxy, d.bodies, seed, 0);
  const auto [axis, angle] = turn_z_to({d.spin[0] / len, d.spin[1] / len, d.spin[2] / len});
  rotate_and_shift(b, 0, b.size(), axis, angle, d.position, d.velocity);
  return b;
}

std::optional<int> free_galaxy_tag(const HostBodies& b) {
  std::array<bool, kMaxGalaxies> used{};
  for (const std::uint8_t g : b.galaxy) used[g % kMaxGalaxies] = true;
  const auto at = std::find(used.begin(), used.end(), false);
  if (at == used.end()) return std::nullopt;
  return static_cast<int>(at - used.begin());
}

std::size_t galaxy_size(const HostBodies& b, int tag) {
  return static_cast<std::size_t>(std::count(b.galaxy.begin(), b.galaxy.end(), tag));
}

HostBodies without_galaxy(const HostBodies& b, int tag) {
  HostBodies out;
  out.resize(b.size() - galaxy_size(b, tag));
  std::size_t j = 0;
  for (std::size_t i = 0; i < b.size(); ++i) {
    if (b.galaxy[i] == tag) continue;
    for (auto a : {&HostBodies::x, &HostBodies::y, &HostBodies::z, &HostBodies::vx,
                   &HostBodies::vy, &HostBodies::vz, &HostBodies::m, &HostBodies::ax,
                   &HostBodies::ay, &HostBodies::az, &HostBodies::pot}) {
      (out.*a)[j] = (b.*a)[i];
    }
    out.population[j] = b.population[i];
    out.galaxy[j] = b.galaxy[i];
    ++j;
  }
  return out;
}

}  // namespace galaxy
