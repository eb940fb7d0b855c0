// SPDX-License-Identifier: MIT
#include "panel/view_controls.hpp"

#include <fmt/format.h>
#include <imgui.h>

#include <algorithm>

#include "panel/panel_parts.hpp"

namespace galaxy::app {

namespace {

void follow_controls(Settings& s) {
  int mode = static_cast<int>(s.follow);
  const char* modes[] = {"off", "everything", "a galaxy", "densest"};
  ImGui::SetNextItemWidth(110.0f);
  if (ImGui::Combo("follow (f)", &mode, modes, 4)) s.follow = static_cast<FollowMode>(mode);
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip("the view glides after the centre of the bodies drawn, of one galaxy\n"
                      "(click a body to choose its galaxy), or of the densest region");
  }
  if (s.follow != FollowMode::Galaxy) return;
  ImGui::SameLine();
  ImGui::SetNextItemWidth(70.0f);
  ImGui::InputInt("##galaxy", &s.follow_galaxy);
  tip("the followed galaxy's number (0 the first of an encounter)");
  s.follow_galaxy = std::clamp(s.follow_galaxy, 0, kMaxGalaxies - 1);
}

void view_buttons(Settings& s, Changes& c) {
  const ViewDirection views[] = {ViewDirection::FaceOn, ViewDirection::EdgeOn, ViewDirection::X,
                                 ViewDirection::Y, ViewDirection::Z};
  const char* labels[] = {"face-on", "edge-on", "x", "y", "z"};
  for (int k = 0; k < 5; ++k) {
    if (k > 0) ImGui::SameLine(0, 4);
    if (ImGui::SmallButton(labels[k])) {
      s.view = views[k];
      c.fit_camera = true;
    }
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("key %d; framed on the followed galaxy", k + 1);
  }
}

// The distance between two galaxies' centres over the run: the number a merger lesson asks for.
void separation_plot(Settings& s, const PanelStats& st) {
  ImGui::Checkbox("distance of galaxy", &s.separation);
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip("the followed galaxy's centre (click a body to choose it) to another's");
  }
  if (!s.separation) return;
  ImGui::SameLine();
  ImGui::Text("%d to", s.follow_galaxy);
  ImGui::SameLine();
  ImGui::SetNextItemWidth(70.0f);
  ImGui::InputInt("##other", &s.separation_galaxy);
  tip("the other galaxy's number");
  s.separation_galaxy = std::clamp(s.separation_galaxy, 0, kMaxGalaxies - 1);
  const auto& d = st.separation;
  if (d.empty()) {
    ImGui::TextDisabled("no such pair yet (each galaxy needs bodies drawn)");
    return;
  }
  const bool kpc = st.units.physical();
  const float l = kpc ? float(st.units.length_kpc) : 1.0f, t = kpc ? float(st.units.time_myr()) : 1.0f;
  const char* unit = kpc ? "kpc" : "";
  const float most = *std::max_element(d.begin(), d.end());
  const std::string now = fmt::format("now {:.3g} {}, most {:.3g}", d.back() * l, unit, most * l);
  ImGui::PlotLines("##separation", d.data(), int(d.size()), 0, now.c_str(), 0.0f, most * 1.15f,
                   ImVec2(ImGui::GetContentRegionAvail().x, 60.0f));
  tip("the distance of the two centres, a point a measurement, oldest at the left");
  ImGui::TextDisabled("distance (0 to %.3g %s) against time, %.4g to %.4g %s", most * 1.15f * l,
                      unit, st.separation_time.front() * t, st.separation_time.back() * t,
                      kpc ? "Myr" : "time units");
}

}  // namespace

void view_controls(Settings& s, Changes& c, const PanelStats& st, const FeatureRows& rows) {
  follow_controls(s);
  view_buttons(s, c);
  ImGui::Checkbox("three views (v)", &s.three_view);
  tip("x-y, x-z and y-z side by side, as encounters are matched to observed systems");
  ImGui::SameLine();
  rows(PanelSlot::BesideThreeViews);
  separation_plot(s, st);
  rows(PanelSlot::ViewTools);
}

}  // namespace galaxy::app
