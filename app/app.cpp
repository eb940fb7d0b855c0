// SPDX-License-Identifier: MIT
// The frame: input and the panel, the changes applied to the run, the steps granted to the
// simulation's thread, the newest finished step's vertices, the measurements asked and
// collected, the picture. Nothing here waits for a step.
#include "app.hpp"

#include <fmt/format.h>
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <utility>

#include "cli/headless_run.hpp"
#include "cli/signals.hpp"
#include "panel/input.hpp"
#include "panel/panel.hpp"
#include "panel/quit_dialog.hpp"
#include "panel/scale_bar.hpp"
#include "wall_clock.hpp"

namespace galaxy::app {

bool App::frame() {
  if (stop_signal()) quit_ = true;  // SIGINT, SIGTERM, SIGHUP: end as a quit does (cli/signals)
  if (!quit_ && context_->close_requested()) {
    context_->keep_open();  // until the answer
    request_quit();
  }
  if (quit_) {
    finish();
    return false;
  }
  clock_.pace();
  begin_frame();
  const CameraView before = view_of(camera_);
  FeatureActions act;
  const Changes c = input_and_panel(act);
  apply(c);
  apply(act);
  // A drag, the wheel, c, 1-5: a playing camera path stops.
  if (auto r = features_.camera_path.moved_by_hand(before, view_of(camera_))) report(*r);
  if (features_.kiosk) apply(features_.kiosk->tick(settings_, stats_, Clock::now()));
  FeatureActions script;  // --drop FRAME:BODIES, on its frame
  script.drop.drop = features_.drop.scripted(clock_.frames(), camera_);
  if (script.drop.drop) apply(script);
  poll_edits();
  move_camera();
  // Lockstep: this frame shows the steps it grants. On its own thread the next steps start once
  // this frame's picture is finished: a step that fits between two frames (1M bodies at 144 Hz)
  // then runs while no frame draws, and the next frame draws while no step runs (GL and CUDA
  // time-slice the GPU; each slows the other).
  if (!runner_->threaded()) run_control_->advance(c, stats_.frame_ms, step_limit());
  update_vertices();
  update_status();
  measure();
  present(c.screenshot);
  if (runner_->threaded()) run_control_->advance(c, stats_.frame_ms, step_limit());
  clock_.end(stats_.sim_steps);
  return !end_of_frame();
}

void App::apply(const Changes& c) {
  RunControl::Applied a = run_control_->apply(c);
  // An error among this frame's outcomes is never hidden by a success beside it.
  std::stable_partition(a.reports.begin(), a.reports.end(),
                        [](const Report& r) { return r.kind != Report::Kind::Error; });
  for (const Report& r : a.reports) report(r);
  if (a.changed) run_changed();
  if (a.changed || a.moved) update_vertices();  // lockstep: the new state is there already
  if (a.resumed) stats_.runaway.clear();
  // A solver change recomputes the forces (or leaves no tree): the walk shown is stale.
  if (c.solver) measurements_->invalidate_overlays();
  if (c.measure_accuracy) {
    measurements_->measure_accuracy();
    take_measurements();  // lockstep: already there
  }
  if (c.fit_camera) fit_camera();
  const bool saved = std::any_of(a.reports.begin(), a.reports.end(), [](const Report& r) {
    return r.kind == Report::Kind::Done && r.place == Place::Save;
  });
  quit_guard_.applied(c, saved);
  if (c.quit_confirmed) {
    quit_ = true;
  } else if (c.quit) {
    request_quit();
  }
}

// After the run's changes (the camera path's key takes the view c fitted).
void App::apply(const FeatureActions& a) {
  const FeatureTargets to{camera_, *presenter_, clock_.display_hz(), *edits_,
                          features_.inspect.picked(), Clock::now(), *measurements_,
                          settings_.render.hide_halo, settings_.follow_galaxy, settings_.render,
                          *measurements_};
  for (const Report& r : apply_features(features_, a, to)) report(r);
  if (DropTool::edits_the_run(a.drop)) quit_guard_.edited();
  poll_edits();  // lockstep: the drop tool's edits are already done
}

void App::request_quit() {
  if (quit_guard_.should_ask(QuitGuard::Clock::now())) {
    settings_.asking_quit = true;
  } else {
    quit_ = true;
  }
}

// --orbit, the follow camera, then the camera path over both while it plays (round and round on
// an unattended kiosk).
void App::move_camera() {
  camera_.yaw += orbit_rad_;
  features_.follow.advance(camera_, {settings_.follow, settings_.follow_galaxy},
                           stats_.frame_ms * 1e-3f, stats_.time, features_.camera_path.playing());
  const double dt = camera_path_seconds_per_frame(presenter_->recorder(), headless(),
                                                  clock_.display_hz(), stats_.frame_ms);
  if (auto r = features_.camera_path.advance(camera_, dt, bool(features_.kiosk))) report(*r);
}

void App::begin_frame() {
  const float dt = clock_.begin();
  context_->poll_events();
  stats_.frame_ms = dt * 1e3f;
  stats_.fps = dt > 0 && clock_.frames() > 0 ? 1.0f / dt : 0.0f;
}

// The keys and the mouse (when the panel does not want them), then the panel and the scale bar.
Changes App::input_and_panel(FeatureActions& act) {
  Changes c;
  if (!imgui_) return c;
  int w = 0, h = 0;
  context_->framebuffer_size(w, h);
  imgui_->new_frame(w, h, stats_.frame_ms * 1e-3f);
  // Window coordinates, which differ from framebuffer pixels on high-DPI screens.
  const ImVec2 size = ImGui::GetIO().DisplaySize;
  if (features_.kiosk) {  // no input but the exit chord, a caption
    c.quit_confirmed = features_.kiosk->exit_chord();
    features_.kiosk->caption();
    return c;
  }
  const InputActions a = handle_input(camera_, size.y, features_.drop.active());
  const ViewPlane plane = view_plane({size.x, size.y});
  act.drop.toggle = a.toggle_drop;
  act.drop.remove = a.remove_galaxy;
  act.drop.undo = a.undo;
  features_.drop.gesture(a.drag, plane, camera_, stats_.units, act.drop);
  if (a.toggle_pause) settings_.paused = !settings_.paused;
  if (a.toggle_panel) settings_.show_panel = !settings_.show_panel;
  for (int k = 0; k < std::abs(a.speed_change); ++k) {
    change_speed(settings_.speed, a.speed_change > 0 ? 1 : -1);
  }
  act.inspect.toggle_octree = a.toggle_octree;
  c.step_once += a.step;
  c.step_back += a.step_back;
  c.fit_camera |= a.fit;
  c.screenshot |= a.screenshot;
  c.quit |= a.quit;
  // The ruler's key, then a click: in ruler mode the ruler takes it, else it picks a body.
  const auto click = a.pick ? std::optional(a.cursor) : std::nullopt;
  if (!features_.ruler.apply({a.toggle_ruler, click}, plane) && a.pick) {
    act.inspect.pick = Inspect::Click{plane.view_proj, plane.window, a.cursor};
  }
  if (a.toggle_three_view) settings_.three_view = !settings_.three_view;
  if (a.toggle_fullscreen) context_->set_fullscreen(!context_->fullscreen());
  act.recording.toggle = a.toggle_recording;
  act.camera_path.add_key = a.add_camera_key;
  act.camera_path.toggle = a.toggle_camera_path;
  if (a.cycle_follow) {
    settings_.follow = static_cast<FollowMode>((static_cast<int>(settings_.follow) + 1) % 4);
  }
  if (a.view) {
    settings_.view = *a.view;
    c.fit_camera = true;
  }
  if (settings_.show_panel) {
    c |= draw_panel(settings_, stats_, [&](PanelSlot at) {
      feature_rows(features_, at, act, stats_, features_.inspect.picked(), settings_.render);
    });
    // Its checkbox: on or off before its line is drawn (taken: App::apply does not see it).
    features_.ruler.apply(std::exchange(act.ruler, {}), plane);
    if (c.preview_orbit) orbit_preview({size.x, size.y});
  } else {
    status_line(stats_);
  }
  draw_scale_bar(choose_scale_bar(camera_.world_per_pixel(size.y), size.x, stats_.units), size.x);
  features_.recording.mark(Clock::now());
  features_.ruler.marks(view_plane({size.x, size.y}), stats_.units);
  c |= quit_dialog(settings_);
  return c;
}

void App::update_vertices() {
  const auto t0 = Clock::now();
  runner_->set_vertex_of(features_.trails.vertex_of());
  const bool cuda = settings_.backend == Backend::Cuda;
  const FrameHandoff::Taken w =
      vertex_path_.update(runner_->handoff(), cuda, stats_.interop_warning);
  // Without registered buffers (interop failed) the thread writes host slots.
  if (!vertex_path_.interop_ready()) runner_->set_device_vertices(false);
  const auto fresh_step = w.fresh && w.report ? std::optional(w.report->steps) : std::nullopt;
  if (auto e = features_.trails.update(vertex_path_.buffers(), fresh_step)) report(*e);
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
  FrameSample& sample = clock_.sample();
  sample.vertex_ms = stats_.vertex_ms;
  sample.bytes = w.bytes;
  sample.new_step = true;
}

// The drawn step's timings for the panel and the summary.
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
  stats_.ranks = r.ranks;
  const float step_ms = stats_.timings.total_ms;
  stats_.bodies_per_s = step_ms > 0 ? double(r.bodies) / (step_ms * 1e-3) : 0.0;
  clock_.sample().sim_ms = r.wall_ms;
  clock_.sample().stage_ms = step_ms;
}

