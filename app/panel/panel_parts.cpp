// SPDX-License-Identifier: MIT
#include "panel/panel_parts.hpp"

#include <fmt/format.h>
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <iterator>
#include <numeric>
#include <vector>

namespace galaxy::app {

namespace {

// theta from 0.2 (blue) to 1.5 (orange).
ImU32 theta_color(float theta) {
  const float t = std::clamp((theta - 0.2f) / 1.3f, 0.0f, 1.0f);
  return ImGui::GetColorU32(ImVec4(0.3f + 0.7f * t, 0.6f, 1.0f - 0.8f * t, 1.0f));
}

struct Range {
  float lo = 0, hi = 1;
  float at(float v) const { return hi > lo ? (v - lo) / (hi - lo) : 0.5f; }
};

Range range_of(std::span<const AccuracyPoint> pts, float (*value)(const AccuracyPoint&)) {
  Range r{value(pts[0]), value(pts[0])};
  for (const AccuracyPoint& p : pts) {
    r.lo = std::min(r.lo, value(p));
    r.hi = std::max(r.hi, value(p));
  }
  const float pad = std::max(0.05f * (r.hi - r.lo), 1e-3f * std::abs(r.hi) + 1e-6f);
  return {r.lo - pad, r.hi + pad};
}

float step_of(const AccuracyPoint& p) { return p.step_ms; }
float log_error_of(const AccuracyPoint& p) {
  return static_cast<float>(std::log10(std::max(p.p99, 1e-12)));
}

}  // namespace

void accuracy_chart(std::span<const AccuracyPoint> pts) {
  if (pts.empty()) {
    ImGui::TextDisabled("measure (or tick every 3 s) and move theta: the chart draws error");
    ImGui::TextDisabled("against step time");
    return;
  }
  const Range x = range_of(pts, step_of), y = range_of(pts, log_error_of);
  ImGui::Text("p99 %.1e to %.1e", std::pow(10.0, y.lo), std::pow(10.0, y.hi));
  const ImVec2 size(ImGui::GetContentRegionAvail().x, 90.0f);
  const ImVec2 o = ImGui::GetCursorScreenPos();
  ImGui::InvisibleButton("##accuracy chart", size);
  const auto at = [&](const AccuracyPoint& p) {
    return ImVec2(o.x + 4 + (size.x - 8) * x.at(step_of(p)),
                  o.y + size.y - 4 - (size.y - 8) * y.at(log_error_of(p)));
  };
  ImDrawList* d = ImGui::GetWindowDrawList();
  d->AddRectFilled(o, ImVec2(o.x + size.x, o.y + size.y), ImGui::GetColorU32(ImGuiCol_FrameBg));
  std::vector<std::size_t> by_theta(pts.size());
  std::iota(by_theta.begin(), by_theta.end(), std::size_t{0});
  std::stable_sort(by_theta.begin(), by_theta.end(),
                   [&](std::size_t a, std::size_t b) { return pts[a].theta < pts[b].theta; });
  for (std::size_t k = 1; k < by_theta.size(); ++k) {
    d->AddLine(at(pts[by_theta[k - 1]]), at(pts[by_theta[k]]), IM_COL32(160, 160, 160, 110));
  }
  for (const AccuracyPoint& p : pts) d->AddCircleFilled(at(p), 3.0f, theta_color(p.theta));
  d->AddCircle(at(pts.back()), 6.0f, IM_COL32(255, 255, 255, 220));
  if (ImGui::IsItemHovered()) {
    const ImVec2 m = ImGui::GetIO().MousePos;
    const auto dist2 = [&](const AccuracyPoint& p) {
      const ImVec2 q = at(p);
      return (q.x - m.x) * (q.x - m.x) + (q.y - m.y) * (q.y - m.y);
    };
    const AccuracyPoint& n = *std::min_element(
        pts.begin(), pts.end(), [&](const auto& a, const auto& b) { return dist2(a) < dist2(b); });
    ImGui::SetTooltip("theta %.2f, alpha %.4f: p99 %.2e at %.2f ms/step", n.theta, n.alpha, n.p99,
                      n.step_ms);
  }
  ImGui::Text("step %.1f to %.1f ms; dots by theta, blue 0.2 .. orange 1.5", x.lo, x.hi);
}

float key_help(float width) {
  static constexpr const char* kLines[] = {"space pause  . step  , back  [ ] speed",
                                           "h panel  c fit  b octree  p shot  q quit",
                                           "drag orbit  shift pan  wheel zoom  click walk",
                                           "g drop galaxies  Del take one out  u undo"};
  constexpr float kLineCount = float(std::size(kLines));
  const ImGuiStyle& style = ImGui::GetStyle();
  const float height = kLineCount * ImGui::GetTextLineHeight() +
                       (kLineCount - 1.0f) * style.ItemSpacing.y + 2.0f * style.WindowPadding.y;
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  ImGui::SetNextWindowPos(ImVec2(10.0f, display.y - 10.0f), ImGuiCond_Always, ImVec2(0.0f, 1.0f));
  ImGui::SetNextWindowSize(ImVec2(width, height), ImGuiCond_Always);
  ImGui::SetNextWindowBgAlpha(0.6f);
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoResize |
                                 ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoCollapse |
                                 ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoScrollbar |
                                 ImGuiWindowFlags_NoFocusOnAppearing | ImGuiWindowFlags_NoNav;
  ImGui::Begin("##keys", nullptr, flags);
  for (const char* line : kLines) ImGui::TextDisabled("%s", line);
  ImGui::End();
  return height + 10.0f;
}

void tip(const char* text) {
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) ImGui::SetTooltip("%s", text);
}

void error_here(const PanelStats& st, Place where) {
  if (st.error.empty() || st.error_place != where) return;
  ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 0.35f, 0.3f, 1.0f));
  ImGui::TextWrapped("%s", st.error.c_str());
  ImGui::PopStyleColor();
}

}  // namespace galaxy::app
