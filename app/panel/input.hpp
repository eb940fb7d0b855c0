// SPDX-License-Identifier: MIT
// Mouse and keys, read from ImGui's input state (its GLFW backend collects them), so they reach
// the camera only when ImGui does not want them.
#pragma once

#include <glm/glm.hpp>

#include <optional>

#include "camera.hpp"
#include "picture/view_fit.hpp"

namespace galaxy::app {

// Keys typed faster than the frames come (two dots within one frame) count each press: a count
// for steps, undos and speed changes, and a toggle that two presses turn back.
struct InputActions {
  bool toggle_pause = false, toggle_panel = false, fit = false, screenshot = false,
       toggle_octree = false, quit = false;
  int step = 0, step_back = 0;  // steps forward (paused) or back
  int speed_change = 0;         // doublings of the speed: +1 twice as fast, -1 half as fast
  bool moved_view = false;  // a drag or the wheel turned, moved or zoomed the view
  bool pick = false;  // a click (press and release without a drag) at `cursor`
  glm::vec2 cursor{0.0f};
  bool toggle_drop = false, remove_galaxy = false;
  int undo = 0;  // presses of u this frame
  bool cycle_follow = false;             // f: off, everything, a galaxy, densest
  bool toggle_three_view = false;        // v
  bool toggle_dock = false;              // d: the panel docked to a strip at the left, or floating
  bool toggle_fullscreen = false;        // F11
  bool toggle_recording = false;         // r
  bool toggle_ruler = false;             // m
  bool add_camera_key = false;           // i: the view as the camera path's next key
  bool toggle_camera_path = false;       // l: play or stop the camera path
  bool toggle_key_sheet = false;         // ?: every key, legible, over the view
  bool open_designer = false;            // e: the encounter designer, opened and scrolled to
  std::optional<ViewDirection> view;     // 1 face-on, 2 edge-on, 3 x, 4 y, 5 z
  // The drop tool's gesture (drop mode): the left button held since `from`, now at `to`;
  // `released` on the frame it comes up (a click without a drag drops at rest).
  struct Drag {
    bool held = false, released = false;
    glm::vec2 from{0.0f}, to{0.0f};
  } drag;
};

// Orbit (left drag), pan (middle drag or shift + left drag), zoom (wheel), a click picks; the
// keys are key_table.hpp's rows. In drop mode the left button drops galaxies (Drag) instead of
// turning the view.
InputActions handle_input(render::OrbitCamera& camera, float viewport_height, bool drop_mode);

}  // namespace galaxy::app
