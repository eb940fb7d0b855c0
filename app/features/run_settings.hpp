// SPDX-License-Identifier: MIT
// The run's settings: the Simulation section's rows (the parameter sliders made from the
// parameter table, the body count, the scenario, the backend and the solver). The wanted values
// have one owner, RunControl (run/run_wanted.hpp: what the start made and what the panel asks);
// the rows draw them and return what was asked as a typed action, which RunControl's typed
// requests apply, writing the wanted value or, where the run refuses it, putting back what runs.
#pragma once

#include <cstddef>
#include <optional>
#include <string>

#include "run/run_control.hpp"
#include "run/run_figures.hpp"
#include "run/run_wanted.hpp"
#include "run/status_line.hpp"

namespace galaxy::app {

class RunSettings {
 public:
  // What runs, as the section shows it: the run's source, units and mass, its drawn body count,
  // and the newest error, shown by the control that failed.
  struct RunShown {
    const RunFigures& run;
    std::size_t bodies;
    const StatusText& status;
  };
  struct Action {
    std::optional<SimParams> params;      // a slider moved or a reset: these from the next step
    std::optional<std::size_t> bodies;    // the halving or doubling buttons' count
    std::string bodies_typed;             // a count as typed ("250k"), read when applied
    std::optional<std::string> scenario;  // made again at the current count
    std::optional<Backend> backend;
    std::optional<Solver> solver;
  };

  // The Simulation section: `s` the wanted values now, `now` what runs.
  static void section(Action& a, const RunWanted& s, const RunShown& now);
  // In the order the run takes them: parameters, solver, backend, scenario, then the count (a
  // typed one before a button's); what the run did.
  static RunControl::Applied apply(const Action& a, RunControl& run);
  // Something the user would lose on quitting unsaved (the quit guard asks).
  static bool edits_the_run(const Action& a) {
    return a.params || a.bodies || !a.bodies_typed.empty() || a.scenario;
  }
};

}  // namespace galaxy::app
