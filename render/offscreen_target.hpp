// SPDX-License-Identifier: MIT
// An RGBA8 framebuffer to render into without a window (the headless path, recording), and the
// read-back of any framebuffer into top-down RGBA rows.
#pragma once

#include <cstdint>
#include <vector>

#include "gl_object.hpp"

namespace galaxy::render {

class OffscreenTarget {
 public:
  OffscreenTarget(int width, int height);
  GLuint framebuffer() const { return fbo_.id(); }
  int width() const { return width_; }
  int height() const { return height_; }

 private:
  int width_, height_;
  GlTexture color_;
  GlFramebuffer fbo_;
};

// Reads the colour of `framebuffer` (0: the window's back buffer) as top-down RGBA rows.
std::vector<std::uint8_t> read_rgba(GLuint framebuffer, int width, int height,
                                    bool flip_to_top_down = true);

}  // namespace galaxy::render
