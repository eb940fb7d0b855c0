// SPDX-License-Identifier: MIT
#include "scenarios.hpp"

#include <stdexcept>

#include "plummer.hpp"

namespace galaxy {

const std::vector<std::string>& scenario_names() {
  static const std::vector<std::string> names{"plummer"};
  return names;
}

HostBodies make_scenario(const std::string& name, std::size_t n, std::uint64_t seed) {
  if (name == "plummer") return make_plummer(n, seed);
  throw std::invalid_argument("unknown scenario '" + name + "'");
}

}  // namespace galaxy
