// SPDX-License-Identifier: MIT
#include "run/speed.hpp"

#include <algorithm>
#include <limits>

namespace galaxy::app {

double steps_granted(const Speed& s, double frame_s, float dt) {
  switch (s.mode) {
    case Speed::Mode::Fastest:
      return std::numeric_limits<double>::infinity();
    case Speed::Mode::SimRate:
      return dt > 0 ? s.sim_rate * frame_s / dt : 0.0;
    case Speed::Mode::StepsPerFrame:
      break;
  }
  return s.steps_per_frame;
}

void change_speed(Speed& s, int direction) {
  const float f = direction > 0 ? 2.0f : 0.5f;
  switch (s.mode) {
    case Speed::Mode::Fastest:
      if (direction < 0) s = {Speed::Mode::StepsPerFrame, kMaxStepsPerFrame, s.sim_rate};
      break;
    case Speed::Mode::SimRate:
      s.sim_rate = std::clamp(s.sim_rate * f, 1e-4f, 1e4f);
      break;
    case Speed::Mode::StepsPerFrame:
      s.steps_per_frame = std::clamp(s.steps_per_frame * f, kMinStepsPerFrame, kMaxStepsPerFrame);
      break;
  }
}

}  // namespace galaxy::app
