// SPDX-License-Identifier: MIT
// The camera's soft move to a new framing (a new run framed on its own, ViewFraming): its target,
// distance and angles eased from where they were to the framing over kSeconds of wall-clock time
// (smoothstep; the distance on a log scale, the yaw the short way round). A hand on the view, a
// fit asked (c, 1-5) or a camera path stops it where it is.
#pragma once

#include "camera.hpp"

namespace galaxy::app {

class CameraGlide {
 public:
  static constexpr float kSeconds = 0.6f;
  void start(const render::OrbitCamera& from, const render::OrbitCamera& to);
  // Moves `camera` on by `dt` seconds of the glide (to its end and no further).
  void advance(render::OrbitCamera& camera, float dt);
  void stop() { active_ = false; }
  bool active() const { return active_; }

 private:
  render::OrbitCamera from_, to_;
  float t_ = 0;
  bool active_ = false;
};

}  // namespace galaxy::app
