// SPDX-License-Identifier: MIT
#include "panel/accuracy_chart.hpp"

namespace galaxy::app {

void AccuracyChart::add(const AccuracyRun& run, const AccuracyPoint& p) {
  if (!(run == run_)) {
    points_.clear();
    run_ = run;
  }
  if (points_.size() == kMaxPoints) points_.erase(points_.begin());
  points_.push_back(p);
}

std::span<const AccuracyPoint> AccuracyChart::points(const AccuracyRun& run) const {
  if (!(run == run_)) return {};
  return points_;
}

}  // namespace galaxy::app
