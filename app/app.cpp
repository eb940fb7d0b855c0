// SPDX-License-Identifier: MIT
#include "app.hpp"

#include <glad/gl.h>
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <stdexcept>

#include "headless_run.hpp"
#include "input.hpp"
#include "median.hpp"
#include "overlay.hpp"
#include "panel.hpp"

namespace galaxy::app {

namespace {

float ms_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<float, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

std::unique_ptr<GlContext> make_context(Options& o) {
  if (!o.headless) {
    std::string why = "no DISPLAY or WAYLAND_DISPLAY";
    if (display_available()) {
      if (auto w =
              make_window_context(o.width.value_or(1280), o.height.value_or(720), "Galaxy", &why)) {
        return w;
      }
    }
    std::fprintf(stderr, "galaxy: no window (%s); rendering headless instead\n", why.c_str());
    o.headless = true;
    if (!o.frames && o.record.empty()) {
      // Without a window nothing would show: keep a short clip to look at.
      o.frames = 90;
      o.record = "out/frames";
    }
  }
  return make_headless_context(o.width.value_or(1920), o.height.value_or(1080));
}

}  // namespace

App::App(const Options& o) : options_(o) {
  context_ = make_context(options_);
  if (!options_.no_ui) {
    // ImGui's OpenGL3 backend loads GL through libGL.so.1 itself; a driver install without it
    // costs the panel, not the picture.
    try {
      imgui_ = std::make_unique<ImGuiLayer>(context_->window());
    } catch (const std::exception& e) {
      std::fprintf(stderr, "galaxy: warning: %s; running without the panel\n", e.what());
      options_.no_ui = true;
    }
  }
  int w = 0, h = 0;
  context_->framebuffer_size(w, h);
  if (headless()) offscreen_.emplace(w, h);
  renderer_.emplace();
  render_timer_.emplace();
  session_ = std::make_unique<Session>(options_);
  if (!options_.record.empty()) recorder_ = std::make_unique<Recorder>(options_.record, w, h);

  Simulation& sim = session_->simulation();
  settings_.params = sim.params();
  settings_.bodies = sim.size();
  settings_.scenario = session_->options().scenario;
  settings_.backend = sim.backend();
  settings_.solver = sim.solver();
  settings_.show_panel = !options_.no_ui;
  settings_.splat_auto = options_.splat == "auto";
  if (options_.splat == "compute") settings_.render.splat = render::SplatMode::Compute;
  stats_.gl_description = context_->description();
  std::fprintf(stderr, "galaxy: %s\n", context_->description().c_str());

  reallocate_vertices();
  run_changed();
  update_vertices();
  Changes first;
  first.fit_camera = true;
  if (options_.octree) {
    settings_.octree_overlay = true;
    settings_.octree_depth = *options_.octree;
  }
  if (options_.pick) settings_.picked_body = *options_.pick;
  first.overlay = true;
  apply(first);
  refresh_measurements();
  last_frame_ = last_accuracy_ = Clock::now();
}

App::~App() = default;

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
  host_bodies_.reset();
  report_error(stats_.runaway, "runaway");  // the status line too: it shows with the panel hidden
  if (headless()) {
    // One more frame, so that a recording ends on the message, then exit status 3.
    exit_status_ = kExitRunaway;
    quit_after_frames_ = 2;
  }
}

void App::finish() {
  if (finished_) return;
  finished_ = true;
  if (!options_.save.empty()) {
    try {
      session_->save(options_.save);
      std::printf("galaxy: wrote %s\n", options_.save.c_str());
    } catch (const std::exception& e) {
      std::fprintf(stderr, "galaxy: save: %s\n", e.what());
      if (exit_status_ == 0) exit_status_ = 1;
    }
  }
  print_summary();
}

