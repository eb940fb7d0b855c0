// SPDX-License-Identifier: MIT
// An RGBA8 framebuffer to render into (the headless window, the scene, the three views' panes),
// and the read-back of any framebuffer into top-down RGBA rows.
#pragma once

#include <cstdint>
#include <vector>

#include "gl_object.hpp"

namespace galaxy::render {

// Where the picture's passes draw: a framebuffer whose colour is an RGBA8 texture, which the
// compute passes write as an image and the line passes rasterize into.
struct Canvas {
  GLuint framebuffer = 0;
  GLuint texture = 0;
  int width = 0, height = 0;
};

// After a compute pass wrote a canvas's texture: what reads it next (image loads, sampling,
// lines rasterized into it, copies, read-backs) sees the writes.
inline void canvas_written() {
  glMemoryBarrier(GL_SHADER_IMAGE_ACCESS_BARRIER_BIT | GL_TEXTURE_FETCH_BARRIER_BIT |
                  GL_FRAMEBUFFER_BARRIER_BIT | GL_TEXTURE_UPDATE_BARRIER_BIT);
}

// Runs the bound compute program over every pixel of `canvas`, one 16x16 workgroup a 16x16
// tile (the picture passes' local size).
inline void dispatch_over(const Canvas& canvas) {
  glDispatchCompute(static_cast<GLuint>((canvas.width + 15) / 16),
                    static_cast<GLuint>((canvas.height + 15) / 16), 1);
}

class OffscreenTarget {
 public:
  OffscreenTarget(int width, int height);
  GLuint framebuffer() const { return fbo_.id(); }
  int width() const { return width_; }
  int height() const { return height_; }
  Canvas canvas() const { return {fbo_.id(), color_.id(), width_, height_}; }

 private:
  int width_, height_;
  GlTexture color_;
  GlFramebuffer fbo_;
};

// Reads the colour of `framebuffer` (0: the window's back buffer) as top-down RGBA rows.
std::vector<std::uint8_t> read_rgba(GLuint framebuffer, int width, int height,
                                    bool flip_to_top_down = true);

}  // namespace galaxy::render
