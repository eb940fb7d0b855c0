// SPDX-License-Identifier: MIT
// Progress of a snapshot read or write, in bytes of the file. The loaders and savers
// (snapshot.hpp) take an optional Progress and report through a ProgressMeter: at most ten times a
// second, never backwards, and once at the end with done == total. Whoever shows it (the
// terminal, the panel) shows nothing for an operation shorter than about a second.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>

namespace galaxy::io {

// done and total in bytes of the file; total stays the same from the first call to the last (a
// CSV save's is estimated from its first rows, whose text tells the size of a row). A callback may
// throw to cancel: the exception leaves the load or save as any other failure does (a load
// returns nothing, a save leaves no file).
using Progress = std::function<void(std::uint64_t done, std::uint64_t total)>;

// How often a meter reports, and after how long a display starts showing.
inline constexpr std::chrono::milliseconds kProgressInterval{100};
inline constexpr std::chrono::milliseconds kProgressShowAfter{1000};

// Reports an operation's bytes to a Progress (none: every call costs a branch). The first call
// says (0, total) at once; then at most one a kProgressInterval; finish() says (total, total).
class ProgressMeter {
 public:
  using Clock = std::chrono::steady_clock;
  ProgressMeter(const Progress& report, std::uint64_t total) : report_(report), total_(total) {
    if (report_) {
      report_(0, total_);
      last_ = Clock::now();
    }
  }
  // `bytes` more are done.
  void advance(std::uint64_t bytes) { at(done_ + bytes); }
  // `done` bytes are done in all (clamped to [the last value, total]).
  void at(std::uint64_t done) {
    if (done > total_) done = total_;
    if (done > done_) done_ = done;
    if (!report_) return;
    const Clock::time_point now = Clock::now();
    if (now - last_ < kProgressInterval) return;
    last_ = now;
    report_(done_, total_);
  }
  void finish() {
    done_ = total_;
    if (report_) report_(total_, total_);
  }
  std::uint64_t done() const { return done_; }

 private:
  const Progress& report_;
  std::uint64_t total_;
  std::uint64_t done_ = 0;
  Clock::time_point last_{};
};

}  // namespace galaxy::io
