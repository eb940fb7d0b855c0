// SPDX-License-Identifier: MIT
// The window's run between frames: the state republished into the screen's buffers, the drawn
// step's timings, the thread's status and runaway, the measurements collected, and the outcomes
// of the body edits.
#include "run/window_run.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdio>
#include <string>
#include <utility>

#include "scenarios/presets.hpp"
#include "text/progress_line.hpp"

namespace galaxy::app {

WindowRun::WindowRun(const RunSpec& spec, std::uint64_t seed, Screen& screen, StatusLine& status,
                     Features& features)
    : screen_(screen),
      status_(status),
      features_(features),
      // The run's start: its snapshot's read on the terminal, and what the start said besides.
      run_(std::make_unique<Run>(
          spec, [](const std::string& path) { return terminal_progress("loading", path); })) {
  for (const std::string& note : run_->start_notes()) {
    std::fprintf(stderr, "galaxy: %s\n", note.c_str());
  }
  measurements_ = std::make_unique<Measurements>(runner());
  control_ = std::make_unique<RunControl>(
      runner(), [this](Session& s, bool changed) { republish(s, changed); });
  edits_ = std::make_unique<BodyEdits>(runner(), seed);
}

// The thread goes first: its tasks use the measurements' colour maps.
WindowRun::~WindowRun() {
  edits_.reset();
  run_.reset();
}

void WindowRun::start() {
  runner().exclusive([&](Session& s) {
    // The designer's first draft: the encounter that runs, else Toomre & Toomre's pair.
    const Encounter* e = s.encounter();
    features_.encounter = EncounterDesigner(e ? *e : *find_preset("prograde"));
    features_.colour.arrived(measurements_->first_colour_map(s.simulation(), screen_.look().render));
    republish(s, true);
  });
  run_changed();
  update_vertices();
  runner().start();
}

// Inside Runner::exclusive, after `s` changed: new buffers where the count changed, and the
// state published (`changed`: the run changed wholesale, see Runner::republish).
void WindowRun::republish(Session& s, bool changed) {
  Simulation& sim = s.simulation();
  // Over MPI ranks rank 0 takes no more.
  if (VertexWriter* v = sim.vertices()) v->set_vertex_budget(screen_.look().max_drawn);
  const bool cuda = sim.backend() == Backend::Cuda;
  VertexPath& vertex_path = screen_.vertex_path();
  if (changed || sim.vertex_count() != vertex_path.buffers().count()) {
    screen_.resize_vertices(sim.vertex_count(), cuda, features_.trails.vertex_of());
  }
  runner().set_device_vertices(cuda && vertex_path.interop_ready());
  runner().republish(s, changed);
  if (changed) {
    figures_.source = s.source();
    figures_.units = s.units();
  }
}

void WindowRun::run_changed() {
  features_.inspect.run_changed();
  features_.encounter.run_changed(control_->running_encounter());
  features_.follow.reset();        // the old bodies' centres say nothing of the new ones
  features_.trails.run_changed();  // a vertex index may name another body now
  measurements_->run_changed(runner().status().generation);
  features_.accuracy.run_changed();
  for (auto& h : step_.history) h.clear();
  cost_.reset();
  step_.cost_line.clear();
}

void WindowRun::update_vertices() {
  if (const auto r = screen_.update_vertices(runner(), features_.trails,
                                          control_->wanted().backend == Backend::Cuda)) record_step(*r);
}

// The drawn step's timings for the panel and the summary.
void WindowRun::record_step(const StepReport& r) {
  const StageTimings& t = r.timings;
  step_.timings = t;
  if (!t.valid) step_.timings.total_ms = r.wall_ms;
  for (int k = 0; k <= kStageCount; ++k) {
    auto& h = step_.history[k];
    h.push_back(k < kStageCount ? t.ms[k] : step_.timings.total_ms);
    if (h.size() > kHistoryFrames) h.erase(h.begin());
  }
  step_.interactions = r.interactions;
  step_.ranks = r.ranks;
  const float step_ms = step_.timings.total_ms;
  step_.bodies_per_s = step_ms > 0 ? double(r.bodies) / (step_ms * 1e-3) : 0.0;
  const SimParams p = runner().running().params;
  cost_.record(step_ms, double(r.interactions.body_body + r.interactions.body_cell),
               {r.bodies, p.theta, p.softening});
  step_.cost_line = cost_.line();
  screen_.clock().sample().sim_ms = r.wall_ms;
  screen_.clock().sample().stage_ms = step_ms;
}

bool WindowRun::update_status() {
  const RunnerStatus st = runner().status();
  figures_.steps_per_s = st.steps_per_s;
  figures_.sim_time_per_s = st.sim_time_per_s;
  figures_.sim_steps = st.steps;
  figures_.seeking = st.seeking;
  figures_.kept = st.kept;
  figures_.edits = st.edits;
  figures_.keyframe_bytes = st.keyframe_bytes;
  figures_.keyframe_budget = st.keyframe_budget;
  figures_.keyframe_note = st.keyframe_note;
  // A load or save on its worker: the status line's bar.
  const Snapshots::Transfer t = Snapshots::transfer(control_->file_job());
  status_.set_transfer(t.text, t.fraction);
  if (!st.error.empty()) {
    std::string paused = fmt::format("{} (paused)", st.error);
    if (status_.text().error != paused) {
      features_.time.pause();
      status_.report(Report::error(std::move(paused), Place::Step));
    }
  }
  return check_runaway(st);
}

// A runaway step stops the run on the last good state: the window pauses and offers to go on
// from it or to go back to a keyframe (the panel); a headless render ends (App::frame).
bool WindowRun::check_runaway(const RunnerStatus& st) {
  if (!st.runaway) {
    // Gone (a reset, a load): the status line no longer says it.
    if (!figures_.runaway.empty()) status_.clear_error_at(Place::Runaway);
    figures_.runaway.clear();
    return false;
  }
  if (!figures_.runaway.empty()) return false;  // already reported
  figures_.runaway = st.runaway->message();
  figures_.runaway_good_step = st.runaway->good_step;
  features_.time.pause();
  status_.report(Report::error(figures_.runaway, Place::Runaway));  // shows with the panel hidden
  return true;
}

void WindowRun::measure() {
  const bool shown = screen_.has_panel() && screen_.look().show_panel;  // the panel shows them
  measurements_->refresh(screen_.look().render, features_.inspect.overlays(), features_.follow.what().first,
                         features_.separation.on(), features_.accuracy.every_3s(), shown,
                         figures_.sim_steps);
  take_measurements();
}

void WindowRun::take_measurements() {
  const Measurements::Arrived a = measurements_->collect(status_.text().error_place);
  if (a.energy) {
    step_.have_energy = true;
    step_.energy_drift = a.energy->drift;
    figures_.total_mass = a.energy->mass;
  }
  if (a.pick && a.pick->index >= 0) {  // a picked body's galaxy becomes the one followed
    FollowCamera::Action picked;
    picked.galaxy = a.pick->inspected.galaxy;
    features_.follow.apply(picked);
  }
  if (a.overlay) screen_.presenter().set_overlays(*a.overlay);
  features_.inspect.found(a.overlay, a.pick, *measurements_);
  if (a.colour_map) features_.colour.arrived(*a.colour_map);
  if (a.accuracy) {
    const DrawnStep& drawn = screen_.stats().drawn;
    features_.accuracy.arrived(*a.accuracy, {drawn.bodies, figures_.source, drawn.backend},
                               step_.timings.total_ms);
  }
  if (a.centres) {
    features_.follow.measured(*a.centres, features_.follow.what());
    features_.separation.measured(*a.centres, features_.follow.what().second);
  }
  for (const Report& r : a.reports) status_.report(r);
}

// What RunControl did (the panel's changes, the features that act on the run): its outcomes
// said, the new run's stats and vertices; true when a save went through.
bool WindowRun::land(RunControl::Applied& a) {
  // An error among this frame's outcomes is never hidden by a success beside it.
  std::stable_partition(a.reports.begin(), a.reports.end(),
                        [](const Report& r) { return r.kind != Report::Kind::Error; });
  for (const Report& r : a.reports) status_.report(r);
  if (a.changed) run_changed();
  if (a.changed || a.moved) update_vertices();  // lockstep: the new state is there already
  if (a.resumed) figures_.runaway.clear();
  return std::any_of(a.reports.begin(), a.reports.end(), [](const Report& r) {
    return r.kind == Report::Kind::Done && r.place == Place::Save;
  });
}

void WindowRun::poll_edits() {
  land_edits(edits_->poll());
}

// Says what the finished edits did (headless, on the terminal too), shows the run they made, and
// whether any is still under way.
void WindowRun::land_edits(const BodyEdits::Outcome& o) {
  for (const Report& r : o.reports) {
    status_.report(r);
    // Headless, the terminal is where it shows (errors go to stderr in StatusLine::report).
    if (screen_.headless() && r.kind == Report::Kind::Message) {
      std::printf("galaxy: frame %d: %s\n", screen_.clock().frames(), r.text.c_str());
    }
  }
  if (o.edited) {
    control_->edited();
    run_changed();
    update_vertices();
  }
  figures_.editing = edits_->busy();
}

}  // namespace galaxy::app
