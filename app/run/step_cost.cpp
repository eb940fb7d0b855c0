// SPDX-License-Identifier: MIT
#include "run/step_cost.hpp"

#include <fmt/format.h>

#include "median.hpp"

namespace galaxy::app {

void StepCost::record(double step_ms, double interactions, const Setting& setting) {
  if (setting.bodies == 0 || step_ms <= 0) return;
  if (!(setting == setting_)) {
    reset();
    setting_ = setting;
  }
  now_ms_ = step_ms;
  now_per_body_ = interactions / double(setting.bodies);
  if (first_ms_.size() >= kBaseline) return;
  first_ms_.push_back(now_ms_);
  first_per_body_.push_back(now_per_body_);
  if (first_ms_.size() < kBaseline) return;
  base_ms_ = median(first_ms_);
  base_per_body_ = median(first_per_body_);
}

void StepCost::reset() {
  *this = StepCost();
}

std::string StepCost::line() const {
  if (base_ms_ <= 0 || base_per_body_ <= 0) return {};
  const double slower = now_ms_ / base_ms_, opened = now_per_body_ / base_per_body_;
  if (slower < 2.0 || opened < 2.0) return {};
  return fmt::format(
      "steps take {:.1f}x as long as at the start: a dense core makes the tree open {:.1f}x as "
      "many cells a body; a larger theta (now {:.2g}) or softening steps faster",
      slower, opened, setting_.theta);
}

}  // namespace galaxy::app
