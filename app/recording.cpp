// SPDX-License-Identifier: MIT
// The record button (r): a video of the picture without the panel, at the display's rate,
// through the ffmpeg path of --record (a folder of PNG frames where ffmpeg is missing), named by
// the time it started; a red mark with its length and name while it runs (drawn after the
// recorded picture, so not in it), and the name on the status line when it is done.
#include <fmt/chrono.h>
#include <fmt/format.h>
#include <imgui.h>

#include <cmath>
#include <ctime>

#include "app.hpp"

namespace galaxy::app {

void App::toggle_recording() {
  const bool video = ffmpeg_available();
  const std::string name = fmt::format("galaxy_{:%Y%m%d_%H%M%S}{}",
                                       fmt::localtime(std::time(nullptr)), video ? ".mp4" : "");
  const double hz = clock_.display_hz() > 0 ? clock_.display_hz() : 60.0;
  const bool was = presenter_->recording();
  const std::string target = was ? stats_.recording : name;
  report(presenter_->toggle_recording(target, static_cast<int>(std::lround(hz))));
  stats_.recording = presenter_->recording() ? target : "";
  if (!was && presenter_->recording()) recording_since_ = Clock::now();
}

// The mark at the top of the view: a red dot, the time recorded and the file.
void App::recording_mark() {
  if (stats_.recording.empty() || !imgui_) return;
  const float s = std::chrono::duration<float>(Clock::now() - recording_since_).count();
  const std::string text = fmt::format("REC {:02d}:{:02d}  {}", int(s) / 60, int(s) % 60,
                                       stats_.recording);
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  ImDrawList* draw = ImGui::GetForegroundDrawList();
  const ImVec2 at(display.x * 0.5f - ImGui::CalcTextSize(text.c_str()).x * 0.5f, 10.0f);
  draw->AddCircleFilled(ImVec2(at.x - 12.0f, at.y + 7.0f), 6.0f, IM_COL32(230, 40, 40, 255));
  draw->AddText(at, IM_COL32(255, 255, 255, 230), text.c_str());
}

}  // namespace galaxy::app
