// SPDX-License-Identifier: MIT
// The record button (r): a video of the picture without the panel, at the display's rate,
// through the ffmpeg path of --record (a folder of PNG frames where ffmpeg is missing), named by
// the time it started; a red mark with its length and name while it runs (drawn after the
// recorded picture, so not in it), and the name on the status line when it is done. It owns
// what it records into and since when, draws its button and its mark.
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "features/feature_context.hpp"
#include "picture/record_target.hpp"
#include "run/report.hpp"

namespace galaxy::app {

class Recording {
 public:
  using Clock = std::chrono::steady_clock;
  // What the key (r) and the button ask: start recording, or end the recording under way. The
  // key and the button in one frame are one press.
  struct Action {
    bool toggle = false;
  };

  // The features' protocol (features/features.hpp, kSlotted): its rows at its slot, its action
  // applied with the targets.
  static constexpr PanelSlot kSlot = PanelSlot::ViewTools;
  void rows(Action& a, const FeatureView&) const { section(a); }
  void apply(const Action& a, const FeatureTargets& t, std::vector<Report>& said) {
    if (auto r = apply(a, t.recorder, t.display_hz, t.now)) said.push_back(std::move(*r));
  }

  // Its button ("Record (r)", "Stop recording (r)"); a click on it asks for a toggle in `a`.
  void section(Action& a) const;
  // Starts a recording named galaxy_YYYYmmdd_HHMMSS (.mp4 where ffmpeg is there) at
  // `display_hz` frames a second (60 where the display's rate is not known), or ends the one
  // under way; what the target said, nothing where nothing was asked.
  std::optional<Report> apply(const Action& a, RecordTarget& t, double display_hz,
                              Clock::time_point now);

  // What it records into; empty when it does not.
  const std::string& target() const { return target_; }
  // The mark's text at `now`: "REC 01:05  galaxy_20260101_120000.mp4"; empty when not recording.
  std::string mark_text(Clock::time_point now) const;
  // The mark at the top of the view: a red dot, the time recorded and the file.
  void mark(Clock::time_point now) const;

 private:
  std::string target_;
  Clock::time_point since_{};
};

}  // namespace galaxy::app
