// SPDX-License-Identifier: MIT
// Kiosk mode (--kiosk), for a screen nobody tends: full screen, the panel hidden, a show that
// cycles the presets (or --kiosk-list's presets and encounter files), each for --kiosk-seconds,
// starting the current one again by itself after a runaway or an error; keys and the mouse do
// nothing but the exit chord, Ctrl+Shift+Q. It owns the show (what, how long, what shows now),
// reads its chord and draws its caption.
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "scenarios/encounter.hpp"

namespace galaxy::app {

struct FeatureActions;

class Kiosk {
 public:
  using Clock = std::chrono::steady_clock;
  // `items`: preset or scenario names and encounter files (.toml); empty: every preset. Throws
  // std::invalid_argument naming an item that is neither, or a file that cannot be read.
  Kiosk(std::vector<std::string> items, double seconds);

  // Once a frame: what starts the next item when the current one has had its time (or the first,
  // at once), or the current one again after a runaway or an error; a scenario, an encounter, the
  // reset, running on and the camera's fit are asked of the features in `act`; `scenario`: the
  // one that runs (wanted), `stuck`: a runaway or a failed step stopped the run.
  void tick(const std::string& scenario, bool stuck, Clock::time_point now, FeatureActions& act);
  const std::string& showing() const { return items_[current_]; }
  // The frame's input in kiosk mode: nothing reaches the camera or the run but the exit chord;
  // true when Ctrl+Shift+Q was pressed.
  bool exit_chord() const;
  // What is showing, named at the bottom left of the view in a larger font on a dark band:
  // caption_text(), "antennae: NGC 4038/39: two equal disks, prograde, two long tails (after
  // Toomre & Toomre 1972; Barnes 1988)"; a scenario or a file by its name.
  void caption() const;
  std::string caption_text() const;

 private:
  void start(const std::string& scenario, std::size_t item, FeatureActions& act);

  std::vector<std::string> items_;
  std::vector<std::optional<Encounter>> encounters_;  // the files', read once at the start
  double seconds_;
  std::size_t current_ = 0;
  std::optional<Clock::time_point> started_;
};

}  // namespace galaxy::app
