// SPDX-License-Identifier: MIT
// The ImGui panel: edits Settings and reports what changed; applies nothing itself.
#pragma once

#include "settings.hpp"

namespace galaxy::app {

// Window pixels the panel covers at the left, margin included.
inline constexpr float kPanelWidth = 430.0f;

Changes draw_panel(Settings& s, const PanelStats& stats);

}  // namespace galaxy::app