void App::reallocate_vertices() {
  Simulation& sim = session_->simulation();
  const bool cuda = sim.backend() == Backend::Cuda;
  vertices_.resize(sim.size(), cuda);
  host_xyzs_.assign(4 * sim.size(), 0.0f);
  host_tags_.assign(render::tag_buffer_bytes(sim.size()), 0);
  stats_.interop_warning.clear();
  if (cuda && !vertices_.cuda_registered()) {
    stats_.interop_warning = "CUDA-GL interop unavailable (" + vertices_.registration_error() +
                             "): copying vertices through the host";
    std::fprintf(stderr, "galaxy: warning: %s\n", stats_.interop_warning.c_str());
  }
}

void App::run_changed() {
  Simulation& sim = session_->simulation();
  settings_.bodies = sim.size();
  settings_.params = sim.params();
  settings_.backend = sim.backend();
  settings_.solver = sim.solver();
  settings_.picked_body = -1;
  energy0_.reset();
  stats_.have_accuracy = false;
  for (auto& h : stats_.history) h.clear();
  host_bodies_.reset();
  overlay_dirty_ = true;
  last_diagnostics_ = Clock::time_point{};  // measure the new run's energy at once
}

const HostBodies& App::host_bodies() {
  Simulation& sim = session_->simulation();
  if (!host_bodies_ || host_bodies_step_ != sim.steps_taken() ||
      host_bodies_->size() != sim.size()) {
    host_bodies_ = sim.download();
    host_bodies_step_ = sim.steps_taken();
  }
  return *host_bodies_;
}

void App::apply(const Changes& c) {
  Simulation& sim = session_->simulation();
  const auto attempt = [&](const char* what, auto&& action) {
    try {
      action();
      return true;
    } catch (const std::exception& e) {
      report_error(std::string(what) + ": " + e.what(), what);
      return false;
    }
  };
  if (c.params) {
    attempt("parameters", [&] {
      check_params(settings_.params);
      sim.set_params(settings_.params);
    });
    settings_.params = sim.params();
  }
  if (c.solver) {
    attempt("solver", [&] { sim.set_solver(settings_.solver); });
    settings_.solver = sim.solver();
  }
  bool changed = false;
  if (c.backend && settings_.backend != sim.backend()) {
    changed |= attempt("backend", [&] { session_->set_backend(settings_.backend); });
  }
  if (c.scenario)
    changed |= attempt("scenario", [&] { session_->set_scenario(settings_.scenario); });
  if (c.bodies && settings_.bodies != session_->simulation().size()) {
    // A failure (out of memory, a count the scenario cannot make) keeps the old run.
    changed |= attempt("body count", [&] { session_->set_body_count(settings_.bodies); });
  }
  if (c.reset) {
    changed |= attempt("reset", [&] { session_->set_body_count(session_->simulation().size()); });
  }
  if (c.load) {
    if (attempt("load", [&] { session_->load(settings_.snapshot_path); })) {
      changed = true;
      std::string text = "loaded " + settings_.snapshot_path;
      for (const std::string& note : session_->load_notes()) text += "\n" + note;
      report_message(text);
    }
  }
  if (c.save && attempt("save", [&] { session_->save(settings_.snapshot_path); })) {
    report_message("saved " + settings_.snapshot_path);
  }
  if (c.resume && !stats_.runaway.empty()) {
    session_->simulation().clear_runaway();
    report_message("went back to step " + std::to_string(session_->simulation().steps_taken()) +
                   " and continued");
    stats_.runaway.clear();
    settings_.paused = false;
  }
  if (changed || session_->simulation().size() != vertices_.count()) {
    attempt("vertex buffers", [&] { reallocate_vertices(); });
    run_changed();
    update_vertices();
  }
  settings_.scenario = session_->options().scenario;
  settings_.backend = session_->simulation().backend();
  if (!changed && c.bodies) settings_.bodies = session_->simulation().size();
  if (c.overlay) overlay_dirty_ = true;
  if (c.measure_accuracy) {
    attempt("accuracy", [&] {
      stats_.accuracy = session_->simulation().measure_accuracy(1000, accuracy_seed_++);
      stats_.have_accuracy = true;
    });
  }
  if (c.fit_camera) {
    if (!host_vertices_current_) {
      session_->simulation().write_vertices_host(host_xyzs_.data(), host_tags_.data());
      host_vertices_current_ = true;
    }
    glm::vec3 center;
    float radius;
    bounding_sphere(host_xyzs_.data(), session_->simulation().size(), 0.95f, center, radius);
    camera_.fit(center, radius);
  }
  if (c.quit) quit_ = true;
}

