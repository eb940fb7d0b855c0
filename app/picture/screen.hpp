// SPDX-License-Identifier: MIT
// The picture side of the window, one owner: the GL context, the panel's ImGui layer, the
// vertex path, the presenter, the camera and the frame clock. It takes the newest
// step's vertices from the runner, moves the camera, draws and presents the frame, and says how
// a click sees the view. It is the one writer of what the panel shows of the picture (the drawn
// step, the frame's costs: FrameStats) and owns the look (picture/look.hpp), which the panel and
// the keys edit; outcomes go to the status line.
#pragma once

#include <cstdint>
#include <glm/glm.hpp>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "camera.hpp"
#include "features/features.hpp"
#include "panel/imgui_layer.hpp"
#include "picture/camera_glide.hpp"
#include "picture/frame_clock.hpp"
#include "picture/frame_stats.hpp"
#include "picture/gl_context.hpp"
#include "picture/presenter.hpp"
#include "picture/vertex_path.hpp"
#include "run/frame_handoff.hpp"
#include "run/runner.hpp"
#include "run/status_line.hpp"
#include "picture/look.hpp"

namespace galaxy::app {

// What the screen is made with, read once from the options (cli builds none of it: App does).
struct ScreenOptions {
  bool fullscreen = false;
  bool no_ui = false;                // no panel: no ImGui layer
  float orbit_rad = 0;               // --orbit: the camera's turn each frame
  bool panel_in_picture = true;      // a window's, or a headless --record-panel's: view_proj
                                     // leaves the panel its strip
  std::optional<double> display_hz;  // a headless clock's pacing (none: a window's clock)
};

class Screen {
 public:
  // Takes the context made for the run (a window, or headless) and makes the panel's layer.
  Screen(std::unique_ptr<GlContext> context, const ScreenOptions& o, StatusLine& status);
  Screen(const Screen&) = delete;
  Screen& operator=(const Screen&) = delete;

  // Once the run exists (its start may print first): recording, the scene cache.
  void make_presenter(const std::string& record, bool record_panel, int record_fps);

  // The frame's parts, in the order App::frame runs them.
  void begin_frame();
  void move_camera(Features& f);  // after the input: --orbit, the follow camera, the camera path
  // Buffers for `count` vertices (the run changed wholesale, or its count): CUDA-registered
  // where `cuda` and the interop works, else the reason in stats().interop_warning.
  void resize_vertices(std::size_t count, bool cuda, bool vertex_of);
  // The newest finished step's vertices (and trails); the step they came from where it is new.
  // `cuda`: the run is on the CUDA backend (its vertices may be written into the GL buffers).
  std::optional<StepReport> update_vertices(Runner& runner, Trails& trails, bool cuda);
  // Draws and presents; true where a headless recording failed (the exit status says so).
  bool present(bool screenshot, const Features& f);

  // The picture's projection in a view of that size: right of the panel's strip where it has
  // one (panel/panel_place.hpp's view_left), else centred in what a floating panel leaves free.
  glm::mat4 view_proj(int width, int height) const;
  ViewPlane view_plane(glm::vec2 window) const;
  // World units a pixel of the picture spans at the camera's target, in a window of that size
  // (the scale bar): the three-view panes stand back.
  float world_per_pixel(glm::vec2 window) const;  // a window of that size, as a click sees it
  // Frames the bodies as they are now (view_fit.hpp): at once, or by a glide (a new run's own
  // framing), which a hand on the view stops (stop_glide).
  void fit_camera(Runner& runner, FitAim aim, bool glide = false);
  void stop_glide() { glide_.stop(); }
  bool gliding() const { return glide_.active(); }

  GlContext& context() { return *context_; }
  ImGuiLayer* imgui() { return imgui_.get(); }  // null without the panel
  bool has_panel() const { return imgui_ != nullptr; }
  Presenter& presenter() { return *presenter_; }
  VertexPath& vertex_path() { return vertex_path_; }
  render::OrbitCamera& camera() { return camera_; }
  const render::OrbitCamera& camera() const { return camera_; }
  FrameClock& clock() { return clock_; }
  const FrameStats& stats() const { return stats_; }
  Look& look() { return look_; }
  const Look& look() const { return look_; }
  bool headless() const { return context_->window() == nullptr; }
  const render::VertexBuffers& vertices() const { return vertex_path_.buffers(); }
  // The last frame's picture (RGBA, bottom row first) of a headless app; empty with a window.
  std::vector<std::uint8_t> picture() const { return presenter_->picture(); }

 private:
  // The strip a view `width` wide leaves to the panel (0: none), at most three quarters of it.
  float panel_left(float width) const;
  StatusLine& status_;
  FrameStats stats_;
  Look look_;
  float orbit_rad_ = 0;
  bool panel_in_picture_ = true;
  // Member order is teardown order, reversed: the GL context outlives everything that holds GL
  // objects or CUDA registrations of GL buffers, and the ImGui backends go before the window.
  // (App's run, whose thread writes the buffers, goes before the screen.)
  std::unique_ptr<GlContext> context_;
  std::unique_ptr<ImGuiLayer> imgui_;
  VertexPath vertex_path_;  // registered with CUDA: destroyed before the context
  std::unique_ptr<Presenter> presenter_;
  render::OrbitCamera camera_;
  CameraGlide glide_;                 // a new run's framing under way
  std::uint64_t drawn_sequence_ = 0;  // the publication the buffers hold
  FrameClock clock_;                  // frame times, headless pacing, the summary's samples
};

}  // namespace galaxy::app
