// SPDX-License-Identifier: MIT
// The follow camera (f, the panel's follow controls): the camera's target glides after the
// centre of what is followed (picture/follow.hpp's Follow: predicted on simulated time, eased on
// wall-clock time). It owns the easing and which centre it was measuring; the mode and the galaxy
// followed stay in Settings, where the run's measurements (run/measurements.cpp) read them to
// find the centres and a click on a body chooses the galaxy.
#pragma once

#include <utility>

#include "camera.hpp"
#include "picture/follow.hpp"

namespace galaxy::app {

class FollowCamera {
 public:
  using What = std::pair<FollowMode, int>;  // the mode and the galaxy (FollowMode::Galaxy's)

  // The centres the run measured: the followed one's, at its simulated time.
  void measured(const Centres& c, What what);
  // This frame's target: another centre chosen forgets the old one's motion; off, or while a
  // camera path plays (it sets the whole view), the camera is left as it is. `dt`: the frame's
  // wall-clock seconds; `drawn_time`: the simulated time of the step drawn.
  void advance(render::OrbitCamera& camera, What what, float dt, double drawn_time,
               bool path_playing);
  // The bodies changed wholesale: what was measured of the old ones is forgotten.
  void reset() { follow_.reset(); }

 private:
  Follow follow_;
  What followed_{FollowMode::Off, 0};
};

}  // namespace galaxy::app
