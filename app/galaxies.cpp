// SPDX-License-Identifier: MIT
// The frame's part in editing galaxies: the encounter designer's orbit preview, and the outcomes
// of the drops, removals and undos the drop tool (features/drop_tool.hpp) handed to BodyEdits.
#include <cstdio>

#include "app.hpp"
#include "panel/view_marks.hpp"

namespace galaxy::app {

// The designer's pair on its orbit, to twice the time to pericentre (past the first passage).
void App::orbit_preview(glm::vec2 window) {
  const Encounter& e = settings_.encounter;
  if (!e.orbit) return;
  const double until = std::max(2.0 * e.orbit->time_to_pericentre, 10.0);
  draw_orbit_paths(view_proj(int(window.x), int(window.y)), window, e, until);
}

void App::poll_edits() {
  land_edits(edits_->poll());
}

// Says what the finished edits did (headless, on the terminal too), shows the run they made, and
// whether any is still under way.
void App::land_edits(const BodyEdits::Outcome& o) {
  for (const Report& r : o.reports) {
    status_.report(r);
    // Headless, the terminal is where it shows (errors go to stderr in StatusLine::report).
    if (headless() && r.kind == Report::Kind::Message) {
      std::printf("galaxy: frame %d: %s\n", clock_.frames(), r.text.c_str());
    }
  }
  if (o.edited) {
    run_changed();
    update_vertices();
  }
  stats_.editing = edits_->busy();
}

}  // namespace galaxy::app
