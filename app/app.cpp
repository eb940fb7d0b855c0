// SPDX-License-Identifier: MIT
// The frame loop: input and the panel, the steps granted to the simulation's thread, the newest
// finished step's vertices, the overlays and measurements (asked of the thread, collected when
// ready), the picture. Nothing here waits for a step.
#include "app.hpp"

#include <fmt/format.h>
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <thread>

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
// from it or to go back to a keyframe (the panel), a headless render ends with exit status 3.
void App::check_runaway(const RunnerStatus& st) {
  if (!st.runaway) {
    if (!stats_.runaway.empty() && stats_.error_where == "runaway") {
      stats_.error.clear();  // gone (a reset, a load): the status line no longer says it
      stats_.error_where.clear();
    }
    stats_.runaway.clear();
    return;
  }
  if (!stats_.runaway.empty()) return;  // already reported
  stats_.runaway = st.runaway->message();
  stats_.runaway_good_step = st.runaway->good_step;
  settings_.paused = true;
  report_error(stats_.runaway, "runaway");  // the status line too: it shows with the panel hidden
  if (headless()) {
    // One more frame, so that a recording ends on the message, then exit status 3.
    exit_status_ = kExitRunaway;
    quit_after_frames_ = 2;
  }
}

void App::republish(Session& s, bool changed) {
  const Simulation& sim = s.simulation();
  const bool cuda = sim.backend() == Backend::Cuda;
  if (changed || sim.size() != vertex_path_.buffers().count()) {
    vertex_path_.resize(sim.size(), cuda, stats_.interop_warning);
  }
  runner_->set_device_vertices(cuda && vertex_path_.interop_ready());
  runner_->republish(s, changed);
  if (changed) {
    stats_.source = s.source();
    stats_.backend_name = sim.name();
  }
}

void App::run_changed() {
  settings_.picked_body = -1;
  generation_ = runner_->status().generation;
  energy0_.reset();
  stats_.have_accuracy = false;
  for (auto& h : stats_.history) h.clear();
  overlay_refresh_.invalidate();
  last_diagnostics_ = Clock::time_point{};  // measure the new run's energy at once
}

// The steps this frame grants the thread (the speed), or a single step.
void App::advance(const Changes& c) {
  if (c.seek || c.step_back) return;  // this frame shows where it went
  const std::optional<std::uint64_t> limit =
      max_steps_ ? std::optional<std::uint64_t>(static_cast<std::uint64_t>(*max_steps_))
                 : std::nullopt;
  if (settings_.paused) {
    runner_->hold();
    if (c.step_once) runner_->grant(1.0, limit);
    return;
  }
  const float frame_s = std::max(stats_.frame_ms, 0.0f) * 1e-3f;
  runner_->grant(steps_granted(settings_.speed, frame_s, settings_.params.dt), limit);
}

void App::record_step(const StepReport& r) {
  const StageTimings& t = r.timings;
  stats_.timings = t;
  if (!t.valid) stats_.timings.total_ms = r.wall_ms;
  for (int k = 0; k <= kStageCount; ++k) {
    auto& h = stats_.history[k];
    h.push_back(k < kStageCount ? t.ms[k] : stats_.timings.total_ms);
    if (h.size() > kHistoryFrames) h.erase(h.begin());
  }
  stats_.interactions = r.interactions;
  const float step_ms = stats_.timings.total_ms;
  stats_.bodies_per_s = step_ms > 0 ? double(r.bodies) / (step_ms * 1e-3) : 0.0;
  if (!samples_.empty()) {
    samples_.back().sim_ms = r.wall_ms;
    samples_.back().stage_ms = step_ms;
  }
}

void App::update_vertices() {
  const auto t0 = Clock::now();
  const bool cuda = settings_.backend == Backend::Cuda;
  const FrameHandoff::Taken w =
      vertex_path_.update(runner_->handoff(), cuda, stats_.interop_warning);
  // Without registered buffers (interop failed) the thread writes host slots.
  if (!vertex_path_.interop_ready()) runner_->set_device_vertices(false);
  if (!w.report) return;
  const StepReport& r = *w.report;
  stats_.bodies = r.bodies;
  stats_.steps = r.steps;
  stats_.time = r.time;
  stats_.backend_name = r.name;
  if (!w.fresh) return;
  stats_.interop = w.interop;
  stats_.transfer_bytes = w.bytes;
  stats_.vertex_ms = ms_since(t0);
  drawn_sequence_ = r.sequence;
  record_step(r);
  if (!samples_.empty()) {
    samples_.back().vertex_ms = stats_.vertex_ms;
    samples_.back().bytes = w.bytes;
    samples_.back().new_step = true;
  }
}

