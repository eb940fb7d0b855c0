// SPDX-License-Identifier: MIT
// Whether steps cost more than they did at the start of the run, and why: a merger's dense core
// makes the tree open more cells a body, so a step grows several times slower with no setting
// changed (issue 46, item 10). The panel's Performance section shows the line this returns.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace galaxy::app {

class StepCost {
 public:
  // What a step's cost depends on besides the bodies' places; a change starts the baseline over.
  struct Setting {
    std::size_t bodies = 0;
    float theta = 0.0f, softening = 0.0f;
    bool operator==(const Setting&) const = default;
  };
  // The first kBaseline drawn steps at one setting give the baseline (their medians); later
  // steps are compared with it.
  static constexpr std::size_t kBaseline = 8;

  // A drawn step: its time, its interactions (body-body and body-cell) and the setting.
  void record(double step_ms, double interactions, const Setting& setting);
  void reset();  // a new run: no baseline until kBaseline more steps
  // "steps take 3.0x as long as at the start: ..." once both the interactions a body and the
  // step time are at least twice the baseline's; empty before or below.
  std::string line() const;

 private:
  Setting setting_;
  std::vector<double> first_ms_, first_per_body_;
  double base_ms_ = 0, base_per_body_ = 0;
  double now_ms_ = 0, now_per_body_ = 0;
};

}  // namespace galaxy::app
