// SPDX-License-Identifier: MIT
#include "panel/drop_gesture.hpp"

#include <glm/gtc/matrix_transform.hpp>

#include <cmath>

namespace galaxy::app {

std::optional<glm::vec3> on_view_plane(const glm::mat4& view_proj, glm::vec2 window,
                                       glm::vec2 cursor, glm::vec3 target, glm::vec3 eye) {
  if (window.x <= 0 || window.y <= 0) return std::nullopt;
  const glm::mat4 inv = glm::inverse(view_proj);
  const float nx = 2.0f * cursor.x / window.x - 1.0f, ny = 1.0f - 2.0f * cursor.y / window.y;
  const auto unproject = [&](float z) {
    const glm::vec4 p = inv * glm::vec4(nx, ny, z, 1.0f);
    return glm::vec3(p) / p.w;
  };
  const glm::vec3 near = unproject(-1.0f), far = unproject(1.0f);
  const glm::vec3 dir = far - near, normal = eye - target;
  const float along = glm::dot(dir, normal);
  if (std::abs(along) < 1e-12f * glm::length(dir) * glm::length(normal)) return std::nullopt;
  const float t = glm::dot(target - near, normal) / along;
  return near + t * dir;
}

DropSpec drop_from_drag(const DropShape& tool, glm::vec3 from, glm::vec3 to, glm::vec3 eye,
                        glm::vec3 target, glm::vec3 right) {
  DropSpec d = tool.spec;
  const glm::vec3 v = (to - from) / std::max(tool.arrow_time, 1e-6f);
  glm::vec3 spin = glm::normalize(eye - target);
  if (tool.clockwise) spin = -spin;
  const glm::mat4 tilt = glm::rotate(glm::mat4(1.0f), glm::radians(tool.tilt_deg), glm::normalize(right));
  spin = glm::vec3(tilt * glm::vec4(spin, 0.0f));
  d.position = {from.x, from.y, from.z};
  d.velocity = {v.x, v.y, v.z};
  d.spin = {spin.x, spin.y, spin.z};
  return d;
}

}  // namespace galaxy::app
