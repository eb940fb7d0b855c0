// SPDX-License-Identifier: MIT
#include "features/follow_camera.hpp"

#include <imgui.h>

#include <algorithm>

#include "panel/panel_parts.hpp"

namespace galaxy::app {

void FollowCamera::section(Action& a) const {
  int mode = static_cast<int>(what_.first);
  const char* modes[] = {"off", "everything", "a galaxy", "densest"};
  ImGui::SetNextItemWidth(110.0f);
  if (ImGui::Combo("follow (f)", &mode, modes, 4)) a.mode = static_cast<FollowMode>(mode);
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip("the view glides after the centre of the bodies drawn, of one galaxy\n"
                      "(click a body to choose its galaxy), or of the densest region");
  }
  if (what_.first != FollowMode::Galaxy) return;
  ImGui::SameLine();
  ImGui::SetNextItemWidth(70.0f);
  int galaxy = what_.second;
  const bool typed = ImGui::InputInt("##galaxy", &galaxy);
  tip("the followed galaxy's number (0 the first of an encounter)");
  if (typed) a.galaxy = std::clamp(galaxy, 0, kMaxGalaxies - 1);
}

void FollowCamera::apply(const Action& a) {
  if (a.cycle) what_.first = static_cast<FollowMode>((static_cast<int>(what_.first) + 1) % 4);
  if (a.mode) what_.first = *a.mode;
  if (a.galaxy) what_.second = *a.galaxy;
}

void FollowCamera::measured(const Centres& c, What what) {
  if (const auto centre = c.of(what.first, what.second)) {
    follow_.measured(*centre, c.time, c.radius(what.first, what.second));
  }
}

void FollowCamera::advance(render::OrbitCamera& camera, What what, float dt, double drawn_time,
                           bool path_playing) {
  if (what != followed_) follow_.reset();  // another centre: nothing to predict from yet
  followed_ = what;
  if (what.first == FollowMode::Off || path_playing) return;
  if (const auto t = follow_.advance(camera.target(), dt, drawn_time)) camera.set_target(*t);
  if (const auto d = follow_.distance(camera.distance(), dt)) camera.set_distance(*d);
}

}  // namespace galaxy::app
