// SPDX-License-Identifier: MIT
// The ImGui panel: edits Settings and reports what changed; applies nothing itself.
#pragma once

#include "settings.hpp"

namespace galaxy::app {

// Window pixels the panel covers at the left, margin included.
inline constexpr float kPanelWidth = 340.0f;

// Draws the panel and the status line.
Changes draw_panel(Settings& s, const PanelStats& stats);
// The status line alone: the newest action's error or message, wrapped, in a window of its own
// at the bottom of the view from `left` (pixels) on, so it shows even with the panel scrolled or
// hidden (draw_panel calls it beside the panel).
void status_line(const PanelStats& stats, float left = 10.0f);

}  // namespace galaxy::app
