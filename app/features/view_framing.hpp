// SPDX-License-Identifier: MIT
// The camera's framing (c, the view keys 1-5 and the panel's view buttons, p and its Screenshot
// button): the direction a fit looks from (face-on, edge-on, along an axis; --view) and the
// galaxy it frames (--fit-galaxy), a screenshot asked for this frame's picture, and whether a new
// run (a body count, a scenario, an encounter, a load) frames itself: unless the hand moved the
// view in the last kHandHold. It owns them; Screen::fit_camera stays the mechanism, which the
// frame calls with aim() when apply or reframes says so.
#pragma once

#include <chrono>
#include <optional>
#include <utility>

#include "features/follow_camera.hpp"
#include "picture/view_fit.hpp"

namespace galaxy::app {

class ViewFraming {
 public:
  using Clock = std::chrono::steady_clock;
  static constexpr std::chrono::seconds kHandHold{3};
  struct Action {
    bool fit = false;                        // c (a galaxy changed fits through its own owner)
    std::optional<ViewDirection> direction;  // 1-5, the view buttons, the kiosk's kept: fitted
    bool screenshot = false;                 // p, the Screenshot button
    bool by_hand = false;                    // a drag or the wheel moved the view
  };
  ViewFraming() = default;
  ViewFraming(ViewDirection direction, int fit_galaxy)
      : direction_(direction), fit_galaxy_(fit_galaxy) {}

  void buttons(Action& a) const;  // the view buttons (PanelSlot::ViewDirections)
  void screenshot_button(Action& a) const;  // PanelSlot::Screenshot
  // Takes the action at `now`; true where the camera is to be fitted now (a direction chosen is
  // fitted).
  bool apply(const Action& a, Clock::time_point now = Clock::now());
  // Whether a new run at `now` frames itself: the hand has not moved the view for kHandHold.
  bool reframes(Clock::time_point now) const {
    return !hand_moved_ || now - *hand_moved_ >= kHandHold;
  }
  // What a fit frames: the followed galaxy while a galaxy is followed, else the chosen one (-1:
  // all), from the chosen direction.
  FitAim aim(FollowCamera::What followed) const;
  // A screenshot asked: given once, to the frame's picture (Screen::present).
  bool take_screenshot() { return std::exchange(screenshot_, false); }
  ViewDirection direction() const { return direction_; }

 private:
  ViewDirection direction_ = ViewDirection::Kept;
  int fit_galaxy_ = -1;
  bool screenshot_ = false;
  std::optional<Clock::time_point> hand_moved_;  // when a drag or the wheel last moved the view
};

}  // namespace galaxy::app
