// SPDX-License-Identifier: MIT
#pragma once

#include "cli/options.hpp"

namespace galaxy::app {

// Runs the simulation without a window, printing per-step time and energy; returns the exit
// status.
int run_headless(const Options& o);

// The exit status of a run that stopped because a step ran away (non-finite or absurd values).
inline constexpr int kExitRunaway = 3;

}  // namespace galaxy::app
