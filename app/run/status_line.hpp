// SPDX-License-Identifier: MIT
// The status line's one owner: every room (the run, the picture, the features, the edits) hands
// its outcomes here as typed Reports, and this alone writes the panel's error and message (and
// says an error on stderr), so the rules of which outcome shows live in one place.
#pragma once

#include <string>

#include "run/report.hpp"

namespace galaxy::app {

// What the status line shows: the outcome of the newest action only (an error clears an older
// message and a success an older error, Report::Kind::Done included). `error_place` is where the
// action belongs, so the panel shows the error there too, next to the control that failed.
struct StatusText {
  std::string error;
  Place error_place = Place::None;
  std::string message;
  // A snapshot load or save under way on its worker (RunControl::file_job), once it has run for
  // a second: "loading PATH: 45% of 1.2 GiB" and how far (0-1); empty when none shows.
  std::string transfer;
  float transfer_fraction = 0;
};

class StatusLine {
 public:
  // The newest outcome: a message or an error replaces what showed; a success clears an error
  // unless the error is the run's own state (a runaway, a failed step).
  void report(const Report& r);
  // The error at `where` is over (a runaway gone with a reset or a load): the line clears it.
  void clear_error_at(Place where);
  // The bar of a load or save under way (empty text: none).
  void set_transfer(std::string text, float fraction);

  const StatusText& text() const { return text_; }

 private:
  StatusText text_;
};

}  // namespace galaxy::app
