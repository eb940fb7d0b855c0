// SPDX-License-Identifier: MIT
#include "features/accuracy_meter.hpp"

#include <imgui.h>

#include "panel/panel_parts.hpp"
#include "settings.hpp"

namespace galaxy::app {

void AccuracyMeter::section(Action& a, const PanelStats& st) const {
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
                       errors_->median, errors_->p99, errors_->samples, st.timings.total_ms);
  }
  accuracy_chart(chart_.points({st.bodies, st.source, st.backend_name}));
}

void AccuracyMeter::arrived(const AccuracyFound& f, const PanelStats& st) {
  errors_ = f.errors;
  chart_.add({st.bodies, st.source, st.backend_name},
             {f.theta, f.alpha, st.timings.total_ms, f.errors.p99});
}

}  // namespace galaxy::app
