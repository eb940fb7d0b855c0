// SPDX-License-Identifier: MIT
// The command line: one struct of settings, parsed by CLI11.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "simulation.hpp"

namespace galaxy::app {

struct Options {
  std::optional<Backend> backend;  // unset: cuda where a device is present, else cpu
  Solver solver = Solver::BarnesHut;
  std::string scenario = "collision";  // the demo: two disk galaxies merging
  std::optional<std::size_t> bodies;  // unset: a default that suits the backend
  std::uint64_t seed = 20261123;
  SimParams params;
  std::optional<long> steps;  // run this many steps, then exit
  bool headless = false;
  std::string save;  // write the final state here
  std::string load;  // start from this snapshot instead of the scenario
};

// Parsed options, or the exit status to return at once (0 after --help, 2 after an error; the
// message has been printed).
struct ParseResult {
  Options options;
  std::optional<int> exit_code;
};

ParseResult parse_options(int argc, const char* const* argv);

}  // namespace galaxy::app
