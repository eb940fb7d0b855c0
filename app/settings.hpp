// SPDX-License-Identifier: MIT
// What the panel edits that no feature owns yet (Settings: the run's wanted values, the look) and
// what it shows (PanelStats). Plain data; what a control asks for is its feature's typed action
// (features/features.hpp), which the app applies once per frame (App::apply).
#pragma once

#include <array>
#include <cstddef>
#include <deque>
#include <limits>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "accuracy.hpp"
#include "picture/follow.hpp"
#include "picture/view_fit.hpp"
#include "run/report.hpp"
#include "renderer.hpp"
#include "simulation.hpp"
#include "units.hpp"
#include "scenarios/drop.hpp"

namespace galaxy::app {

struct Settings {
  // Simulation.
  SimParams params;
  std::size_t bodies = 0;
  std::string scenario;
  Backend backend = Backend::Cpu;
  Solver solver = Solver::BarnesHut;
  // Rendering.
  render::RenderParams render;
  bool splat_auto = true;  // choose points or compute by body count
  // The camera: what it follows is features/follow_camera's, what a fit frames and from where
  // features/view_framing's.
  bool three_view = false;  // x-y, x-z and y-z side by side (v), as encounters are matched
  // Bodies drawn at most while the simulation runs or the view moves (every k-th above, with the
  // light of k; the panel says so); paused and still, all. On an H100 at 1920x1080 drawing 10M
  // bodies takes 3.6 ms alone but 13 ms while the simulation's kernels share the GPU, and costs
  // the simulation 19% of its steps; a third of them, 13% (README, Time).
  std::size_t max_drawn = 4u << 20;
  bool show_panel = true;
};

// Numbers the panel shows; the app fills them.
struct PanelStats {
  std::string backend_name, gl_description;
  std::string source;  // what made the current bodies: a scenario, or "snapshot PATH"
  std::size_t bodies = 0;
  std::uint64_t steps = 0;  // the step drawn
  double time = 0;
  Units units;  // the run's physical units, where its scenario or .gxy file has them
  double total_mass = 0;  // the run's, from the diagnostics (model units); 0 until measured
  float fps = 0, frame_ms = 0, render_ms = -1, vertex_ms = 0;
  // The simulation's thread: where it is (ahead of the drawn step while it runs), its rates, the
  // kept keyframes and a replay under way.
  std::uint64_t sim_steps = 0;
  double steps_per_s = 0, sim_time_per_s = 0;
  std::vector<std::uint64_t> kept;
  std::size_t keyframe_bytes = 0, keyframe_budget = 0;
  std::string keyframe_note;
  std::size_t edits = 0;   // drops and removals undo can take back
  bool editing = false;    // a drop is being made or added
  std::optional<std::uint64_t> seeking;
  int draw_stride = 1;  // > 1: every k-th body is drawn (a subset of a huge N)
  int sent_stride = 1;  // > 1: rank 0 is sent every k-th body of a run over MPI ranks
  std::uint64_t scenes_reused = 0;  // frames that copied the last picture (SceneCache)
  StageTimings timings;
  std::array<std::vector<float>, kStageCount + 1> history;  // per stage, then the total
  InteractionCounts interactions;
  RankReport ranks;  // a run over several MPI ranks (the Performance section's ranks line)
  double bodies_per_s = 0;
  bool have_energy = false;
  double energy_drift = 0;  // (E - E0) / |E0| since the run started
  std::uint64_t transfer_bytes = 0;  // host<->device vertex bytes in the last frame
  bool interop = false;              // vertices written by CUDA into GL buffers
  std::string interop_warning;       // why the interop path is not used, when it should be
  // The status line: the outcome of the newest action only (an error clears an older message
  // and a success an older error, Report::Kind::Done included). `error_place` is where the
  // action belongs, so the panel shows the error there too, next to the control that failed.
  std::string error;
  Place error_place = Place::None;
  std::string message;
  // A snapshot load or save under way on its worker (RunControl::file_job), once it has run
  // for a second: "loading PATH: 45% of 1.2 GiB" and how far (0-1); empty when none shows.
  std::string transfer;
  float transfer_fraction = 0;
  std::string runaway;  // set while a runaway step has stopped the run (Runaway::message())
  std::uint64_t runaway_good_step = 0;
  bool splat_compute = false;
};

// Stage-time history kept for the plots.
inline constexpr std::size_t kHistoryFrames = 120;

}  // namespace galaxy::app
