// SPDX-License-Identifier: MIT
// The galaxy's passes: bodies as additive Gaussian point sprites into an RGBA16F target, or by
// the compute splat into a fixed-point accumulator; then a full-screen tone map (exposure, ACES,
// gamma) into the caller's framebuffer; then line and point overlays. It draws plain buffers and
// boxes: no octree, no simulation.
#pragma once

#include <cstddef>
#include <glm/glm.hpp>
#include <span>
#include <vector>

#include "gl_object.hpp"
#include "interop_buffer.hpp"

namespace galaxy::render {

enum class SplatMode { Points, Compute };
enum class ColorMode { Auto = 0, Speed = 1, Population = 2 };

struct RenderParams {
  SplatMode splat = SplatMode::Points;
  ColorMode color = ColorMode::Auto;
  float point_size = 3.0f;    // sprite diameter in pixels at 720 lines, scaled with the height
  float brightness = 1.0f;    // light per body, before the automatic 1/sqrt(N) scaling
  float exposure = 1.0f;      // scales the accumulated light before the tone curve
  float speed_max = 1.2f;     // speed at the top of the colormap
  float halo_weight = 0.15f;  // relative light of halo bodies
  bool hide_halo = false;
};

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

  // Draws `count` bodies from `bodies` into `framebuffer` (0: the window) of width x height.
  void draw_bodies(const VertexBuffers& bodies, const glm::mat4& view_proj, const RenderParams& p,
                   GLuint framebuffer, int width, int height);
  // Overlays, drawn over what is in `framebuffer`: cell boxes as lines, markers as points.
  void set_boxes(std::span<const Box> boxes);
  void set_markers(std::span<const Marker> markers);
  void draw_overlays(const glm::mat4& view_proj, GLuint framebuffer, int width, int height,
                     float marker_size);

 private:
  void ensure_targets(int width, int height, SplatMode mode);
  void set_color_uniforms(GLuint program, const RenderParams& p);

  GlProgram points_, splat_, tonemap_, lines_;
  GlTexture colormap_;
  GlVertexArray bodies_vao_, empty_vao_, lines_vao_;
  GlTexture hdr_color_;
  GlFramebuffer hdr_fbo_;
  GlBuffer accum_;
  GlBuffer line_vertices_;
  std::vector<Marker> lines_cache_;  // box edges, kept to append markers after them
  std::size_t line_vertex_count_ = 0, marker_vertex_count_ = 0;
  int hdr_width_ = 0, hdr_height_ = 0, accum_width_ = 0, accum_height_ = 0;
};

}  // namespace galaxy::render
