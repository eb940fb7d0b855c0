// SPDX-License-Identifier: MIT
// The look: how the bodies are drawn (the renderer's knobs, the splat, the colour field), the
// layout (three views, the panel shown) and how many bodies are drawn at most. The screen
// (picture/screen.hpp) owns it; the panel's Rendering rows and the keys edit it in place.
#pragma once

#include <cstddef>

#include "render_params.hpp"

namespace galaxy::app {

// Window pixels a floating panel covers at the left, margin included; kPanelScrollbar more while
// it scrolls (it widens rather than narrow its rows: panel/panel_place.hpp). A docked panel's
// strip starts as wide as both and is resized between kPanelNarrowest and half the view; a
// collapsed panel is a bar kPanelBar wide.
inline constexpr float kPanelWidth = 340.0f;
inline constexpr float kPanelScrollbar = 14.0f;
inline constexpr float kPanelNarrowest = 260.0f;
inline constexpr float kPanelBar = 26.0f;

struct Look {
  render::RenderParams render;
  bool splat_auto = true;   // choose points or compute by body count
  bool three_view = false;  // x-y, x-z and y-z side by side (v), as encounters are matched
  // Bodies drawn at most while the simulation runs or the view moves (every k-th above, with the
  // light of k; the panel says so); paused and still, all. On an H100 at 1920x1080 drawing 10M
  // bodies takes 3.6 ms alone but 13 ms while the simulation's kernels share the GPU, and costs
  // the simulation 19% of its steps; a third of them, 13% (docs/time.md).
  std::size_t max_drawn = 4u << 20;
  bool show_panel = true;
  // Where the panel is (panel/panel_place.hpp): floating over the view at its top left, or
  // docked to a strip at the left that the view leaves free (d, --dock), `panel_width` wide;
  // collapsed to a bar that opens it again.
  bool panel_docked = false;
  bool panel_collapsed = false;
  bool panel_placed = false;  // a floating panel is at its corner (set when it leaves the dock)
  float panel_width = kPanelWidth + kPanelScrollbar;
  bool show_key_sheet = false;  // ?: every key, over the view
  bool open_designer = false;   // e: the panel opens the encounter designer on its next frame
};

}  // namespace galaxy::app
