// SPDX-License-Identifier: MIT
// The scene (bodies, post-process, trails and overlays, before the reference image and the panel):
// drawn into a texture of its own and copied into the framebuffer shown, so that a frame with
// nothing new to draw (the same step, view, look and overlays) copies the last one again instead
// of drawing every body: with the simulation on its own thread, at 10M bodies most frames have no
// new step, and the GPU time they save goes to the simulation.
#pragma once

#include <optional>

#include "offscreen_target.hpp"

namespace galaxy::render {

class SceneCache {
 public:
  SceneCache();  // needs a current GL 4.5 context; throws when its shader does not build
  // Where to draw the next scene, width x height (reallocated when the size changed); until
  // mark_drawn() it holds no picture to restore.
  Canvas canvas(int width, int height);
  void mark_drawn() { valid_ = true; }
  // Copies the scene into `to` (framebuffer 0: the window's back buffer); false (nothing copied)
  // when it holds no picture of that size.
  bool restore(const Canvas& to) const;
  void invalidate() { valid_ = false; }
  // Whether a copy into a texture is a compute pass (a blit otherwise): on by default, off on
  // software GL, where the compute copy cost 7-9 ms a frame at 1920x1080 and the blit next to
  // nothing. The same bits either way.
  void set_compute_copy(bool on) { compute_copy_ = on; }

 private:
  GlProgram copy_;
  std::optional<OffscreenTarget> target_;
  bool compute_copy_ = true;
  bool valid_ = false;
};

}  // namespace galaxy::render
