// SPDX-License-Identifier: MIT
#include "panel/panel_time.hpp"

#include <fmt/format.h>

namespace galaxy::app {

std::string rates_text(const PanelStats& st) {
  const std::string rates = fmt::format("{:.0f} fps, {:.3g} steps/s, {:.3g} time/s", st.fps,
                                        st.steps_per_s, st.sim_time_per_s);
  if (!st.units.physical()) return rates;
  return rates + fmt::format(" ({:.3g} Myr/s)", st.sim_time_per_s * st.units.time_myr());
}

}  // namespace galaxy::app
