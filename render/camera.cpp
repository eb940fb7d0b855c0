// SPDX-License-Identifier: MIT
#include "camera.hpp"

#include <algorithm>
#include <cmath>
#include <glm/gtc/matrix_transform.hpp>

namespace galaxy::render {

glm::vec3 OrbitCamera::eye() const {
  const glm::vec3 dir(std::cos(pitch) * std::sin(yaw), std::sin(pitch),
                      std::cos(pitch) * std::cos(yaw));
  return target_ + distance_ * dir;
}

glm::mat4 OrbitCamera::view() const {
  return glm::lookAt(eye(), target_, glm::vec3(0.0f, 1.0f, 0.0f));
}

glm::mat4 OrbitCamera::projection(float aspect) const {
  // Near and far follow the distance so that depth range suits any zoom.
  return glm::perspective(fov_y, aspect, distance_ * 1e-3f, distance_ * 1e3f);
}

void OrbitCamera::orbit(float dx, float dy) {
  yaw -= dx * 0.008f;
  pitch = std::clamp(pitch + dy * 0.008f, -1.55f, 1.55f);
}

void OrbitCamera::pan(float dx, float dy, float height) {
  const glm::mat4 v = view();
  const glm::vec3 right(v[0][0], v[1][0], v[2][0]);
  const glm::vec3 up(v[0][1], v[1][1], v[2][1]);
  target_ += (-dx * right + dy * up) * world_per_pixel(height);
}

float OrbitCamera::world_per_pixel(float height) const {
  return 2.0f * distance_ * std::tan(0.5f * fov_y) / std::max(height, 1.0f);
}

void OrbitCamera::zoom(float wheel_steps) {
  distance_ = std::clamp(distance_ * std::pow(0.88f, wheel_steps), 1e-4f, 1e6f);
}

void OrbitCamera::set_distance(float d) { distance_ = std::clamp(d, 1e-4f, 1e6f); }

void OrbitCamera::fit(const glm::vec3& center, float radius) {
  target_ = center;
  distance_ = std::max(radius, 1e-4f) / std::sin(0.5f * fov_y) * 1.05f;
}

void OrbitCamera::look_from(const glm::vec3& from) {
  const float len = glm::length(from);
  if (!(len > 0.0f)) return;
  const glm::vec3 d = from / len;
  yaw = std::atan2(d.x, d.z);
  pitch = std::clamp(std::asin(std::clamp(d.y, -1.0f, 1.0f)), -1.55f, 1.55f);
}

bool project_to_window(const glm::mat4& view_proj, const glm::vec3& p, float width, float height,
                       glm::vec2& out) {
  const glm::vec4 c = view_proj * glm::vec4(p, 1.0f);
  if (c.w <= 0.0f) return false;
  out = {(c.x / c.w * 0.5f + 0.5f) * width, (1.0f - (c.y / c.w * 0.5f + 0.5f)) * height};
  return true;
}

}  // namespace galaxy::render
