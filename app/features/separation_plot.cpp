// SPDX-License-Identifier: MIT
#include "features/separation_plot.hpp"

#include <fmt/format.h>
#include <imgui.h>

#include <algorithm>
#include <string>

#include "panel/panel_parts.hpp"

namespace galaxy::app {

void SeparationPlot::section(Action& a, const Units& units) const {
  bool on = a.on.value_or(on_);
  if (ImGui::Checkbox("distance of galaxy", &on)) a.on = on;
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip("the followed galaxy's centre (click a body to choose it) to another's");
  }
  if (!on) return;
  ImGui::SameLine();
  ImGui::Text("%d to", followed_);
  ImGui::SameLine();
  ImGui::SetNextItemWidth(70.0f);
  int other = a.other.value_or(other_);
  if (ImGui::InputInt("##other", &other)) a.other = other;
  tip("the other galaxy's number");
  const auto& d = distance_;
  if (d.empty()) {
    ImGui::TextDisabled("no such pair yet (each galaxy needs bodies drawn)");
    return;
  }
  const bool kpc = units.physical();
  const float l = kpc ? float(units.length_kpc) : 1.0f;
  const float t = kpc ? float(units.time_myr()) : 1.0f;
  const char* unit = kpc ? "kpc" : "";
  const float most = *std::max_element(d.begin(), d.end());
  const std::string now = fmt::format("now {:.3g} {}, most {:.3g}", d.back() * l, unit, most * l);
  ImGui::PlotLines("##separation", d.data(), int(d.size()), 0, now.c_str(), 0.0f, most * 1.15f,
                   ImVec2(ImGui::GetContentRegionAvail().x, 60.0f));
  tip("the distance of the two centres, a point a measurement, oldest at the left");
  ImGui::TextDisabled("distance (0 to %.3g %s) against time, %.4g to %.4g %s", most * 1.15f * l,
                      unit, time_.front() * t, time_.back() * t, kpc ? "Myr" : "time units");
}

void SeparationPlot::apply(const Action& a, int followed) {
  if (a.on) on_ = *a.on;
  if (a.other) other_ = std::clamp(*a.other, 0, kMaxGalaxies - 1);
  followed_ = followed;
}

void SeparationPlot::measured(const Centres& c, int followed) {
  if (!on_) return;
  const std::pair<int, int> pair{followed, other_};
  auto& t = time_;
  auto& d = distance_;
  if (pair != of_ || (!t.empty() && c.time < t.back())) t.clear(), d.clear();
  of_ = pair;
  const auto a = c.of(FollowMode::Galaxy, pair.first), b = c.of(FollowMode::Galaxy, pair.second);
  if (!a || !b) return;
  t.push_back(float(c.time));
  d.push_back(glm::length(*a - *b));
  if (t.size() <= kMostPoints) return;
  for (std::size_t k = 0; 2 * k < t.size(); ++k) t[k] = t[2 * k], d[k] = d[2 * k];
  t.resize((t.size() + 1) / 2), d.resize(t.size());
}

}  // namespace galaxy::app
