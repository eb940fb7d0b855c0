// SPDX-License-Identifier: MIT
#include "picture/presenter.hpp"

#include <fmt/chrono.h>
#include <fmt/format.h>
#include <glad/gl.h>
#include <imgui.h>

#include <ctime>

#include "wall_clock.hpp"

namespace galaxy::app {

namespace {
bool headless(const GlContext& c) { return c.window() == nullptr; }
}  // namespace

Presenter::Presenter(GlContext& context, ImGuiLayer* imgui, const std::string& record,
                     bool record_panel, int record_fps)
    : context_(context), imgui_(imgui), record_panel_(record_panel) {
  int w = 0, h = 0;
  context_.framebuffer_size(w, h);
  if (headless(context_)) offscreen_.emplace(w, h);
  if (!record.empty()) recorder_ = std::make_unique<Recorder>(record, w, h, record_fps);
}

Presenter::Presented Presenter::present(const Frame& f) {
  Presented out;
  int w = 0, h = 0;
  context_.framebuffer_size(w, h);
  if (w <= 0 || h <= 0) {
    if (imgui_) ImGui::EndFrame();
    context_.swap();
    return out;
  }
  const render::Canvas target = offscreen_ ? offscreen_->canvas() : render::Canvas{0, 0, w, h};
  const GLuint fb = target.framebuffer;
  draw(f, target, out);
  // The photograph matches one view (not the three panes); it goes over the cached scene too.
  const auto read = f.panes.empty() ? reference_.draw(f.reference, f.view_proj, fb, w, h)
                                    : std::nullopt;
  if (read) out.reports.push_back(read->failed ? Report::error(read->text, Place::Reference)
                                               : Report::message(read->text));
  // A recording shows the picture; the panel, the scale bar and the recording's own mark are
  // drawn after it unless --record-panel.
  if (!record_panel_) record(fb, w, h, out);
  if (imgui_) {
    glBindFramebuffer(GL_FRAMEBUFFER, fb);
    imgui_->render();
  }
  if (f.screenshot) save_screenshot(fb, w, h, out);
  if (record_panel_) record(fb, w, h, out);
  context_.swap();
  return out;
}

std::optional<std::string> Presenter::finish_recording() {
  if (!recorder_) return std::nullopt;
  try {
    recorder_->finish();
  } catch (const std::exception& e) {
    return std::string(e.what());
  }
  return std::nullopt;
}

Report Presenter::toggle_recording(const std::string& target, int fps) {
  if (recorder_) {
    const std::string done = recorder_->target();
    const int frames = recorder_->frames();
    if (const auto failed = finish_recording()) {
      recorder_.reset();
      return Report::error(fmt::format("recording {} failed: {}", done, *failed));
    }
    recorder_.reset();
    return Report::message(fmt::format("recorded {} frames into {}", frames, done));
  }
  int w = 0, h = 0;
  context_.framebuffer_size(w, h);
  try {
    check_record_target(target);
    recorder_ = std::make_unique<Recorder>(target, w, h, fps);
  } catch (const std::exception& e) {
    return Report::error(fmt::format("record: {}", e.what()));
  }
  return Report::message("recording into " + target);
}

void Presenter::set_overlays(const OverlayGeometry& g) {
  renderer_.set_boxes(g.boxes);
  renderer_.set_markers(g.markers);
  ++overlay_version_;
}

void Presenter::draw(const Frame& f, const render::Canvas& target, Presented& out) {
  const int width = target.width, height = target.height;
  render::RenderParams p = f.look.render;
  if (f.look.splat_auto) {
    p.splat = f.bodies.count() >= kComputeSplatFrom ? render::SplatMode::Compute
                                                    : render::SplatMode::Points;
  }
  out.splat_compute = p.splat == render::SplatMode::Compute;
  const SceneKey key{f.sequence, overlay_version_, f.view_proj, p,
                     f.trails ? f.trails->params() : render::TrailParams{}, width, height,
                     draw_stride(f)};
  out.stride = key.stride;
  // Three panes are drawn every frame (the scene cache keeps one view).
  if (f.panes.empty() && reuse_scene(key, target)) {
    out.scene_reused = true;
    return;
  }
  // Headless runs are measurements: the wall time between two glFinish calls, which every
  // driver reports faithfully (llvmpipe's timer queries do not cover compute dispatches). A
  // window reads last frame's GPU timer query instead, so it never stalls.
  const bool measure = headless(context_);
  if (measure) glFinish();
  const auto t0 = std::chrono::steady_clock::now();
  if (!measure) render_timer_.begin();
  if (f.panes.empty()) {
    const render::Canvas scene = scene_cache_.canvas(width, height);
    renderer_.draw_bodies(f.bodies, f.view_proj, p, scene, key.stride);
    if (f.trails) renderer_.draw_trails(*f.trails, f.bodies, f.view_proj, p, scene);
    renderer_.draw_overlays(f.view_proj, scene, 5.0f);
    scene_cache_.mark_drawn();
    scene_cache_.restore(target);
  } else {
    draw_panes(f, p, target, key.stride);
    scene_key_ = SceneKey{};  // the single view draws afresh when it comes back
  }
  if (measure) {
    glFinish();
    out.render_ms = ms_since(t0);
  } else {
    render_timer_.end();
    out.render_ms = render_timer_.read(false);
  }
}

void Presenter::draw_panes(const Frame& f, const render::RenderParams& p,
                           const render::Canvas& target, int stride) {
  const GLuint framebuffer = target.framebuffer;
  const int height = target.height;
  const int n = static_cast<int>(f.panes.size());
  const int w = std::max((target.width - f.left) / n, 1);
  if (!pane_ || pane_->width() != w || pane_->height() != height) pane_.emplace(w, height);
  glBindFramebuffer(GL_FRAMEBUFFER, framebuffer);
  glClearColor(0, 0, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  const render::Canvas pane = pane_->canvas();
  for (int k = 0; k < n; ++k) {
    renderer_.draw_bodies(f.bodies, f.panes[k], p, pane, stride);
    if (f.trails) renderer_.draw_trails(*f.trails, f.bodies, f.panes[k], p, pane);
    renderer_.draw_overlays(f.panes[k], pane, 5.0f);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, pane.framebuffer);
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, framebuffer);
    const int x = f.left + k * w;
    glBlitFramebuffer(0, 0, w, height, x, 0, x + w, height, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  }
  glBindFramebuffer(GL_FRAMEBUFFER, framebuffer);
}

// Above Look::max_drawn a subset is drawn (every k-th body with the light of k) while the
// simulation runs or the view moves; paused and still, the next frame draws them all.
int Presenter::draw_stride(const Frame& f) const {
  const std::size_t n = f.bodies.count();
  const bool busy = !f.paused || f.view_proj != scene_key_.view_proj;
  const std::size_t most = std::max<std::size_t>(f.look.max_drawn, 1);
  if (n <= most || !busy) return 1;
  return static_cast<int>((n + most - 1) / most);
}

// A frame with the same step, overlays, view, look and size as the last drawn one copies that
// picture (SceneCache) instead of drawing every body again. The automatic exposure moves a little
// with each drawn frame, so after a change other than a new step the scene is drawn for
// kSettleFrames frames before it is reused.
bool Presenter::reuse_scene(const SceneKey& key, const render::Canvas& target) {
  const bool same_view = key.view_proj == scene_key_.view_proj && key.look == scene_key_.look &&
                         key.trails == scene_key_.trails &&
                         key.width == scene_key_.width && key.height == scene_key_.height &&
                         key.stride == scene_key_.stride;
  if (!same_view) settle_frames_ = kSettleFrames;
  const bool same = same_view && key.sequence == scene_key_.sequence &&
                    key.overlays == scene_key_.overlays;
  scene_key_ = key;
  if (same && settle_frames_ == 0 && scene_cache_.restore(target)) {
    return true;
  }
  if (settle_frames_ > 0) --settle_frames_;
  return false;
}

std::vector<std::uint8_t> Presenter::picture() const {
  if (!offscreen_) return {};
  int w = 0, h = 0;
  context_.framebuffer_size(w, h);
  return render::read_rgba(offscreen_->framebuffer(), w, h, false);
}

void Presenter::save_screenshot(GLuint framebuffer, int width, int height, Presented& out) {
  const std::string name =
      fmt::format("galaxy_{:%Y%m%d_%H%M%S}.png", fmt::localtime(std::time(nullptr)));
  try {
    const auto rgba = render::read_rgba(framebuffer, width, height, true);
    write_png(name, rgba.data(), width, height);
    out.reports.push_back(Report::message("saved " + name));
    std::fprintf(stderr, "galaxy: saved %s\n", name.c_str());
  } catch (const std::exception& e) {
    out.reports.push_back(Report::error(fmt::format("screenshot: {}", e.what())));
  }
}

void Presenter::record(GLuint framebuffer, int width, int height, Presented& out) {
  if (!recorder_) return;
  std::string failure;
  if (width != recorder_->width() || height != recorder_->height()) {
    failure = "recording stopped: the window changed size";
  } else {
    try {
      recorder_->add(render::read_rgba(framebuffer, width, height, false));
    } catch (const std::exception& e) {
      failure = fmt::format("recording stopped: {}", e.what());
    }
  }
  if (failure.empty()) return;
  out.reports.push_back(Report::error(failure));
  out.recording_failed = true;
  recorder_.reset();
}

}  // namespace galaxy::app
