// SPDX-License-Identifier: MIT
#include "panel/panel_time.hpp"

#include <fmt/format.h>

namespace galaxy::app {

std::string rates_text(float fps, const RunFigures& run) {
  const std::string rates = fmt::format("{:.0f} fps, {:.3g} steps/s, ", fps, run.steps_per_s);
  if (!run.units.physical()) return rates + fmt::format("{:.3g} time/s", run.sim_time_per_s);
  return rates + fmt::format("{:.3g} Myr/s", run.sim_time_per_s * run.units.time_myr());
}

}  // namespace galaxy::app
