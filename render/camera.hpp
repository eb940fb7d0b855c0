// SPDX-License-Identifier: MIT
// An orbit camera: a target point, yaw and pitch around it, and a distance. All maths in GLM.
#pragma once

#include <glm/glm.hpp>

namespace galaxy::render {

class OrbitCamera {
 public:
  glm::mat4 view() const;
  glm::mat4 projection(float aspect) const;
  glm::mat4 view_proj(float aspect) const { return projection(aspect) * view(); }
  glm::vec3 eye() const;

  // Mouse gestures, in pixels of a viewport `height` pixels tall.
  void orbit(float dx_pixels, float dy_pixels);
  void pan(float dx_pixels, float dy_pixels, float height);
  void zoom(float wheel_steps);
  // World length a pixel spans at the target's depth, in a viewport `height` pixels tall (the
  // perspective's height there, 2 distance tan(fov_y / 2), over the pixels): what a pan moves per
  // pixel and what the scale bar measures.
  float world_per_pixel(float height) const;
  // Frames a sphere: looks at `center` from far enough that a sphere of `radius` fills the view.
  void fit(const glm::vec3& center, float radius);
  // Turns to look from direction `from` (towards the eye from the target; need not be unit
  // length), keeping the target and distance. Straight above or below stops just short of the
  // pole (the view's up is +y).
  void look_from(const glm::vec3& from);
  // Moves the target, keeping the angles and distance (following the centre of mass).
  void set_target(const glm::vec3& t) { target_ = t; }
  // Sets the distance, within the zoom's limits (a camera path's views).
  void set_distance(float d);

  glm::vec3 target() const { return target_; }
  float distance() const { return distance_; }
  float yaw = 0.6f, pitch = 0.45f;  // radians
  float fov_y = 0.8f;               // radians

 private:
  glm::vec3 target_{0.0f};
  float distance_ = 5.0f;
};

// Window coordinates (pixels, origin top left) of a world point, and whether it lies in front
// of the camera.
bool project_to_window(const glm::mat4& view_proj, const glm::vec3& p, float width, float height,
                       glm::vec2& out);

}  // namespace galaxy::render