void App::advance(bool step_once) {
  if (settings_.paused && !step_once) return;
  Simulation& sim = session_->simulation();
  // --steps K while rendering: the simulation stops after K steps and the frames go on (with
  // --steps 0, a render-only measurement).
  if (options_.steps && sim.steps_taken() >= static_cast<std::uint64_t>(*options_.steps) &&
      !step_once) {
    return;
  }
  const auto t0 = Clock::now();
  try {
    sim.step();
  } catch (const std::exception& e) {
    settings_.paused = true;
    report_error(std::string("step failed, paused: ") + e.what());
    return;
  }
  const float wall = ms_since(t0);
  const StageTimings t = sim.timings();
  stats_.timings = t;
  if (!t.valid) stats_.timings.total_ms = wall;
  for (int k = 0; k <= kStageCount; ++k) {
    auto& h = stats_.history[k];
    h.push_back(k < kStageCount ? t.ms[k] : stats_.timings.total_ms);
    if (h.size() > kHistoryFrames) h.erase(h.begin());
  }
  stats_.interactions = sim.interactions();
  const float step_ms = stats_.timings.total_ms;
  stats_.bodies_per_s = step_ms > 0 ? double(sim.size()) / (step_ms * 1e-3) : 0.0;
  if (!samples_.empty()) {
    samples_.back().sim_ms = wall;
    samples_.back().stage_ms = step_ms;
  }
}

void App::update_vertices() {
  Simulation& sim = session_->simulation();
  const auto t0 = Clock::now();
  const std::size_t n = sim.size();
  if (vertices_.count() != n || host_xyzs_.size() != 4 * n) {
    return;  // the buffers could not follow a body-count change; the panel shows why
  }
  std::uint64_t bytes = 0;
  bool written = false;
  if (sim.backend() == Backend::Cuda && vertices_.cuda_registered()) {
    // The interop path: CUDA writes the GL buffers while they are mapped; the mapping unmaps
    // when it goes out of scope, before GL draws from them.
    try {
      auto mapping = vertices_.map();
      written = sim.write_vertices_device(mapping.xyzs(), mapping.tags(), mapping.stream());
    } catch (const std::exception& e) {
      stats_.interop_warning = std::string("CUDA-GL interop failed (") + e.what() +
                               "): copying vertices through the host";
    }
    if (!written && !interop_fallback_warned_) {
      if (stats_.interop_warning.empty()) {
        stats_.interop_warning = "the backend cannot write GL buffers: copying through the host";
      }
      std::fprintf(stderr, "galaxy: warning: %s\n", stats_.interop_warning.c_str());
      interop_fallback_warned_ = true;
    }
    host_vertices_current_ = false;
  }
  if (!written) {
    sim.write_vertices_host(host_xyzs_.data(), host_tags_.data());
    vertices_.upload(host_xyzs_.data(), host_tags_.data());
    host_vertices_current_ = true;
    // Host to GL, and for CUDA first device to host.
    bytes = n * (4 * sizeof(float) + 1) * (sim.backend() == Backend::Cuda ? 2 : 1);
  }
  stats_.interop = written;
  stats_.transfer_bytes = bytes;
  stats_.vertex_ms = ms_since(t0);
  if (!samples_.empty()) {
    samples_.back().vertex_ms = stats_.vertex_ms;
    samples_.back().bytes = bytes;
  }
}

