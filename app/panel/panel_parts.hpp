// SPDX-License-Identifier: MIT
// Pieces of the panel (panel.cpp) that stand on their own: the accuracy chart, the key help, and
// an action's error where its control is.
#pragma once

#include <imgui.h>

#include <string>
#include <vector>

#include "meters.hpp"
#include "panel/accuracy_chart.hpp"
#include "run/status_line.hpp"

namespace galaxy::app {

// p99 error (log scale) against step time, a dot per measurement coloured by theta, joined in
// the order of theta; the newest ringed; the axes named and their data's ends labelled. With no
// point, a line saying how to make one.
void accuracy_chart(std::span<const AccuracyPoint> points);

// The key table's essential rows (panel/key_table.hpp), in a window of their own below the
// panel's left edge (never scrolled away or cut off), every row in a tooltip while the mouse is
// over it; returns the height it takes from the bottom of the view, margin included.
// key_help_lines: its lines for a box `width` wide, kAllKeysHint the last item.
float key_help(float width);
std::vector<std::string> key_help_lines(float width);
inline constexpr const char* kAllKeysHint = "? all keys";
// Every key, in a sheet over the middle of the view, opaque and larger than the panel's text
// (?, and its own close button); false once closed.
bool key_sheet();

// A run over several MPI ranks: each rank's bodies and step time, wrapped, and what the force
// pass sent between them in its tooltip. Nothing for one process.
void ranks_line(const RankReport& r);

// Sliders leave room on their line for the label and a reset button.
inline constexpr float kSliderWidth = 150.0f;
// The colour of a line that warns (a cost, a fallback): amber.
inline const ImVec4 kWarn(1.0f, 0.7f, 0.2f, 1.0f);

// A choice among `items`; true when another was chosen. `other`: what the field shows when
// `current` is none of the items.
bool combo(const char* label, int& current, const std::vector<std::string>& items,
           const std::string& other = {});

// The error of the action named `where`, right below the control the user touched.
void error_here(const StatusText& st, Place where);

// A note in grey after the item just drawn: on its line, or under it where the line has no room
// left (10485760 bodies, a mass in Msun deep in the designer's tree).
void note_beside(const std::string& note);

// The tooltip of the control just drawn, saying what it does; shown on a disabled control too,
// where it says what the control would do.
void tip(const char* text);

}  // namespace galaxy::app
