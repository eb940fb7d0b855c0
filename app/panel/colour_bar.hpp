// SPDX-License-Identifier: MIT
// The panel's part for the colour maps: the error map's button and the maps' ranges under the
// colour choice, and a legend with a colour bar and values (panel.cpp calls both).
#pragma once

#include <array>
#include <string>
#include <vector>

#include "settings.hpp"

namespace galaxy::app {

// Nothing unless an error map or a cost map is shown: the panel's controls (the error map's
// button, the range), and the legend (the colour bar with values and what the map holds) in a
// window of its own at the bottom right of the view.
void colour_map_controls(Settings& s, Changes& c);
void colour_legend(const render::RenderParams& r, const PanelStats& st);

// The colour of a map value at t in [0, 1] of its log range: what shaders/common.glsl draws.
std::array<float, 3> map_colour(float t);

// Tick values for a bar from `low` to `high` on a log scale: the decades between them (with 2 and
// 5 times them where fewer than three decades fit), the ends included.
std::vector<float> colour_bar_ticks(float low, float high);

// A tick's label: "1e-4", "300", "3e4".
std::string tick_label(float v);

}  // namespace galaxy::app
