// SPDX-License-Identifier: MIT
#include "features/view_framing.hpp"

#include <imgui.h>

#include "panel/panel_parts.hpp"

namespace galaxy::app {

void ViewFraming::buttons(Action& a) const {
  const ViewDirection views[] = {ViewDirection::FaceOn, ViewDirection::EdgeOn, ViewDirection::X,
                                 ViewDirection::Y, ViewDirection::Z};
  const char* labels[] = {"face-on", "edge-on", "x", "y", "z"};
  for (int k = 0; k < 5; ++k) {
    if (k > 0) ImGui::SameLine(0, 4);
    if (ImGui::SmallButton(labels[k])) a.direction = views[k];
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("key %d; framed on the followed galaxy", k + 1);
  }
}

void ViewFraming::screenshot_button(Action& a) const {
  a.screenshot |= ImGui::Button("Screenshot (p)");
  tip("save the view as galaxy_YYYYmmdd_HHMMSS.png in the current folder");
}

bool ViewFraming::apply(const Action& a, Clock::time_point now) {
  if (a.by_hand) hand_moved_ = now;
  if (a.direction) direction_ = *a.direction;
  screenshot_ |= a.screenshot;
  return a.fit || a.direction.has_value();
}

FitAim ViewFraming::aim(FollowCamera::What followed) const {
  const int galaxy = followed.first == FollowMode::Galaxy ? followed.second : fit_galaxy_;
  return {galaxy, direction_};
}

}  // namespace galaxy::app
