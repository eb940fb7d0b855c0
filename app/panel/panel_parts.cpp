// SPDX-License-Identifier: MIT
#include "panel/panel_parts.hpp"

#include <fmt/format.h>
#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <cmath>
#include <iterator>
#include <numeric>
#include <string>
#include <vector>

#include "panel/key_table.hpp"

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

// The chart's frame: the dots joined in theta order, the newest ringed, and on hovering the
// nearest point's numbers. `at` maps a point into the frame.
template <class At>
void chart_dots(std::span<const AccuracyPoint> pts, ImVec2 o, ImVec2 size, At at) {
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
  if (!ImGui::IsItemHovered()) return;
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

// `text` drawn with its centre (or left edge, clamped) at x, within [lo, hi].
void label_at(ImDrawList* d, float x, float y, float lo, float hi, const std::string& text) {
  const float w = ImGui::CalcTextSize(text.c_str()).x;
  const float left = std::clamp(x - 0.5f * w, lo, std::max(lo, hi - w));
  d->AddText(ImVec2(left, y), ImGui::GetColorU32(ImGuiCol_TextDisabled), text.c_str());
}

}  // namespace

// The axes are labelled where the data lie: the lowest and highest p99 beside their heights,
// the shortest and longest step time under their places, each axis's name above or below it.
void accuracy_chart(std::span<const AccuracyPoint> pts) {
  if (pts.empty()) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextDisabled(
        "measure (or tick every 3 s) and move theta: the chart draws the error "
        "against the step time");
    ImGui::PopTextWrapPos();
    return;
  }
  const Range x = range_of(pts, step_of), y = range_of(pts, log_error_of);
  const float line = ImGui::GetTextLineHeight();
  const float margin = ImGui::CalcTextSize("0.0e-00").x + 4.0f;  // the error labels' column
  ImGui::TextDisabled("p99 error");
  const ImVec2 start = ImGui::GetCursorScreenPos();
  const ImVec2 o(start.x + margin, start.y);
  const ImVec2 size(ImGui::GetContentRegionAvail().x - margin, 90.0f);
  ImGui::SetCursorScreenPos(o);
  ImGui::InvisibleButton("##accuracy chart", size);
  const auto at = [&](const AccuracyPoint& p) {
    return ImVec2(o.x + 4 + (size.x - 8) * x.at(step_of(p)),
                  o.y + size.y - 4 - (size.y - 8) * y.at(log_error_of(p)));
  };
  chart_dots(pts, o, size, at);
  const auto [low, high] = std::minmax_element(
      pts.begin(), pts.end(), [](const auto& a, const auto& b) { return a.p99 < b.p99; });
  const auto [fast, slow] = std::minmax_element(
      pts.begin(), pts.end(), [](const auto& a, const auto& b) { return a.step_ms < b.step_ms; });
  ImDrawList* d = ImGui::GetWindowDrawList();
  for (const AccuracyPoint* p : {&*low, &*high}) {
    d->AddText(ImVec2(start.x, at(*p).y - 0.5f * line), ImGui::GetColorU32(ImGuiCol_TextDisabled),
               fmt::format("{:.1e}", p->p99).c_str());
    if (low->p99 == high->p99) break;
  }
  const float under = o.y + size.y + 2.0f, right = o.x + size.x;
  label_at(d, at(*fast).x, under, o.x, right, fmt::format("{:.1f}", fast->step_ms));
  if (slow->step_ms != fast->step_ms) {
    label_at(d, at(*slow).x, under, o.x, right, fmt::format("{:.1f}", slow->step_ms));
  }
  label_at(d, o.x + 0.5f * size.x, under + line, o.x, right, "step ms");
  ImGui::Dummy(ImVec2(size.x, 2.0f * line + 2.0f));
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextDisabled("dots by theta, blue 0.2 .. orange 1.5; ringed: the newest");
  ImGui::PopTextWrapPos();
}

// The essential rows of the key table, packed into as few lines as the box's width holds, and
// the hint that hovering lists them all.
std::vector<std::string> key_help_lines(float width) {
  const float room = width - 2.0f * ImGui::GetStyle().WindowPadding.x;
  std::vector<std::string> lines;
  auto add = [&](const std::string& item) {
    if (!lines.empty() && ImGui::CalcTextSize((lines.back() + "  " + item).c_str()).x <= room) {
      lines.back() += "  " + item;
    } else {
      lines.push_back(item);
    }
  };
  for (const KeyRow& r : key_rows()) {
    if (r.essential) add(std::string(r.name) + " " + r.what);
  }
  add(kAllKeysHint);
  return lines;
}

