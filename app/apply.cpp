// SPDX-License-Identifier: MIT
// App::apply: the panel's changes (and the same calls from tests and start-up) applied to the
// run. Settings holds the wanted values; each change sends them to the session or the
// simulation once. A change that fails keeps the current run, reports on the status line (and
// next to the control), and puts that control's Settings field back to what runs.
#include <fmt/format.h>

#include "app.hpp"
#include "body_count.hpp"

namespace galaxy::app {

bool App::attempt(const char* what, const std::function<void()>& action) {
  try {
    action();
    return true;
  } catch (const std::exception& e) {
    report_error(fmt::format("{}: {}", what, e.what()), what);
    return false;
  }
}

void App::apply(const Changes& c) {
  if (c.params) apply_params();
  if (c.solver) apply_solver();
  const bool changed = apply_run(c);
  if (c.save && attempt("save", [&] { session_->save(settings_.snapshot_path); })) {
    report_message("saved " + settings_.snapshot_path);
  }
  if (c.resume) resume();
  if (changed || session_->simulation().size() != vertex_path_.buffers().count()) {
    attempt("vertex buffers", [&] { reallocate_vertices(); });
    run_changed();
    update_vertices();
  }
  // A solver change recomputes the forces (or leaves no tree): the walk shown is stale.
  if (c.overlay || c.solver) overlay_refresh_.invalidate();
  if (c.measure_accuracy) measure_accuracy();
  if (c.error_map) colour_maps_.request_error_map();
  if (c.fit_camera) fit_camera();
  if (c.quit) quit_ = true;
}

void App::apply_params() {
  Simulation& sim = session_->simulation();
  const auto set = [&] {
    check_params(settings_.params);
    sim.set_params(settings_.params);
  };
  if (!attempt("parameters", set)) {
    settings_.params = sim.params();
  }
}

void App::apply_solver() {
  Simulation& sim = session_->simulation();
  if (!attempt("solver", [&] { sim.set_solver(settings_.solver); })) {
    settings_.solver = sim.solver();
  }
}

bool App::apply_run(const Changes& c) {
  Session& s = *session_;
  bool changed = false;
  if (c.backend && settings_.backend != s.simulation().backend()) {
    if (attempt("backend", [&] { s.set_backend(settings_.backend); })) {
      changed = true;
    } else {
      settings_.backend = s.simulation().backend();
    }
  }
  if (c.scenario) {
    if (attempt("scenario", [&] { s.set_scenario(settings_.scenario); })) {
      changed = true;
    } else {
      settings_.scenario = s.scenario();
    }
  }
  bool bodies = c.bodies;
  if (!c.bodies_typed.empty()) {
    std::string why;
    if (const auto n = parse_body_count(c.bodies_typed, &why)) {
      settings_.bodies = static_cast<std::size_t>(*n);
      bodies = true;
    } else {
      report_error("body count: " + why, "body count");  // the run and the field stay
    }
  }
  if (bodies && settings_.bodies != s.simulation().size()) {
    // A failure (out of memory, a count the scenario cannot make) keeps the old run.
    if (attempt("body count", [&] { s.set_body_count(settings_.bodies); })) {
      changed = true;
    } else {
      settings_.bodies = s.simulation().size();
    }
  }
  if (c.reset) {
    changed |= attempt("reset", [&] { s.set_body_count(s.simulation().size()); });
  }
  if (c.load) changed |= apply_load();
  return changed;
}

bool App::apply_load() {
  Loaded loaded;
  if (!attempt("load", [&] { loaded = session_->load(settings_.snapshot_path); })) return false;
  // The file's parameters and count are what runs now: the new wanted values.
  settings_.params = loaded.params;
  settings_.bodies = loaded.bodies;
  std::string text = "loaded " + settings_.snapshot_path;
  for (const std::string& note : loaded.notes) text += "\n" + note;
  report_message(text);
  return true;
}

void App::resume() {
  if (stats_.runaway.empty()) return;
  Simulation& sim = session_->simulation();
  sim.clear_runaway();
  report_message(fmt::format("went back to step {} and continued", sim.steps_taken()));
  stats_.runaway.clear();
  settings_.paused = false;
}

void App::measure_accuracy() {
  attempt("accuracy", [&] {
    stats_.accuracy = session_->simulation().measure_accuracy(1000, accuracy_seed_++);
    stats_.have_accuracy = true;
  });
}

void App::fit_camera() {
  const std::vector<float>& xyzs = vertex_path_.host_xyzs(session_->simulation());
  glm::vec3 center;
  float radius;
  bounding_sphere(xyzs.data(), xyzs.size() / 4, 0.95f, center, radius);
  camera_.fit(center, radius);
}

}  // namespace galaxy::app
