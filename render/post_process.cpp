// SPDX-License-Identifier: MIT
#include "post_process.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "knobs.hpp"
#include "shader_sources.hpp"

namespace galaxy::render {

namespace {
constexpr int kGroup = 16;  // workgroup side of the reduced-resolution passes
// The bloom and the exposure statistics work on kBlock x kBlock blocks of pixels (an eighth of
// the resolution: 240x135 at 1920x1080), so that they cost little beside the splat.
constexpr int kBlock = 8;
// Exposure state (shaders/exposure.glsl): 4 header words (log2_exposure, valid, group_count,
// pad), then 4 sums per downsample workgroup.
constexpr std::size_t kHeaderWords = 4;

GLint loc(GLuint program, const char* name) {
  return glGetUniformLocation(program, name);
}

void barrier() {
  glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_SHADER_IMAGE_ACCESS_BARRIER_BIT |
                  GL_TEXTURE_FETCH_BARRIER_BIT);
}

GlTexture small_texture(int width, int height) {
  GlTexture t = make_texture(GL_TEXTURE_2D);
  glTextureStorage2D(t.id(), 1, GL_RGBA16F, width, height);
  glTextureParameteri(t.id(), GL_TEXTURE_MIN_FILTER, GL_LINEAR);
  glTextureParameteri(t.id(), GL_TEXTURE_MAG_FILTER, GL_LINEAR);
  glTextureParameteri(t.id(), GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTextureParameteri(t.id(), GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  return t;
}
}  // namespace

PostProcess::PostProcess()
    : downsample_(build_program(
          {{GL_COMPUTE_SHADER, {"hdr_source.glsl", "exposure.glsl", "downsample.comp"}}})),
      exposure_(build_program({{GL_COMPUTE_SHADER, {"exposure.glsl", "exposure.comp"}}})),
      bloom_(
          build_program({{GL_COMPUTE_SHADER, {"hdr_source.glsl", "exposure.glsl", "bloom.comp"}}})),
      tonemap_(build_program(
          {{GL_COMPUTE_SHADER, {"hdr_source.glsl", "exposure.glsl", "tonemap.comp"}}})) {}

void PostProcess::ensure_targets(int width, int height) {
  if (width == width_ && height == height_) return;
  small_width_ = (width + kBlock - 1) / kBlock;
  small_height_ = (height + kBlock - 1) / kBlock;
  small_ = small_texture(small_width_, small_height_);
  ping_ = small_texture(small_width_, small_height_);
  groups_x_ = static_cast<unsigned>((small_width_ + kGroup - 1) / kGroup);
  groups_y_ = static_cast<unsigned>((small_height_ + kGroup - 1) / kGroup);
  // A new size starts a new exposure history (the next frame with light snaps).
  const std::size_t groups = std::size_t{groups_x_} * groups_y_;
  std::vector<std::uint32_t> init(kHeaderWords + 4 * groups, 0u);
  init[2] = static_cast<std::uint32_t>(groups);
  exposure_state_ = make_buffer();
  glNamedBufferStorage(exposure_state_.id(),
                       static_cast<GLsizeiptr>(init.size() * sizeof(std::uint32_t)), init.data(),
                       GL_DYNAMIC_STORAGE_BIT);
  width_ = width;
  height_ = height;
}

void PostProcess::bind_source(GLuint program, const HdrSource& src) const {
  glProgramUniform1i(program, loc(program, "u_source"), src.from_accum ? 1 : 0);
  glProgramUniform2i(program, loc(program, "u_size"), src.width, src.height);
  glProgramUniform1f(program, loc(program, "u_inv_fixed_scale"), src.inv_fixed_scale);
  glProgramUniform2i(program, loc(program, "u_small_size"), small_width_, small_height_);
  glProgramUniform1i(program, loc(program, "u_block"), kBlock);
  // Both sources are declared in every pass; keep valid bindings for the one not read.
  if (src.accum) glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 2, src.accum);
  if (!src.from_accum) glBindTextureUnit(1, src.texture);
}

void PostProcess::set_exposure_uniforms(GLuint program, const RenderParams& p) const {
  glProgramUniform1i(program, loc(program, "u_auto_exposure"), p.auto_exposure ? 1 : 0);
  set_knob_uniforms(program, p);
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 3, exposure_state_.id());
}

void PostProcess::downsample(const HdrSource& src) {
  const GLuint prog = downsample_.id();
  bind_source(prog, src);
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 3, exposure_state_.id());
  glBindImageTexture(0, small_.id(), 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_RGBA16F);
  glUseProgram(prog);
  glDispatchCompute(groups_x_, groups_y_, 1);
  barrier();
}

void PostProcess::update_exposure(const RenderParams& p) {
  if (!p.auto_exposure) return;
  const GLuint prog = exposure_.id();
  set_knob_uniforms(prog, p);
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 3, exposure_state_.id());
  glUseProgram(prog);
  glDispatchCompute(1, 1, 1);
  barrier();
}

void PostProcess::bloom(const HdrSource& src, const RenderParams& p) {
  if (p.bloom_strength <= 0.0f) return;
  const GLuint prog = bloom_.id();
  bind_source(prog, src);
  set_exposure_uniforms(prog, p);
  glUseProgram(prog);
  // Bright pass small_ -> ping_, horizontal blur ping_ -> small_, vertical small_ -> ping_.
  const GLuint chain[4] = {small_.id(), ping_.id(), small_.id(), ping_.id()};
  for (int pass = 0; pass < 3; ++pass) {
    glProgramUniform2i(prog, loc(prog, "u_step"), pass == 1 ? 1 : 0, pass == 2 ? 1 : 0);
    glProgramUniform1i(prog, loc(prog, "u_bright_pass"), pass == 0 ? 1 : 0);
    glBindTextureUnit(2, chain[pass]);
    glBindImageTexture(1, chain[pass + 1], 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_RGBA16F);
    glDispatchCompute(groups_x_, groups_y_, 1);
    barrier();
  }
}

void PostProcess::tonemap(const HdrSource& src, const RenderParams& p, const Canvas& out) {
  const GLuint prog = tonemap_.id();
  bind_source(prog, src);
  set_exposure_uniforms(prog, p);
  const float inv_block = 1.0f / float(kBlock);
  glProgramUniform2f(prog, loc(prog, "u_bloom_uv"), inv_block / float(small_width_),
                     inv_block / float(small_height_));
  glBindTextureUnit(3, p.bloom_strength > 0.0f ? ping_.id() : small_.id());
  glBindImageTexture(0, out.texture, 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_RGBA8);
  glUseProgram(prog);
  dispatch_over(out);
  glUseProgram(0);
  canvas_written();
}

void PostProcess::run(const HdrSource& src, const RenderParams& p, const Canvas& out) {
  ensure_targets(src.width, src.height);
  downsample(src);
  update_exposure(p);
  bloom(src, p);
  tonemap(src, p, out);
}

float PostProcess::automatic_exposure() const {
  float log2_exposure = 0.0f;
  std::uint32_t valid = 0;
  if (!exposure_state_) return 1.0f;
  glGetNamedBufferSubData(exposure_state_.id(), 0, sizeof(float), &log2_exposure);
  glGetNamedBufferSubData(exposure_state_.id(), sizeof(float), sizeof(valid), &valid);
  return valid ? std::exp2(log2_exposure) : 1.0f;
}

}  // namespace galaxy::render
