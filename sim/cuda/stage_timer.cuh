// SPDX-License-Identifier: MIT
// The stage timers: events recorded where each stage begins (the next one's mark ends it), for
// two passes in flight, read once the device has passed them, so nothing waits for the device.
#pragma once

#include <array>

#include "cuda_check.cuh"
#include "simulation.hpp"

namespace galaxy::cuda {

// The marks of one pass, in the order the stream reaches them.
enum class Mark : int {
  Start,        // the opening kick-drift
  BoundingBox,  // then the stages in Stage's order
  Sort,
  TreeBuild,
  Summarize,
  Force,
  ClosingKick,
  ReadBack,  // the counters and flags on their way to the host
  Done,      // everything of the pass has finished
  Count
};

class StageTimer {
 public:
  static constexpr int kSlots = 2;  // passes in flight
  void mark(int slot, Mark m, cudaStream_t s) {
    CUDA_CHECK(cudaEventRecord(event(slot, m), s));
  }
  // Whether the device has finished the pass in `slot`.
  bool done(int slot) const { return cudaEventQuery(event(slot, Mark::Done)) == cudaSuccess; }
  // The stage times of the finished pass in `slot` (integrate: the opening kick-drift and the
  // closing kick together).
  StageTimings read(int slot) const {
    StageTimings t;
    t[Stage::Integrate] = between(slot, Mark::Start, Mark::BoundingBox) +
                          between(slot, Mark::ClosingKick, Mark::ReadBack);
    t[Stage::BoundingBox] = between(slot, Mark::BoundingBox, Mark::Sort);
    t[Stage::Sort] = between(slot, Mark::Sort, Mark::TreeBuild);
    t[Stage::TreeBuild] = between(slot, Mark::TreeBuild, Mark::Summarize);
    t[Stage::Summarize] = between(slot, Mark::Summarize, Mark::Force);
    t[Stage::Force] = between(slot, Mark::Force, Mark::ClosingKick);
    t.total_ms = between(slot, Mark::Start, Mark::ReadBack);
    t.valid = true;
    return t;
  }

 private:
  cudaEvent_t event(int slot, Mark m) const {
    return events_[slot][static_cast<int>(m)].get();
  }
  float between(int slot, Mark a, Mark b) const {
    float ms = 0;
    CUDA_CHECK(cudaEventElapsedTime(&ms, event(slot, a), event(slot, b)));
    return ms;
  }
  std::array<std::array<Event, static_cast<int>(Mark::Count)>, kSlots> events_;
};

}  // namespace galaxy::cuda
