// SPDX-License-Identifier: MIT
// Mouse and keys, read from ImGui's input state (its GLFW backend collects them), so they reach
// the camera only when ImGui does not want them.
#pragma once

#include <glm/glm.hpp>

#include "camera.hpp"

namespace galaxy::app {

struct InputActions {
  bool toggle_pause = false, toggle_panel = false, fit = false, screenshot = false,
       toggle_octree = false, quit = false;
  bool step = false, step_back = false;  // one step forward (paused) or back
  int speed_change = 0;                  // +1 twice as fast, -1 half as fast
  bool pick = false;  // a click (press and release without a drag) at `cursor`
  glm::vec2 cursor{0.0f};
};

// Orbit (left drag), pan (middle drag or shift + left drag), zoom (wheel); keys: space pause,
// h panel, c fit, p screenshot, b octree, q or Esc quit; . or Right one step, , or Left one step
// back, ] faster, [ slower.
InputActions handle_input(render::OrbitCamera& camera, float viewport_height);

}  // namespace galaxy::app
