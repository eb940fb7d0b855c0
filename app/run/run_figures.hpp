// SPDX-License-Identifier: MIT
// What the panel shows of the run side: where the simulation's thread stands (RunFigures) and the
// drawn step's measures (StepFigures). The window's run (run/window_run.hpp) is their one writer,
// from the runner's published status and the measurements; the panel's sections read them.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "meters.hpp"
#include "units.hpp"

namespace galaxy::app {

struct RunFigures {
  std::string source;     // what made the current bodies: a scenario, or "snapshot PATH"
  Units units;            // the run's physical units, where its scenario or .gxy file has them
  double total_mass = 0;  // from the diagnostics (model units); 0 until measured
  // The simulation's thread: where it is (ahead of the drawn step while it runs), its rates, the
  // kept keyframes and a replay under way.
  std::uint64_t sim_steps = 0;
  double steps_per_s = 0, sim_time_per_s = 0;
  std::vector<std::uint64_t> kept;
  std::size_t keyframe_bytes = 0, keyframe_budget = 0;
  std::string keyframe_note;
  std::optional<std::uint64_t> seeking;
  std::size_t edits = 0;  // drops and removals undo can take back
  bool editing = false;   // a drop is being made or added
  std::string runaway;    // set while a runaway step has stopped the run (Runaway::message())
  std::uint64_t runaway_good_step = 0;
};

// Stage-time history kept for the plots.
inline constexpr std::size_t kHistoryFrames = 120;

struct StepFigures {
  StageTimings timings;
  std::array<std::vector<float>, kStageCount + 1> history;  // per stage, then the total
  InteractionCounts interactions;
  RankReport ranks;  // a run over several MPI ranks (the Performance section's ranks line)
  double bodies_per_s = 0;
  // From the diagnostics: (E - E0) / |E0| since the run started.
  bool have_energy = false;
  double energy_drift = 0;
  // Why steps cost more than at the start, and what to change (run/step_cost.hpp); empty when
  // they do not.
  std::string cost_line;
};

}  // namespace galaxy::app
