// SPDX-License-Identifier: MIT
#include "panel/colour_bar.hpp"

#include <fmt/format.h>
#include <imgui.h>

#include <algorithm>
#include <cmath>

#include "colormap.hpp"

namespace galaxy::app {

namespace {
const ImVec4 kErrorText{1.0f, 0.45f, 0.4f, 1.0f};

ImU32 to_u32(const std::array<float, 3>& c) {
  return ImGui::ColorConvertFloat4ToU32(ImVec4(c[0], c[1], c[2], 1.0f));
}

// A horizontal bar of the colormap from low to high (log scale) with its ticks labelled below.
void colour_bar(float low, float high) {
  const float width = ImGui::GetContentRegionAvail().x, bar = 14.0f;
  const float text = ImGui::GetTextLineHeight();
  const ImVec2 at = ImGui::GetCursorScreenPos();
  ImDrawList* draw = ImGui::GetWindowDrawList();
  constexpr int kSteps = 64;
  for (int k = 0; k < kSteps; ++k) {
    const float x0 = at.x + width * k / kSteps, x1 = at.x + width * (k + 1) / kSteps;
    draw->AddRectFilled(ImVec2(x0, at.y), ImVec2(x1 + 0.5f, at.y + bar),
                        to_u32(map_colour((k + 0.5f) / kSteps)));
  }
  const float span = std::log(high / low);
  const ImU32 ink = ImGui::GetColorU32(ImGuiCol_Text);
  float last_right = -1e9f;
  for (float v : colour_bar_ticks(low, high)) {
    const float x = at.x + width * std::log(v / low) / span;
    draw->AddLine(ImVec2(x, at.y + bar), ImVec2(x, at.y + bar + 4.0f), ink);
    const std::string label = tick_label(v);
    const float w = ImGui::CalcTextSize(label.c_str()).x;
    const float left = std::clamp(x - 0.5f * w, at.x, at.x + width - w);
    if (left < last_right + 4.0f) continue;  // no overlapping labels
    draw->AddText(ImVec2(left, at.y + bar + 4.0f), ink, label.c_str());
    last_right = left + w;
  }
  ImGui::Dummy(ImVec2(width, bar + 6.0f + text));
}

// Log sliders for a map's range; the low end stays below the high one.
void range_sliders(render::MapRange& r, float min, float max, const char* format) {
  const ImGuiSliderFlags log = ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_AlwaysClamp;
  ImGui::SliderFloat("map low", &r.low, min, max, format, log);
  ImGui::SliderFloat("map high", &r.high, min, max, format, log);
  if (r.high <= r.low) r.high = std::min(max, r.low * 10.0f);
  if (r.high <= r.low) r.low = r.high / 10.0f;
}
}  // namespace

std::array<float, 3> map_colour(float t) {
  return render::inferno(0.25f + 0.75f * std::clamp(t, 0.0f, 1.0f));  // as common.glsl
}

std::vector<float> colour_bar_ticks(float low, float high) {
  std::vector<float> ticks{low};
  if (!(low > 0.0f) || !(high > low)) return ticks;
  const bool fine = std::log10(high / low) < 3.0f;
  for (int e = static_cast<int>(std::floor(std::log10(low))); e <= std::ceil(std::log10(high)); ++e) {
    const float decade = std::pow(10.0f, static_cast<float>(e));
    for (float m : {1.0f, 2.0f, 5.0f}) {
      if (m != 1.0f && !fine) continue;
      const float v = m * decade;
      if (v > low * 1.05f && v < high / 1.05f) ticks.push_back(v);
    }
  }
  ticks.push_back(high);
  return ticks;
}

std::string tick_label(float v) {
  if (v >= 1.0f && v < 1e4f) return fmt::format("{:.0f}", v);
  const int e = static_cast<int>(std::floor(std::log10(v) + 1e-4f));
  const float m = v / std::pow(10.0f, static_cast<float>(e));
  if (std::fabs(m - std::round(m)) < 0.05f) return fmt::format("{:.0f}e{}", std::round(m), e);
  return fmt::format("{:.1f}e{}", m, e);
}

void colour_map_controls(Settings& s, Changes& c) {
  render::RenderParams& r = s.render;
  const bool error = r.color == render::ColorMode::ErrorMap;
  if (!error && r.color != render::ColorMode::CostMap) return;
  if (error) {
    c.error_map |= ImGui::Button("Compute error map");
    ImGui::SameLine();
    ImGui::TextDisabled("(again after theta or alpha change)");
    range_sliders(r.error_range, 1e-8f, 1.0f, "%.0e");
  } else {
    range_sliders(r.cost_range, 1.0f, 1e7f, "%.0f");
  }
}

void colour_legend(const render::RenderParams& r, const PanelStats& st) {
  const bool error = r.color == render::ColorMode::ErrorMap;
  if (!error && r.color != render::ColorMode::CostMap) return;
  // A window of its own at the bottom right, so the legend shows however the panel scrolls.
  constexpr float kWidth = 420.0f, kMargin = 10.0f;
  const ImVec2 view = ImGui::GetIO().DisplaySize;
  const float bottom = ImGui::GetFrameHeightWithSpacing() * 2.0f;  // above the status line
  ImGui::SetNextWindowPos(ImVec2(view.x - kMargin, view.y - bottom), ImGuiCond_Always,
                          ImVec2(1.0f, 1.0f));
  ImGui::SetNextWindowSize(ImVec2(kWidth, 0.0f), ImGuiCond_Always);
  ImGui::SetNextWindowBgAlpha(0.6f);
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoInputs |
                                 ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoFocusOnAppearing |
                                 ImGuiWindowFlags_NoNav;
  if (ImGui::Begin("##colour map legend", nullptr, flags)) {
    const render::MapRange range = error ? r.error_range : r.cost_range;
    ImGui::TextUnformatted(error ? "relative force error |a - a_exact| / |a_exact|"
                                 : "interactions a body (body-body + body-cell)");
    colour_bar(range.low, range.high);
    if (!st.colour_map_error.empty()) {
      ImGui::PushStyleColor(ImGuiCol_Text, kErrorText);
      ImGui::TextWrapped("%s", st.colour_map_error.c_str());
      ImGui::PopStyleColor();
    } else if (!st.colour_map_info.empty()) {
      ImGui::TextWrapped("%s", st.colour_map_info.c_str());
    }
  }
  ImGui::End();
}

}  // namespace galaxy::app
