// SPDX-License-Identifier: MIT
// The ruler (m): in ruler mode a click puts an end on the plane through the view's centre that
// faces the camera (the drop tool's plane), the first click of a new pair after two; the line is
// labelled with its length, in kpc where the run has units.
#include <fmt/format.h>

#include "app.hpp"
#include "panel/drop_gesture.hpp"
#include "panel/view_marks.hpp"

namespace galaxy::app {

void App::ruler_click(glm::vec2 cursor, glm::vec2 window) {
  const auto at = on_view_plane(view_proj(int(window.x), int(window.y)), window, cursor,
                                camera_.target(), camera_.eye());
  if (!at) return;
  if (!ruler_[0] || ruler_[1]) {
    ruler_ = {at, std::nullopt};
  } else {
    ruler_[1] = at;
  }
}

void App::ruler_marks(glm::vec2 window) {
  if (!settings_.ruler || !ruler_[0]) return;
  std::string label;
  if (ruler_[1]) {
    const float d = glm::length(*ruler_[1] - *ruler_[0]);
    label = stats_.units.physical() ? fmt::format("{:.3g} kpc", d * stats_.units.length_kpc)
                                    : fmt::format("{:.3g} units", d);
  }
  draw_ruler(view_proj(int(window.x), int(window.y)), window, *ruler_[0], ruler_[1], label);
}

}  // namespace galaxy::app
