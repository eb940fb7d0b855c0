// SPDX-License-Identifier: MIT
#pragma once

#include "cli/options.hpp"

namespace galaxy::app {

// `galaxy bench`: for each body count, backend and solver, warm-up steps and then timed steps;
// prints per-stage medians, ms per step, bodies/s, interactions/s and the relative acceleration
// error against a float64 direct sum over a random sample. Returns the exit status.
int run_bench(const Options& o);

}  // namespace galaxy::app
