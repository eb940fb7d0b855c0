// SPDX-License-Identifier: MIT
#include "features/recording.hpp"

#include <fmt/chrono.h>
#include <fmt/format.h>
#include <imgui.h>

#include <cmath>
#include <ctime>

#include "picture/recorder.hpp"

namespace galaxy::app {

void Recording::section(Action& a) const {
  a.toggle |= ImGui::Button(target_.empty() ? "Record (r)" : "Stop recording (r)");
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip("a video of the picture (no panel) at the display's rate, through ffmpeg;\n"
                      "a folder of PNG frames where ffmpeg is missing");
  }
}

std::optional<Report> Recording::apply(const Action& a, RecordTarget& t, double display_hz,
                                       Clock::time_point now) {
  if (!a.toggle) return std::nullopt;
  const bool video = ffmpeg_available();
  const std::string name = fmt::format("galaxy_{:%Y%m%d_%H%M%S}{}",
                                       fmt::localtime(std::time(nullptr)), video ? ".mp4" : "");
  const double hz = display_hz > 0 ? display_hz : 60.0;
  const bool was = t.recording();
  const std::string into = was ? target_ : name;
  Report r = t.toggle_recording(into, static_cast<int>(std::lround(hz)));
  target_ = t.recording() ? into : "";
  if (!was && t.recording()) since_ = now;
  return r;
}

std::string Recording::mark_text(Clock::time_point now) const {
  if (target_.empty()) return {};
  const float s = std::chrono::duration<float>(now - since_).count();
  return fmt::format("REC {:02d}:{:02d}  {}", int(s) / 60, int(s) % 60, target_);
}

void Recording::mark(Clock::time_point now) const {
  if (target_.empty()) return;
  const std::string text = mark_text(now);
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  ImDrawList* draw = ImGui::GetForegroundDrawList();
  const ImVec2 at(display.x * 0.5f - ImGui::CalcTextSize(text.c_str()).x * 0.5f, 10.0f);
  draw->AddCircleFilled(ImVec2(at.x - 12.0f, at.y + 7.0f), 6.0f, IM_COL32(230, 40, 40, 255));
  draw->AddText(at, IM_COL32(255, 255, 255, 230), text.c_str());
}

}  // namespace galaxy::app