// The thread's rates, keyframes, runaway and errors.
void App::update_status() {
  const RunnerStatus st = runner_->status();
  stats_.steps_per_s = st.steps_per_s;
  stats_.sim_time_per_s = st.sim_time_per_s;
  stats_.sim_steps = st.steps;
  stats_.seeking = st.seeking;
  stats_.kept = st.kept;
  stats_.edits = st.edits;
  stats_.keyframe_bytes = st.keyframe_bytes;
  stats_.keyframe_budget = st.keyframe_budget;
  stats_.keyframe_note = st.keyframe_note;
  const FileJob* job = run_control_->file_job();  // a load or save on its worker
  stats_.transfer = job ? job->shown() : std::string();
  stats_.transfer_fraction = job ? job->fraction() : 0.0f;
  if (!st.error.empty()) {
    std::string paused = fmt::format("{} (paused)", st.error);
    if (stats_.error != paused) {
      settings_.paused = true;
      report(Report::error(std::move(paused), Place::Step));
    }
  }
  check_runaway(st);
}

// A runaway step stops the run on the last good state: the window pauses and offers to go on
// from it or to go back to a keyframe (the panel), a headless render ends with exit status 3.
void App::check_runaway(const RunnerStatus& st) {
  if (!st.runaway) {
    if (!stats_.runaway.empty() && stats_.error_place == Place::Runaway) {
      stats_.error.clear();  // gone (a reset, a load): the status line no longer says it
      stats_.error_place = Place::None;
    }
    stats_.runaway.clear();
    return;
  }
  if (!stats_.runaway.empty()) return;  // already reported
  stats_.runaway = st.runaway->message();
  stats_.runaway_good_step = st.runaway->good_step;
  settings_.paused = true;
  report(Report::error(stats_.runaway, Place::Runaway));  // shows with the panel hidden too
  if (headless()) {
    // One more frame, so that a recording ends on the message, then exit status 3.
    exit_status_ = kExitRunaway;
    quit_after_frames_ = 2;
  }
}

