// SPDX-License-Identifier: MIT
// The picture's part of the frame: the newest step's vertices and trails, the camera's moves,
// the presented picture, and the view a click sees.
#include "picture/screen.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <exception>
#include <utility>

#include "panel/panel.hpp"
#include "panel/panel_place.hpp"
#include "panel/view_marks.hpp"
#include "picture/view_fit.hpp"
#include "wall_clock.hpp"

namespace galaxy::app {

namespace {

using Clock = std::chrono::steady_clock;

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

}  // namespace

Screen::Screen(std::unique_ptr<GlContext> context, const ScreenOptions& o, StatusLine& status)
    : status_(status),
      orbit_rad_(o.orbit_rad),
      panel_in_picture_(o.panel_in_picture),
      context_(std::move(context)),
      clock_(o.display_hz) {
  if (o.fullscreen) context_->set_fullscreen(true);
  imgui_ = make_imgui(*context_, o.no_ui);
  stats_.gl_description = context_->description();
}

void Screen::resize_vertices(std::size_t count, bool cuda, bool vertex_of) {
  vertex_path_.resize(count, cuda, vertex_of, stats_.interop_warning);
}

void Screen::make_presenter(const std::string& record, bool record_panel, int record_fps) {
  presenter_ =
      std::make_unique<Presenter>(*context_, imgui_.get(), record, record_panel, record_fps);
}

void Screen::begin_frame() {
  const float dt = clock_.begin();
  context_->poll_events();
  stats_.frame_ms = dt * 1e3f;
  stats_.fps = dt > 0 && clock_.frames() > 0 ? 1.0f / dt : 0.0f;
}

// A new run's framing gliding in, --orbit, the follow camera, then the camera path over all of
// them while it plays (round and round on an unattended kiosk).
void Screen::move_camera(Features& f) {
  if (f.camera_path.playing()) glide_.stop();
  glide_.advance(camera_, stats_.frame_ms * 1e-3f);
  camera_.yaw += orbit_rad_;
  f.follow.advance(camera_, f.follow.what(), stats_.frame_ms * 1e-3f, stats_.drawn.time,
                   f.camera_path.playing());
  const double dt = camera_path_seconds_per_frame(presenter_->recorder(), headless(),
                                                  clock_.display_hz(), stats_.frame_ms);
  if (auto r = f.camera_path.advance(camera_, dt, bool(f.kiosk))) status_.report(*r);
}

std::optional<StepReport> Screen::update_vertices(Runner& runner, Trails& trails, bool cuda) {
  const auto t0 = Clock::now();
  runner.set_vertex_of(trails.vertex_of());
  const FrameHandoff::Taken w = vertex_path_.update(runner.handoff(), cuda, stats_.interop_warning);
  // Without registered buffers (interop failed) the thread writes host slots.
  if (!vertex_path_.interop_ready()) runner.set_device_vertices(false);
  const auto fresh_step = w.fresh && w.report ? std::optional(w.report->steps) : std::nullopt;
  if (auto e = trails.update(vertex_path_.buffers(), fresh_step)) status_.report(*e);
  if (!w.report) return std::nullopt;
  const StepReport& r = *w.report;
  stats_.drawn = {r.bodies, r.steps, r.time, r.name};
  if (!w.fresh) return std::nullopt;
  stats_.interop = w.interop;
  stats_.transfer_bytes = w.bytes;
  stats_.vertex_ms = ms_since(t0);
  drawn_sequence_ = r.sequence;
  FrameSample& sample = clock_.sample();
  sample.vertex_ms = stats_.vertex_ms;
  sample.bytes = w.bytes;
  sample.new_step = true;
  return r;
}

bool Screen::present(bool screenshot, const Features& f) {
  int w = 0, h = 0;
  context_->framebuffer_size(w, h);
  const int left = static_cast<int>(panel_left(float(w)));
  std::vector<glm::mat4> panes;
  if (look_.three_view) panes = three_view_panes(camera_, w, h, imgui_ != nullptr, left);
  const Presenter::Presented p =
      presenter_->present({vertex_path_.buffers(), look_, f.reference.image(), view_proj(w, h),
                           drawn_sequence_, screenshot, std::move(panes), f.trails.drawn(),
                           f.time.paused(), left});
  stats_.splat_compute = p.splat_compute;
  stats_.draw_stride = p.stride;
  stats_.sent_stride = static_cast<int>(std::lround(vertex_path_.buffers().stands_for()));
  if (p.scene_reused) ++stats_.scenes_reused;
  if (p.render_ms) stats_.render_ms = *p.render_ms;
  FrameSample& sample = clock_.sample();
  sample.scene_reused = p.scene_reused;
  if (p.render_ms) sample.render_ms = *p.render_ms;
  for (const Report& r : p.reports) status_.report(r);
  return p.recording_failed && headless();
}

float Screen::panel_left(float width) const {
  return imgui_ ? std::min(view_left(look_, panel_in_picture_), 0.75f * width) : 0.0f;
}

glm::mat4 Screen::view_proj(int width, int height) const {
  const float w = static_cast<float>(std::max(width, 1));
  const float h = static_cast<float>(std::max(height, 1));
  const float left = panel_left(w);
  if (left > 0.0f) {
    // The picture fills the part right of the panel's strip (docked or a bar): drawn at that
    // part's aspect, then moved into it.
    const float free = w - left;
    glm::mat4 into(1.0f);
    into[0][0] = free / w;
    into[3][0] = left / w;
    return into * camera_.view_proj(free / h);
  }
  const glm::mat4 vp = camera_.view_proj(w / h);
  if (!imgui_ || !look_.show_panel || width <= 0 || !panel_in_picture_) return vp;
  // A floating panel: centre the picture in the part of the view that it leaves free (only
  // where the panel is seen: a headless picture shows it only with --record-panel).
  glm::mat4 shift(1.0f);
  shift[3][0] = kPanelWidth / w;
  return shift * vp;
}

float Screen::world_per_pixel(glm::vec2 window) const {
  const float at_target = camera_.world_per_pixel(window.y);
  if (!look_.three_view) return at_target;
  const int left = static_cast<int>(panel_left(window.x));
  return at_target * three_view_stand_back(int(window.x), int(window.y), left);
}

ViewPlane Screen::view_plane(glm::vec2 window) const {
  return {view_proj(int(window.x), int(window.y)), window, camera_.target(), camera_.eye()};
}

// Frames the bodies as they are now (with the thread parked; above kMostFitted bodies every k-th
// of them, the same on one process and over MPI ranks): those of the chosen galaxy where one is
// (the followed one while a galaxy is followed), from the chosen direction (view_fit.hpp).
void Screen::fit_camera(Runner& runner, FitAim aim, bool glide) {
  const int galaxy = aim.galaxy;
  const ViewFit f = runner.exclusive([&](Session& s) {
    const Simulation& sim = s.simulation();
    const std::size_t k = (sim.size() + kMostFitted - 1) / kMostFitted;
    if (k <= 1) return fit_view(sim.download(), galaxy, aim.direction);
    std::vector<std::uint64_t> some((sim.size() + k - 1) / k);
    for (std::size_t j = 0; j < some.size(); ++j) some[j] = j * k;
    const Meters& m = offered(sim.meters(), sim, Face::Meters, "fitting the view");
    return fit_view(m.bodies_at(some), galaxy, aim.direction);
  });
  render::OrbitCamera framed = camera_;
  if (f.from) framed.look_from(*f.from);
  framed.fit(f.center, f.radius);
  glide_.stop();
  if (glide) {
    glide_.start(camera_, framed);
  } else {
    camera_ = framed;
  }
}

}  // namespace galaxy::app
