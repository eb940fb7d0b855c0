// SPDX-License-Identifier: MIT
// Putting a frame on screen: the bodies and overlays (timed), the panel, a screenshot when asked,
// the recording and the swap. Owns the renderer, the headless target, the recorder and the scene
// cache's policy: a frame with nothing new copies the last picture instead of drawing again, and
// above Look::max_drawn a subset is drawn while the simulation runs or the view moves.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "gpu_timer.hpp"
#include "offscreen_target.hpp"
#include "panel/imgui_layer.hpp"
#include "picture/gl_context.hpp"
#include "picture/overlay.hpp"
#include "picture/record_target.hpp"
#include "picture/recorder.hpp"
#include "reference_image.hpp"
#include "renderer.hpp"
#include "run/report.hpp"
#include "scene_cache.hpp"
#include "picture/look.hpp"
#include "trails.hpp"

namespace galaxy::app {

// Bodies from which the automatic choice draws with the compute splat instead of GL points. On
// llvmpipe at 1920x1080 they cost about the same at 20k bodies (23 vs 20 ms) and the compute
// splat wins from there (65k: 43 vs 23 ms; 1M: 345 vs 204 ms); below, the points' Gaussian
// footprint looks softer. The H100's raster pipeline is weak for millions of points too.
inline constexpr std::size_t kComputeSplatFrom = 32768;

// Frames drawn in full after the view or the look changed before the scene cache is used.
inline constexpr int kSettleFrames = 30;

class Presenter final : public RecordTarget {
 public:
  // Headless contexts draw into an offscreen target of the framebuffer's size; `record` (a
  // folder or a video file; empty for none) gets every frame.
  // The picture is recorded without the panel unless `record_panel`; a video plays at
  // `record_fps`.
  Presenter(GlContext& context, ImGuiLayer* imgui, const std::string& record,
            bool record_panel = false, int record_fps = 30);

  struct Frame {
    const render::VertexBuffers& bodies;
    const Look& look;
    const render::ReferenceImage& reference;  // the photograph behind the bodies
    glm::mat4 view_proj;
    std::uint64_t sequence = 0;  // the publication the buffers hold
    bool screenshot = false;
    // The three-view layout: a view each for three panes side by side (left to right); empty
    // for the single view.
    std::vector<glm::mat4> panes;
    const render::Trails* trails = nullptr;  // drawn over the bodies where set
    bool paused = false;  // the time controls': paused and still, every body is drawn
    int left = 0;  // the three panes start right of this many pixels (the panel's strip)
  };
  struct Presented {
    std::optional<float> render_ms;  // set where the bodies were drawn (not reused)
    bool splat_compute = false;
    bool scene_reused = false;
    int stride = 1;  // > 1: every k-th body was drawn
    std::vector<Report> reports;
    bool recording_failed = false;  // the recording stopped (a headless run fails)
  };
  Presented present(const Frame& f);
  void set_overlays(const OverlayGeometry& g);

  // The last frame's picture (RGBA, bottom row first) of a headless context; empty otherwise.
  std::vector<std::uint8_t> picture() const;
  const Recorder* recorder() const { return recorder_.get(); }
  // Ends the recording (Recorder::finish); what went wrong, if anything.
  std::optional<std::string> finish_recording();
  // The record button: starts recording the picture into `target` (a video at `fps`, or a
  // folder of PNGs), or ends the recording under way; what it did, or why not.
  Report toggle_recording(const std::string& target, int fps) override;
  bool recording() const override { return recorder_ != nullptr; }

 private:
  // What a drawn scene depends on (the scene cache's key).
  struct SceneKey {
    std::uint64_t sequence = 0, overlays = 0;
    glm::mat4 view_proj{0.0f};
    render::RenderParams look;
    render::TrailParams trails;  // what the drawn trails follow (a change starts them over)
    int width = 0, height = 0, stride = 1;
  };
  void draw(const Frame& f, const render::Canvas& target, Presented& out);
  // The panes of the three-view layout, each drawn into pane_ and copied to its third.
  void draw_panes(const Frame& f, const render::RenderParams& p, const render::Canvas& target,
                  int stride);
  int draw_stride(const Frame& f) const;
  bool reuse_scene(const SceneKey& key, const render::Canvas& target);
  void record(GLuint framebuffer, int width, int height, Presented& out);
  void save_screenshot(GLuint framebuffer, int width, int height, Presented& out);

  GlContext& context_;
  ImGuiLayer* imgui_;  // null without the panel
  std::optional<render::OffscreenTarget> offscreen_;
  std::optional<render::OffscreenTarget> pane_;  // the three-view layout's pane
  render::Renderer renderer_;
  render::ReferenceImagePass reference_;  // the photograph behind the bodies
  render::GpuTimer render_timer_;
  render::SceneCache scene_cache_;
  std::unique_ptr<Recorder> recorder_;
  SceneKey scene_key_;
  bool record_panel_ = false;
  int settle_frames_ = kSettleFrames;
  std::uint64_t overlay_version_ = 0;  // overlays handed to the renderer so far
};

}  // namespace galaxy::app
