// SPDX-License-Identifier: MIT
// The frame's part in editing galaxies: the drop tool's gesture (the arrow while dragging, the
// galaxy on release), the encounter designer's orbit preview, and the drops, removals and undos
// handed to BodyEdits and collected from it.
#include <fmt/format.h>

#include <cstdio>

#include "app.hpp"
#include "panel/drop_gesture.hpp"
#include "panel/view_marks.hpp"
#include "text/body_count.hpp"

namespace galaxy::app {

namespace {

// "v = 0.41 (180 km/s), 20k bodies"
std::string drop_label(const DropSpec& d, const Units& u) {
  const double v = std::sqrt(d.velocity[0] * d.velocity[0] + d.velocity[1] * d.velocity[1] +
                             d.velocity[2] * d.velocity[2]);
  const std::string kms = u.physical() ? fmt::format(" ({:.0f} km/s)", v * u.speed_kms()) : "";
  return fmt::format("v = {:.3g}{}, {} bodies", v, kms, body_count_text(d.bodies));
}

}  // namespace

void App::drop_gesture(const InputActions::Drag& d, glm::vec2 window, Changes& c) {
  if (!d.held && !d.released) return;
  const glm::mat4 vp = view_proj(int(window.x), int(window.y));
  const glm::vec3 eye = camera_.eye(), target = camera_.target();
  const auto from = on_view_plane(vp, window, d.from, target, eye);
  const auto to = on_view_plane(vp, window, d.to, target, eye);
  if (!from || !to) return;
  const glm::mat4 view = camera_.view();
  const glm::vec3 right(view[0][0], view[1][0], view[2][0]);  // the view's x axis in the world
  const DropSpec spec = drop_from_drag(settings_.drop, *from, *to, eye, target, right);
  if (d.released) {
    c.drop = spec;
    return;
  }
  draw_drop_arrow(vp, window, *from, *to, float(spec.galaxy.scale), right,
                  drop_label(spec, stats_.units));
}

// The designer's pair on its orbit, to twice the time to pericentre (past the first passage).
void App::orbit_preview(glm::vec2 window) {
  const Encounter& e = settings_.encounter;
  if (!e.orbit) return;
  const double until = std::max(2.0 * e.orbit->time_to_pericentre, 10.0);
  draw_orbit_paths(view_proj(int(window.x), int(window.y)), window, e, until);
}

// The drop tool's galaxy at the view's centre, at rest: what a click there would drop.
void App::scripted_drop() {
  DropTool tool = settings_.drop;
  tool.spec.bodies = drop_bodies_;
  const glm::mat4 view = camera_.view();
  const glm::vec3 right(view[0][0], view[1][0], view[2][0]), target = camera_.target();
  Changes c;
  c.drop = drop_from_drag(tool, target, target, camera_.eye(), target, right);
  apply(c);
}

void App::apply_edits(const Changes& c) {
  if (!c.drop_bodies_typed.empty()) {
    std::string why;
    const auto n = parse_body_count(c.drop_bodies_typed, &why);
    if (n && *n > 0) {
      settings_.drop.spec.bodies = static_cast<std::size_t>(*n);
      report(Report::done(Place::Galaxies));
    } else {
      report(Report::error("drop body count: " + (n ? std::string("must be above 0") : why),
                           Place::Galaxies));
    }
  }
  if (c.drop) {
    if (const auto refused = edits_->drop(*c.drop)) report(*refused);
  }
  if (c.remove_galaxy) {
    if (settings_.picked_body < 0) {
      report(Report::error("click a body of the galaxy to take out first", Place::Galaxies));
    } else {
      edits_->remove_galaxy_of(static_cast<std::size_t>(settings_.picked_body));
    }
  }
  for (int k = 0; k < c.undo; ++k) edits_->undo();
  poll_edits();  // lockstep: already done
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
