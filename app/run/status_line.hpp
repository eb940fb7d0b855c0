// SPDX-License-Identifier: MIT
// The status line's one owner: every room (the run, the picture, the features, the edits) hands
// its outcomes here as typed Reports, and this alone writes the panel's error and message (and
// says an error on stderr), so the rules of which outcome shows live in one place.
#pragma once

#include "run/report.hpp"
#include "settings.hpp"

namespace galaxy::app {

class StatusLine {
 public:
  explicit StatusLine(PanelStats& stats) : stats_(stats) {}

  // The newest outcome: a message or an error replaces what showed; a success clears an error
  // unless the error is the run's own state (a runaway, a failed step).
  void report(const Report& r);

 private:
  PanelStats& stats_;  // its error, error_place and message
};

}  // namespace galaxy::app
