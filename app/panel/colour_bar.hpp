// SPDX-License-Identifier: MIT
// The panel's part for the body fields (sim/body_field_table.hpp), all made from the fields' table:
// the colour choice's entries, the "recompute" button and the range under it, and a legend with
// a colour bar and values (panel.cpp calls them; startup.cpp chooses --colour-map's field).
#pragma once

#include <array>
#include <string>
#include <vector>

#include "body_field_table.hpp"
#include "picture/shown_field.hpp"
#include "render_params.hpp"
#include "units.hpp"

namespace galaxy::app {

// The colour choice: "auto", "speed", "population", then every field the simulation draws in
// place of the speed, by its name; which entry `r` shows, and choosing one (a field's range and
// scale from its descriptor).
std::vector<std::string> colour_choices();
int colour_choice(const render::RenderParams& r);
void choose_colour(render::RenderParams& r, int choice);
// Show field f (--colour-map): the speed is the renderer's own speed colouring.
void choose_field(render::RenderParams& r, const BodyFieldInfo& f);

// Nothing unless a field is shown: the colour field's controls (the "recompute" button, true when
// it was pressed; the range, edited in `r`), and the legend (the colour bar with values and what
// the field holds, `said`) in a window of its own at the bottom right of the view. The legend
// shows for the colour choice "speed" too: the speed from 0 to the speed range, in km/s where
// the run has units `u` (features/colour_field.hpp draws both).
bool colour_map_controls(render::RenderParams& r);
void colour_legend(const render::RenderParams& r, const Units& u, const FieldReport& said);

// The colour of a field value at t in [0, 1] of its range, and of a speed at t of the speed
// range: what shaders/common.glsl draws.
std::array<float, 3> map_colour(float t);
std::array<float, 3> speed_colour(float t);

// Tick values for a bar from `low` to `high` on a log scale: the decades between them (with 2 and
// 5 times them where fewer than three decades fit), the ends included.
std::vector<float> colour_bar_ticks(float low, float high);

// Ticks on a linear scale: about five round values between them, the ends included.
std::vector<float> linear_ticks(float low, float high);

// A tick's label: "1e-4", "300", "3e4".
std::string tick_label(float v);

}  // namespace galaxy::app
