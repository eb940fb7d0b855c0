// SPDX-License-Identifier: MIT
// The start and the end of a run: the GL context (a window, or headless), the session and the
// panel's first settings, all from the options, read once here; at the end the final --save and
// the frame-time summary.
#include <fmt/chrono.h>
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <stdexcept>

#include "app.hpp"
#include "cli/run_spec_options.hpp"
#include "picture/camera_path_file.hpp"
#include "text/progress_line.hpp"
#include "threads.hpp"
#include "panel/colour_bar.hpp"
#include "scenarios/presets.hpp"

namespace galaxy::app {

namespace {

// out/frames, or where that holds an earlier clip, out/frames_YYYYmmdd_HHMMSS (_2, _3, ...).
std::string fresh_frames_folder() {
  namespace fs = std::filesystem;
  const auto empty = [](const fs::path& d) {
    std::error_code ec;
    return !fs::exists(d, ec) || (fs::is_directory(d, ec) && fs::is_empty(d, ec));
  };
  if (empty("out/frames")) return "out/frames";
  const std::string base =
      fmt::format("out/frames_{:%Y%m%d_%H%M%S}", fmt::localtime(std::time(nullptr)));
  std::string name = base;
  for (int k = 2; !empty(name); ++k) name = base + "_" + std::to_string(k);
  return name;
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
    o.headless = true;
    // Without a window nothing would show: keep a short clip to look at, in a folder of its own
    // (an earlier clip is never overwritten). What the options give (--frames N, --record) wins.
    if (!o.frames) o.frames = 90;
    if (o.record.empty()) {
      o.record = fresh_frames_folder();
      check_record_target(o.record);
    }
    std::fprintf(stderr, "galaxy: no window (%s); rendering %ld frames headless into %s/\n",
                 why.c_str(), *o.frames, o.record.c_str());
  }
  return make_headless_context(o.width.value_or(1920), o.height.value_or(1080));
}

// The panel, unless --no-ui; null without it. ImGui's OpenGL3 backend loads GL through
// libGL.so.1 itself: a driver install without it costs the panel, not the picture.
std::unique_ptr<ImGuiLayer> make_imgui(GlContext& context, bool no_ui) {
  if (no_ui) return nullptr;
  try {
    return std::make_unique<ImGuiLayer>(context.window());
  } catch (const std::exception& e) {
    std::fprintf(stderr, "galaxy: warning: %s; running without the panel\n", e.what());
    return nullptr;
  }
}

// The panel's first values: what the start-up made of the options (and of a --load file).
Settings initial_settings(const Options& o, const Running& r, bool panel) {
  Settings s;
  s.params = r.params;
  s.bodies = r.bodies;
  s.scenario = r.scenario;
  s.backend = r.backend;
  s.solver = r.solver;
  s.show_panel = panel;
  s.speed = o.speed;
  if (o.max_drawn) s.max_drawn = *o.max_drawn;
  s.splat_auto = o.splat == "auto";
  if (o.splat == "compute") s.render.splat = render::SplatMode::Compute;
  s.view = parse_view(o.view).value_or(ViewDirection::Kept);
  s.fit_galaxy = o.fit_galaxy;
  s.follow = parse_follow(o.follow).value_or(FollowMode::Off);
  s.follow_galaxy = std::max(o.fit_galaxy, 0);
  s.three_view = o.three_view;
  s.render.trails.bodies = o.trails;
  if (o.octree) {
    s.octree_overlay = true;
    s.octree_depth = *o.octree;
  }
  if (const BodyFieldInfo* f = find_field(o.colour_map)) choose_field(s.render, *f);
  return s;
}

// Lockstep (each frame shows the steps it granted) where frames are recorded: a clip of K frames
// is K steps, as on any machine. Else the simulation steps on its own thread.
bool lockstep(const Options& o) { return o.lockstep || !o.record.empty(); }

// The run the window shows: the options' (run_spec), drawn, stepping on a thread unless in
// lockstep, with keyframes to go back. An App made headless without --frames (in a test's
// process) is still a window's run, not the energy table's run_spec describes for such options.
RunSpec window_run(const Options& o) {
  RunSpec spec = run_spec(o);
  spec.rendering = true;
  spec.threaded = !lockstep(o);
  spec.keyframes = true;
  return spec;
}

// The run's start: its snapshot's read on the terminal, and what the start said besides.
std::unique_ptr<Runner> start_runner(const Options& o) {
  auto runner = std::make_unique<Runner>(
      window_run(o), [](const std::string& path) { return terminal_progress("loading", path); });
  runner->exclusive([](Session& s) {
    for (const std::string& note : s.start_notes()) {
      std::fprintf(stderr, "galaxy: %s\n", note.c_str());
    }
  });
  return runner;
}

}  // namespace

