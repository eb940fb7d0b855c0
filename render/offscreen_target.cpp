// SPDX-License-Identifier: MIT
#include "offscreen_target.hpp"

#include <cstring>
#include <stdexcept>

namespace galaxy::render {

OffscreenTarget::OffscreenTarget(int width, int height)
    : width_(width),
      height_(height),
      color_(make_texture(GL_TEXTURE_2D)),
      fbo_(make_framebuffer()) {
  glTextureStorage2D(color_.id(), 1, GL_RGBA8, width, height);
  glNamedFramebufferTexture(fbo_.id(), GL_COLOR_ATTACHMENT0, color_.id(), 0);
  if (glCheckNamedFramebufferStatus(fbo_.id(), GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
    throw std::runtime_error("the offscreen framebuffer is incomplete");
  }
}

std::vector<std::uint8_t> read_rgba(GLuint framebuffer, int width, int height,
                                    bool flip_to_top_down) {
  std::vector<std::uint8_t> pixels(static_cast<std::size_t>(width) * height * 4);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  // A framebuffer whose colour is a texture is read from the texture: glReadPixels of one that
  // only compute passes had written (the headless picture) took 0.25-0.33 s on the H100, the
  // texture's own read 2-10 ms, the same bytes.
  GLint type = GL_NONE, texture = 0;
  if (framebuffer != 0) {
    glGetNamedFramebufferAttachmentParameteriv(framebuffer, GL_COLOR_ATTACHMENT0,
                                               GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE, &type);
    glGetNamedFramebufferAttachmentParameteriv(framebuffer, GL_COLOR_ATTACHMENT0,
                                               GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME, &texture);
  }
  if (type == GL_TEXTURE && texture != 0) {
    glGetTextureSubImage(static_cast<GLuint>(texture), 0, 0, 0, 0, width, height, 1, GL_RGBA,
                         GL_UNSIGNED_BYTE, static_cast<GLsizei>(pixels.size()), pixels.data());
  } else {
    glBindFramebuffer(GL_READ_FRAMEBUFFER, framebuffer);
    if (framebuffer == 0) glReadBuffer(GL_BACK);
    glReadPixels(0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, pixels.data());
  }
  if (flip_to_top_down) {
    const std::size_t row = static_cast<std::size_t>(width) * 4;
    std::vector<std::uint8_t> tmp(row);
    for (int y = 0; y < height / 2; ++y) {
      std::uint8_t* a = pixels.data() + row * y;
      std::uint8_t* b = pixels.data() + row * (height - 1 - y);
      std::memcpy(tmp.data(), a, row);
      std::memcpy(a, b, row);
      std::memcpy(b, tmp.data(), row);
    }
  }
  return pixels;
}

}  // namespace galaxy::render
