// SPDX-License-Identifier: MIT
#include "run/status_line.hpp"

#include <cstdio>

namespace galaxy::app {

void StatusLine::report(const Report& r) {
  if (r.kind == Report::Kind::Done) {
    // A runaway or a failed step is the run's state, not an action's outcome: it stays until the
    // run goes on (resume, reset, load).
    if (stats_.error_place == Place::Runaway || stats_.error_place == Place::Step) return;
    stats_.error.clear();
    stats_.error_place = Place::None;
    return;
  }
  if (r.kind == Report::Kind::Message) {
    stats_.message = r.text;
    stats_.error.clear();
    stats_.error_place = Place::None;
    return;
  }
  stats_.error = r.text;
  stats_.error_place = r.place;
  stats_.message.clear();
  std::fprintf(stderr, "galaxy: %s\n", r.text.c_str());
}

}  // namespace galaxy::app