void App::update_status() {
  const RunnerStatus st = runner_->status();
  stats_.steps_per_s = st.steps_per_s;
  stats_.sim_time_per_s = st.sim_time_per_s;
  stats_.sim_steps = st.steps;
  stats_.seeking = st.seeking;
  stats_.kept = st.kept;
  stats_.keyframe_bytes = st.keyframe_bytes;
  stats_.keyframe_budget = st.keyframe_budget;
  stats_.keyframe_note = st.keyframe_note;
  if (!st.error.empty() && stats_.error != st.error) {
    settings_.paused = true;
    report_error(fmt::format("{} (paused)", st.error), "step");
  }
  check_runaway(st);
}

// The overlays are asked of the thread (the CUDA backend replays the walk on the device) at most
// five times a second and drawn when they arrive.
void App::update_overlays() {
  collect_overlays();
  update_colour_maps();
  const bool shown = settings_.octree_overlay || settings_.picked_body >= 0;
  if (overlay_.pending() || !overlay_refresh_.due(stats_.sim_steps, shown, Clock::now())) return;
  const int depth = settings_.octree_overlay ? settings_.octree_depth : -1;
  const int picked = settings_.picked_body;
  overlay_.set(runner_->ask([depth, picked](Session& s) {
                 return overlay_geometry(s.simulation(), depth, picked);
               }),
               generation_);
  collect_overlays();  // lockstep: already there
}

// The colour maps' values are computed on the thread (the error map is a direct sum: about a
// second at 1M bodies on an H100) and handed to the simulation's vertex writers there; the frame
// loop asks once the last answer is in, while a map is shown or was shown (to clear it).
void App::update_colour_maps() {
  if (colour_map_.ready()) {
    try {
      if (const auto info = colour_map_.take(generation_); info && *info) {
        stats_.colour_map_info = (*info)->first;
        stats_.colour_map_error = (*info)->second;
      }
    } catch (const std::exception& e) {
      stats_.colour_map_error = e.what();
    }
  }
  const bool map = shown_field(settings_.render) != nullptr;
  if (colour_map_.pending() || (!map && !map_shown_)) return;
  map_shown_ = map;
  colour_map_.set(runner_->ask([this, s = settings_](Session& session) {
                    PanelStats out;
                    Simulation& sim = session.simulation();
                    const int before = colour_maps_.computed();
                    const BodyField had = sim.shown_field();
                    colour_maps_.update(sim, s, out, Clock::now());
                    // New values (or speeds again) show at once, also while paused.
                    // What the panel says changes only where a map was made or cleared.
                    using Info = std::optional<std::pair<std::string, std::string>>;
                    if (colour_maps_.computed() == before && had == sim.shown_field() &&
                        out.colour_map_error.empty()) {
                      return Info{};
                    }
                    runner_->publish_now();
                    return Info{std::pair{out.colour_map_info, out.colour_map_error}};
                  }),
                  generation_);
}

void App::collect_overlays() {
  std::optional<OverlayGeometry> g;
  try {
    g = overlay_.take(generation_);
  } catch (const std::exception& e) {
    // Said once, not at each refresh while it lasts.
    const std::string what = fmt::format("overlay: {}", e.what());
    if (stats_.error != what) report_error(what);
    g = OverlayGeometry{};
  }
  if (!g) return;
  stats_.picked_info = g->info;
  renderer_->set_boxes(g->boxes);
  renderer_->set_markers(g->markers);
  ++overlay_version_;
}

void App::refresh_measurements() {
  collect_measurements();
  const auto now = Clock::now();
  // diagnostics() sums over every body (on the device for CUDA): once a second, and not at all
  // when nothing shows it (a --no-ui measurement at 10M bodies should not pay for it).
  const bool shown = (imgui_ && settings_.show_panel) || settings_.follow_com;
  if (shown && !diagnostics_.pending() && now - last_diagnostics_ > std::chrono::seconds(1)) {
    last_diagnostics_ = now;
    diagnostics_.set(runner_->ask([](Session& s) { return s.simulation().diagnostics(); }),
                     generation_);
  }
  if (settings_.accuracy_auto && now - last_accuracy_ > std::chrono::seconds(3)) {
    last_accuracy_ = now;
    measure_accuracy();
  }
  collect_measurements();
}

