// SPDX-License-Identifier: MIT
// The time controls: run and pause (space), a step forward (> or .) and back (< or ,), the speed
// ([ and ]), reset, the timeline of kept keyframes to scrub through, and after a runaway the way
// on (from the last good state, or back to a keyframe). It owns whether the run is paused and
// its speed, draws its rows at the top of the panel and in the runaway box, asks the run through
// RunControl's typed requests and says what each frame may step (RunControl::Grant).
#pragma once

#include <cstdint>
#include <optional>

#include "run/run_control.hpp"
#include "run/run_figures.hpp"
#include "run/speed.hpp"

namespace galaxy::app {

class TimeControls {
 public:
  // What the keys and the rows ask. A toggle from the key and one from the button in one frame
  // cancel, as two presses do; steps and speed changes add up.
  struct Action {
    bool toggle_pause = false;
    std::optional<bool> paused;   // set it (the kiosk runs each show; a runaway pauses)
    int speed_change = 0;         // doublings (> 0) or halvings ([ and ])
    std::optional<Speed> speed;   // the rows' speed popup
    int step = 0;                 // single steps while paused
    int back = 0;                 // steps back (a keyframe and a replay)
    std::optional<std::uint64_t> seek;  // go to this step (the timeline), paused
    bool resume = false;          // after a runaway: on from the last good state
    bool reset = false;           // the scenario again at the body count
    bool fit = false;             // frame the bodies (the app's camera fit)
  };

  TimeControls() = default;
  explicit TimeControls(const Speed& speed) : speed_(speed) {}

  // Run/Pause, <, >, Reset, Fit view, the speed and the timeline (PanelSlot::Time): `run`'s
  // keyframes and thread, `drawn_step` the step the picture shows.
  void section(Action& a, const RunFigures& run, std::uint64_t drawn_step) const;
  // A runaway stopped the run: its message and the ways on (PanelSlot::Runaway); nothing else.
  void runaway_rows(Action& a, const RunFigures& run) const;
  // Pause and speed, then reset, resume, seek and step back through `run`; what the run did.
  RunControl::Applied apply(const Action& a, RunControl& run);
  // What this frame may step after `a` was applied.
  RunControl::Grant grant(const Action& a) const {
    return {paused_, speed_, a.step, a.seek.has_value() || a.back > 0};
  }
  // Whether `a` edits the run a save would keep (a reset).
  static bool edits_the_run(const Action& a) { return a.reset; }

  bool paused() const { return paused_; }
  void pause() { paused_ = true; }  // a failed or runaway step stops the run
  const Speed& speed() const { return speed_; }

 private:
  bool paused_ = false;
  Speed speed_;  // steps per frame, a simulated-time rate, or as fast as it goes
};

}  // namespace galaxy::app
