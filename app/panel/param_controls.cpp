// SPDX-License-Identifier: MIT
#include "panel/param_controls.hpp"

#include <imgui.h>
#include <imgui_internal.h>  // TempInputIsActive: is the slider's ctrl+click text field open

#include <string>
#include <vector>

#include "panel/param_reset.hpp"

namespace galaxy::app {

namespace {

// On the line of the widget just drawn, when the value is off its default: a small button that
// puts the default back; true when clicked.
template <class Reset>
bool reset_button(const void* id, std::string_view name, bool at_default, const std::string& def,
                  Reset reset) {
  if (at_default) return false;
  ImGui::SameLine();
  ImGui::PushID(id);
  const bool clicked = ImGui::SmallButton("default");
  if (clicked) reset();
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip("%.*s back to its default, %s", int(name.size()), name.data(), def.c_str());
  }
  ImGui::PopID();
  return clicked;
}

void tooltip(std::string_view help) {
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%.*s", int(help.size()), help.data());
}

// A slider's value into `value` when it is done: at once while dragging, but only as the edit ends
// (Enter, a click elsewhere) when typed into its ctrl+click text field. While the field holds
// text that differs from the value, ImGui 1.86 reports it as a change every frame: a half-typed
// "0." would run (or be refused, once a frame) until the typing is finished.
template <class T, class Draw>
bool slider_edit(T& value, Draw draw) {
  T v = value;
  if (!draw(&v) || ImGui::TempInputIsActive(ImGui::GetItemID())) return false;
  value = v;
  return true;
}

// A choice among the row's values, or a slider over its range; true when the value changed.
bool param_widget(SimParams& p, const ParamInfo& info) {
  const std::string label(info.name);
  if (!info.choices.empty()) {
    int current = 0;
    for (int k = 0; k < int(info.choices.size()); ++k) {
      if (get(p, info) == info.choices[k]) current = k;
    }
    bool changed = false;
    if (ImGui::BeginCombo(label.c_str(), std::string(info.choice_names[current]).c_str())) {
      for (int k = 0; k < int(info.choices.size()); ++k) {
        if (ImGui::Selectable(std::string(info.choice_names[k]).c_str(), k == current)) {
          changed |= k != current;
          set(p, info, info.choices[k]);
        }
      }
      ImGui::EndCombo();
    }
    return changed;
  }
  const ImGuiSliderFlags flags = info.log_slider ? ImGuiSliderFlags_Logarithmic : 0;
  if (is_integer(info)) {
    int v = static_cast<int>(get(p, info));
    const bool changed = slider_edit(v, [&](int* x) {
      return ImGui::SliderInt(label.c_str(), x, int(info.slider_low), int(info.slider_high), "%d",
                              flags);
    });
    if (changed) set(p, info, v);
    return changed;
  }
  float v = static_cast<float>(get(p, info));
  const bool changed = slider_edit(v, [&](float* x) {
    return ImGui::SliderFloat(label.c_str(), x, float(info.slider_low), float(info.slider_high),
                              info.format, flags);
  });
  if (changed) set(p, info, v);
  return changed;
}

}  // namespace

bool param_controls(SimParams& params, ParamSection section) {
  bool changed = false;
  for (const ParamInfo& info : sim_params()) {
    if (info.section != section) continue;
    changed |= param_widget(params, info);
    tooltip(info.help);
    changed |= reset_button(&info, info.name, at_default(params, info), default_text(info),
                            [&] { reset_to_default(params, info); });
  }
  return changed;
}

void knob_controls(render::RenderParams& look, render::KnobGroup group) {
  for (const render::Knob& k : render::knobs()) {
    if (!k.in_panel || k.group != group) continue;
    const std::string label(k.name);
    slider_edit(look.*k.field, [&](float* x) {
      return ImGui::SliderFloat(label.c_str(), x, k.low, k.high, k.format,
                                k.log_slider ? ImGuiSliderFlags_Logarithmic : 0);
    });
    tooltip(k.help);
    reset_button(&k, k.name, at_default(look, k), default_text(k),
                 [&] { reset_to_default(look, k); });
  }
}

}  // namespace galaxy::app
