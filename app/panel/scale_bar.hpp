// SPDX-License-Identifier: MIT
// The scale bar in a corner of the view: a round length (1, 2 or 5 × 10^k kpc where the run has
// units, model units where not) drawn as a bar as long as that length is at the camera's target
// (perspective: nearer bodies look larger, farther ones smaller). The choice is a pure function;
// the drawing goes into ImGui's background draw list, under every window, whether the panel
// shows or not (not with --no-ui: there is no ImGui then).
#pragma once

#include <string>

#include "units.hpp"

namespace galaxy::app {

struct ScaleBar {
  double length = 0;  // in kpc with units, else in model units; 0: no bar
  float pixels = 0;   // its length on the screen
  std::string label;  // "5 kpc", "0.2 units"
};

// The longest of 1, 2 and 5 × 10^k not above `most`; 0 where `most` is not finite and > 0.
double round_length(double most);

// Longest bar that fits in this fraction of the view's width; the 1-2-5 steps are at most 2.5
// apart, so the bar spans 8% to 20% of it.
inline constexpr float kScaleBarMostOfWidth = 0.2f;

// The bar for a view `width` pixels wide in which a pixel spans `per_pixel` model lengths at the
// camera's target (render::OrbitCamera::world_per_pixel).
ScaleBar choose_scale_bar(double per_pixel, float width, const Units& u);

// Draws `bar` at the top right of a view `width` pixels wide: a line with end ticks and its
// label below, light on a dark outline so it reads on bodies and on the black sky.
void draw_scale_bar(const ScaleBar& bar, float width);

}  // namespace galaxy::app
