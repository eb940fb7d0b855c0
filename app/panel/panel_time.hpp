// SPDX-License-Identifier: MIT
// The panel's time controls (panel_time.cpp): run and pause, a step forward and back, the speed,
// the timeline of kept keyframes to scrub through, and the two rates (frames and steps per
// second), which differ now that the simulation steps on its own thread.
#pragma once

#include "settings.hpp"

namespace galaxy::app {

// Run/Pause, step back, step, reset and fit, then the speed and the timeline.
void time_controls(Settings& s, Changes& c, const PanelStats& st);

// "60 fps, 28.4 steps/s, 0.355 time/s": the frame rate and the simulation's rates.
std::string rates_text(const PanelStats& st);

}  // namespace galaxy::app
