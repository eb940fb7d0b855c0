// SPDX-License-Identifier: MIT
// What happens to the accumulated light before it is shown: an eighth-resolution copy (8x8 box)
// that also yields the light-weighted mean log luminance; the automatic exposure, reduced and
// smoothed over frames on the GPU (no read-back); a bloom (bright pass and separable Gaussian blur
// at eighth resolution); and the tone map into the caller's canvas. The same for the point
// sprites' RGBA16F target and the compute splat's fixed-point accumulator.
#pragma once

#include "gl_object.hpp"
#include "offscreen_target.hpp"
#include "render_params.hpp"

namespace galaxy::render {

// The accumulated light of one frame: a texture (points) or a fixed-point buffer (compute).
struct HdrSource {
  bool from_accum;
  GLuint texture;  // RGBA16F, when !from_accum
  GLuint accum;    // 3 words per pixel, when from_accum (may be 0 otherwise)
  float inv_fixed_scale;
  int width, height;
};

class PostProcess {
 public:
  PostProcess();  // needs a current GL 4.5 context; throws when a shader does not build

  // The picture of `src` into `out` (the same size).
  void run(const HdrSource& src, const RenderParams& p, const Canvas& out);
  // The automatic exposure factor as the GPU holds it now (a read-back: for tests and tools).
  float automatic_exposure() const;

 private:
  void ensure_targets(int width, int height);
  void bind_source(GLuint program, const HdrSource& src) const;
  void set_exposure_uniforms(GLuint program, const RenderParams& p) const;
  void downsample(const HdrSource& src);
  void update_exposure(const RenderParams& p);
  void bloom(const HdrSource& src, const RenderParams& p);
  void tonemap(const HdrSource& src, const RenderParams& p, const Canvas& out);

  GlProgram downsample_, exposure_, bloom_, tonemap_;
  GlTexture small_, ping_;  // bloom chain; ping_ ends holding the blurred bright light
  GlBuffer exposure_state_;
  int width_ = 0, height_ = 0, small_width_ = 0, small_height_ = 0;
  unsigned groups_x_ = 0, groups_y_ = 0;
};

}  // namespace galaxy::render
