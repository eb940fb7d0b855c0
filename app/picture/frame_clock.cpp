// SPDX-License-Identifier: MIT
#include "picture/frame_clock.hpp"

#include <thread>

#include "wall_clock.hpp"

namespace galaxy::app {

void FrameClock::pace() {
  if (!display_hz_ || *display_hz_ <= 0) return;
  const auto period = std::chrono::duration_cast<Clock::duration>(
      std::chrono::duration<double>(1.0 / *display_hz_));
  const auto now = Clock::now();
  if (next_ == Clock::time_point{} || now > next_ + period) next_ = now;
  std::this_thread::sleep_until(next_);
  next_ += period;
}

float FrameClock::begin() {
  start_ = Clock::now();
  const float dt = ms_since(last_) * 1e-3f;
  last_ = start_;
  current_ = static_cast<std::size_t>(frames_) % kKeptFrames;
  if (samples_.size() < kKeptFrames) samples_.emplace_back();
  samples_[current_] = FrameSample{};
  samples_[current_].interval_ms = frames_ > 0 ? dt * 1e3f : 0.0f;
  in_frame_ = true;
  return dt;
}

void FrameClock::end(std::uint64_t steps) {
  samples_[current_].frame_ms = ms_since(start_);
  samples_[current_].steps = steps;
  in_frame_ = false;
  ++frames_;
}

std::vector<FrameSample> FrameClock::samples() const {
  if (samples_.size() < kKeptFrames) return samples_;
  const std::size_t oldest = static_cast<std::size_t>(frames_) % kKeptFrames;
  std::vector<FrameSample> out(samples_.begin() + static_cast<std::ptrdiff_t>(oldest), samples_.end());
  out.insert(out.end(), samples_.begin(), samples_.begin() + static_cast<std::ptrdiff_t>(oldest));
  return out;
}

}  // namespace galaxy::app