App::App(const Options& options) : clock_(std::nullopt) {
  Options o = options;
  // Read before anything starts: a file that went bad since the options checked it stops here.
  CameraPath path;
  if (!o.camera_path.empty()) {
    try {
      path = load_camera_path(o.camera_path);
    } catch (const std::exception& e) {
      throw std::runtime_error(std::string("--camera-path: ") + e.what());
    }
  }
  context_ = make_context(o);  // without a window: headless, perhaps with --frames and --record
  if (o.fullscreen) context_->set_fullscreen(true);
  max_steps_ = o.steps;
  max_frames_ = o.frames;
  final_save_ = o.save;
  features_.drop = DropTool(o.drop_frame, o.drop_bodies);
  features_.reference = ReferencePhoto(o.reference, o.reference_opacity);
  // Headless measurements (--frames without --record) pace like a 60 Hz display unless told.
  orbit_rad_ = glm::radians(o.orbit_deg);
  panel_in_picture_ = context_->window() != nullptr || o.record_panel;
  std::optional<double> display_hz = o.display_hz;
  if (!display_hz && o.headless && !lockstep(o)) display_hz = 60.0;
  if (o.headless) clock_ = FrameClock(display_hz);
  imgui_ = make_imgui(*context_, o.no_ui);
  // Someone at a window can answer a question; a script (--frames) or a headless run cannot, and
  // without the panel there is no dialog to ask in.
  quit_guard_ =
      QuitGuard(!headless() && !max_frames_ && imgui_ != nullptr, QuitGuard::Clock::now());
  // A window's frames need a core of their own: the CPU backend's threads leave one (unless
  // --threads says otherwise), so a step never takes the core the render thread needs.
  if (!o.threads && !headless()) {
    set_cpu_threads(0);
    set_cpu_threads(std::max(1, cpu_threads() - 1));
  }
  runner_ = start_runner(o);
  // Before start(): the thread does not run yet, so the session answers at once.
  const Running running = runner_->exclusive([](Session& s) { return s.running(); });
  settings_ = initial_settings(o, running, imgui_ != nullptr);
  if (!o.camera_path.empty()) features_.camera_path = CameraPathTool(path, o.camera_path);
  presenter_ = std::make_unique<Presenter>(*context_, imgui_.get(), o.record, o.record_panel,
                                           o.record_fps);
  measurements_ = std::make_unique<Measurements>(*runner_);
  run_control_ = std::make_unique<RunControl>(
      *runner_, settings_, [this](Session& s, bool changed) { republish(s, changed); });
  edits_ = std::make_unique<BodyEdits>(*runner_, o.seed);
  if (o.kiosk) {
    features_.kiosk = std::make_unique<Kiosk>(o.kiosk_list, o.kiosk_seconds);
    context_->set_fullscreen(true);
    settings_.show_panel = false;
  }
  stats_.gl_description = context_->description();
  std::fprintf(stderr, "galaxy: %s\n", context_->description().c_str());
  start(o.pick);
  // --camera-path: played from the first frame; a headless run without --frames (and a path
  // that does not loop) ends on the frame that shows its last key.
  if (path.keys.empty()) return;
  features_.camera_path.play();
  if (!headless() || options.frames || path.loop || features_.kiosk) return;
  const double dt = camera_path_seconds_per_frame(presenter_->recorder(), headless(),
                                                  clock_.display_hz(), stats_.frame_ms);
  max_frames_ = long(std::floor(path.duration() / dt + 1e-6)) + 1;
}

