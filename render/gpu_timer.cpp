// SPDX-License-Identifier: MIT
#include "gpu_timer.hpp"

namespace galaxy::render {

GpuTimer::GpuTimer() : queries_{make_query(GL_TIME_ELAPSED), make_query(GL_TIME_ELAPSED)} {}

void GpuTimer::begin() {
  glBeginQuery(GL_TIME_ELAPSED, queries_[current_].id());
}

void GpuTimer::end() {
  glEndQuery(GL_TIME_ELAPSED);
  pending_[current_] = true;
  current_ ^= 1;
}

float GpuTimer::read(bool wait) {
  // With `wait` the span just ended (the other slot now); otherwise the older one, if ready.
  const int slot = current_ ^ 1;
  const int older = current_;
  for (int s : {wait ? slot : older, wait ? older : slot}) {
    if (!pending_[s]) continue;
    GLint ready = GL_FALSE;
    if (!wait) glGetQueryObjectiv(queries_[s].id(), GL_QUERY_RESULT_AVAILABLE, &ready);
    if (wait || ready) {
      GLuint64 ns = 0;
      glGetQueryObjectui64v(queries_[s].id(), GL_QUERY_RESULT, &ns);
      pending_[s] = false;
      last_ms_ = static_cast<float>(ns) * 1e-6f;
      break;
    }
  }
  return last_ms_;
}

}  // namespace galaxy::render
