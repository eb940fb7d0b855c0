// SPDX-License-Identifier: MIT
#include "features/kiosk.hpp"

#define GLFW_INCLUDE_NONE  // the GL header is glad's (through features.hpp)
#include <GLFW/glfw3.h>
#include <imgui.h>

#include <algorithm>
#include <stdexcept>

#include "features/features.hpp"
#include "io/encounter_file.hpp"
#include "scenarios/presets.hpp"
#include "scenarios/scenarios.hpp"

namespace galaxy::app {

Kiosk::Kiosk(std::vector<std::string> items, double seconds)
    : items_(std::move(items)), seconds_(std::max(seconds, 1.0)) {
  if (items_.empty()) {
    for (const Encounter& e : encounter_presets()) items_.push_back(e.name);
  }
  const auto& names = scenario_names();
  for (const std::string& item : items_) {
    if (std::find(names.begin(), names.end(), item) != names.end()) {
      encounters_.emplace_back();
    } else if (item.ends_with(".toml")) {
      encounters_.emplace_back(io::load_encounter(item));  // names the file, line and key
    } else {
      throw std::invalid_argument("--kiosk-list: '" + item +
                                  "' is neither a scenario nor an encounter file (.toml)");
    }
  }
}

void Kiosk::start(const std::string& scenario, std::size_t item, FeatureActions& act) {
  current_ = item;
  if (encounters_[item]) {
    act.encounter.draft = *encounters_[item];
    act.encounter.start = true;
  } else if (scenario == items_[item]) {
    act.time.reset = true;
  } else {
    act.run_settings.scenario = items_[item];
  }
  act.time.paused = false;
  act.follow.mode = FollowMode::Everything;
  act.framing.direction = ViewDirection::Kept;
  act.time.fit = true;  // after the new bodies (App::apply of the features)
}

void Kiosk::tick(const std::string& scenario, bool stuck, Clock::time_point now,
                 FeatureActions& act) {
  if (!started_) {
    started_ = now;
    start(scenario, 0, act);
    return;
  }
  if (stuck) {
    started_ = now;
    start(scenario, current_, act);  // the same again, from its start
    return;
  }
  if (std::chrono::duration<double>(now - *started_).count() < seconds_) return;
  started_ = now;
  start(scenario, (current_ + 1) % items_.size(), act);
}

// ImGui 1.86 keeps GLFW's key codes.
bool Kiosk::exit_chord() const {
  const ImGuiIO& io = ImGui::GetIO();
  return io.KeyCtrl && io.KeyShift && ImGui::IsKeyPressed(GLFW_KEY_Q);
}

std::string Kiosk::caption_text() const {
  const Encounter* e = find_preset(showing());
  if (!e) return showing();
  const std::string source = preset_source(e->name);
  return e->name + ": " + e->description + (source.empty() ? "" : " (after " + source + ")");
}

void Kiosk::caption() const {
  const std::string text = caption_text();
  const float size = 1.5f * ImGui::GetFontSize();
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  const ImVec2 at(16.0f, display.y - size - 16.0f);
  ImDrawList* d = ImGui::GetForegroundDrawList();
  const ImVec2 extent = ImGui::GetFont()->CalcTextSizeA(size, display.x, 0.0f, text.c_str());
  d->AddRectFilled(ImVec2(at.x - 8.0f, at.y - 6.0f),
                   ImVec2(at.x + extent.x + 8.0f, at.y + extent.y + 6.0f), IM_COL32(0, 0, 0, 160),
                   4.0f);
  d->AddText(ImGui::GetFont(), size, at, IM_COL32(240, 240, 240, 255), text.c_str());
}

}  // namespace galaxy::app
