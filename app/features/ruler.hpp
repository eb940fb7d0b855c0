// SPDX-License-Identifier: MIT
// The ruler (m): in ruler mode a click puts an end on the plane through the view's centre that
// faces the camera (the drop tool's plane), the first click of a new pair after two; the line is
// labelled with its length, in kpc where the run has units. It owns its mode and its two ends,
// draws its checkbox and its line, and takes the clicks while it is on.
#pragma once

#include <array>
#include <glm/glm.hpp>
#include <optional>
#include <string>

#include "units.hpp"

namespace galaxy::app {

// The view as a click on it needs it: the projection the picture is drawn with, the window's size
// (window coordinates, not framebuffer pixels), the camera's target and eye.
struct ViewPlane {
  glm::mat4 view_proj{1.0f};
  glm::vec2 window{0.0f};
  glm::vec3 target{0.0f}, eye{0.0f, 0.0f, 1.0f};
};

class Ruler {
 public:
  // What the key (m), the checkbox and a click in the view ask of it.
  struct Action {
    bool toggle = false;             // ruler mode on or off
    std::optional<glm::vec2> click;  // a click at this cursor (window coordinates)
  };

  // Its checkbox, beside the three views' (panel/view_controls.cpp); a click on it toggles `a`.
  void section(Action& a) const;
  // The toggle first, then a click: in ruler mode it puts an end (a click on nothing puts none)
  // and is taken, so it picks no body; true where it took the click.
  bool apply(const Action& a, const ViewPlane& v);

  bool on() const { return on_; }
  const std::array<std::optional<glm::vec3>, 2>& ends() const { return ends_; }
  // The length between the two ends ("12.3 kpc", "4.56 units"); empty until both are put.
  std::string label(const Units& u) const;
  // The line and its label over the view (ImGui's background draw list), in ruler mode.
  void marks(const ViewPlane& v, const Units& u) const;

 private:
  bool on_ = false;
  std::array<std::optional<glm::vec3>, 2> ends_;  // world points
};

}  // namespace galaxy::app