void App::update_overlays() {
  Simulation& sim = session_->simulation();
  const bool want = settings_.octree_overlay || settings_.picked_body >= 0;
  if (!want) {
    if (overlay_dirty_) {
      renderer_->set_boxes({});
      renderer_->set_markers({});
      overlay_dirty_ = false;
    }
    return;
  }
  if (!overlay_dirty_ && overlay_step_ == sim.steps_taken()) return;
  overlay_dirty_ = false;
  overlay_step_ = sim.steps_taken();
  std::vector<render::Box> boxes;
  std::vector<render::Marker> markers;
  try {
    const HostBodies& b = host_bodies();
    if (settings_.octree_overlay) boxes = simulation_tree_boxes(sim, b, settings_.octree_depth);
    const int self = settings_.picked_body;
    if (self >= 0 && static_cast<std::size_t>(self) < b.size()) {
      CpuOctree tree;
      tree.build(b, sim.params().leaf_size);  // the running solver's leaves and criterion
      const WalkTrace t = trace_walk(tree, b, self, sim.params());
      walk_overlay(tree, b, self, t, boxes, markers);
      char info[256];
      std::snprintf(info, sizeof(info),
                    "body %d at theta %.2f: %zu cells accepted (green), %zu opened (red), %zu "
                    "bodies summed directly (yellow)",
                    self, sim.params().theta, t.accepted.size(), t.opened.size(), t.direct.size());
      stats_.picked_info = info;
    }
  } catch (const std::exception& e) {
    report_error(std::string("overlay: ") + e.what());
  }
  renderer_->set_boxes(boxes);
  renderer_->set_markers(markers);
}

