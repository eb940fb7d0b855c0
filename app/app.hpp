// SPDX-License-Identifier: MIT
// The visualizer, one frame at a time: `while (app.frame()) {}`. App only wires the rooms: the
// run (run/: the simulation's own thread, the changes applied to it, the measurements asked of
// it), the picture (picture/: the GL context, the vertex path, the presenter) and the panel
// (panel/). The frame loop never waits for a step. app.cpp is the frame; startup.cpp the start
// and the end of a run.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "camera.hpp"
#include "cli/options.hpp"
#include "panel/imgui_layer.hpp"
#include "panel/input.hpp"
#include "picture/frame_clock.hpp"
#include "picture/gl_context.hpp"
#include "picture/presenter.hpp"
#include "picture/vertex_path.hpp"
#include "features/features.hpp"
#include "run/body_edits.hpp"
#include "run/measurements.hpp"
#include "run/quit_guard.hpp"
#include "run/run_control.hpp"
#include "run/runner.hpp"
#include "settings.hpp"

namespace galaxy::app {

class App {
 public:
  explicit App(const Options& o);  // throws when no GL context can be made
  ~App();
  App(const App&) = delete;
  App& operator=(const App&) = delete;

  // Runs one frame; false when the program should end (window closed, q, --frames reached).
  bool frame();

  // The panel's settings (the one owner of the wanted run parameters) and the function that
  // applies a set of changes (the panel's path, which tests drive directly).
  // The features' typed actions (the keys' and their rows' path, which tests drive too); the
  // ruler's is applied where its click is, in the frame's input. The drop tool's edits are
  // handed to BodyEdits and land on a later frame (at once in lockstep).
  Settings& settings() { return settings_; }
  void apply(const Changes& c);
  void apply(const FeatureActions& a);

  const PanelStats& stats() const { return stats_; }
  const Features& features() const { return features_; }
  // The program's exit status once frame() returned false: 0, 1 when the final --save or a
  // headless recording failed, 3 when a headless run stopped on a runaway step, 128 + the signal
  // when a signal stopped it (cli/signals).
  int exit_status() const;
  // The session; use it directly only in lockstep (Options::lockstep) or through runner().
  Session& session() { return runner_->exclusive([](Session& s) -> Session& { return s; }); }
  Runner& runner() { return *runner_; }
  const render::OrbitCamera& camera() const { return camera_; }
  bool headless() const { return context_->window() == nullptr; }
  const render::VertexBuffers& vertices() const { return vertex_path_.buffers(); }
  const render::Trails* trails() const { return features_.trails.drawn(); }  // null while off
  // The last frame's picture (RGBA, bottom row first) of a headless app; empty with a window.
  std::vector<std::uint8_t> picture() const { return presenter_->picture(); }

 private:
  using Clock = std::chrono::steady_clock;
  // app.cpp: the frame's parts, in the order it runs them.
  void begin_frame();
  void move_camera();  // after the input: --orbit, the follow camera, the camera path
  Changes input_and_panel(FeatureActions& act);
  void update_vertices();
  void update_status();
  void measure();
  void take_measurements();
  void present(bool screenshot);
  bool end_of_frame();  // counts the frame; true when the run should end
  void report(const Report& r);
  void request_quit();  // Esc, q, the close button: quit, or ask first (QuitGuard)
  void check_runaway(const RunnerStatus& st);
  void record_step(const StepReport& r);
  void fit_camera();
  // galaxies.cpp: the orbit preview, the edits' outcomes.
  void orbit_preview(glm::vec2 window);
  void poll_edits();
  void land_edits(const BodyEdits::Outcome& o);  // what finished edits did, and their run
  glm::mat4 view_proj(int width, int height) const;
  ViewPlane view_plane(glm::vec2 window) const;  // a window of that size, as a click sees it
  std::optional<std::uint64_t> step_limit() const;
  // startup.cpp.
  void start(std::optional<int> pick);  // the first vertices, camera and overlays
  void republish(Session& s, bool changed);  // inside Runner::exclusive (RunControl::Republish)
  void run_changed();  // the bodies changed wholesale: measurements, stats, vertices
  void finish();       // once, at the end: the final --save and the summary

  // From the options, read once at start-up: the frame loop's limits and the final save.
  std::optional<long> max_steps_, max_frames_;
  std::string final_save_;
  float orbit_rad_ = 0;               // --orbit: the camera's turn each frame
  bool panel_in_picture_ = true;      // a window's, or a headless --record-panel's: view_proj
                                      // leaves the panel its strip
  // Member order is teardown order, reversed: the GL context outlives everything that holds GL
  // objects or CUDA registrations of GL buffers, and the ImGui backends go before the window.
  std::unique_ptr<GlContext> context_;
  std::unique_ptr<ImGuiLayer> imgui_;
  VertexPath vertex_path_;  // registered with CUDA: destroyed before the context
  std::unique_ptr<Runner> runner_;  // owns the session; its thread stops before the buffers go
  std::unique_ptr<Presenter> presenter_;
  std::unique_ptr<Measurements> measurements_;  // its tasks run on the runner's thread
  std::unique_ptr<RunControl> run_control_;
  std::unique_ptr<BodyEdits> edits_;  // asks the runner: goes before it

  Features features_;
  Settings settings_;
  PanelStats stats_;
  render::OrbitCamera camera_;
  bool quit_ = false, finished_ = false;
  int quit_after_frames_ = 0;  // > 0: quit when it counts down to 0 (a headless runaway)
  int exit_status_ = 0;
  QuitGuard quit_guard_;              // never asks until start() knows the run is a window's
  std::uint64_t drawn_sequence_ = 0;  // the publication the buffers hold
  FrameClock clock_;  // frame times, headless pacing, the summary's samples
};

}  // namespace galaxy::app
