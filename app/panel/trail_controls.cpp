// SPDX-License-Identifier: MIT
#include "panel/trail_controls.hpp"

#include <imgui.h>

#include <string>

#include "panel/panel_parts.hpp"
#include "panel/param_controls.hpp"

namespace galaxy::app {

namespace {
void tooltip(const char* help) {
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", help);
}
}  // namespace

void trail_controls(Settings& s, Changes& c) {
  render::TrailParams& t = s.render.trails;
  const std::string label = t.bodies > 0
                                ? "trails (" + std::to_string(t.bodies) + " bodies)###trails"
                                : "trails###trails";
  const bool open = ImGui::TreeNode(label.c_str());
  tip("fading trails behind some of the bodies, to follow orbits and tails by eye");
  if (!open) return;
  ImGui::SliderInt("bodies##trails", &t.bodies, 0, render::kMaxTrailBodies,
                   t.bodies > 0 ? "%d" : "off", ImGuiSliderFlags_Logarithmic);
  tooltip(
      "bodies followed at most: every k-th drawn body (not the dark halo); 0: no trails. A new "
      "run, body count or setting starts the trails over");
  if (t.bodies > 0) {
    ImGui::SliderInt("length##trails", &t.length, render::kMinTrailLength, render::kMaxTrailLength,
                     "%d samples");
    tooltip("positions a trail keeps; the oldest fades out");
    ImGui::SliderInt("every##trails", &t.every, 1, 64, "%d steps");
    tooltip("steps between two samples: longer trails for the same memory");
    ImGui::SliderInt("galaxy##trails", &t.galaxy, -1, 63,
                     t.galaxy < 0 ? "every galaxy" : "galaxy %d");
    tooltip("follow one galaxy's bodies (its tag: 0 the first of an encounter)");
    knob_controls(s, c, render::KnobGroup::Trails);
  }
  ImGui::TreePop();
}

}  // namespace galaxy::app
