// SPDX-License-Identifier: MIT
// What the panel edits that no feature owns yet (Settings: the run's wanted values, the look).
// Plain data; what a control asks for is its feature's typed action (features/features.hpp),
// which the app applies once per frame (App::apply). What the panel shows has its writers' own
// types: the status line's (run/status_line.hpp), the screen's (picture/frame_stats.hpp) and the
// run's (run/run_figures.hpp).
#pragma once

#include <cstddef>
#include <string>

#include "renderer.hpp"
#include "simulation.hpp"

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

}  // namespace galaxy::app
