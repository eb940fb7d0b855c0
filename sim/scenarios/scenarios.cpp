// SPDX-License-Identifier: MIT
#include "scenarios/scenarios.hpp"

#include <stdexcept>

#include "scenarios/cold_collapse.hpp"
#include "scenarios/disk_galaxy.hpp"
#include "scenarios/plummer.hpp"
#include "scenarios/presets.hpp"

namespace galaxy {

const std::vector<std::string>& scenario_names() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> n{"collision", "plummer", "collapse"};
    for (const Encounter& e : encounter_presets()) n.push_back(e.name);
    return n;
  }();
  return names;
}

HostBodies make_scenario(const std::string& name, std::size_t n, std::uint64_t seed) {
  if (name == "plummer") return make_plummer(n, seed);
  if (name == "collision") return make_galaxy_collision(n, seed);
  if (name == "collapse") return make_cold_collapse(n, seed);
  if (const Encounter* e = find_preset(name)) return make_encounter(*e, n, seed);
  throw std::invalid_argument("unknown scenario '" + name + "'");
}

Units scenario_units(const std::string& name) {
  if (name == "collision") return kDiskGalaxyUnits;
  if (const Encounter* e = find_preset(name)) return e->units;
  return {};
}

}  // namespace galaxy
