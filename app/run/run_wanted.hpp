// SPDX-License-Identifier: MIT
// The run's wanted values: what the Simulation section's controls show and ask for. RunControl
// (run/run_control.hpp) owns them: it writes what a typed request asked and, where the run
// refuses it, puts back what runs.
#pragma once

#include <cstddef>
#include <string>

#include "run/session.hpp"
#include "simulation.hpp"

namespace galaxy::app {

struct RunWanted {
  SimParams params;
  std::size_t bodies = 0;
  std::string scenario;
  Backend backend = Backend::Cpu;
  Solver solver = Solver::BarnesHut;

  // What runs, as wanted values (the start, a load).
  static RunWanted of(const Running& r) {
    return {r.params, r.bodies, r.scenario, r.backend, r.solver};
  }
};

}  // namespace galaxy::app
