// SPDX-License-Identifier: MIT
#pragma once

#include "options.hpp"

namespace galaxy::app {

// Runs the simulation without a window, printing per-step time and energy; returns the exit
// status.
int run_headless(const Options& o);

}  // namespace galaxy::app