void App::start(std::optional<int> pick) {
  runner_->exclusive([&](Session& s) {
    // A body past the last would be shown as nothing, without a word (issue 45).
    if (pick && std::size_t(*pick) >= s.simulation().size()) {
      throw std::runtime_error(fmt::format("--pick {}: the run has {} bodies (0 to {})", *pick,
                                           s.simulation().size(), s.simulation().size() - 1));
    }
    // The designer's first draft: the encounter that runs, else Toomre & Toomre's pair.
    const Encounter* e = s.encounter();
    settings_.encounter = e ? *e : *find_preset("prograde");
    measurements_->first_colour_map(s.simulation(), settings_, stats_);  // frame 1's map
    republish(s, true);
  });
  run_changed();
  update_vertices();
  runner_->start();
  if (pick) settings_.picked_body = *pick;  // after run_changed(), which clears the pick
  Changes first;
  first.fit_camera = true;
  first.overlay = true;
  apply(first);
  clock_.restart();
}

// Inside Runner::exclusive, after `s` changed: new buffers where the count changed, and the
// state published (`changed`: the run changed wholesale, see Runner::republish).
void App::republish(Session& s, bool changed) {
  Simulation& sim = s.simulation();
  sim.set_vertex_budget(settings_.max_drawn);  // over MPI ranks rank 0 takes no more
  const bool cuda = sim.backend() == Backend::Cuda;
  if (changed || sim.vertex_count() != vertex_path_.buffers().count()) {
    const bool vertex_of = settings_.render.trails.bodies > 0;
    vertex_path_.resize(sim.vertex_count(), cuda, vertex_of, stats_.interop_warning);
  }
  runner_->set_device_vertices(cuda && vertex_path_.interop_ready());
  runner_->republish(s, changed);
  if (changed) {
    stats_.source = s.source();
    stats_.units = s.units();
    stats_.backend_name = sim.name();
  }
}

void App::run_changed() {
  settings_.picked_body = -1;
  stats_.inspected.clear();
  features_.follow.reset();  // the old bodies' centres say nothing of the new ones
  trail_path_.reset();  // a vertex index may name another body now
  measurements_->run_changed(runner_->status().generation);
  stats_.have_accuracy = false;
  for (auto& h : stats_.history) h.clear();
}

// The thread goes first: its tasks use the measurements' colour maps.
App::~App() {
  edits_.reset();
  runner_.reset();
}

void App::finish() {
  if (finished_) return;
  finished_ = true;
  // The thread stops at the end of its step; a headless run's last step may have run away.
  runner_->hold();
  // A drop under way lands first, said and counted as during the frames (a scripted --drop that
  // the simulation's own thread had not reached when --frames ran out was added, but neither
  // said nor in the summary's N).
  const BodyEdits::Outcome landed = edits_->finish();
  runner_->exclusive([](Session&) {});
  land_edits(landed);
  update_status();
  if (!final_save_.empty()) {
    try {
      runner_->exclusive(
          [&](Session& s) { s.save(final_save_, terminal_progress("saving", final_save_)); });
      std::printf("galaxy: wrote %s\n", final_save_.c_str());
    } catch (const std::exception& e) {
      std::fprintf(stderr, "galaxy: save: %s\n", e.what());
      if (exit_status_ == 0) exit_status_ = 1;
    }
  }
  if (!headless() && !max_frames_) return;
  int w = 0, h = 0;
  context_->framebuffer_size(w, h);
  print_summary(clock_.samples(),
                {clock_.frames(), w, h, stats_.backend_name, context_->description(), stats_.bodies,
                 stats_.splat_compute, headless(), stats_.interop, runner_->threaded(),
                 clock_.display_hz()});
  if (const Recorder* recorder = presenter_->recorder()) {
    if (const auto failed = presenter_->finish_recording()) {
      std::fprintf(stderr, "galaxy: recording %s failed: %s\n", recorder->target().c_str(),
                   failed->c_str());
      if (exit_status_ == 0) exit_status_ = 1;
    } else {
      std::printf("galaxy: wrote %d frames to %s%s\n", recorder->frames(),
                  recorder->target().c_str(), recorder->video() ? "" : "/ (frame_00000.png ...)");
    }
  }
  std::fflush(stdout);
}

}  // namespace galaxy::app
