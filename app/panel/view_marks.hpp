// SPDX-License-Identifier: MIT
// Marks drawn over the view with ImGui's background draw list (under the panel): the drop tool's
// arrow while a galaxy is dragged, and the encounter designer's predicted orbit.
#pragma once

#include <glm/glm.hpp>

#include <optional>
#include <string>

#include "scenarios/encounter.hpp"

namespace galaxy::app {

// The galaxy about to drop: a ring of radius `radius` (world units, in the view plane spanned by
// `right`) at world point `from`, an arrow to `to`, and `label` beside the arrow's head.
void draw_drop_arrow(const glm::mat4& view_proj, glm::vec2 window, glm::vec3 from, glm::vec3 to,
                     float radius, glm::vec3 right, const std::string& label);

// The ruler: a line from `a` to `b` (world points) with `label` at its middle; one end alone is
// a dot.
void draw_ruler(const glm::mat4& view_proj, glm::vec2 window, glm::vec3 a,
                std::optional<glm::vec3> b, const std::string& label);

// A pair's two centres on their orbit from the start to `until` (orbit_paths), each in its
// galaxy's colour, with a dot where each starts.
void draw_orbit_paths(const glm::mat4& view_proj, glm::vec2 window, const Encounter& e,
                      double until);

}  // namespace galaxy::app
