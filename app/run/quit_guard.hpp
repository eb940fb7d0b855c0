// SPDX-License-Identifier: MIT
// Whether a quit the user asks for (Esc, q, the window's close button) asks first: a run that
// has lasted more than a minute, or holds edits made since its last save, is something a stray
// key should not lose. A run with --frames (a script), a headless one (nobody to answer) and a
// signal never ask.
#pragma once

#include <chrono>


namespace galaxy::app {

class QuitGuard {
 public:
  using Clock = std::chrono::steady_clock;
  static constexpr Clock::duration kLongRun = std::chrono::minutes(1);

  QuitGuard() = default;  // never asks
  QuitGuard(bool may_ask, Clock::time_point start) : may_ask_(may_ask), start_(start) {}

  // A frame's run actions once applied: whether a save went through after its edits.
  void applied(bool saved);
  // A feature's edit of the run (the run settings: parameters, count, scenario; a galaxy
  // dropped, taken out or undone: features/drop_tool.hpp; a reset; an encounter started).
  void edited() { edited_ = true; }
  bool should_ask(Clock::time_point now) const {
    return may_ask_ && (edited_ || now - start_ > kLongRun);
  }

 private:
  bool may_ask_ = false;
  Clock::time_point start_{};
  bool edited_ = false;  // since the start or the last save
};

}  // namespace galaxy::app
