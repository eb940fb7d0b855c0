// SPDX-License-Identifier: MIT
#include "panel/colour_bar.hpp"

#include <fmt/format.h>
#include <imgui.h>

#include <algorithm>
#include <cmath>

#include "palette.hpp"
#include "panel/panel_parts.hpp"
#include "picture/shown_field.hpp"

namespace galaxy::app {

namespace {
const ImVec4 kErrorText{1.0f, 0.45f, 0.4f, 1.0f};

ImU32 to_u32(const std::array<float, 3>& c) {
  return ImGui::ColorConvertFloat4ToU32(ImVec4(c[0], c[1], c[2], 1.0f));
}

// A horizontal bar of the colormap from low to high (`colour`: the colour at t in [0, 1], as the
// shader maps it) with its ticks labelled below.
void colour_bar(const render::FieldMap& m, std::array<float, 3> (*colour)(float)) {
  const float low = m.low, high = m.high;
  const float width = ImGui::GetContentRegionAvail().x, bar = 14.0f;
  const float text = ImGui::GetTextLineHeight();
  const ImVec2 at = ImGui::GetCursorScreenPos();
  ImDrawList* draw = ImGui::GetWindowDrawList();
  constexpr int kSteps = 64;
  for (int k = 0; k < kSteps; ++k) {
    const float x0 = at.x + width * k / kSteps, x1 = at.x + width * (k + 1) / kSteps;
    draw->AddRectFilled(ImVec2(x0, at.y), ImVec2(x1 + 0.5f, at.y + bar),
                        to_u32(colour((k + 0.5f) / kSteps)));
  }
  const ImU32 ink = ImGui::GetColorU32(ImGuiCol_Text);
  float last_right = -1e9f;
  for (float v : m.log ? colour_bar_ticks(low, high) : linear_ticks(low, high)) {
    const float x = at.x + width * (m.log ? std::log(v / low) / std::log(high / low)
                                          : (v - low) / (high - low));
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

// Sliders for a field's range (logarithmic for a log field); the low end stays below the high.
void range_sliders(render::FieldMap& r, const BodyFieldInfo& f) {
  const ImGuiSliderFlags flags =
      ImGuiSliderFlags_AlwaysClamp | (r.log ? ImGuiSliderFlags_Logarithmic : 0);
  ImGui::SliderFloat("map low", &r.low, f.min, f.max, f.format, flags);
  tip("the value at the colour bar's dark end (lower values get its colour)");
  ImGui::SliderFloat("map high", &r.high, f.min, f.max, f.format, flags);
  tip("the value at the colour bar's bright end (higher values get its colour)");
  if (r.log) {
    if (r.high <= r.low) r.high = std::min(f.max, r.low * 10.0f);
    if (r.high <= r.low) r.low = r.high / 10.0f;
  } else {
    const float step = 0.1f * (f.max - f.min);
    if (r.high <= r.low) r.high = std::min(f.max, r.low + step);
    if (r.high <= r.low) r.low = r.high - step;
  }
}

// The fields drawn in place of the speed, in the table's order: the choices after population.
std::vector<const BodyFieldInfo*> drawn_fields() {
  std::vector<const BodyFieldInfo*> v;
  for (const BodyFieldInfo& f : body_fields()) {
    if (f.refresh != FieldRefresh::Live) v.push_back(&f);
  }
  return v;
}
constexpr int kFirstField = 3;  // auto, speed, population come first

// The legend's window at the bottom right, so it shows however the panel scrolls; false when
// there is nothing to draw in it (End() is called either way).
bool begin_legend() {
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
  return ImGui::Begin("##colour map legend", nullptr, flags);
}

// The live speed (the colour choice "speed"): 0 to the speed range, in km/s where the run has
// units.
void speed_legend(const render::RenderParams& r, const Units& u) {
  const float scale = u.physical() ? static_cast<float>(u.speed_kms()) : 1.0f;
  if (begin_legend()) {
    ImGui::TextUnformatted(u.physical() ? "speed (km/s)" : "speed (model units)");
    colour_bar({0, 0.0f, r.speed_max * scale, false}, speed_colour);
  }
  ImGui::End();
}
}  // namespace

std::vector<std::string> colour_choices() {
  std::vector<std::string> c{"auto", "speed", "population"};
  for (const BodyFieldInfo* f : drawn_fields()) c.emplace_back(f->name);
  return c;
}

int colour_choice(const render::RenderParams& r) {
  if (r.color != render::ColorMode::Field) return static_cast<int>(r.color);
  const std::vector<const BodyFieldInfo*> fields = drawn_fields();
  for (std::size_t k = 0; k < fields.size(); ++k) {
    if (static_cast<int>(fields[k]->field) == r.field.field) return kFirstField + static_cast<int>(k);
  }
  return 0;
}

void choose_colour(render::RenderParams& r, int choice) {
  const std::vector<const BodyFieldInfo*> fields = drawn_fields();
  if (choice >= kFirstField && choice - kFirstField < static_cast<int>(fields.size())) {
    choose_field(r, *fields[choice - kFirstField]);
  } else if (choice >= 0 && choice < kFirstField) {
    r.color = static_cast<render::ColorMode>(choice);
  }
}

void choose_field(render::RenderParams& r, const BodyFieldInfo& f) {
  if (f.refresh == FieldRefresh::Live) {  // the speed: the renderer colours it itself
    r.color = render::ColorMode::Speed;
    return;
  }
  r.color = render::ColorMode::Field;
  r.field = {static_cast<int>(f.field), f.low, f.high, f.scale == FieldScale::Log};
}

std::array<float, 3> map_colour(float t) {
  return render::inferno(0.25f + 0.75f * std::clamp(t, 0.0f, 1.0f));  // as common.glsl
}

std::array<float, 3> speed_colour(float t) {
  return render::inferno(0.2f + 0.8f * std::clamp(t, 0.0f, 1.0f));  // as common.glsl
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

std::vector<float> linear_ticks(float low, float high) {
  std::vector<float> ticks{low};
  if (!(high > low)) return ticks;
  const float raw = (high - low) / 5.0f;
  const float decade = std::pow(10.0f, std::floor(std::log10(raw)));
  const float step = raw / decade < 1.5f ? decade : raw / decade < 3.5f ? 2.0f * decade : 5.0f * decade;
  for (auto k = static_cast<long>(std::ceil(low / step));; ++k) {
    const float v = static_cast<float>(k) * step;
    if (v >= high - 0.2f * step) break;
    if (v > low + 0.2f * step) ticks.push_back(v);
  }
  ticks.push_back(high);
  return ticks;
}

std::string tick_label(float v) {
  if (v == 0.0f) return "0";
  if (v < 0.0f) return fmt::format("-{}", tick_label(-v));
  if (v >= 1.0f && v < 1e4f) return fmt::format("{:.0f}", v);
  const int e = static_cast<int>(std::floor(std::log10(v) + 1e-4f));
  const float m = v / std::pow(10.0f, static_cast<float>(e));
  if (std::fabs(m - std::round(m)) < 0.05f) return fmt::format("{:.0f}e{}", std::round(m), e);
  return fmt::format("{:.1f}e{}", m, e);
}

bool colour_map_controls(render::RenderParams& r) {
  const BodyFieldInfo* f = shown_field(r);
  if (!f) return false;
  const bool recompute = ImGui::Button("Recompute");
  tip("compute the shown field again for the bodies as they are now");
  if (f->refresh == FieldRefresh::OnChange) {
    ImGui::SameLine();
    ImGui::TextDisabled("(also on theta, alpha)");  // short: the panel's line is 314 px
    tip("computed again by itself once a change of theta or alpha has reached the forces");
  }
  range_sliders(r.field, *f);
  return recompute;
}

void colour_legend(const render::RenderParams& r, const Units& u, const FieldReport& said) {
  if (r.color == render::ColorMode::Speed) return speed_legend(r, u);
  const BodyFieldInfo* f = shown_field(r);
  if (!f) return;
  if (begin_legend()) {
    ImGui::TextUnformatted(f->legend.data(), f->legend.data() + f->legend.size());
    colour_bar(r.field, map_colour);
    if (!said.error.empty()) {
      ImGui::PushStyleColor(ImGuiCol_Text, kErrorText);
      ImGui::TextWrapped("%s", said.error.c_str());
      ImGui::PopStyleColor();
    } else if (!said.info.empty()) {
      ImGui::TextWrapped("%s", said.info.c_str());
    }
  }
  ImGui::End();
}

}  // namespace galaxy::app
