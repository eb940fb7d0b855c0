// SPDX-License-Identifier: MIT
// The run side of the window, one owner: the run (run/run.hpp: the runner and its session), the
// measurements asked of it, the panel's changes applied to it (RunControl) and the body edits
// under way. It republishes the state into the screen's buffers, is the one writer of the panel's
// figures of the run (run/run_figures.hpp: rates, keyframes, a runaway, the step's timings and
// energy) and says its outcomes on the status line. The frame never waits here for a step.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>

#include "features/features.hpp"
#include "picture/screen.hpp"
#include "run/body_edits.hpp"
#include "run/measurements.hpp"
#include "run/run.hpp"
#include "run/run_control.hpp"
#include "run/run_figures.hpp"
#include "run/run_spec.hpp"
#include "run/status_line.hpp"
#include "run/step_cost.hpp"

namespace galaxy::app {

class WindowRun {
 public:
  // Makes the run `spec` describes (its snapshot's read shown on the terminal, what its start
  // said printed); nothing steps before start(). `seed` seeds the edits' galaxies.
  WindowRun(const RunSpec& spec, std::uint64_t seed, Screen& screen, StatusLine& status,
            Features& features);
  ~WindowRun();  // the edits, then the thread: its tasks use the measurements' colour maps
  WindowRun(const WindowRun&) = delete;
  WindowRun& operator=(const WindowRun&) = delete;

  // The first vertices, measurements and keyframe; then the thread runs. `pick` is --pick.
  void start();
  void run_changed();  // the bodies changed wholesale: measurements, stats, vertices
  // The newest finished step's vertices (Screen::update_vertices) and its timings.
  void update_vertices();
  // The thread's rates, keyframes, runaway and errors; true when a runaway step was reported
  // just now (a headless run then ends, App decides with what status).
  bool update_status();
  void measure();
  void take_measurements();
  // What RunControl did: its outcomes said, the new run shown; true when a save went through.
  bool land(RunControl::Applied& a);
  void poll_edits();
  void land_edits(const BodyEdits::Outcome& o);  // what finished edits did, and their run

  Run& run() { return *run_; }
  Runner& runner() { return run_->runner(); }
  // The session; use it directly only in lockstep (Options::lockstep) or through runner().
  Session& session() {
    return runner().exclusive([](Session& s) -> Session& { return s; });
  }
  RunControl& control() { return *control_; }
  Measurements& measurements() { return *measurements_; }
  BodyEdits& edits() { return *edits_; }
  // What the panel shows of the run: its thread's figures, and the drawn step's measures.
  const RunFigures& figures() const { return figures_; }
  const StepFigures& step_figures() const { return step_; }

 private:
  void republish(Session& s, bool changed);  // inside Runner::exclusive (RunControl::Republish)
  void record_step(const StepReport& r);
  bool check_runaway(const RunnerStatus& st);

  Screen& screen_;
  StatusLine& status_;
  Features& features_;
  RunFigures figures_;
  StepFigures step_;
  StepCost cost_;  // the drawn steps' cost against the run's start (step_.cost_line)
  std::unique_ptr<Run> run_;  // owns the runner and its session; its thread stops first
  std::unique_ptr<Measurements> measurements_;  // its tasks run on the runner's thread
  std::unique_ptr<RunControl> control_;
  std::unique_ptr<BodyEdits> edits_;  // asks the runner: goes before it
};

}  // namespace galaxy::app
