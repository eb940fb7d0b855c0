// SPDX-License-Identifier: MIT
// `galaxy --soak SECONDS`: the frame loop run headless as fast as it goes (unpaced frames, the
// simulation stepping on its own thread) for that long, with the process's resident memory
// printed every 10 seconds and its growth after the first minute (or the first sixth of a shorter
// run) at the end: what a museum screen left on for days would do to memory, measured.
#pragma once

#include "cli/options.hpp"

namespace galaxy::app {

// Resident memory of this process in bytes (/proc/self/statm), 0 where unknown.
std::size_t resident_bytes();
int run_soak(const Options& o);

}  // namespace galaxy::app
