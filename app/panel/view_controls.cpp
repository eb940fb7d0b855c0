// SPDX-License-Identifier: MIT
#include "panel/view_controls.hpp"

#include <imgui.h>

#include "panel/panel_parts.hpp"

namespace galaxy::app {

void view_controls(Look& look, const FeatureRows& rows) {
  rows(PanelSlot::Follow);
  rows(PanelSlot::ViewDirections);
  ImGui::Checkbox("three views (v)", &look.three_view);
  tip("x-y, x-z and y-z side by side, as encounters are matched to observed systems");
  ImGui::SameLine();
  rows(PanelSlot::BesideThreeViews);
  rows(PanelSlot::ViewTools);
}

}  // namespace galaxy::app
