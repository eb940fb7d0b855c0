// SPDX-License-Identifier: MIT
// App::apply: the panel's changes (and the same calls from tests and start-up) applied to the
// run. Settings holds the wanted values; each change sends them to the simulation's thread once
// (Runner::post), or, where the run changes wholesale, runs with the thread parked
// (Runner::exclusive). A change that fails keeps the current run, reports on the status line (and
// next to the control), and puts that control's Settings field back to what runs.
#include <fmt/format.h>

#include "app.hpp"
#include "cli/body_count.hpp"

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
  const auto save = [&] {
    runner_->exclusive([&](Session& s) { s.save(settings_.snapshot_path); });
  };
  if (c.save && attempt("save", save)) report_message("saved " + settings_.snapshot_path);
  if (c.resume) resume();
  apply_time(c);
  if (changed) {
    run_changed();
    update_vertices();
  }
  // A solver change recomputes the forces (or leaves no tree): the walk shown is stale.
  if (c.overlay || c.solver) overlay_refresh_.invalidate();
  if (c.measure_accuracy) measure_accuracy();
  if (c.error_map) runner_->post([this](Session&) { colour_maps_.request_error_map(); });
  if (c.fit_camera) fit_camera();
  if (c.quit) quit_ = true;
}

// Checked here and set on the thread before its next step, without waiting for it.
void App::apply_params() {
  const SimParams p = settings_.params;
  if (!attempt("parameters", [&] { check_params(p); })) {
    settings_.params = runner_->exclusive([](Session& s) { return s.simulation().params(); });
    return;
  }
  runner_->set_params(p);
}

void App::apply_solver() {
  const bool ok = attempt("solver", [&] {
    runner_->exclusive([&](Session& s) {
      s.simulation().set_solver(settings_.solver);
      republish(s, false);
    });
  });
  if (!ok) {
    settings_.solver = runner_->exclusive([](Session& s) { return s.simulation().solver(); });
  }
}

bool App::apply_run(const Changes& c) {
  bool changed = false;
  // One wholesale change with the thread parked; true when it went through.
  const auto change = [&](const char* what, const std::function<void(Session&)>& action) {
    const bool ok = attempt(what, [&] {
      runner_->exclusive([&](Session& s) {
        action(s);
        republish(s, true);
      });
    });
    changed |= ok;
    return ok;
  };
  const auto running = [&](auto get) {
    return runner_->exclusive([&](Session& s) { return get(s); });
  };
  if (c.backend && settings_.backend != running([](Session& s) { return s.simulation().backend(); })) {
    if (!change("backend", [&](Session& s) { s.set_backend(settings_.backend); })) {
      settings_.backend = running([](Session& s) { return s.simulation().backend(); });
    }
  }
  if (c.scenario && !change("scenario", [&](Session& s) { s.set_scenario(settings_.scenario); })) {
    settings_.scenario = running([](Session& s) { return s.scenario(); });
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
  if (bodies) {
    const std::size_t size = running([](Session& s) { return s.simulation().size(); });
    // A failure (out of memory, a count the scenario cannot make) keeps the old run.
    if (settings_.bodies != size &&
        !change("body count", [&](Session& s) { s.set_body_count(settings_.bodies); })) {
      settings_.bodies = size;
    }
  }
  if (c.reset) change("reset", [](Session& s) { s.set_body_count(s.simulation().size()); });
  if (c.load) changed |= apply_load();
  return changed;
}

bool App::apply_load() {
  Loaded loaded;
  const auto load = [&] {
    runner_->exclusive([&](Session& s) {
      loaded = s.load(settings_.snapshot_path);
      republish(s, true);
    });
  };
  if (!attempt("load", load)) return false;
  // The file's parameters and count are what runs now: the new wanted values.
  settings_.params = loaded.params;
  settings_.bodies = loaded.bodies;
  std::string text = "loaded " + settings_.snapshot_path;
  for (const std::string& note : loaded.notes) text += "\n" + note;
  report_message(text);
  return true;
}

// Going back: pauses, and the thread restores a keyframe and replays to the step.
void App::apply_time(const Changes& c) {
  if (c.seek) {
    settings_.paused = true;
    if (!runner_->seek(*c.seek)) report_error("no keyframe reaches back to that step", "timeline");
  }
  if (c.step_back) {
    settings_.paused = true;
    const std::uint64_t at = runner_->status().steps;
    if (at == 0 || !runner_->seek(at - 1)) {
      report_error("no keyframe reaches back further", "timeline");
    }
  }
  if (c.seek || c.step_back) update_vertices();  // lockstep: it is there already
}

void App::resume() {
  if (stats_.runaway.empty() && stats_.error_where != "step") return;
  runner_->resume();
  report_message(fmt::format("went back to step {} and continued", stats_.sim_steps));
  stats_.runaway.clear();
  settings_.paused = false;
}

void App::measure_accuracy() {
  if (accuracy_.pending()) return;
  const std::uint64_t seed = accuracy_seed_++;
  // The parameters measured with: the chart pairs them with the error.
  accuracy_.set(runner_->ask([seed](Session& s) {
                  return Measured{s.simulation().measure_accuracy(1000, seed),
                                  s.simulation().params()};
                }),
                generation_);
  collect_measurements();  // lockstep: already there
}

// Frames the bodies as they are now (one download, with the thread parked).
void App::fit_camera() {
  const std::vector<float> xyzs = runner_->exclusive([](Session& s) {
    std::vector<float> v(4 * s.simulation().size());
    s.simulation().write_vertices_host(v.data(), nullptr);
    return v;
  });
  glm::vec3 center;
  float radius;
  bounding_sphere(xyzs.data(), xyzs.size() / 4, 0.95f, center, radius);
  camera_.fit(center, radius);
}

}  // namespace galaxy::app
