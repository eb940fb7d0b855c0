// SPDX-License-Identifier: MIT
// Named initial conditions (`--scenario NAME` and the panel's picker).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "bodies.hpp"
#include "units.hpp"

namespace galaxy {

// The names make_scenario() accepts, in the order the panel lists them: collision (two disk
// galaxies merging), plummer (a Plummer sphere), collapse (a cold uniform sphere), then the
// encounter presets (scenarios/presets.hpp: disk, antennae, mice, ...).
const std::vector<std::string>& scenario_names();

// Bodies of scenario `name` with `n` bodies, reproducible from `seed`. Throws
// std::invalid_argument for an unknown name or a count the scenario cannot make.
HostBodies make_scenario(const std::string& name, std::size_t n, std::uint64_t seed);

// What a unit length and mass of scenario `name` are (none for plummer and collapse, which are
// not modelled on real systems).
Units scenario_units(const std::string& name);

}  // namespace galaxy
