// SPDX-License-Identifier: MIT
// The camera's framing (c, the view keys 1-5 and the panel's view buttons, p and its Screenshot
// button): the direction a fit looks from (face-on, edge-on, along an axis; --view) and the
// galaxy it frames (--fit-galaxy), and a screenshot asked for this frame's picture. It owns them;
// Screen::fit_camera stays the mechanism, which the frame calls with aim() when apply says so.
#pragma once

#include <optional>
#include <utility>

#include "features/follow_camera.hpp"
#include "picture/view_fit.hpp"

namespace galaxy::app {

class ViewFraming {
 public:
  struct Action {
    bool fit = false;                        // c (a galaxy changed fits through its own owner)
    std::optional<ViewDirection> direction;  // 1-5, the view buttons, the kiosk's kept: fitted
    bool screenshot = false;                 // p, the Screenshot button
  };
  ViewFraming() = default;
  ViewFraming(ViewDirection direction, int fit_galaxy)
      : direction_(direction), fit_galaxy_(fit_galaxy) {}

  void buttons(Action& a) const;  // the view buttons (PanelSlot::ViewDirections)
  void screenshot_button(Action& a) const;  // PanelSlot::Screenshot
  // Takes the action; true where the camera is to be fitted now (a direction chosen is fitted).
  bool apply(const Action& a);
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
};

}  // namespace galaxy::app
