// SPDX-License-Identifier: MIT
// The follow camera (f, the panel's follow controls): the camera's target glides after the
// centre of what is followed (picture/follow.hpp's Follow: predicted on simulated time, eased on
// wall-clock time). It owns what is followed (the mode, the galaxy: --follow, f, its panel rows,
// a picked body's galaxy), which the run's measurements are handed to find the centres and the
// framing to frame the followed galaxy, the easing, and which centre it was measuring.
#pragma once

#include <optional>
#include <utility>

#include "camera.hpp"
#include "picture/follow.hpp"

namespace galaxy::app {

class FollowCamera {
 public:
  using What = std::pair<FollowMode, int>;  // the mode and the galaxy (FollowMode::Galaxy's)
  struct Action {
    bool cycle = false;              // f: off, everything, a galaxy, the densest, off
    std::optional<FollowMode> mode;  // the panel's combo, the kiosk's everything
    std::optional<int> galaxy;       // the panel's number, a picked body's galaxy
  };
  FollowCamera() = default;
  explicit FollowCamera(What what) : what_(what) {}

  void section(Action& a) const;  // the mode and the galaxy's number (PanelSlot::Follow)
  void apply(const Action& a);
  const What& what() const { return what_; }  // what is followed now

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
  What what_{FollowMode::Off, 0};
  Follow follow_;
  What followed_{FollowMode::Off, 0};
};

}  // namespace galaxy::app