void App::refresh_measurements() {
  Simulation& sim = session_->simulation();
  stats_.backend_name = sim.name();
  stats_.bodies = sim.size();
  stats_.steps = sim.steps_taken();
  stats_.time = sim.time();
  const auto now = Clock::now();
  // diagnostics() downloads every body: once a second, not every frame, and not at all when
  // nothing shows it (a --no-ui measurement at 10M bodies should not pay for it).
  const bool shown = (imgui_ && settings_.show_panel) || settings_.follow_com;
  if (shown && now - last_diagnostics_ > std::chrono::seconds(1)) {
    last_diagnostics_ = now;
    try {
      const Diagnostics d = sim.diagnostics();
      if (!energy0_) energy0_ = d.total();
      stats_.energy_drift = *energy0_ != 0 ? (d.total() - *energy0_) / std::abs(*energy0_) : 0.0;
      stats_.have_energy = true;
      if (settings_.follow_com) camera_.set_target({d.com[0], d.com[1], d.com[2]});
    } catch (const std::exception& e) {
      report_error(std::string("diagnostics: ") + e.what());
    }
  }
  if (settings_.accuracy_auto && now - last_accuracy_ > std::chrono::seconds(3)) {
    last_accuracy_ = now;
    Changes c;
    c.measure_accuracy = true;
    apply(c);
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
  if (a.pick) {
    try {
      const int picked = pick_body(host_bodies(), view_proj(int(size.x), int(size.y)), size.x,
                                   size.y, a.cursor, 12.0f);
      if (picked != settings_.picked_body) {
        settings_.picked_body = picked;
        c.overlay = true;
      }
    } catch (const std::exception& e) {
      report_error(std::string("pick: ") + e.what());
    }
  }
}

void App::draw(int width, int height, GLuint framebuffer) {
  render::RenderParams p = settings_.render;
  if (settings_.splat_auto) {
    p.splat = session_->simulation().size() >= kComputeSplatFrom ? render::SplatMode::Compute
                                                                 : render::SplatMode::Points;
  }
  stats_.splat_compute = p.splat == render::SplatMode::Compute;
  const glm::mat4 vp = view_proj(width, height);
  // Headless runs are measurements: the wall time between two glFinish calls, which every
  // driver reports faithfully (llvmpipe's timer queries do not cover compute dispatches). A
  // window reads last frame's GPU timer query instead, so it never stalls.
  const bool measure = headless();
  if (measure) glFinish();
  const auto t0 = Clock::now();
  if (!measure) render_timer_->begin();
  renderer_->draw_bodies(vertices_, vp, p, framebuffer, width, height);
  renderer_->draw_overlays(vp, framebuffer, width, height, 5.0f);
  float ms = 0;
  if (measure) {
    glFinish();
    ms = ms_since(t0);
  } else {
    render_timer_->end();
    ms = render_timer_->read(false);
  }
  stats_.render_ms = ms;
  if (!samples_.empty()) samples_.back().render_ms = ms;
}

void App::save_screenshot(GLuint framebuffer, int width, int height) {
  char name[64];
  const std::time_t t = std::time(nullptr);
  std::strftime(name, sizeof(name), "galaxy_%Y%m%d_%H%M%S.png", std::localtime(&t));
  try {
    const auto rgba = render::read_rgba(framebuffer, width, height, true);
    write_png(name, rgba.data(), width, height);
    report_message(std::string("saved ") + name);
    std::fprintf(stderr, "galaxy: saved %s\n", name);
  } catch (const std::exception& e) {
    report_error(std::string("screenshot: ") + e.what());
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
  if (settings_.follow_com && host_vertices_current_) {
    glm::vec3 center;
    float radius;
    bounding_sphere(host_xyzs_.data(), session_->simulation().size(), 1.0f, center, radius);
    camera_.set_target(center);
  }
  update_overlays();
  refresh_measurements();

  if (w > 0 && h > 0) {
    const GLuint fb = offscreen_ ? offscreen_->framebuffer() : 0;
    draw(w, h, fb);
    if (imgui_) {
      glBindFramebuffer(GL_FRAMEBUFFER, fb);
      imgui_->render();
    }
    if (c.screenshot) save_screenshot(fb, w, h);
    if (recorder_ && (w != recorder_->width() || h != recorder_->height())) {
      report_error("recording stopped: the window changed size");
      recorder_.reset();
      if (headless() && exit_status_ == 0) exit_status_ = 1;
    }
    if (recorder_) {
      try {
        recorder_->add(render::read_rgba(fb, w, h, false));
      } catch (const std::exception& e) {
        report_error(std::string("recording stopped: ") + e.what());
        recorder_.reset();
        if (headless() && exit_status_ == 0) exit_status_ = 1;
      }
    }
  } else if (imgui_) {
    ImGui::EndFrame();
  }
  context_->swap();
  ++frames_;
  if (options_.frames && frames_ >= *options_.frames) quit_ = true;
  if (quit_after_frames_ > 0 && --quit_after_frames_ == 0) quit_ = true;
  if (quit_) {
    if (headless()) {
      session_->simulation().synchronize();
      check_runaway();  // the CUDA backend's last step
    }
    finish();
    return false;
  }
  return true;
}

void App::print_summary() const {
  if (!headless() && !options_.frames) return;
  std::vector<float> sim, stage, vertex, render;
  std::vector<std::uint64_t> bytes;
  // The first frame pays for shader compilation and first-touch allocation: leave it out.
  for (std::size_t k = samples_.size() > 1 ? 1 : 0; k < samples_.size(); ++k) {
    sim.push_back(samples_[k].sim_ms);
    stage.push_back(samples_[k].stage_ms);
    vertex.push_back(samples_[k].vertex_ms);
    render.push_back(samples_[k].render_ms);
    bytes.push_back(samples_[k].bytes);
  }
  int w = 0, h = 0;
  context_->framebuffer_size(w, h);
  const Simulation& s = session_->simulation();
  std::printf("galaxy: %d frames at %dx%d, %s, N = %zu, %s, %s\n", frames_, w, h, s.name().c_str(),
              s.size(), stats_.splat_compute ? "compute splat" : "GL points",
              context_->description().c_str());
  std::printf(
      "galaxy: median per frame: render %.3f ms (%s), sim step %.3f ms (wall) / "
      "%.3f ms "
      "(stage timers), vertex update %.3f ms (%s), host<->device vertex bytes %llu\n",
      median(render), headless() ? "glFinish to glFinish" : "GPU timer query", median(sim),
      median(stage), median(vertex), stats_.interop ? "CUDA-GL interop" : "host copy",
      static_cast<unsigned long long>(median(bytes)));
  if (recorder_) {
    std::printf("galaxy: wrote %d frames to %s%s\n", recorder_->frames(),
                recorder_->target().c_str(), recorder_->video() ? "" : "/ (frame_00000.png ...)");
  }
  std::fflush(stdout);
}

}  // namespace galaxy::app
