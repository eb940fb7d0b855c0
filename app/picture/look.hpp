// SPDX-License-Identifier: MIT
// The look: how the bodies are drawn (the renderer's knobs, the splat, the colour field), the
// layout (three views, the panel shown) and how many bodies are drawn at most. The screen
// (picture/screen.hpp) owns it; the panel's Rendering rows and the keys edit it in place.
#pragma once

#include <cstddef>

#include "render_params.hpp"

namespace galaxy::app {

struct Look {
  render::RenderParams render;
  bool splat_auto = true;   // choose points or compute by body count
  bool three_view = false;  // x-y, x-z and y-z side by side (v), as encounters are matched
  // Bodies drawn at most while the simulation runs or the view moves (every k-th above, with the
  // light of k; the panel says so); paused and still, all. On an H100 at 1920x1080 drawing 10M
  // bodies takes 3.6 ms alone but 13 ms while the simulation's kernels share the GPU, and costs
  // the simulation 19% of its steps; a third of them, 13% (README, Time).
  std::size_t max_drawn = 4u << 20;
  bool show_panel = true;
  bool show_key_sheet = false;  // ?: every key, over the view
  bool open_designer = false;   // e: the panel opens the encounter designer on its next frame
};

}  // namespace galaxy::app
