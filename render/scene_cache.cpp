// SPDX-License-Identifier: MIT
#include "scene_cache.hpp"

namespace galaxy::render {

void SceneCache::store(GLuint framebuffer, int width, int height) {
  if (width != width_ || height != height_ || !fbo_) {
    color_ = make_texture(GL_TEXTURE_2D);
    glTextureStorage2D(color_.id(), 1, GL_RGBA8, width, height);
    fbo_ = make_framebuffer();
    glNamedFramebufferTexture(fbo_.id(), GL_COLOR_ATTACHMENT0, color_.id(), 0);
    width_ = width;
    height_ = height;
  }
  if (framebuffer == 0) glNamedFramebufferReadBuffer(0, GL_BACK);
  glBlitNamedFramebuffer(framebuffer, fbo_.id(), 0, 0, width, height, 0, 0, width, height,
                         GL_COLOR_BUFFER_BIT, GL_NEAREST);
  valid_ = true;
}

bool SceneCache::restore(GLuint framebuffer, int width, int height) const {
  if (!valid_ || width != width_ || height != height_) return false;
  glBlitNamedFramebuffer(fbo_.id(), framebuffer, 0, 0, width, height, 0, 0, width, height,
                         GL_COLOR_BUFFER_BIT, GL_NEAREST);
  return true;
}

}  // namespace galaxy::render
