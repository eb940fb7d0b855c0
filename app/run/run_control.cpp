// SPDX-License-Identifier: MIT
#include "run/run_control.hpp"

#include <fmt/format.h>

#include "io/encounter_file.hpp"
#include "io/snapshot.hpp"
#include "run/speed.hpp"
#include "text/body_count.hpp"

namespace galaxy::app {

// A success says Done (an older error of the panel goes); a failure says why, where it belongs.
bool RunControl::attempt(Place where, const std::function<void()>& action, Applied& out,
                         bool say_done) {
  try {
    action();
    if (say_done) out.reports.push_back(Report::done(where));
    return true;
  } catch (const std::exception& e) {
    out.reports.push_back(Report::error(fmt::format("{}: {}", place_name(where), e.what()), where));
    return false;
  }
}

RunControl::Applied RunControl::apply(const Changes& c) {
  Applied out;
  collect_job(out);
  if (c.params) apply_params(out);
  if (c.solver) apply_solver(out);
  if (c.backend && settings_.backend != runner_.running().backend &&
      !change(Place::Backend, [&](Session& s) { s.set_backend(settings_.backend); }, out)) {
    settings_.backend = runner_.running().backend;
  }
  if (c.scenario &&
      !change(Place::Scenario, [&](Session& s) { s.set_scenario(settings_.scenario); }, out)) {
    settings_.scenario = runner_.running().scenario;
  }
  apply_bodies(c, out);
  if (c.reset) {
    change(Place::Reset, [](Session& s) { s.set_body_count(s.simulation().size()); }, out);
  }
  if (c.load) apply_load(out);
  if (c.save) apply_save(out);
  apply_encounter(c, out);
  if (c.resume) resume(out);
  apply_time(c, out);
  return out;
}

// Checked here and set on the thread before its next step, without waiting for it.
void RunControl::apply_params(Applied& out) {
  const SimParams p = settings_.params;
  if (!attempt(Place::Parameters, [&] { check_params(p); }, out)) {
    settings_.params = runner_.running().params;
    return;
  }
  runner_.set_params(p);
}

void RunControl::apply_solver(Applied& out) {
  const bool ok = attempt(Place::Solver, [&] {
    runner_.exclusive([&](Session& s) {
      s.simulation().set_solver(settings_.solver);
      republish_(s, false);
    });
  }, out);
  if (!ok) settings_.solver = runner_.running().solver;
}

// One wholesale change with the thread parked; true when it went through.
bool RunControl::change(Place where, const std::function<void(Session&)>& action, Applied& out) {
  const bool ok = attempt(where, [&] {
    runner_.exclusive([&](Session& s) {
      action(s);
      republish_(s, true);
    });
  }, out);
  out.changed |= ok;
  return ok;
}

// A count typed in the panel ("250k") or set by its buttons. A failure (out of memory, a count
// the scenario cannot make) keeps the old run; a count that is not one keeps the field too.
void RunControl::apply_bodies(const Changes& c, Applied& out) {
  bool bodies = c.bodies;
  if (!c.bodies_typed.empty()) {
    std::string why;
    if (const auto n = parse_body_count(c.bodies_typed, &why)) {
      settings_.bodies = static_cast<std::size_t>(*n);
      bodies = true;
    } else {
      out.reports.push_back(Report::error("body count: " + why, Place::BodyCount));
    }
  }
  if (!bodies) return;
  const std::size_t size = runner_.running().bodies;
  const auto resize = [&](Session& s) { s.set_body_count(settings_.bodies); };
  if (settings_.bodies == size) {
    out.reports.push_back(Report::done(Place::BodyCount));  // the count that runs: nothing to do
  } else if (!change(Place::BodyCount, resize, out)) {
    settings_.bodies = size;
  }
}

// One file at a time: a second Load or Save while one runs is refused, saying which.
bool RunControl::job_under_way(Place where, Applied& out) {
  if (!job_) return false;
  out.reports.push_back(Report::error(
      fmt::format("{}: {} {} is under way", place_name(where),
                  job_->kind() == FileJob::Kind::Load ? "loading" : "saving", job_->path()),
      where));
  return true;
}

void RunControl::apply_load(Applied& out) {
  if (job_under_way(Place::Load, out)) return;
  const std::string path = settings_.snapshot_path;
  if (!runner_.threaded()) {  // lockstep: each frame shows its own step, so the load is here
    loaded([&](Session& s) { return s.load(path); }, path, out);
    return;
  }
  // The preflight from the file's header before a body is read; then the worker reads, with
  // the run's --units and --particle-types.
  io::LoadOptions options;
  bool itself = false;  // over MPI ranks a .gxy is read by the ranks, with the thread parked
  const auto check = [&] {
    runner_.exclusive([&](Session& s) {
      s.check_load(path);
      options = s.load_options();
      itself = s.reads_itself(path);
    });
  };
  if (!attempt(Place::Load, check, out, false)) return;
  if (itself) {
    loaded([&](Session& s) { return s.load(path); }, path, out);
    return;
  }
  job_ = std::make_unique<FileJob>(FileJob::Kind::Load, path,
                                   [path, options](const io::Progress& p) {
                                     io::LoadOptions o = options;
                                     o.progress = p;
                                     return io::load_snapshot(path, o);
                                   });
}

void RunControl::apply_save(Applied& out) {
  if (job_under_way(Place::Save, out)) return;
  settings_.snapshot_path = io::with_default_format(settings_.snapshot_path);  // Load finds it
  const std::string path = settings_.snapshot_path;
  if (!runner_.threaded()) {
    const auto save = [&] { runner_.exclusive([&](Session& s) { s.save(path); }); };
    if (attempt(Place::Save, save, out)) out.reports.push_back(Report::message("saved " + path));
    return;
  }
  // The step shown is taken with the thread parked; the worker writes it while the run goes on.
  // A run that writes its own (over MPI ranks, each rank its share) writes it there and then.
  auto state = std::make_shared<io::Snapshot>();
  bool written = false;
  const auto take = [&] {
    io::check_save_path(path);
    *state = runner_.exclusive([&](Session& s) {
      GxyFiles* own = io::is_gxy_path(path) ? s.simulation().gxy_files() : nullptr;
      if (own) own->save_gxy(path, s.units());
      written = own != nullptr;
      return written ? io::Snapshot{} : s.snapshot();
    });
  };
  if (!attempt(Place::Save, take, out, false)) return;
  if (written) {
    out.reports.push_back(Report::done(Place::Save));
    out.reports.push_back(Report::message("saved " + path));
    return;
  }
  job_ = std::make_unique<FileJob>(FileJob::Kind::Save, path, [path, state](const io::Progress& p) {
    io::save_snapshot(path, *state, p);
    return io::Snapshot{};
  });
}

// A load or save that finished on its worker: its outcome, as a load or save in the frame says it.
void RunControl::collect_job(Applied& out) {
  if (!job_ || !job_->finished()) return;
  const std::unique_ptr<FileJob> job = std::move(job_);
  const std::string path = job->path();
  if (job->kind() == FileJob::Kind::Save) {
    if (attempt(Place::Save, [&] { job->take(); }, out)) {
      out.reports.push_back(Report::message("saved " + path));
    }
    return;
  }
  io::Snapshot read;
  if (!attempt(Place::Load, [&] { read = job->take(); }, out, false)) return;  // the run stays
  loaded([&](Session& s) { return s.adopt(std::move(read), path); }, path, out);
}

// The run switches to a snapshot (`adopt` does it with the thread parked); the file's parameters
// and count become the wanted ones.
void RunControl::loaded(const std::function<Loaded(Session&)>& adopt, const std::string& path,
                        Applied& out) {
  Loaded loaded;
  if (!change(Place::Load, [&](Session& s) { loaded = adopt(s); }, out)) return;
  settings_.params = loaded.params;
  settings_.bodies = loaded.bodies;
  std::string text = "loaded " + path;
  for (const std::string& note : loaded.notes) text += "\n" + note;
  out.reports.push_back(Report::message(text));
}

// The designer's draft: taken from the run, run at the current count, written, read. A draft
// that cannot run is refused with check_encounter's message and the run goes on.
void RunControl::apply_encounter(const Changes& c, Applied& out) {
  Encounter& draft = settings_.encounter;
  if (c.encounter_from_run) {
    const bool had = runner_.exclusive([&](Session& s) {
      if (const Encounter* e = s.encounter()) draft = *e;
      return s.encounter() != nullptr;
    });
    if (!had) out.reports.push_back(Report::error("the run is not an encounter", Place::Encounter));
  }
  if (c.start_encounter &&
      change(Place::Encounter, [&](Session& s) { s.set_encounter(draft); }, out)) {
    out.reports.push_back(Report::message("started the encounter " + draft.name));
  }
  const std::string& path = settings_.encounter_path;
  if (c.save_encounter &&
      attempt(Place::Encounter, [&] { io::save_encounter(path, draft); }, out)) {
    out.reports.push_back(Report::message("saved the draft to " + path));
  }
  if (c.load_encounter &&
      attempt(Place::Encounter, [&] { draft = io::load_encounter(path); }, out)) {
    out.reports.push_back(Report::message("loaded the draft from " + path + "; Start runs it"));
  }
}

// Going back: pauses, and the thread restores a keyframe and replays to the step.
void RunControl::apply_time(const Changes& c, Applied& out) {
  if (c.seek) {
    settings_.paused = true;
    out.reports.push_back(
        runner_.seek(*c.seek)
            ? Report::done(Place::Timeline)
            : Report::error("no keyframe reaches back to that step", Place::Timeline));
  }
  if (c.step_back) {
    settings_.paused = true;
    const std::uint64_t at = runner_.status().steps, back = std::uint64_t(c.step_back);
    out.reports.push_back(at >= back && runner_.seek(at - back)
                              ? Report::done(Place::Timeline)
                              : Report::error("no keyframe reaches back further", Place::Timeline));
  }
  out.moved = c.seek || c.step_back;
}

// After a runaway or a failed step: go on from the last good state.
void RunControl::resume(Applied& out) {
  const RunnerStatus st = runner_.status();
  if (!st.runaway && st.error.empty()) return;
  runner_.resume();
  out.resumed = true;
  out.reports.push_back(
      Report::message(fmt::format("went back to step {} and continued", st.steps)));
  settings_.paused = false;
}

void RunControl::advance(const Changes& c, float frame_ms, std::optional<std::uint64_t> limit) {
  if (c.seek || c.step_back) return;  // this frame shows where it went
  if (settings_.paused) {
    runner_.hold();
    if (c.step_once > 0) runner_.grant(double(c.step_once), limit);
    return;
  }
  const float frame_s = std::max(frame_ms, 0.0f) * 1e-3f;
  runner_.grant(steps_granted(settings_.speed, frame_s, settings_.params.dt), limit);
}

}  // namespace galaxy::app
