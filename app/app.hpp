// SPDX-License-Identifier: MIT
// The visualizer: a GL context (window or headless), the session, the renderer and the panel,
// one frame at a time: `while (app.frame()) {}`. The frame loop is app.cpp; the start and the
// end of a run startup.cpp; applying the panel's changes apply.cpp; putting the frame on screen
// present.cpp; the vertex path vertex_path.cpp; the overlays overlay.cpp. The simulation steps on
// its own thread (runner.cpp): a frame draws the newest finished step and never waits for one.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "run/asked.hpp"
#include "camera.hpp"
#include "picture/colour_maps.hpp"
#include "picture/frame_summary.hpp"
#include "picture/gl_context.hpp"
#include "gpu_timer.hpp"
#include "panel/imgui_layer.hpp"
#include "offscreen_target.hpp"
#include "cli/options.hpp"
#include "picture/overlay.hpp"
#include "picture/recorder.hpp"
#include "renderer.hpp"
#include "run/runner.hpp"
#include "scene_cache.hpp"
#include "run/session.hpp"
#include "settings.hpp"
#include "picture/vertex_path.hpp"
#include "wall_clock.hpp"

namespace galaxy::app {

// Bodies from which the automatic choice draws with the compute splat instead of GL points. On
// llvmpipe at 1920x1080 they cost about the same at 20k bodies (23 vs 20 ms) and the compute
// splat wins from there (65k: 43 vs 23 ms; 1M: 345 vs 204 ms); below, the points' Gaussian
// footprint looks softer. The H100's raster pipeline is weak for millions of points too.
inline constexpr std::size_t kComputeSplatFrom = 32768;

// Frames drawn in full after the view or the look changed before the scene cache is used.
inline constexpr int kSettleFrames = 30;


class App {
 public:
  explicit App(const Options& o);  // throws when no GL context can be made
  ~App();
  App(const App&) = delete;
  App& operator=(const App&) = delete;

  // Runs one frame; false when the program should end (window closed, q, --frames reached).
  bool frame();

  // The panel's settings (the one owner of the wanted run parameters) and the function that
  // applies a set of changes to the run (apply.cpp; the panel's path, which tests drive directly).
  Settings& settings() { return settings_; }
  void apply(const Changes& c);

  const PanelStats& stats() const { return stats_; }
  // The program's exit status once frame() returned false: 0, 1 when the final --save or a
  // headless recording failed, 3 when a headless run stopped on a runaway step.
  int exit_status() const { return exit_status_; }
  // The session; use it directly only in lockstep (Options::lockstep) or through runner().
  Session& session() { return runner_->exclusive([](Session& s) -> Session& { return s; }); }
  Runner& runner() { return *runner_; }
  bool headless() const { return context_->window() == nullptr; }
  const render::VertexBuffers& vertices() const { return vertex_path_.buffers(); }
  // The last frame's picture (RGBA, bottom row first) of a headless app; empty with a window.
  std::vector<std::uint8_t> picture() const;

 private:
  // apply.cpp: one function per kind of change; true where the bodies changed wholesale.
  void apply_params();
  void apply_solver();
  bool apply_run(const Changes& c);  // backend, scenario, body count, reset, load
  bool apply_load();
  bool attempt(const char* what, const std::function<void()>& action);
  void resume();
  void apply_time(const Changes& c);
  void measure_accuracy();
  void fit_camera();

