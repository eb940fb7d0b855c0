// SPDX-License-Identifier: MIT
// The frame loop: input and the panel, the step, the vertices, the overlays, the measurements.
#include "app.hpp"

#include <fmt/format.h>
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "headless_run.hpp"
#include "input.hpp"
#include "panel.hpp"

namespace galaxy::app {

glm::mat4 App::view_proj(int width, int height) const {
  const glm::mat4 vp =
      camera_.view_proj(static_cast<float>(width) / static_cast<float>(std::max(height, 1)));
  if (!imgui_ || !settings_.show_panel || width <= 0) return vp;
  // Centre the picture in the part of the view that the panel leaves free.
  glm::mat4 shift(1.0f);
  shift[3][0] = kPanelWidth / static_cast<float>(width);
  return shift * vp;
}

void App::report_error(const std::string& what, const std::string& where) {
  stats_.error = what;
  stats_.error_where = where;
  stats_.message.clear();
  std::fprintf(stderr, "galaxy: %s\n", what.c_str());
}

void App::report_message(const std::string& what) {
  stats_.message = what;
  stats_.error.clear();
  stats_.error_where.clear();
}

// A runaway step stops the run on the last good state: the window pauses and offers to go on
// from it (the panel), a headless render ends with exit status 3.
void App::check_runaway() {
  Simulation& sim = session_->simulation();
  const std::optional<Runaway> r = sim.runaway();
  if (!r) {
    if (!stats_.runaway.empty() && stats_.error_where == "runaway") {
      stats_.error.clear();  // gone (a reset, a load): the status line no longer says it
      stats_.error_where.clear();
    }
    stats_.runaway.clear();
    return;
  }
  if (!stats_.runaway.empty()) return;  // already reported
  stats_.runaway = r->message();
  stats_.runaway_good_step = r->good_step;
  settings_.paused = true;
  report_error(stats_.runaway, "runaway");  // the status line too: it shows with the panel hidden
  if (headless()) {
    // One more frame, so that a recording ends on the message, then exit status 3.
    exit_status_ = kExitRunaway;
    quit_after_frames_ = 2;
  }
}

void App::reallocate_vertices() {
  vertex_path_.resize(session_->simulation(), stats_.interop_warning);
}

void App::run_changed() {
  settings_.picked_body = -1;
  stats_.source = session_->source();
  energy0_.reset();
  stats_.have_accuracy = false;
  for (auto& h : stats_.history) h.clear();
  overlay_refresh_.invalidate();
  last_diagnostics_ = Clock::time_point{};  // measure the new run's energy at once
}

void App::advance(bool step_once) {
  if (settings_.paused && !step_once) return;
  Simulation& sim = session_->simulation();
  // --steps K while rendering: the simulation stops after K steps and the frames go on (with
  // --steps 0, a render-only measurement).
  if (max_steps_ && sim.steps_taken() >= static_cast<std::uint64_t>(*max_steps_) && !step_once) {
    return;
  }
  const auto t0 = Clock::now();
  try {
    sim.step();
  } catch (const std::exception& e) {
    settings_.paused = true;
    report_error(fmt::format("step failed, paused: {}", e.what()));
    return;
  }
  record_step(ms_since(t0));
}

void App::record_step(float wall_ms) {
  const Simulation& sim = session_->simulation();
  const StageTimings t = sim.timings();
  stats_.timings = t;
  if (!t.valid) stats_.timings.total_ms = wall_ms;
  for (int k = 0; k <= kStageCount; ++k) {
    auto& h = stats_.history[k];
    h.push_back(k < kStageCount ? t.ms[k] : stats_.timings.total_ms);
    if (h.size() > kHistoryFrames) h.erase(h.begin());
  }
  stats_.interactions = sim.interactions();
  const float step_ms = stats_.timings.total_ms;
  stats_.bodies_per_s = step_ms > 0 ? double(sim.size()) / (step_ms * 1e-3) : 0.0;
  if (!samples_.empty()) {
    samples_.back().sim_ms = wall_ms;
    samples_.back().stage_ms = step_ms;
  }
}

void App::update_vertices() {
  const auto t0 = Clock::now();
  const VertexPath::Written w = vertex_path_.update(session_->simulation(), stats_.interop_warning);
  if (!w.ok) return;  // the buffers could not follow a body-count change; the panel shows why
  stats_.interop = w.interop;
  stats_.transfer_bytes = w.bytes;
  stats_.vertex_ms = ms_since(t0);
  if (!samples_.empty()) {
    samples_.back().vertex_ms = stats_.vertex_ms;
    samples_.back().bytes = w.bytes;
  }
}

void App::update_overlays() {
  Simulation& sim = session_->simulation();
  colour_maps_.update(sim, settings_, stats_, Clock::now());
  const bool shown = settings_.octree_overlay || settings_.picked_body >= 0;
  if (!overlay_refresh_.due(sim.steps_taken(), shown, Clock::now())) return;
  OverlayGeometry g;
  try {
    g = overlay_geometry(sim, settings_.octree_overlay ? settings_.octree_depth : -1,
                         settings_.picked_body);
  } catch (const std::exception& e) {
    // Said once, not at each refresh while it lasts.
    const std::string what = fmt::format("overlay: {}", e.what());
    if (stats_.error != what) report_error(what);
  }
  stats_.picked_info = g.info;
  renderer_->set_boxes(g.boxes);
  renderer_->set_markers(g.markers);
}

void App::refresh_measurements() {
  const Simulation& sim = session_->simulation();
  stats_.backend_name = sim.name();
  stats_.bodies = sim.size();
  stats_.steps = sim.steps_taken();
  stats_.time = sim.time();
  const auto now = Clock::now();
  // diagnostics() sums over every body (the CPU backend on the host, the CUDA backend in a
  // device reduction it waits for): once a second, not every frame, and not at all when nothing
  // shows it (a --no-ui measurement at 10M bodies should not pay for it).
  const bool shown = (imgui_ && settings_.show_panel) || settings_.follow_com;
  if (shown && now - last_diagnostics_ > std::chrono::seconds(1)) {
    last_diagnostics_ = now;
    refresh_energy();
  }
  if (settings_.accuracy_auto && now - last_accuracy_ > std::chrono::seconds(3)) {
    last_accuracy_ = now;
    measure_accuracy();
  }
}

void App::refresh_energy() {
  try {
    const Diagnostics d = session_->simulation().diagnostics();
    if (!energy0_) energy0_ = d.total();
    stats_.energy_drift = *energy0_ != 0 ? (d.total() - *energy0_) / std::abs(*energy0_) : 0.0;
    stats_.have_energy = true;
    if (settings_.follow_com) camera_.set_target({d.com[0], d.com[1], d.com[2]});
  } catch (const std::exception& e) {
    report_error(fmt::format("diagnostics: {}", e.what()));
  }
}

void App::handle_actions(Changes& c) {
  // Window coordinates, which differ from framebuffer pixels on high-DPI screens.
  const ImVec2 size = ImGui::GetIO().DisplaySize;
  const InputActions a = handle_input(camera_, size.y);
  if (a.toggle_pause) settings_.paused = !settings_.paused;
  if (a.toggle_panel) settings_.show_panel = !settings_.show_panel;
  if (a.toggle_octree) {
    settings_.octree_overlay = !settings_.octree_overlay;
    c.overlay = true;
  }
  c.fit_camera |= a.fit;
  c.screenshot |= a.screenshot;
  c.quit |= a.quit;
  if (a.pick) c.overlay |= pick(a.cursor, {size.x, size.y});
}

// One download of the bodies per click, to find the one under the cursor.
bool App::pick(glm::vec2 cursor, glm::vec2 window) {
  try {
    const int picked =
        pick_body(session_->simulation().download(), view_proj(int(window.x), int(window.y)),
                  window.x, window.y, cursor, 12.0f);
    if (picked == settings_.picked_body) return false;
    settings_.picked_body = picked;
    return true;
  } catch (const std::exception& e) {
    report_error(fmt::format("pick: {}", e.what()));
    return false;
  }
}

bool App::frame() {
  if (quit_ || context_->close_requested()) {
    finish();
    return false;
  }
  context_->poll_events();
  int w = 0, h = 0;
  context_->framebuffer_size(w, h);
  const float dt = ms_since(last_frame_) * 1e-3f;
  last_frame_ = Clock::now();
  stats_.frame_ms = dt * 1e3f;
  stats_.fps = dt > 0 && frames_ > 0 ? 1.0f / dt : 0.0f;
  samples_.emplace_back();

  Changes c;
  if (imgui_) {
    imgui_->new_frame(w, h, dt);
    handle_actions(c);
    if (settings_.show_panel) {
      c |= draw_panel(settings_, stats_);
    } else {
      status_line(stats_);
    }
  }
  apply(c);
  advance(c.step_once);
  check_runaway();
  update_vertices();
  follow_centre();
  update_overlays();
  refresh_measurements();
  present(w, h, c.screenshot);
  return !end_of_frame();
}

// With "follow centre of mass", the view follows the host copy of the vertices where the host
// path made one this frame (refresh_measurements follows the diagnostics' centre otherwise).
void App::follow_centre() {
  const std::vector<float>* xyzs = vertex_path_.current_host_xyzs();
  if (!settings_.follow_com || !xyzs) return;
  glm::vec3 center;
  float radius;
  bounding_sphere(xyzs->data(), xyzs->size() / 4, 1.0f, center, radius);
  camera_.set_target(center);
}

bool App::end_of_frame() {
  ++frames_;
  if (max_frames_ && frames_ >= *max_frames_) quit_ = true;
  if (quit_after_frames_ > 0 && --quit_after_frames_ == 0) quit_ = true;
  if (!quit_) return false;
  if (headless()) {
    session_->simulation().synchronize();
    check_runaway();  // the CUDA backend's last step
  }
  finish();
  return true;
}

}  // namespace galaxy::app