namespace {
// Every row of the key table, named in full, in two columns.
void all_keys() {
  float column = 0.0f;
  for (const KeyRow& r : key_rows()) {
    column = std::max(column, ImGui::CalcTextSize(full_name(r).c_str()).x);
  }
  column += ImGui::CalcTextSize("  ").x;
  for (const KeyRow& r : key_rows()) {
    const float x = ImGui::GetCursorPosX();
    ImGui::TextUnformatted(full_name(r).c_str());
    ImGui::SameLine(x + column);
    ImGui::TextUnformatted(r.what);
  }
}

void all_keys_tooltip() {
  ImGui::BeginTooltip();
  all_keys();
  ImGui::EndTooltip();
}
}  // namespace

bool key_sheet() {
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  ImGui::SetNextWindowPos(ImVec2(0.5f * display.x, 0.5f * display.y), ImGuiCond_Always,
                          ImVec2(0.5f, 0.5f));
  ImGui::SetNextWindowBgAlpha(1.0f);
  bool open = true;
  const ImGuiWindowFlags flags = ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoMove |
                                 ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings;
  ImGui::Begin("Keys (? closes)", &open, flags);
  ImGui::SetWindowFontScale(1.4f);
  all_keys();
  ImGui::End();
  return open;
}

float key_help(float width) {
  const std::vector<std::string> lines = key_help_lines(width);
  const float count = float(lines.size());
  const ImGuiStyle& style = ImGui::GetStyle();
  const float height = count * ImGui::GetTextLineHeight() +
                       (count - 1.0f) * style.ItemSpacing.y + 2.0f * style.WindowPadding.y;
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  ImGui::SetNextWindowPos(ImVec2(10.0f, display.y - 10.0f), ImGuiCond_Always, ImVec2(0.0f, 1.0f));
  ImGui::SetNextWindowSize(ImVec2(width, height), ImGuiCond_Always);
  ImGui::SetNextWindowBgAlpha(0.6f);
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoResize |
                                 ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoCollapse |
                                 ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoScrollbar |
                                 ImGuiWindowFlags_NoFocusOnAppearing | ImGuiWindowFlags_NoNav;
  ImGui::Begin("##keys", nullptr, flags);
  for (const std::string& line : lines) ImGui::TextDisabled("%s", line.c_str());
  if (ImGui::IsWindowHovered()) all_keys_tooltip();
  ImGui::End();
  return height + 10.0f;
}

void ranks_line(const RankReport& r) {
  if (r.bodies.size() < 2) return;
  std::string bodies, ms;
  for (std::size_t k = 0; k < r.bodies.size(); ++k) {
    bodies += fmt::format("{}{:.3g}k", k ? " " : "", double(r.bodies[k]) / 1e3);
    ms += fmt::format("{}{:.1f}", k ? " " : "", k < r.step_ms.size() ? r.step_ms[k] : 0.0f);
  }
  ImGui::TextWrapped("%zu MPI ranks: bodies %s; step ms %s", r.bodies.size(), bodies.c_str(),
                     ms.c_str());
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip("local essential trees: %.2f MB a force pass, %.0f%% of sending every rank "
                      "all the others' bodies",
                      r.let_bytes / 1e6,
                      r.all_bodies_bytes > 0 ? 100.0 * r.let_bytes / r.all_bodies_bytes : 0.0);
  }
}

void note_beside(const std::string& note) {
  ImGui::SameLine();
  if (ImGui::GetContentRegionAvail().x < ImGui::CalcTextSize(note.c_str()).x) ImGui::NewLine();
  ImGui::TextDisabled("%s", note.c_str());
}

void tip(const char* text) {
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) ImGui::SetTooltip("%s", text);
}

bool combo(const char* label, int& current, const std::vector<std::string>& items,
           const std::string& other) {
  bool changed = false;
  const bool listed = current >= 0 && current < int(items.size());
  const char* preview = listed ? items[current].c_str() : other.c_str();
  if (ImGui::BeginCombo(label, preview)) {
    for (int i = 0; i < int(items.size()); ++i) {
      if (ImGui::Selectable(items[i].c_str(), i == current)) {
        changed = current != i;
        current = i;
      }
    }
    ImGui::EndCombo();
  }
  return changed;
}

void error_here(const StatusText& st, Place where) {
  if (st.error.empty() || st.error_place != where) return;
  ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 0.35f, 0.3f, 1.0f));
  ImGui::TextWrapped("%s", st.error.c_str());
  ImGui::PopStyleColor();
}

}  // namespace galaxy::app
