// SPDX-License-Identifier: MIT
#include "features/follow_camera.hpp"

namespace galaxy::app {

void FollowCamera::measured(const Centres& c, What what) {
  if (const auto centre = c.of(what.first, what.second)) follow_.measured(*centre, c.time);
}

void FollowCamera::advance(render::OrbitCamera& camera, What what, float dt, double drawn_time,
                           bool path_playing) {
  if (what != followed_) follow_.reset();  // another centre: nothing to predict from yet
  followed_ = what;
  if (what.first == FollowMode::Off || path_playing) return;
  if (const auto t = follow_.advance(camera.target(), dt, drawn_time)) camera.set_target(*t);
}

}  // namespace galaxy::app
