// SPDX-License-Identifier: MIT
// The galaxy's passes: bodies as additive Gaussian point sprites into an RGBA16F target, or by
// the compute splat into a fixed-point accumulator; then the post-process (automatic exposure,
// bloom, tone map; post_process.hpp) into the caller's canvas; then trails, line and point
// overlays. It draws plain buffers and boxes: no octree, no simulation.
#pragma once

#include <cstddef>
#include <glm/glm.hpp>
#include <span>
#include <vector>

#include "gl_object.hpp"
#include "interop_buffer.hpp"
#include "offscreen_target.hpp"
#include "post_process.hpp"
#include "render_params.hpp"
#include "trails.hpp"

namespace galaxy::render {

// Light of one body: brightness scaled so that the picture's overall level varies slowly with N.
float body_intensity(const RenderParams& p, std::size_t count);

struct Box {
  glm::vec3 lo, hi;
  glm::vec4 color;
};
struct Marker {
  glm::vec3 position;
  glm::vec4 color;
};

class Renderer {
 public:
  Renderer();  // needs a current GL 4.5 context; throws when a shader does not build

  // Draws the bodies of `bodies` into `canvas` (every pixel written); with `stride` k > 1 every
  // k-th body only (compute splat), each with the light of k.
  void draw_bodies(const VertexBuffers& bodies, const glm::mat4& view_proj, const RenderParams& p,
                   const Canvas& canvas, int stride = 1);
  // The trails over `bodies` (the vertices they were sampled from), over what is in `canvas`:
  // lines coloured as the bodies are, fading with age, keeping the lighter of themselves and the
  // picture.
  void draw_trails(const Trails& trails, const VertexBuffers& bodies, const glm::mat4& view_proj,
                   const RenderParams& p, const Canvas& canvas);
  // Overlays, drawn over what is in `canvas`: cell boxes as lines, markers as points.
  void set_boxes(std::span<const Box> boxes);
  void set_markers(std::span<const Marker> markers);
  void draw_overlays(const glm::mat4& view_proj, const Canvas& canvas, float marker_size);
  // The automatic exposure factor now held on the GPU (a read-back; for tests and tools).
  float automatic_exposure() const { return post_.automatic_exposure(); }
  // Whether the compute splat sums a workgroup's close bodies in shared memory first
  // (shaders/splat_shared.comp): on by default, off on software GL (a shader with barriers ran
  // 20-45% slower on llvmpipe). The picture is the same bits either way.
  void set_shared_splat(bool on) { shared_splat_ = on; }

 private:
  void ensure_targets(int width, int height, SplatMode mode);
  void set_color_uniforms(GLuint program, const RenderParams& p);
  void splat_points(const VertexBuffers& bodies, const glm::mat4& view_proj, const RenderParams& p,
                    float point_size, int width, int height);
  void splat_compute(const VertexBuffers& bodies, const glm::mat4& view_proj, const RenderParams& p,
                     float point_size, int width, int height, int stride);

  // Zeroes the first `words4` uvec4s of `buffer` (shaders/clear_words.comp).
  void clear_words(GLuint buffer, GLsizeiptr words4);
  void ensure_trail_light(int width, int height);
  GlProgram points_, splat_, splat_shared_, clear_words_, lines_, trail_draw_, trail_composite_;
  PostProcess post_;
  GlTexture colormap_;
  GlVertexArray bodies_vao_, lines_vao_;
  GlTexture hdr_color_;
  GlFramebuffer hdr_fbo_;
  GlBuffer accum_;
  GlBuffer trail_light_;  // the trails' colour a pixel (shaders/trail_draw.comp)
  GlBuffer line_vertices_;
  std::vector<Marker> lines_cache_;  // box edges, kept to append markers after them
  std::size_t line_vertex_count_ = 0, marker_vertex_count_ = 0;
  GLsizeiptr accum_words4_ = 0;  // the accumulator's size in uvec4
  int trail_width_ = 0, trail_height_ = 0;
  int hdr_width_ = 0, hdr_height_ = 0, accum_width_ = 0, accum_height_ = 0;
  bool shared_splat_ = true;
};

}  // namespace galaxy::render
