// SPDX-License-Identifier: MIT
#include "features/accuracy_meter.hpp"

#include <imgui.h>

#include "panel/panel_parts.hpp"

namespace galaxy::app {

void AccuracyMeter::section(Action& a, const AccuracyRun& run, float step_ms) const {
  const bool open = ImGui::CollapsingHeader("Accuracy");
  tip("the force error against a direct sum, and its chart against the step time");
  if (!open) return;
  a.measure |= ImGui::Button("Measure");
  tip("compare the forces on 1,000 bodies with a float64 direct sum, once");
  ImGui::SameLine();
  bool every = a.every_3s.value_or(every_3s_);
  if (ImGui::Checkbox("every 3 s", &every)) a.every_3s = every;
  tip("measure again every 3 seconds, so moving theta or alpha traces the chart");
  if (errors_) {
    ImGui::TextWrapped("rel. error: median %.2e, p99 %.2e (%zu bodies) at %.2f ms/step",
                       errors_->median, errors_->p99, errors_->samples, step_ms);
  }
  accuracy_chart(chart_.points(run));
}

void AccuracyMeter::arrived(const AccuracyFound& f, const AccuracyRun& run, float step_ms) {
  errors_ = f.errors;
  chart_.add(run, {f.theta, f.alpha, step_ms, f.errors.p99});
}

}  // namespace galaxy::app
