// SPDX-License-Identifier: MIT
// The frame loop's clock: the time between frames, headless pacing like a display of a given
// rate, and each frame's sample for the summary a --frames run prints (frame_summary.*). The
// samples of the last kKeptFrames frames are kept (3 MiB), so a run of days stays flat.
#pragma once

#include <chrono>
#include <optional>
#include <vector>

#include "picture/frame_summary.hpp"

namespace galaxy::app {

class FrameClock {
 public:
  using Clock = std::chrono::steady_clock;
  static constexpr std::size_t kKeptFrames = std::size_t{1} << 16;
  // `display_hz`: headless frames wait for the next period of a display of that rate (none or 0:
  // as fast as they go); a window waits in its buffer swap instead.
  explicit FrameClock(std::optional<double> display_hz) : display_hz_(display_hz) {}
  void pace();
  // Starts a frame; returns the seconds since the previous frame's start (or restart()).
  float begin();
  // Ends it: its time from start to picture finished, and the simulation's step count then.
  void end(std::uint64_t steps);
  // This frame's sample; a scratch one outside a frame (start-up, changes applied by tests).
  FrameSample& sample() { return in_frame_ ? samples_[current_] : scratch_; }
  int frames() const { return frames_; }
  double display_hz() const { return display_hz_.value_or(0); }
  // The kept samples, oldest first: every frame's, or the last kKeptFrames' of a longer run.
  std::vector<FrameSample> samples() const;
  void restart() { last_ = Clock::now(); }  // the first frame's interval counts from here

 private:
  std::optional<double> display_hz_;
  Clock::time_point last_ = Clock::now(), start_, next_;
  std::vector<FrameSample> samples_;  // a ring of kKeptFrames once full
  std::size_t current_ = 0;
  FrameSample scratch_;
  bool in_frame_ = false;
  int frames_ = 0;
};

}  // namespace galaxy::app
