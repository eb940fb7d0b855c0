// SPDX-License-Identifier: MIT
// Checks made before the first step, so that a run is never lost at its end: every output path
// (--save, --record, bench --csv) is writable and of a known format, a save's temporary name fits
// its folder, and a headless recording has an end.
#pragma once

#include <optional>
#include <string>

#include "cli/options.hpp"

namespace galaxy::app {

// The message for the first output that could not be written, or nothing when all can.
std::optional<std::string> check_outputs(const Options& o);

}  // namespace galaxy::app
