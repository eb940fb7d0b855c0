// SPDX-License-Identifier: MIT
#include "picture/camera_glide.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace galaxy::app {

void CameraGlide::start(const render::OrbitCamera& from, const render::OrbitCamera& to) {
  from_ = from;
  to_ = to;
  t_ = 0;
  active_ = true;
}

void CameraGlide::advance(render::OrbitCamera& camera, float dt) {
  if (!active_) return;
  t_ = std::min(t_ + std::max(dt, 0.0f), kSeconds);
  const float u = t_ / kSeconds, s = u * u * (3.0f - 2.0f * u);
  constexpr float kTurn = 2.0f * std::numbers::pi_v<float>;
  // The yaw the short way round: the difference brought into [-pi, pi).
  const float dyaw = std::remainder(to_.yaw - from_.yaw, kTurn);
  camera.yaw = from_.yaw + s * dyaw;
  camera.pitch = from_.pitch + s * (to_.pitch - from_.pitch);
  camera.set_target(from_.target() + s * (to_.target() - from_.target()));
  camera.set_distance(from_.distance() * std::pow(to_.distance() / from_.distance(), s));
  if (t_ >= kSeconds) {
    camera = to_;
    active_ = false;
  }
}

}  // namespace galaxy::app
