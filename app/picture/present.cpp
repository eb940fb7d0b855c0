// SPDX-License-Identifier: MIT
// Putting a frame on screen: the bodies and overlays (timed), the panel, a screenshot when asked,
// the recording, and the swap.
#include <fmt/chrono.h>
#include <fmt/format.h>
#include <glad/gl.h>
#include <imgui.h>

#include <cstdio>
#include <ctime>

#include "app.hpp"

namespace galaxy::app {

void App::present(int w, int h, bool screenshot) {
  if (w <= 0 || h <= 0) {
    if (imgui_) ImGui::EndFrame();
    context_->swap();
    return;
  }
  const GLuint fb = offscreen_ ? offscreen_->framebuffer() : 0;
  draw(w, h, fb);
  if (imgui_) {
    glBindFramebuffer(GL_FRAMEBUFFER, fb);
    imgui_->render();
  }
  if (screenshot) save_screenshot(fb, w, h);
  record(fb, w, h);
  context_->swap();
}

void App::draw(int width, int height, GLuint framebuffer) {
  render::RenderParams p = settings_.render;
  if (settings_.splat_auto) {
    p.splat = vertex_path_.buffers().count() >= kComputeSplatFrom ? render::SplatMode::Compute
                                                                 : render::SplatMode::Points;
  }
  stats_.splat_compute = p.splat == render::SplatMode::Compute;
  const glm::mat4 vp = view_proj(width, height);
  const SceneKey key{drawn_sequence_, overlay_version_, vp, p, width, height, draw_stride(vp)};
  stats_.draw_stride = key.stride;
  if (reuse_scene(key, framebuffer)) return;
  // Headless runs are measurements: the wall time between two glFinish calls, which every
  // driver reports faithfully (llvmpipe's timer queries do not cover compute dispatches). A
  // window reads last frame's GPU timer query instead, so it never stalls.
  const bool measure = headless();
  if (measure) glFinish();
  const auto t0 = Clock::now();
  if (!measure) render_timer_->begin();
  renderer_->draw_bodies(vertex_path_.buffers(), vp, p, framebuffer, width, height, key.stride);
  renderer_->draw_overlays(vp, framebuffer, width, height, 5.0f);
  scene_cache_.store(framebuffer, width, height);
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

// Above Settings::max_drawn a subset is drawn (every k-th body with the light of k) while the
// simulation runs or the view moves; paused and still, the next frame draws them all.
int App::draw_stride(const glm::mat4& vp) const {
  const std::size_t n = vertex_path_.buffers().count();
  const bool busy = !settings_.paused || vp != scene_key_.view_proj;
  const std::size_t most = std::max<std::size_t>(settings_.max_drawn, 1);
  if (n <= most || !busy) return 1;
  return static_cast<int>((n + most - 1) / most);
}

// A frame with the same step, overlays, view, look and size as the last drawn one copies that
// picture (SceneCache) instead of drawing every body again. The automatic exposure moves a little
// with each drawn frame, so after a change other than a new step the scene is drawn for
// kSettleFrames frames before it is reused.
bool App::reuse_scene(const SceneKey& key, GLuint framebuffer) {
  const bool same_view = key.view_proj == scene_key_.view_proj && key.look == scene_key_.look &&
                         key.width == scene_key_.width && key.height == scene_key_.height &&
                         key.stride == scene_key_.stride;
  if (!same_view) settle_frames_ = kSettleFrames;
  const bool same = same_view && key.sequence == scene_key_.sequence &&
                    key.overlays == scene_key_.overlays;
  scene_key_ = key;
  if (same && settle_frames_ == 0 &&
      scene_cache_.restore(framebuffer, key.width, key.height)) {
    if (!samples_.empty()) samples_.back().scene_reused = true;
    ++stats_.scenes_reused;
    return true;
  }
  if (settle_frames_ > 0) --settle_frames_;
  return false;
}

std::vector<std::uint8_t> App::picture() const {
  if (!offscreen_) return {};
  int w = 0, h = 0;
  context_->framebuffer_size(w, h);
  return render::read_rgba(offscreen_->framebuffer(), w, h, false);
}

void App::save_screenshot(GLuint framebuffer, int width, int height) {
  const std::string name =
      fmt::format("galaxy_{:%Y%m%d_%H%M%S}.png", fmt::localtime(std::time(nullptr)));
  try {
    const auto rgba = render::read_rgba(framebuffer, width, height, true);
    write_png(name, rgba.data(), width, height);
    report_message("saved " + name);
    std::fprintf(stderr, "galaxy: saved %s\n", name.c_str());
  } catch (const std::exception& e) {
    report_error(fmt::format("screenshot: {}", e.what()));
  }
}

void App::record(GLuint framebuffer, int width, int height) {
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
  report_error(failure);
  recorder_.reset();
  if (headless() && exit_status_ == 0) exit_status_ = 1;
}

}  // namespace galaxy::app
