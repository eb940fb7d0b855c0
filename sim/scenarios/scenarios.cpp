// SPDX-License-Identifier: MIT
#include "scenarios/scenarios.hpp"

#include <stdexcept>

#include "scenarios/cold_collapse.hpp"
#include "scenarios/disk_galaxy.hpp"
#include "scenarios/plummer.hpp"

namespace galaxy {

const std::vector<std::string>& scenario_names() {
  static const std::vector<std::string> names{"collision", "disk", "plummer", "collapse"};
  return names;
}

HostBodies make_scenario(const std::string& name, std::size_t n, std::uint64_t seed) {
  if (name == "plummer") return make_plummer(n, seed);
  if (name == "disk") return make_disk_galaxy(n, seed);
  if (name == "collision") return make_galaxy_collision(n, seed);
  if (name == "collapse") return make_cold_collapse(n, seed);
  throw std::invalid_argument("unknown scenario '" + name + "'");
}

}  // namespace galaxy