  void start(std::optional<int> pick);  // the first vertices, camera and overlays
  // Inside Runner::exclusive, after `s` changed: new buffers where the count changed, and the
  // state published (`changed`: the run changed wholesale, see Runner::republish).
  void republish(Session& s, bool changed);
  void run_changed();  // the bodies changed wholesale: energy baseline, overlays, vertices
  void advance(const Changes& c);   // the speed's steps for this frame, a step, a step back
  void record_step(const StepReport& r);  // the drawn step's timings for the panel and summary
  void update_vertices();
  void update_status();  // the thread's rates, keyframes, runaway and errors
  void update_overlays();
  void collect_overlays();
  void update_colour_maps();
  void refresh_measurements();
  void collect_measurements();
  void handle_actions(Changes& c);
  void pick(glm::vec2 cursor, glm::vec2 window);  // asks for the body under the cursor
  void pace();  // headless --display-hz: waits for the next frame's time
  void present(int width, int height, bool screenshot);  // draw, screenshot, record, swap
  void draw(int width, int height, GLuint framebuffer);
  // What a drawn scene depends on (the scene cache's key).
  struct SceneKey {
    std::uint64_t sequence = 0, overlays = 0;
    glm::mat4 view_proj{0.0f};
    render::RenderParams look;
    int width = 0, height = 0, stride = 1;
  };
  int draw_stride(const glm::mat4& vp) const;
  bool reuse_scene(const SceneKey& key, GLuint framebuffer);
  void record(GLuint framebuffer, int width, int height);
  void save_screenshot(GLuint framebuffer, int width, int height);
  void report_error(const std::string& what, const std::string& where = {});
  void report_message(const std::string& what);
  void check_runaway(const RunnerStatus& st);
  bool end_of_frame();  // counts the frame; true when the run should end
  void finish();        // once, at the end: the final --save and the summary
  glm::mat4 view_proj(int width, int height) const;

  // From the options, read once at start-up: the frame loop's limits and the final save.
  std::optional<long> max_steps_, max_frames_;
  std::string final_save_;
  std::optional<double> display_hz_;  // headless frame pacing
  float orbit_rad_ = 0;               // --orbit: the camera's turn each frame
  // Member order is teardown order, reversed: the GL context outlives everything that holds GL
  // objects or CUDA registrations of GL buffers, and the ImGui backends go before the window.
  std::unique_ptr<GlContext> context_;
  std::unique_ptr<ImGuiLayer> imgui_;
  std::optional<render::OffscreenTarget> offscreen_;
  std::optional<render::Renderer> renderer_;
  std::optional<render::GpuTimer> render_timer_;
  render::SceneCache scene_cache_;
  VertexPath vertex_path_;  // registered with CUDA: destroyed before the context
  std::unique_ptr<Runner> runner_;  // owns the session; its thread stops before the buffers go
  std::unique_ptr<Recorder> recorder_;

  Settings settings_;
  PanelStats stats_;
  render::OrbitCamera camera_;
  OverlayRefresh overlay_refresh_;
  ColourMaps colour_maps_;  // the maps' values (colour_maps.hpp); used on the runner's thread
  bool quit_ = false;
  bool finished_ = false;
  int quit_after_frames_ = 0;  // > 0: quit when it counts down to 0 (a headless runaway)
  int exit_status_ = 0;
  int frames_ = 0;
  std::optional<double> energy0_;
  std::uint64_t accuracy_seed_ = 1;
  std::uint64_t generation_ = 0;     // the run whose results the frame loop takes
  std::uint64_t drawn_sequence_ = 0;  // the publication the buffers hold
  std::uint64_t overlay_version_ = 0;  // overlays handed to the renderer so far
  SceneKey scene_key_;
  int settle_frames_ = kSettleFrames;
  Asked<Diagnostics> diagnostics_;
  struct Measured {
    ErrorStats errors;
    SimParams params;  // what ran when it was measured
  };
  Asked<Measured> accuracy_;
  Asked<OverlayGeometry> overlay_;
  Asked<int> pick_;
  // The map's info line and its error, where the thread made or cleared a map.
  Asked<std::optional<std::pair<std::string, std::string>>> colour_map_;
  bool map_shown_ = false;
  using Clock = std::chrono::steady_clock;
  Clock::time_point last_frame_, frame_start_, last_diagnostics_, last_accuracy_, next_frame_;
  std::vector<FrameSample> samples_;
};

}  // namespace galaxy::app
