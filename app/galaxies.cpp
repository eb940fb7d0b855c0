// SPDX-License-Identifier: MIT
// The frame's part in landing outcomes: what RunControl did (the panel's changes, the features
// that act on the run), and the drops, removals and undos the drop tool (features/drop_tool.hpp)
// handed to BodyEdits.
#include <algorithm>
#include <cstdio>

#include "app.hpp"

namespace galaxy::app {

// What the run did: its outcomes said, the new run's stats and vertices; true when a save went
// through.
bool App::land(RunControl::Applied& a) {
  // An error among this frame's outcomes is never hidden by a success beside it.
  std::stable_partition(a.reports.begin(), a.reports.end(),
                        [](const Report& r) { return r.kind != Report::Kind::Error; });
  for (const Report& r : a.reports) report(r);
  if (a.changed) run_changed();
  if (a.changed || a.moved) update_vertices();  // lockstep: the new state is there already
  if (a.resumed) stats_.runaway.clear();
  return std::any_of(a.reports.begin(), a.reports.end(), [](const Report& r) {
    return r.kind == Report::Kind::Done && r.place == Place::Save;
  });
}

void App::poll_edits() {
  land_edits(edits_->poll());
}

// Says what the finished edits did (headless, on the terminal too), shows the run they made, and
// whether any is still under way.
void App::land_edits(const BodyEdits::Outcome& o) {
  for (const Report& r : o.reports) {
    report(r);
    // Headless, the terminal is where it shows (errors go to stderr in report()).
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
