// SPDX-License-Identifier: MIT
#include "features/time_controls.hpp"

#include <fmt/format.h>
#include <imgui.h>

#include <algorithm>
#include <cstdlib>

#include "memory.hpp"
#include "panel/panel_parts.hpp"
#include "run/run_figures.hpp"
#include "timeline.hpp"

namespace galaxy::app {

namespace {

void run_buttons(bool paused, TimeControls::Action& a) {
  if (ImGui::Button(paused ? "Run" : "Pause")) a.toggle_pause = !a.toggle_pause;
  tip(paused ? "let the simulation step again (space)"
             : "stop stepping; the view still turns (space)");
  ImGui::SameLine();
  a.back += ImGui::Button("<");
  tip("one step back (, or Left)");
  ImGui::SameLine();
  a.step += ImGui::Button(">");
  tip("one step (. or Right)");
  ImGui::SameLine();
  a.reset |= ImGui::Button("Reset");
  tip("start the scenario again at the body count; the kept past starts over");
  ImGui::SameLine();
  a.fit |= ImGui::Button("Fit view");
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
void timeline(TimeControls::Action& a, const RunFigures& st, std::uint64_t drawn_step) {
  if (st.kept.empty()) {
    ImGui::TextDisabled("%s", st.keyframe_note.empty() ? "no keyframes yet"
                                                       : st.keyframe_note.c_str());
    return;
  }
  const auto first = static_cast<long long>(st.kept.front());
  const auto last = static_cast<long long>(std::max(st.sim_steps, st.kept.back()));
  int at = static_cast<int>(st.seeking ? *st.seeking : drawn_step);
  const std::string format = st.seeking ? "going to %d" : "step %d";
  ImGui::BeginDisabled(last <= first);
  if (ImGui::SliderInt("##timeline", &at, int(first), int(std::max(last, first + 1)),
                       format.c_str(), ImGuiSliderFlags_AlwaysClamp)) {
    a.seek = static_cast<std::uint64_t>(at);
  }
  ImGui::EndDisabled();
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) {
    ImGui::SetTooltip(
        "timeline: drag to go back to any step since %lld (the nearest keyframe before it, then "
        "the same steps again, bit for bit)\n%zu keyframes (at most %zu), %s of %s%s%s",
        first, st.kept.size(), kMostKeyframes, gib(st.keyframe_bytes).c_str(),
        gib(st.keyframe_budget).c_str(), st.keyframe_note.empty() ? "" : "\n",
        st.keyframe_note.c_str());
  }
}

}  // namespace

void TimeControls::section(Action& a, const RunFigures& run, std::uint64_t drawn_step) const {
  run_buttons(paused_, a);
  Speed v = a.speed ? *a.speed : speed_;
  speed_controls(v);
  if (!(v == speed_)) a.speed = v;
  ImGui::SameLine();
  ImGui::SetNextItemWidth(-1.0f);
  timeline(a, run, drawn_step);
}

void TimeControls::runaway_rows(Action& a, const RunFigures& st) const {
  if (st.runaway.empty()) return;
  ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 0.35f, 0.3f, 1.0f));
  ImGui::TextWrapped("%s", st.runaway.c_str());
  ImGui::PopStyleColor();
  const std::string label =
      "Go back to step " + std::to_string(st.runaway_good_step) + " and continue";
  a.resume |= ImGui::Button(label.c_str());
  tip("go on from the last good state (lower dt or raise the softening first)");
  ImGui::SameLine();
  a.reset |= ImGui::Button("Reset##runaway");
  tip("start the scenario again");
  if (!st.kept.empty()) {
    const std::uint64_t back = st.kept.back();
    if (ImGui::Button(fmt::format("Back to the keyframe at step {}", back).c_str())) a.seek = back;
    tip("go back to the newest keyframe kept before the runaway, paused");
  }
  ImGui::TextDisabled("lower dt or raise the softening first");
}

// In the order RunControl::apply ran them: reset, resume, then going back (which pauses).
RunControl::Applied TimeControls::apply(const Action& a, RunControl& run) {
  RunControl::Applied out;
  if (a.toggle_pause) paused_ = !paused_;
  if (a.paused) paused_ = *a.paused;
  for (int k = 0; k < std::abs(a.speed_change); ++k) {
    change_speed(speed_, a.speed_change > 0 ? 1 : -1);
  }
  if (a.speed) speed_ = *a.speed;
  if (a.reset) out += run.reset();
  if (a.resume) {
    RunControl::Applied r = run.resume();
    if (r.resumed) paused_ = false;
    out += std::move(r);
  }
  if (a.seek) {
    paused_ = true;
    out += run.seek(*a.seek);
  }
  if (a.back > 0) {
    paused_ = true;
    out += run.step_back(a.back);
  }
  return out;
}

}  // namespace galaxy::app
