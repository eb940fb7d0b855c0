// SPDX-License-Identifier: MIT
#include "renderer.hpp"

#include <algorithm>
#include <cmath>
#include <glm/gtc/type_ptr.hpp>
#include <stdexcept>

#include "palette.hpp"
#include "knobs.hpp"
#include "shader_sources.hpp"

namespace galaxy::render {

namespace {
constexpr int kColormapSize = 256;
// Fixed-point scale of the compute splat: 1.0 of light is 4096 counts, so a 32-bit pixel holds
// about a million units before it wraps, far beyond where the tone curve saturates.
constexpr float kFixedScale = 4096.0f;
constexpr GLuint kTrailLightBinding = 8;  // shaders/trail_draw.comp's TrailLight

using LineVertex = Marker;  // the overlay vertex: position and colour

GLint loc(GLuint program, const char* name) {
  return glGetUniformLocation(program, name);
}

// A buffer of `words` 32-bit words at least, rounded up to whole uvec4s for clear_words.comp;
// its size in uvec4 (at least one: GL refuses an empty buffer).
GLsizeiptr make_words4(GlBuffer& buffer, GLsizeiptr words) {
  const GLsizeiptr words4 = std::max<GLsizeiptr>((words + 3) / 4, 1);
  buffer = make_buffer();
  glNamedBufferStorage(buffer.id(), words4 * 4 * GLsizeiptr{sizeof(GLuint)}, nullptr, 0);
  return words4;
}
}  // namespace

float body_intensity(const RenderParams& p, std::size_t count) {
  // A reference of 20k bodies gives brightness 1 its meaning; more bodies share the light.
  const float n = static_cast<float>(std::max<std::size_t>(count, 1));
  return 0.35f * p.brightness * std::sqrt(20000.0f / n);
}

namespace {
// A drawn vertex's light: every `stride`-th vertex drawn, each vertex standing for
// bodies.stands_for() bodies.
float vertex_intensity(const RenderParams& p, const VertexBuffers& bodies, int stride) {
  const float k = bodies.stands_for();
  const auto n = static_cast<std::size_t>(static_cast<double>(bodies.count()) * k);
  return body_intensity(p, n) * k * static_cast<float>(stride);
}
}  // namespace

Renderer::Renderer()
    : points_(build_program({{GL_VERTEX_SHADER, {"common.glsl", "points.vert"}},
                             {GL_FRAGMENT_SHADER, {"points.frag"}}})),
      splat_(build_program({{GL_COMPUTE_SHADER, {"common.glsl", "splat.glsl", "splat.comp"}}})),
      splat_shared_(
          build_program({{GL_COMPUTE_SHADER, {"common.glsl", "splat.glsl", "splat_shared.comp"}}})),
      clear_words_(build_program({{GL_COMPUTE_SHADER, {"clear_words.comp"}}})),
      lines_(build_program(
          {{GL_VERTEX_SHADER, {"lines.vert"}}, {GL_FRAGMENT_SHADER, {"lines.frag"}}})),
      trail_draw_(
          build_program({{GL_COMPUTE_SHADER, {"common.glsl", "trail.glsl", "trail_draw.comp"}}})),
      trail_composite_(build_program({{GL_COMPUTE_SHADER, {"trail_composite.comp"}}})),
      colormap_(make_texture(GL_TEXTURE_1D)),
      bodies_vao_(make_vertex_array()),
      lines_vao_(make_vertex_array()),
      line_vertices_(make_buffer()) {
  shared_splat_ = !software_gl();
  const auto table = inferno_table(kColormapSize);
  glTextureStorage1D(colormap_.id(), 1, GL_RGBA8, kColormapSize);
  glTextureSubImage1D(colormap_.id(), 0, 0, kColormapSize, GL_RGBA, GL_UNSIGNED_BYTE, table.data());
  glTextureParameteri(colormap_.id(), GL_TEXTURE_MIN_FILTER, GL_LINEAR);
  glTextureParameteri(colormap_.id(), GL_TEXTURE_MAG_FILTER, GL_LINEAR);
  glTextureParameteri(colormap_.id(), GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);

  // Bodies: attribute 0 = vec4 from binding 0, attribute 1 = one unsigned byte from binding 1.
  const GLuint vao = bodies_vao_.id();
  glEnableVertexArrayAttrib(vao, 0);
  glVertexArrayAttribFormat(vao, 0, 4, GL_FLOAT, GL_FALSE, 0);
  glVertexArrayAttribBinding(vao, 0, 0);
  glEnableVertexArrayAttrib(vao, 1);
  glVertexArrayAttribIFormat(vao, 1, 1, GL_UNSIGNED_BYTE, 0);
  glVertexArrayAttribBinding(vao, 1, 1);

  const GLuint lvao = lines_vao_.id();
  glEnableVertexArrayAttrib(lvao, 0);
  glVertexArrayAttribFormat(lvao, 0, 3, GL_FLOAT, GL_FALSE, offsetof(LineVertex, position));
  glVertexArrayAttribBinding(lvao, 0, 0);
  glEnableVertexArrayAttrib(lvao, 1);
  glVertexArrayAttribFormat(lvao, 1, 4, GL_FLOAT, GL_FALSE, offsetof(LineVertex, color));
  glVertexArrayAttribBinding(lvao, 1, 0);
}

void Renderer::ensure_targets(int width, int height, SplatMode mode) {
  if (mode == SplatMode::Points && (width != hdr_width_ || height != hdr_height_)) {
    hdr_fbo_.reset();
    hdr_color_ = make_texture(GL_TEXTURE_2D);
    glTextureStorage2D(hdr_color_.id(), 1, GL_RGBA16F, width, height);
    // Bilinear and clamped: the post-process's downsample reads 2x2 blocks in one fetch.
    glTextureParameteri(hdr_color_.id(), GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    glTextureParameteri(hdr_color_.id(), GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    glTextureParameteri(hdr_color_.id(), GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTextureParameteri(hdr_color_.id(), GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    hdr_fbo_ = make_framebuffer();
    glNamedFramebufferTexture(hdr_fbo_.id(), GL_COLOR_ATTACHMENT0, hdr_color_.id(), 0);
    if (glCheckNamedFramebufferStatus(hdr_fbo_.id(), GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
      throw std::runtime_error("the RGBA16F framebuffer is incomplete");
    }
    hdr_width_ = width;
    hdr_height_ = height;
  }
  if (mode == SplatMode::Compute && (width != accum_width_ || height != accum_height_)) {
    accum_words4_ = make_words4(accum_, 3 * static_cast<GLsizeiptr>(width) * height);
    accum_width_ = width;
    accum_height_ = height;
  }
}

void Renderer::set_color_uniforms(GLuint program, const RenderParams& p) {
  glBindTextureUnit(0, colormap_.id());
  glProgramUniform1i(program, loc(program, "u_colormap"), 0);
  glProgramUniform1i(program, loc(program, "u_color_mode"), static_cast<int>(p.color));
  glProgramUniform1i(program, loc(program, "u_hide_halo"), p.hide_halo ? 1 : 0);
  set_knob_uniforms(program, p);
  const FieldMap& f = p.field;
  const float low = f.log ? std::max(f.low, 1e-30f) : f.low;
  const float high = f.log ? std::max(f.high, low * 1.001f) : std::max(f.high, low + 1e-30f);
  glProgramUniform1f(program, loc(program, "u_map_low"), low);
  glProgramUniform1f(program, loc(program, "u_map_high"), high);
  glProgramUniform1i(program, loc(program, "u_map_log"), f.log ? 1 : 0);
}

void Renderer::draw_bodies(const VertexBuffers& bodies, const glm::mat4& view_proj,
                           const RenderParams& params, const Canvas& canvas, int stride) {
  const int width = canvas.width, height = canvas.height;
  RenderParams p = params;
  if (stride > 1) p.splat = SplatMode::Compute;  // a subset is drawn by the compute splat only
  ensure_targets(width, height, p.splat);
  // Sizes are given for 720 lines: the same picture at any resolution, since both the sprite's
  // area and the pixels a region covers grow with the square of the height.
  const float point_size = std::max(p.point_size * static_cast<float>(height) / 720.0f, 1.0f);
  glDisable(GL_DEPTH_TEST);
  glDisable(GL_CULL_FACE);
  glDisable(GL_SCISSOR_TEST);
  if (p.splat == SplatMode::Points) {
    splat_points(bodies, view_proj, p, point_size, width, height);
  } else {
    splat_compute(bodies, view_proj, p, point_size, width, height, std::max(stride, 1));
  }
  const bool from_accum = p.splat == SplatMode::Compute;
  post_.run({from_accum, from_accum ? 0u : hdr_color_.id(), accum_ ? accum_.id() : 0u,
             1.0f / kFixedScale, width, height},
            p, canvas);
}

void Renderer::splat_points(const VertexBuffers& bodies, const glm::mat4& view_proj,
                            const RenderParams& p, float point_size, int width, int height) {
  const GLfloat zero[4] = {0, 0, 0, 0};
  glClearNamedFramebufferfv(hdr_fbo_.id(), GL_COLOR, 0, zero);
  glBindFramebuffer(GL_FRAMEBUFFER, hdr_fbo_.id());
  glViewport(0, 0, width, height);
  glEnable(GL_BLEND);
  glBlendEquation(GL_FUNC_ADD);
  glBlendFunc(GL_ONE, GL_ONE);
  glEnable(GL_PROGRAM_POINT_SIZE);
  const GLuint prog = points_.id();
  set_color_uniforms(prog, p);
  glProgramUniformMatrix4fv(prog, loc(prog, "u_view_proj"), 1, GL_FALSE, glm::value_ptr(view_proj));
  glProgramUniform1f(prog, loc(prog, "u_point_size"), point_size);
  glProgramUniform1f(prog, loc(prog, "u_intensity"), vertex_intensity(p, bodies, 1));
  glVertexArrayVertexBuffer(bodies_vao_.id(), 0, bodies.xyzs(), 0, 4 * sizeof(float));
  glVertexArrayVertexBuffer(bodies_vao_.id(), 1, bodies.tags(), 0, 1);
  glUseProgram(prog);
  glBindVertexArray(bodies_vao_.id());
  const GLsizei n = static_cast<GLsizei>(bodies.count());
  if (n > 0) glDrawArrays(GL_POINTS, 0, n);
  glBindVertexArray(0);
  glDisable(GL_BLEND);
}

void Renderer::splat_compute(const VertexBuffers& bodies, const glm::mat4& view_proj,
                             const RenderParams& p, float point_size, int width, int height,
                             int stride) {
  clear_words(accum_.id(), accum_words4_);
  const GLuint prog = shared_splat_ ? splat_shared_.id() : splat_.id();
  const GLuint n = static_cast<GLuint>(bodies.count());
  set_color_uniforms(prog, p);
  glProgramUniformMatrix4fv(prog, loc(prog, "u_view_proj"), 1, GL_FALSE, glm::value_ptr(view_proj));
  glProgramUniform1ui(prog, loc(prog, "u_count"), n);
  glProgramUniform1ui(prog, loc(prog, "u_stride"), static_cast<GLuint>(stride));
  glProgramUniform2i(prog, loc(prog, "u_size"), width, height);
  // The same light per body as a Gaussian sprite of diameter d: (pi/4)(d/2)^2 pixel units; a
  // drawn body of a subset carries the light of the `stride` bodies it stands for.
  const float sprite_light = std::max(0.785f * 0.25f * point_size * point_size, 0.25f);
  glProgramUniform1f(prog, loc(prog, "u_intensity"),
                     vertex_intensity(p, bodies, stride) * sprite_light);
  glProgramUniform1f(prog, loc(prog, "u_fixed_scale"), kFixedScale);
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, bodies.xyzs());
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, bodies.tags());
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 2, accum_.id());
  glUseProgram(prog);
  const GLuint drawn = (n + GLuint(stride) - 1) / GLuint(stride);
  if (n > 0) glDispatchCompute((drawn + 255) / 256, 1, 1);
  glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
}

void Renderer::clear_words(GLuint buffer, GLsizeiptr words4) {
  const GLuint prog = clear_words_.id();
  glProgramUniform1ui(prog, loc(prog, "u_count4"), static_cast<GLuint>(words4));
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 2, buffer);
  glUseProgram(prog);
  glDispatchCompute(static_cast<GLuint>((words4 + 255) / 256), 1, 1);
  glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
}

void Renderer::draw_trails(const Trails& trails, const VertexBuffers& bodies,
                           const glm::mat4& view_proj, const RenderParams& p,
                           const Canvas& canvas) {
  if (!trails.drawable(bodies)) return;
  ensure_trail_light(canvas.width, canvas.height);
  const GLuint prog = trail_draw_.id();
  set_color_uniforms(prog, p);
  glProgramUniformMatrix4fv(prog, loc(prog, "u_view_proj"), 1, GL_FALSE, glm::value_ptr(view_proj));
  glProgramUniform1i(prog, loc(prog, "u_samples"), trails.samples());
  glProgramUniform1i(prog, loc(prog, "u_oldest"), trails.oldest_row());
  glProgramUniform1i(prog, loc(prog, "u_length"), trails.params().length);
  glProgramUniform1ui(prog, loc(prog, "u_capacity"), static_cast<GLuint>(trails.capacity()));
  glProgramUniform2i(prog, loc(prog, "u_size"), canvas.width, canvas.height);
  trails.bind(bodies);
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kTrailLightBinding, trail_light_.id());
  glUseProgram(prog);
  // x: the trails, 64 a workgroup; y: their segments.
  glDispatchCompute(static_cast<GLuint>((trails.capacity() + 63) / 64),
                    static_cast<GLuint>(trails.samples()), 1);
  glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
  const GLuint comp = trail_composite_.id();
  glProgramUniform2i(comp, loc(comp, "u_size"), canvas.width, canvas.height);
  glBindImageTexture(0, canvas.texture, 0, GL_FALSE, 0, GL_READ_WRITE, GL_RGBA8);
  glUseProgram(comp);
  dispatch_over(canvas);
  glUseProgram(0);
  canvas_written();
}

// One word a pixel, zero between frames: trail_composite.comp empties what it lays over.
void Renderer::ensure_trail_light(int width, int height) {
  if (width == trail_width_ && height == trail_height_) return;
  const GLsizeiptr words4 = make_words4(trail_light_, static_cast<GLsizeiptr>(width) * height);
  clear_words(trail_light_.id(), words4);
  trail_width_ = width;
  trail_height_ = height;
}

void Renderer::set_boxes(std::span<const Box> boxes) {
  std::vector<LineVertex> v;
  v.reserve(boxes.size() * 24);
  for (const Box& b : boxes) {
    const glm::vec3 c[8] = {{b.lo.x, b.lo.y, b.lo.z}, {b.hi.x, b.lo.y, b.lo.z},
                            {b.lo.x, b.hi.y, b.lo.z}, {b.hi.x, b.hi.y, b.lo.z},
                            {b.lo.x, b.lo.y, b.hi.z}, {b.hi.x, b.lo.y, b.hi.z},
                            {b.lo.x, b.hi.y, b.hi.z}, {b.hi.x, b.hi.y, b.hi.z}};
    static constexpr int edges[12][2] = {{0, 1}, {2, 3}, {4, 5}, {6, 7}, {0, 2}, {1, 3},
                                         {4, 6}, {5, 7}, {0, 4}, {1, 5}, {2, 6}, {3, 7}};
    for (const auto& e : edges) {
      v.push_back({c[e[0]], b.color});
      v.push_back({c[e[1]], b.color});
    }
  }
  line_vertex_count_ = v.size();
  // Markers follow the lines in the same buffer; re-uploaded by set_markers.
  marker_vertex_count_ = 0;
  line_vertices_ = make_buffer();
  if (!v.empty()) {
    glNamedBufferData(line_vertices_.id(), static_cast<GLsizeiptr>(v.size() * sizeof(LineVertex)),
                      v.data(), GL_DYNAMIC_DRAW);
  }
  lines_cache_.assign(v.begin(), v.end());
}

void Renderer::set_markers(std::span<const Marker> markers) {
  std::vector<LineVertex> v(lines_cache_.begin(), lines_cache_.end());
  for (const Marker& m : markers) v.push_back({m.position, m.color});
  marker_vertex_count_ = markers.size();
  line_vertices_ = make_buffer();
  if (!v.empty()) {
    glNamedBufferData(line_vertices_.id(), static_cast<GLsizeiptr>(v.size() * sizeof(LineVertex)),
                      v.data(), GL_DYNAMIC_DRAW);
  }
}

void Renderer::draw_overlays(const glm::mat4& view_proj, const Canvas& canvas, float marker_size) {
  if (line_vertex_count_ == 0 && marker_vertex_count_ == 0) return;
  glBindFramebuffer(GL_FRAMEBUFFER, canvas.framebuffer);
  glViewport(0, 0, canvas.width, canvas.height);
  glEnable(GL_BLEND);
  glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
  glEnable(GL_PROGRAM_POINT_SIZE);
  const GLuint prog = lines_.id();
  glProgramUniformMatrix4fv(prog, loc(prog, "u_view_proj"), 1, GL_FALSE, glm::value_ptr(view_proj));
  glProgramUniform1f(prog, loc(prog, "u_point_size"), marker_size);
  glVertexArrayVertexBuffer(lines_vao_.id(), 0, line_vertices_.id(), 0, sizeof(LineVertex));
  glUseProgram(prog);
  glBindVertexArray(lines_vao_.id());
  if (line_vertex_count_) glDrawArrays(GL_LINES, 0, static_cast<GLsizei>(line_vertex_count_));
  if (marker_vertex_count_) {
    glDrawArrays(GL_POINTS, static_cast<GLint>(line_vertex_count_),
                 static_cast<GLsizei>(marker_vertex_count_));
  }
  glBindVertexArray(0);
  glUseProgram(0);
  glDisable(GL_BLEND);
}

}  // namespace galaxy::render
