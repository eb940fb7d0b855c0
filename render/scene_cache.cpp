// SPDX-License-Identifier: MIT
#include "scene_cache.hpp"

#include "shader_sources.hpp"

namespace galaxy::render {

SceneCache::SceneCache()
    : copy_(build_program({{GL_COMPUTE_SHADER, {"copy_picture.comp"}}})),
      compute_copy_(!software_gl()) {}

Canvas SceneCache::canvas(int width, int height) {
  if (!target_ || target_->width() != width || target_->height() != height) {
    target_.emplace(width, height);
  }
  valid_ = false;
  return target_->canvas();
}

bool SceneCache::restore(const Canvas& to) const {
  if (!valid_ || to.width != target_->width() || to.height != target_->height()) return false;
  const Canvas from = target_->canvas();
  // Into a texture by compute; the window's back buffer takes a blit.
  if (to.texture != 0 && compute_copy_) {
    const GLuint prog = copy_.id();
    glProgramUniform2i(prog, glGetUniformLocation(prog, "u_size"), to.width, to.height);
    glBindImageTexture(0, from.texture, 0, GL_FALSE, 0, GL_READ_ONLY, GL_RGBA8);
    glBindImageTexture(1, to.texture, 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_RGBA8);
    glUseProgram(prog);
    dispatch_over(to);
    glUseProgram(0);
    canvas_written();
  } else {
    glBlitNamedFramebuffer(from.framebuffer, to.framebuffer, 0, 0, to.width, to.height, 0, 0,
                           to.width, to.height, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  }
  return true;
}

}  // namespace galaxy::render
