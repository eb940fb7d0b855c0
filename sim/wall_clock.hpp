// SPDX-License-Identifier: MIT
// Wall-clock milliseconds, for stage timers on the host and the frame loop's measurements.
#pragma once

#include <chrono>

namespace galaxy {

// Milliseconds of wall-clock time since `t0`.
inline float ms_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<float, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace galaxy