void App::measure() {
  measurements_->refresh(settings_, features_.inspect.overlays(), features_.separation.on(),
                         imgui_ && settings_.show_panel, stats_.sim_steps);  // the panel shows them
  take_measurements();
}

void App::take_measurements() {
  const Measurements::Arrived a = measurements_->collect(settings_, stats_);
  if (a.overlay) presenter_->set_overlays(*a.overlay);
  features_.inspect.found(a.overlay, a.pick, *measurements_);
  if (a.colour_map) features_.colour.arrived(*a.colour_map);
  if (a.centres) {
    features_.follow.measured(*a.centres, {settings_.follow, settings_.follow_galaxy});
    features_.separation.measured(*a.centres, settings_.follow_galaxy);
  }
  for (const Report& r : a.reports) report(r);
}

void App::present(bool screenshot) {
  int w = 0, h = 0;
  context_->framebuffer_size(w, h);
  const Presenter::Presented p = presenter_->present(
      {vertex_path_.buffers(), settings_, features_.reference.image(), view_proj(w, h),
       drawn_sequence_, screenshot,
       settings_.three_view ? three_view_panes(camera_, w, h, imgui_ != nullptr)
                            : std::vector<glm::mat4>{},
       features_.trails.drawn()});
  stats_.splat_compute = p.splat_compute;
  stats_.draw_stride = p.stride;
  stats_.sent_stride = static_cast<int>(std::lround(vertex_path_.buffers().stands_for()));
  if (p.scene_reused) ++stats_.scenes_reused;
  if (p.render_ms) stats_.render_ms = *p.render_ms;
  FrameSample& sample = clock_.sample();
  sample.scene_reused = p.scene_reused;
  if (p.render_ms) sample.render_ms = *p.render_ms;
  for (const Report& r : p.reports) report(r);
  if (p.recording_failed && headless() && exit_status_ == 0) exit_status_ = 1;
}

