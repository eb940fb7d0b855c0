// SPDX-License-Identifier: MIT
// What a click on a body says about it: its galaxy and component, where it is, how fast it goes
// and how far the solver's force on it is from the exact one (a float64 direct sum over all N for
// this one body, sim/reference.hpp), in the run's physical units where it has them.
#pragma once

#include <string>

#include "bodies.hpp"
#include "reference.hpp"
#include "units.hpp"

namespace galaxy::app {

struct Inspected {
  int galaxy = -1;
  double speed = 0, force_error = 0;  // model units; |a - a_exact| / |a_exact|
  std::string text;  // "galaxy 1 (disk), 212 km/s at the click; force error 3.1e-04 ..."
};

// Body `i` of `b`, whose accelerations are the solver's at these positions.
Inspected inspect_body(const HostBodies& b, int i, float softening, const Units& u);
// Body `k` of an exact sample (Simulation::exact_sample: over MPI ranks, summed there).
Inspected inspect_body(const ExactSample& e, std::size_t k, const Units& u);

}  // namespace galaxy::app
