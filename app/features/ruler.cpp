// SPDX-License-Identifier: MIT
#include "features/ruler.hpp"

#include <fmt/format.h>
#include <imgui.h>

#include "panel/drop_gesture.hpp"
#include "panel/view_marks.hpp"

namespace galaxy::app {

void Ruler::section(Action& a) const {
  bool on = on_;
  if (ImGui::Checkbox("ruler (m)", &on)) a.toggle = !a.toggle;
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("clicks put its two ends on the view's plane");
}

bool Ruler::apply(const Action& a, const ViewPlane& v) {
  if (a.toggle) on_ = !on_;
  if (!a.click || !on_) return false;
  const auto at = on_view_plane(v.view_proj, v.window, *a.click, v.target, v.eye);
  if (!at) return true;
  if (!ends_[0] || ends_[1]) {
    ends_ = {at, std::nullopt};
  } else {
    ends_[1] = at;
  }
  return true;
}

std::string Ruler::label(const Units& u) const {
  if (!ends_[0] || !ends_[1]) return {};
  const float d = glm::length(*ends_[1] - *ends_[0]);
  return u.physical() ? fmt::format("{:.3g} kpc", d * u.length_kpc)
                      : fmt::format("{:.3g} units", d);
}

void Ruler::marks(const ViewPlane& v, const Units& u) const {
  if (!on_ || !ends_[0]) return;
  draw_ruler(v.view_proj, v.window, *ends_[0], ends_[1], label(u));
}

}  // namespace galaxy::app
