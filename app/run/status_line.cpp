// SPDX-License-Identifier: MIT
#include "run/status_line.hpp"

#include <cstdio>
#include <utility>

namespace galaxy::app {

void StatusLine::report(const Report& r) {
  if (r.kind == Report::Kind::Done) {
    // A runaway or a failed step is the run's state, not an action's outcome: it stays until the
    // run goes on (resume, reset, load).
    if (text_.error_place == Place::Runaway || text_.error_place == Place::Step) return;
    text_.error.clear();
    text_.error_place = Place::None;
    return;
  }
  if (r.kind == Report::Kind::Message) {
    text_.message = r.text;
    text_.error.clear();
    text_.error_place = Place::None;
    return;
  }
  text_.error = r.text;
  text_.error_place = r.place;
  text_.message.clear();
  std::fprintf(stderr, "galaxy: %s\n", r.text.c_str());
}

void StatusLine::clear_error_at(Place where) {
  if (text_.error_place != where) return;
  text_.error.clear();
  text_.error_place = Place::None;
}

void StatusLine::set_transfer(std::string text, float fraction) {
  text_.transfer = std::move(text);
  text_.transfer_fraction = fraction;
}

}  // namespace galaxy::app
