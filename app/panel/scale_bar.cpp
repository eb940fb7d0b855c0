// SPDX-License-Identifier: MIT
#include "panel/scale_bar.hpp"

#include <fmt/format.h>
#include <imgui.h>

#include <cmath>

namespace galaxy::app {

double round_length(double most) {
  if (!(most > 0) || !std::isfinite(most)) return 0;
  double decade = std::pow(10.0, std::floor(std::log10(most)));
  if (decade * 10.0 <= most) decade *= 10.0;  // log10 rounded down a whole decade
  if (decade > most) decade /= 10.0;          // or up past `most`
  for (const double m : {5.0, 2.0}) {
    if (m * decade <= most) return m * decade;
  }
  return decade;
}

ScaleBar choose_scale_bar(double per_pixel, float width, const Units& u) {
  const double unit = u.physical() ? u.length_kpc : 1.0;  // one model length, shown
  const double length = round_length(per_pixel * width * kScaleBarMostOfWidth * unit);
  if (length == 0) return {};
  const std::string suffix = u.physical() ? " kpc" : length == 1 ? " unit" : " units";
  return {length, static_cast<float>(length / unit / per_pixel),
          fmt::format("{:g}{}", length, suffix)};
}

void draw_scale_bar(const ScaleBar& bar, float width) {
  if (bar.pixels < 1.0f) return;
  constexpr float kMargin = 20.0f, kTick = 4.0f;
  const ImU32 light = IM_COL32(235, 235, 235, 255), dark = IM_COL32(0, 0, 0, 170);
  const float right = width - kMargin, left = right - bar.pixels, y = kMargin;
  ImDrawList* draw = ImGui::GetBackgroundDrawList();
  for (const auto& [colour, thickness] : {std::pair{dark, 4.0f}, std::pair{light, 1.5f}}) {
    draw->AddLine(ImVec2(left, y), ImVec2(right, y), colour, thickness);
    draw->AddLine(ImVec2(left, y - kTick), ImVec2(left, y + kTick), colour, thickness);
    draw->AddLine(ImVec2(right, y - kTick), ImVec2(right, y + kTick), colour, thickness);
  }
  const ImVec2 text = ImGui::CalcTextSize(bar.label.c_str());
  const ImVec2 at(0.5f * (left + right - text.x), y + kTick + 3.0f);
  draw->AddText(ImVec2(at.x + 1.0f, at.y + 1.0f), dark, bar.label.c_str());
  draw->AddText(at, light, bar.label.c_str());
}

}  // namespace galaxy::app
