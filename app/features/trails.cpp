// SPDX-License-Identifier: MIT
#include "features/trails.hpp"

#include <imgui.h>
#include <imgui_internal.h>  // TempInputIsActive: is the slider's ctrl+click text field open

#include <fmt/format.h>

#include <string>

#include "knobs.hpp"
#include "panel/panel_parts.hpp"

namespace galaxy::app {

namespace {

void tooltip(std::string_view help) {
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%.*s", int(help.size()), help.data());
}

// A slider's value counts once the edit is done: while dragging at once, typed into its
// ctrl+click field only as the edit ends (as panel/param_controls.cpp's slider_edit).
bool edited() { return !ImGui::TempInputIsActive(ImGui::GetItemID()); }

// The look's knobs of the Trails group (render/knobs.cpp), each with its default button, as the
// look's other knobs are drawn (panel/param_controls.cpp's knob_controls).
void knob_rows(Trails::Action& a, const render::RenderParams& look) {
  for (const render::Knob& k : render::knobs()) {
    if (!k.in_panel || k.group != render::KnobGroup::Trails) continue;
    const std::string label(k.name);
    float v = look.*k.field;
    for (const auto& [knob, value] : a.knobs) v = knob == &k ? value : v;
    if (ImGui::SliderFloat(label.c_str(), &v, k.low, k.high, k.format,
                           k.log_slider ? ImGuiSliderFlags_Logarithmic : 0) &&
        edited()) {
      a.knobs.emplace_back(&k, v);
    }
    tooltip(k.help);
    const float fallback = render::default_value(k);
    if (v == fallback) continue;
    ImGui::SameLine();
    ImGui::PushID(&k);
    if (ImGui::SmallButton("default")) a.knobs.emplace_back(&k, fallback);
    if (ImGui::IsItemHovered()) {
      ImGui::SetTooltip("%s back to its default, %g", label.c_str(), double(fallback));
    }
    ImGui::PopID();
  }
}

}  // namespace

Trails::Trails(int bodies) { params_.bodies = bodies; }

void Trails::rows(Action& a, const render::RenderParams& look) const {
  render::TrailParams t = a.set.value_or(params_);
  const render::TrailParams before = t;
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
    knob_rows(a, look);
  }
  if (t != before) a.set = t;
}

std::string Trails::cost_line(const FrameStats& f, int bodies) {
  const std::string& gl = f.gl_description;
  const bool software = gl.find("llvmpipe") != std::string::npos ||
                        gl.find("softpipe") != std::string::npos ||
                        gl.find("(software)") != std::string::npos;
  if (bodies <= 0 || !software || !(f.fps > 0.0f && f.fps < 20.0f)) return "";
  return fmt::format("trails: {:.0f} fps on software OpenGL (llvmpipe); fewer bodies or a shorter "
                     "length draw faster",
                     f.fps);
}

void Trails::section(Action& a, const render::RenderParams& look, const std::string& cost) const {
  const int bodies = a.set.value_or(params_).bodies;
  const std::string label =
      bodies > 0 ? "trails (" + std::to_string(bodies) + " bodies)###trails" : "trails###trails";
  const bool open = ImGui::TreeNode(label.c_str());
  tip("fading trails behind some of the bodies, to follow orbits and tails by eye");
  if (!cost.empty()) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextColored(kWarn, "%s", cost.c_str());
    ImGui::PopTextWrapPos();
  }
  if (!open) return;
  rows(a, look);
  ImGui::TreePop();
}

void Trails::apply(const Action& a, render::RenderParams& look) {
  if (a.set) params_ = *a.set;
  for (const auto& [knob, value] : a.knobs) look.*knob->field = value;
}

}  // namespace galaxy::app
