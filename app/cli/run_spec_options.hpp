// SPDX-License-Identifier: MIT
// The run the command line describes: its options read into the plain RunSpec that Session,
// Runner and Run take (so nothing below the command line knows its options).
#pragma once

#include "cli/options.hpp"
#include "run/run_spec.hpp"

namespace galaxy::app {

// The bodies (--scenario, --bodies, --encounter, --load with --units and --particle-types), the
// parameters and which of them were given, --backend, --solver, --threads, --seed and
// --keyframe-memory; the energy table (wants_energy_table) neither draws, nor keeps keyframes,
// nor steps on a thread of its own, and neither do recordings and --lockstep step on one.
RunSpec run_spec(const Options& o);

}  // namespace galaxy::app
