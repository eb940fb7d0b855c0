// SPDX-License-Identifier: MIT
#include "panel/view_controls.hpp"

#include <imgui.h>

#include <algorithm>

#include "panel/panel_parts.hpp"

namespace galaxy::app {

namespace {

void follow_controls(Settings& s) {
  int mode = static_cast<int>(s.follow);
  const char* modes[] = {"off", "everything", "a galaxy", "densest"};
  ImGui::SetNextItemWidth(110.0f);
  if (ImGui::Combo("follow (f)", &mode, modes, 4)) s.follow = static_cast<FollowMode>(mode);
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip("the view glides after the centre of the bodies drawn, of one galaxy\n"
                      "(click a body to choose its galaxy), or of the densest region");
  }
  if (s.follow != FollowMode::Galaxy) return;
  ImGui::SameLine();
  ImGui::SetNextItemWidth(70.0f);
  ImGui::InputInt("##galaxy", &s.follow_galaxy);
  tip("the followed galaxy's number (0 the first of an encounter)");
  s.follow_galaxy = std::clamp(s.follow_galaxy, 0, kMaxGalaxies - 1);
}

}  // namespace

void view_controls(Settings& s, const FeatureRows& rows) {
  follow_controls(s);
  rows(PanelSlot::ViewDirections);
  ImGui::Checkbox("three views (v)", &s.three_view);
  tip("x-y, x-z and y-z side by side, as encounters are matched to observed systems");
  ImGui::SameLine();
  rows(PanelSlot::BesideThreeViews);
  rows(PanelSlot::ViewTools);
}

}  // namespace galaxy::app
