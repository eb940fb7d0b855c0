// SPDX-License-Identifier: MIT
#include "panel/panel_time.hpp"

#include <fmt/format.h>
#include <imgui.h>

#include <algorithm>

#include "memory.hpp"
#include "panel/panel_parts.hpp"
#include "timeline.hpp"

namespace galaxy::app {

namespace {

void run_buttons(Settings& s, Changes& c) {
  if (ImGui::Button(s.paused ? "Run" : "Pause")) s.paused = !s.paused;
  tip(s.paused ? "let the simulation step again (space)"
               : "stop stepping; the view still turns (space)");
  ImGui::SameLine();
  c.step_back += ImGui::Button("<");
  tip("one step back (, or Left)");
  ImGui::SameLine();
  c.step_once += ImGui::Button(">");
  tip("one step (. or Right)");
  ImGui::SameLine();
  c.reset |= ImGui::Button("Reset");
  tip("start the scenario again at the body count; the kept past starts over");
  ImGui::SameLine();
  c.fit_camera |= ImGui::Button("Fit view");
  tip("frame the bodies (c)");
}

std::string speed_label(const Speed& v) {
  switch (v.mode) {
    case Speed::Mode::Fastest:
      return "fastest";
    case Speed::Mode::SimRate:
      return fmt::format("{:.3g} t/s", v.sim_rate);
    case Speed::Mode::StepsPerFrame:
      break;
  }
  return fmt::format("{:.3g}x", v.steps_per_frame);
}

// A small button that says the speed and opens its controls: the mode and its rate.
void speed_controls(Speed& v) {
  if (ImGui::Button(fmt::format("{}###speed", speed_label(v)).c_str())) {
    ImGui::OpenPopup("speed");
  }
  tip("speed: steps each frame may start, simulated time per second, or as fast as the device "
      "goes ([ slower, ] faster)");
  if (!ImGui::BeginPopup("speed")) return;
  int mode = static_cast<int>(v.mode);
  ImGui::RadioButton("steps per frame", &mode, 0);
  tip("each frame may start this many steps (below 1: a step every few frames)");
  ImGui::RadioButton("simulated time per second", &mode, 1);
  tip("as many steps as make this much simulated time each wall-clock second");
  ImGui::RadioButton("as fast as it goes", &mode, 2);
  tip("step as fast as the device goes, whatever the frame rate");
  v.mode = static_cast<Speed::Mode>(mode);
  ImGui::SetNextItemWidth(200.0f);
  if (v.mode == Speed::Mode::StepsPerFrame) {
    ImGui::SliderFloat("##steps per frame", &v.steps_per_frame, kMinStepsPerFrame,
                       kMaxStepsPerFrame, "%.3g steps/frame",
                       ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_AlwaysClamp);
  } else if (v.mode == Speed::Mode::SimRate) {
    ImGui::SliderFloat("##time per second", &v.sim_rate, 1e-3f, 100.0f, "%.3g time/s",
                       ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_AlwaysClamp);
  }
  ImGui::EndPopup();
}

// A slider over the kept past: dragging it goes to that step (keyframe and replay), paused.
void timeline(Changes& c, const PanelStats& st) {
  if (st.kept.empty()) {
    ImGui::TextDisabled("%s", st.keyframe_note.empty() ? "no keyframes yet"
                                                       : st.keyframe_note.c_str());
    return;
  }
  const auto first = static_cast<long long>(st.kept.front());
  const auto last = static_cast<long long>(std::max(st.sim_steps, st.kept.back()));
  int at = static_cast<int>(st.seeking ? *st.seeking : st.steps);
  const std::string format = st.seeking ? "going to %d" : "step %d";
  ImGui::BeginDisabled(last <= first);
  if (ImGui::SliderInt("##timeline", &at, int(first), int(std::max(last, first + 1)),
                       format.c_str(), ImGuiSliderFlags_AlwaysClamp)) {
    c.seek = static_cast<std::uint64_t>(at);
  }
  ImGui::EndDisabled();
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) {
    ImGui::SetTooltip(
        "timeline: drag to go back to any step since %lld (the nearest keyframe before it, then "
        "the same steps again, bit for bit)\n%zu keyframes (at most %zu), %s of %s%s%s",
        first, st.kept.size(), kMostKeyframes, gib(st.keyframe_bytes).c_str(), gib(st.keyframe_budget).c_str(),
        st.keyframe_note.empty() ? "" : "\n", st.keyframe_note.c_str());
  }
}

}  // namespace

std::string rates_text(const PanelStats& st) {
  const std::string rates = fmt::format("{:.0f} fps, {:.3g} steps/s, {:.3g} time/s", st.fps,
                                        st.steps_per_s, st.sim_time_per_s);
  if (!st.units.physical()) return rates;
  return rates + fmt::format(" ({:.3g} Myr/s)", st.sim_time_per_s * st.units.time_myr());
}

void time_controls(Settings& s, Changes& c, const PanelStats& st) {
  run_buttons(s, c);
  speed_controls(s.speed);
  ImGui::SameLine();
  ImGui::SetNextItemWidth(-1.0f);
  timeline(c, st);
}

}  // namespace galaxy::app
