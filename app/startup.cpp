// SPDX-License-Identifier: MIT
// The start of a run: the GL context (a window, or headless), the screen, the run and the
// first look, the features' and the ending's options, all read once here.
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

// The first look: what the options ask (the run's wanted values start as what runs: RunControl).
Look initial_look(const Options& o, bool panel) {
  Look s;
  s.show_panel = panel;
  if (o.max_drawn) s.max_drawn = *o.max_drawn;
  s.splat_auto = o.splat == "auto";
  if (o.splat == "compute") s.render.splat = render::SplatMode::Compute;
  s.three_view = o.three_view;
  s.panel_docked = o.dock;
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

}  // namespace

App::App(const Options& options) {
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
  // Without a window: headless, perhaps with --frames and --record.
  std::unique_ptr<GlContext> context = make_context(o);
  const bool window = context->window() != nullptr;
  // Headless measurements (--frames without --record) pace like a 60 Hz display unless told.
  std::optional<double> display_hz = o.display_hz;
  if (!display_hz && o.headless && !lockstep(o)) display_hz = 60.0;
  const ScreenOptions look{o.fullscreen, o.no_ui, glm::radians(o.orbit_deg),
                           window || o.record_panel,
                           o.headless ? display_hz : std::nullopt};
  screen_ = std::make_unique<Screen>(std::move(context), look, status_);
  features_.drop = DropTool(o.drop_frame, o.drop_bodies);
  features_.time = TimeControls(o.speed);
  features_.reference = ReferencePhoto(o.reference, o.reference_opacity);
  features_.inspect = Inspect(o.octree);
  features_.trails = Trails(o.trails);
  // Someone at a window can answer a question; a script (--frames) or a headless run cannot, and
  // without the panel there is no dialog to ask in.
  ending_ = Ending({o.steps, o.frames, o.save},
                   QuitGuard(window && !o.frames && screen_->has_panel(), QuitGuard::Clock::now()));
  // A window's frames need a core of their own: the CPU backend's threads leave one (unless
  // --threads says otherwise), so a step never takes the core the render thread needs.
  if (!o.threads && window) {
    set_cpu_threads(0);
    set_cpu_threads(std::max(1, cpu_threads() - 1));
  }
  run_ = std::make_unique<WindowRun>(window_run(o), o.seed, *screen_, status_, features_);
  // Before start(): the thread does not run yet, so the session answers at once.
  screen_->look() = initial_look(o, screen_->has_panel());
  features_.follow = FollowCamera(
      {parse_follow(o.follow).value_or(FollowMode::Off), std::max(o.fit_galaxy, 0)});
  features_.framing = ViewFraming(parse_view(o.view).value_or(ViewDirection::Kept), o.fit_galaxy);
  if (!o.camera_path.empty()) features_.camera_path = CameraPathTool(path, o.camera_path);
  screen_->make_presenter(o.record, o.record_panel, o.record_fps);
  if (o.kiosk) {
    features_.kiosk = std::make_unique<Kiosk>(o.kiosk_list, o.kiosk_seconds);
    screen_->context().set_fullscreen(true);
    screen_->look().show_panel = false;
  }
  std::fprintf(stderr, "galaxy: %s\n", screen_->context().description().c_str());
  // A body past the last would be shown as nothing, without a word (issue 45).
  if (o.pick) {
    const std::size_t n =
        run_->runner().exclusive([](Session& s) { return s.simulation().size(); });
    if (std::size_t(*o.pick) >= n) {
      throw std::runtime_error(
          fmt::format("--pick {}: the run has {} bodies (0 to {})", *o.pick, n, n - 1));
    }
  }
  run_->start();
  FeatureActions shown;  // the first fit, then the pick (after run_changed(), which clears it)
  shown.framing.fit = true;
  shown.inspect.select = o.pick;
  shown.inspect.refresh = true;
  apply(shown);
  screen_->clock().restart();
  // --camera-path: played from the first frame; a headless run without --frames (and a path
  // that does not loop) ends on the frame that shows its last key.
  if (path.keys.empty()) return;
  features_.camera_path.play();
  if (!screen_->headless() || options.frames || path.loop || features_.kiosk) return;
  const double dt =
      camera_path_seconds_per_frame(screen_->presenter().recorder(), screen_->headless(),
                                    screen_->clock().display_hz(), screen_->stats().frame_ms);
  ending_.limit_frames(long(std::floor(path.duration() / dt + 1e-6)) + 1);
}

}  // namespace galaxy::app
