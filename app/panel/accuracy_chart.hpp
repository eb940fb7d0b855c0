// SPDX-License-Identifier: MIT
// The accuracy section's chart: each accuracy measurement (p99 relative force error) kept with
// the step time of that moment and the opening test's parameters, so that moving theta traces a
// curve of error against cost. Kept per run: a measurement of another run (body count, scenario,
// backend or solver) starts the chart afresh.
#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <vector>

namespace galaxy::app {

// What a measurement belongs to: the points of one run compare; those of another do not.
struct AccuracyRun {
  std::size_t bodies = 0;
  std::string source;   // RunFigures::source: the scenario or the snapshot
  std::string backend;  // DrawnStep::backend: backend and solver
  bool operator==(const AccuracyRun&) const = default;
};

struct AccuracyPoint {
  float theta = 0, alpha = 0;
  float step_ms = 0;  // StepFigures::timings.total_ms when the error was measured
  double p99 = 0;     // p99 relative force error
};

class AccuracyChart {
 public:
  static constexpr std::size_t kMaxPoints = 256;  // the oldest go first
  // Keeps a measurement; one of another run than the kept ones clears them first.
  void add(const AccuracyRun& run, const AccuracyPoint& p);
  // The kept points when they belong to `run`, else none (the run changed since).
  std::span<const AccuracyPoint> points(const AccuracyRun& run) const;

 private:
  AccuracyRun run_;
  std::vector<AccuracyPoint> points_;
};

}  // namespace galaxy::app
