// SPDX-License-Identifier: MIT
// The last drawn scene (bodies, post-process and overlays, before the panel), kept in a texture so
// that a frame with nothing new to draw (the same step, view, look and overlays) copies it instead
// of drawing every body again: with the simulation on its own thread, at 10M bodies most frames
// have no new step, and the GPU time they save goes to the simulation.
#pragma once

#include "gl_object.hpp"

namespace galaxy::render {

class SceneCache {
 public:
  // Copies the colour of `framebuffer` (0: the window's back buffer), width x height, into the
  // cache (reallocated when the size changed).
  void store(GLuint framebuffer, int width, int height);
  // Copies the cache into `framebuffer`; false (nothing copied) when it holds no picture of that
  // size.
  bool restore(GLuint framebuffer, int width, int height) const;
  void invalidate() { valid_ = false; }

 private:
  GlTexture color_;
  GlFramebuffer fbo_;
  int width_ = 0, height_ = 0;
  bool valid_ = false;
};

}  // namespace galaxy::render
