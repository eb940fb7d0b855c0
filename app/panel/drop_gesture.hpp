// SPDX-License-Identifier: MIT
// From the drop tool's mouse gesture to the galaxy it drops: where a window point lands on the
// plane through the camera's target that faces the camera, and the DropSpec a press and a
// release there make (position at the press, velocity along the drag, spin towards the viewer).
#pragma once

#include <glm/glm.hpp>
#include <optional>

#include "scenarios/drop.hpp"

namespace galaxy::app {

// The drop tool's galaxy as its rows set it (features/drop_tool.hpp): model, mass, scale and
// bodies (position, velocity and spin: the gesture's), the disk's tilt from face-on about the
// view's horizontal axis, its turn as seen from the camera, and the arrow's time: the arrow is
// the way the galaxy goes in this many time units.
struct DropShape {
  DropSpec spec;
  float tilt_deg = 0.0f;
  bool clockwise = false;
  float arrow_time = 10.0f;
};

// The point of the plane through `target` facing the camera (at `eye`) under window point
// `cursor` (pixels from the top left of a `window` of that size) seen through `view_proj`;
// nothing where the ray runs along the plane.
std::optional<glm::vec3> on_view_plane(const glm::mat4& view_proj, glm::vec2 window,
                                       glm::vec2 cursor, glm::vec3 target, glm::vec3 eye);

// The galaxy a drag from `from` to `to` (world points on the view plane) drops: at `from`,
// moving by (to - from) in tool.arrow_time time units, spinning towards the viewer (or away,
// clockwise), tilted by tool.tilt_deg about the view's horizontal axis `right`.
DropSpec drop_from_drag(const DropShape& tool, glm::vec3 from, glm::vec3 to, glm::vec3 eye,
                        glm::vec3 target, glm::vec3 right);

}  // namespace galaxy::app
