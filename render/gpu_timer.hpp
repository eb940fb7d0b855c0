// SPDX-License-Identifier: MIT
// GPU time of a span of GL commands (GL_TIME_ELAPSED). Two queries in flight, so reading the
// previous frame's result never stalls the pipeline unless asked to wait.
#pragma once

#include <array>

#include "gl_object.hpp"

namespace galaxy::render {

class GpuTimer {
 public:
  GpuTimer();
  void begin();
  void end();
  // Milliseconds of the last finished span; with `wait`, of the span just ended. Negative until
  // a result is available.
  float read(bool wait);

 private:
  std::array<GlQuery, 2> queries_;
  int current_ = 0;
  bool pending_[2] = {false, false};
  float last_ms_ = -1.0f;
};

}  // namespace galaxy::render