int App::exit_status() const {
  if (const int sig = stop_signal()) return exit_status_for(sig);
  return exit_status_;
}

void App::report(const Report& r) {
  if (r.kind == Report::Kind::Done) {
    // A runaway or a failed step is the run's state, not an action's outcome: it stays until the
    // run goes on (resume, reset, load).
    if (stats_.error_place == Place::Runaway || stats_.error_place == Place::Step) return;
    stats_.error.clear();
    stats_.error_place = Place::None;
    return;
  }
  if (r.kind == Report::Kind::Message) {
    stats_.message = r.text;
    stats_.error.clear();
    stats_.error_place = Place::None;
    return;
  }
  stats_.error = r.text;
  stats_.error_place = r.place;
  stats_.message.clear();
  std::fprintf(stderr, "galaxy: %s\n", r.text.c_str());
}

glm::mat4 App::view_proj(int width, int height) const {
  const glm::mat4 vp =
      camera_.view_proj(static_cast<float>(width) / static_cast<float>(std::max(height, 1)));
  if (!imgui_ || !settings_.show_panel || width <= 0 || !panel_in_picture_) return vp;
  // Centre the picture in the part of the view that the panel leaves free (only where the panel
  // is seen: a headless picture shows it only with --record-panel).
  glm::mat4 shift(1.0f);
  shift[3][0] = kPanelWidth / static_cast<float>(width);
  return shift * vp;
}

ViewPlane App::view_plane(glm::vec2 window) const {
  return {view_proj(int(window.x), int(window.y)), window, camera_.target(), camera_.eye()};
}

std::optional<std::uint64_t> App::step_limit() const {
  if (!max_steps_) return std::nullopt;
  return static_cast<std::uint64_t>(*max_steps_);
}

// Frames the bodies as they are now (with the thread parked; above kMostFitted bodies every k-th
// of them, the same on one process and over MPI ranks): those of the chosen galaxy where one is
// (the followed one while a galaxy is followed), from the chosen direction (view_fit.hpp).
void App::fit_camera() {
  const int galaxy =
      settings_.follow == FollowMode::Galaxy ? settings_.follow_galaxy : settings_.fit_galaxy;
  const ViewFit f = runner_->exclusive([&](Session& s) {
    const Simulation& sim = s.simulation();
    const std::size_t k = (sim.size() + kMostFitted - 1) / kMostFitted;
    if (k <= 1) return fit_view(sim.download(), galaxy, settings_.view);
    std::vector<std::uint64_t> some((sim.size() + k - 1) / k);
    for (std::size_t j = 0; j < some.size(); ++j) some[j] = j * k;
    return fit_view(sim.bodies_at(some), galaxy, settings_.view);
  });
  if (f.from) camera_.look_from(*f.from);
  camera_.fit(f.center, f.radius);
}

bool App::end_of_frame() {
  if (max_frames_ && clock_.frames() >= *max_frames_) quit_ = true;
  if (quit_after_frames_ > 0 && --quit_after_frames_ == 0) quit_ = true;
  if (!quit_) return false;
  finish();
  return true;
}

}  // namespace galaxy::app
