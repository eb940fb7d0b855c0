// SPDX-License-Identifier: MIT
// The Performance section's rates line: frames and steps per second, which differ now that the
// simulation steps on its own thread (the time controls: features/time_controls.hpp).
#pragma once

#include <string>

#include "run/run_figures.hpp"

namespace galaxy::app {

// "60 fps, 28.4 steps/s, 0.355 time/s": the frame rate and the simulation's rates; the time in
// Myr/s where the run has units. One line at the panel's width, drawn unwrapped.
std::string rates_text(float fps, const RunFigures& run);

}  // namespace galaxy::app