void App::collect_measurements() {
  try {
    if (const auto d = diagnostics_.take(generation_)) {
      if (!energy0_) energy0_ = d->total();
      stats_.energy_drift = *energy0_ != 0 ? (d->total() - *energy0_) / std::abs(*energy0_) : 0.0;
      stats_.have_energy = true;
      if (settings_.follow_com) camera_.set_target({d->com[0], d->com[1], d->com[2]});
    }
  } catch (const std::exception& e) {
    report_error(fmt::format("diagnostics: {}", e.what()));
  }
  try {
    if (const auto a = accuracy_.take(generation_)) {
      stats_.accuracy = a->errors;
      stats_.have_accuracy = true;
      stats_.accuracy_chart.add(
          {stats_.bodies, stats_.source, stats_.backend_name},
          {a->params.theta, a->params.alpha, stats_.timings.total_ms, stats_.accuracy.p99});
    }
  } catch (const std::exception& e) {
    report_error(fmt::format("accuracy: {}", e.what()), "accuracy");
  }
  try {
    if (const auto p = pick_.take(generation_); p && *p != settings_.picked_body) {
      settings_.picked_body = *p;
      overlay_refresh_.invalidate();
    }
  } catch (const std::exception& e) {
    report_error(fmt::format("pick: {}", e.what()));
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
  c.step_once |= a.step;
  c.step_back |= a.step_back;
  if (a.speed_change != 0) change_speed(settings_.speed, a.speed_change);
  c.fit_camera |= a.fit;
  c.screenshot |= a.screenshot;
  c.quit |= a.quit;
  if (a.pick) pick(a.cursor, {size.x, size.y});
}

// The body under the cursor, found on the simulation's thread (one download of the bodies).
void App::pick(glm::vec2 cursor, glm::vec2 window) {
  const glm::mat4 vp = view_proj(int(window.x), int(window.y));
  pick_.set(runner_->ask([=](Session& s) {
              return pick_body(s.simulation().download(), vp, window.x, window.y, cursor, 12.0f);
            }),
            generation_);
}

bool App::frame() {
  if (quit_ || context_->close_requested()) {
    finish();
    return false;
  }
  pace();
  frame_start_ = Clock::now();
  context_->poll_events();
  int w = 0, h = 0;
  context_->framebuffer_size(w, h);
  const float dt = ms_since(last_frame_) * 1e-3f;
  last_frame_ = frame_start_;
  stats_.frame_ms = dt * 1e3f;
  stats_.fps = dt > 0 && frames_ > 0 ? 1.0f / dt : 0.0f;
  samples_.emplace_back();
  samples_.back().interval_ms = frames_ > 0 ? dt * 1e3f : 0.0f;

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
  camera_.yaw += orbit_rad_;
  if (!runner_->threaded()) advance(c);  // lockstep: this frame shows the steps it grants
  update_vertices();
  update_status();
  update_overlays();
  refresh_measurements();
  present(w, h, c.screenshot);
  // On its own thread the next steps start once this frame's picture is finished: a step that
  // fits between two frames (1M bodies at 144 Hz) then runs while no frame draws, and the next
  // frame draws while no step runs (GL and CUDA time-slice the GPU; each slows the other).
  if (runner_->threaded()) advance(c);
  samples_.back().frame_ms = ms_since(frame_start_);
  samples_.back().steps = stats_.sim_steps;
  return !end_of_frame();
}

// Headless runs with --display-hz wait for the next frame's time as a display would; a window
// waits in its buffer swap (vsync) instead.
void App::pace() {
  if (!display_hz_ || *display_hz_ <= 0 || !headless()) return;
  const auto period = std::chrono::duration_cast<Clock::duration>(
      std::chrono::duration<double>(1.0 / *display_hz_));
  const auto now = Clock::now();
  if (next_frame_ == Clock::time_point{} || now > next_frame_ + period) next_frame_ = now;
  std::this_thread::sleep_until(next_frame_);
  next_frame_ += period;
}

bool App::end_of_frame() {
  ++frames_;
  if (max_frames_ && frames_ >= *max_frames_) quit_ = true;
  if (quit_after_frames_ > 0 && --quit_after_frames_ == 0) quit_ = true;
  if (!quit_) return false;
  finish();
  return true;
}

}  // namespace galaxy::app
