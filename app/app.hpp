// SPDX-License-Identifier: MIT
// The visualizer, one frame at a time: `while (app.frame()) {}`. App only wires the rooms: the
// screen (picture/screen.hpp: the GL context, the panel's layer, the vertex path, the presenter,
// the camera, the frame clock), the run (run/window_run.hpp: the runner, the measurements, the
// changes applied to it, the body edits), the features (features/), the status line every room
// reports to (run/status_line.hpp) and the ending (ending.hpp). The frame loop never waits for a
// step. app.cpp is the frame; startup.cpp the start.
#pragma once

#include <memory>

#include "cli/options.hpp"
#include "ending.hpp"
#include "features/features.hpp"
#include "picture/screen.hpp"
#include "run/status_line.hpp"
#include "run/window_run.hpp"

namespace galaxy::app {

class App {
 public:
  explicit App(const Options& o);  // throws when no GL context can be made
  App(const App&) = delete;
  App& operator=(const App&) = delete;

  // Runs one frame; false when the program should end (window closed, q, --frames reached).
  bool frame();

  // The features' typed actions (the keys' and their rows' path, which tests drive too); the
  // ruler's is applied where its click is, in the frame's input. The drop tool's edits are
  // handed to BodyEdits and land on a later frame (at once in lockstep). The look is the
  // screen's (screen().look()), the run's wanted values its control's (run().control().wanted()).
  void apply(const FeatureActions& a);
  // As Esc and q do: the ending quits, or asks first where the run has something to lose.
  void request_quit() { ending_.request_quit(); }

  // What the status line shows (the newest outcome, a load or save under way).
  const StatusText& status() const { return status_.text(); }
  const Features& features() const { return features_; }
  // The program's exit status once frame() returned false (Ending::exit_status).
  int exit_status() const { return ending_.exit_status(); }
  // The picture side (camera, vertices, trails, a headless picture) and the run side (the
  // runner; the session, directly only in lockstep).
  Screen& screen() { return *screen_; }
  WindowRun& run() { return *run_; }

 private:
  void input_and_panel(FeatureActions& act);

  // Member order is teardown order, reversed: the ending, then the run (the edits, then the
  // runner's thread, which writes the screen's buffers), the features, then the screen (the
  // presenter and the CUDA-registered buffers before the GL context, the ImGui backends before
  // the window). The status line outlives every room that reports to it.
  StatusLine status_;  // every room's outcomes go to the status line through it
  std::unique_ptr<Screen> screen_;
  Features features_;
  std::unique_ptr<WindowRun> run_;
  Ending ending_;
};

}  // namespace galaxy::app
