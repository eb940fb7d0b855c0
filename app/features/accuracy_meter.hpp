// SPDX-License-Identifier: MIT
// The accuracy meter: the force error of 1,000 bodies against a float64 direct sum, measured once
// (Measure) or every 3 seconds, and its chart of p99 against the step time and theta. It owns
// whether it measures by itself, the newest errors and the chart; it draws the Accuracy section;
// the measurement is asked of the run through Measurements, which hands back what it found.
#pragma once

#include <optional>
#include <vector>

#include "accuracy.hpp"
#include "features/feature_context.hpp"
#include "panel/accuracy_chart.hpp"

namespace galaxy::app {

// What a measurement found, and the parameters it was made at.
struct AccuracyFound {
  ErrorStats errors;
  float theta = 0, alpha = 0;
};

class AccuracyMeter {
 public:
  struct Action {
    bool measure = false;           // Measure: once, now
    std::optional<bool> every_3s;   // the "every 3 s" box, as ticked
  };
  // The features' protocol (features/features.hpp, kSlotted): its rows at its slot, its action
  // applied with the targets.
  static constexpr PanelSlot kSlot = PanelSlot::Accuracy;
  void rows(Action& a, const FeatureView& v) const {
    section(a, {v.shown.frame.drawn.bodies, v.shown.run.source, v.shown.frame.drawn.backend},
            v.shown.step.timings.total_ms);
  }
  void apply(const Action& a, const FeatureTargets&, std::vector<Report>&) { apply(a); }

  // The Accuracy section (PanelSlot::Accuracy): `run` what runs, `step_ms` its step time.
  void section(Action& a, const AccuracyRun& run, float step_ms) const;
  // The box's choice; a measure is asked of the measurements by App::apply
  // (Measurements::measure_accuracy).
  void apply(const Action& a) {
    if (a.every_3s) every_3s_ = *a.every_3s;
  }
  bool every_3s() const { return every_3s_; }
  // A measurement that arrived: the newest errors, and a point of the chart at the step time and
  // of the run of this moment.
  void arrived(const AccuracyFound& f, const AccuracyRun& run, float step_ms);
  // The run changed wholesale: the errors shown were another run's (the chart keeps its points,
  // which it shows only for their own run).
  void run_changed() { errors_.reset(); }
  const std::optional<ErrorStats>& errors() const { return errors_; }
  const AccuracyChart& chart() const { return chart_; }

 private:
  bool every_3s_ = false;
  std::optional<ErrorStats> errors_;
  AccuracyChart chart_;
};

}  // namespace galaxy::app
