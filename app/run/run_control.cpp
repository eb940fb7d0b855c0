// SPDX-License-Identifier: MIT
#include "run/run_control.hpp"

#include <fmt/format.h>

#include "io/snapshot.hpp"
#include "run/speed.hpp"
#include "text/body_count.hpp"

namespace galaxy::app {

RunControl::Applied& RunControl::Applied::operator+=(Applied o) {
  changed |= o.changed;
  moved |= o.moved;
  resumed |= o.resumed;
  for (Report& r : o.reports) reports.push_back(std::move(r));
  return *this;
}

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

RunControl::Applied RunControl::collect() {
  Applied out;
  collect_job(out);
  return out;
}

// The runner published the edited run before the edit's outcome came back (Runner::edited).
void RunControl::edited() {
  wanted_.bodies = runner_.running().bodies;
}

RunControl::Applied RunControl::reset() {
  Applied out;
  change(Place::Reset, [](Session& s) { s.set_body_count(s.simulation().size()); }, out);
  return out;
}

// Checked here and set on the thread before its next step, without waiting for it.
RunControl::Applied RunControl::set_params(const SimParams& p) {
  Applied out;
  wanted_.params = p;
  if (!attempt(Place::Parameters, [&] { check_params(p); }, out)) {
    wanted_.params = runner_.running().params;
    return out;
  }
  runner_.set_params(p);
  return out;
}

RunControl::Applied RunControl::switch_solver(Solver solver) {
  Applied out;
  wanted_.solver = solver;
  const bool ok = attempt(Place::Solver, [&] {
    runner_.exclusive([&](Session& s) {
      s.simulation().set_solver(solver);
      republish_(s, false);
    });
  }, out);
  if (!ok) wanted_.solver = runner_.running().solver;
  return out;
}

RunControl::Applied RunControl::switch_backend(Backend b) {
  Applied out;
  wanted_.backend = b;
  if (b != runner_.running().backend &&
      !change(Place::Backend, [&](Session& s) { s.set_backend(b); }, out)) {
    wanted_.backend = runner_.running().backend;
  }
  return out;
}

RunControl::Applied RunControl::switch_scenario(const std::string& name) {
  Applied out;
  wanted_.scenario = name;
  if (!change(Place::Scenario, [&](Session& s) { s.set_scenario(name); }, out)) {
    wanted_.scenario = runner_.running().scenario;
  }
  return out;
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

// A count set by the panel's halving or doubling buttons. A failure (out of memory, a count the
// scenario cannot make) keeps the old run.
RunControl::Applied RunControl::set_bodies(std::size_t n) {
  Applied out;
  wanted_.bodies = n;
  const std::size_t size = runner_.running().bodies;
  const auto resize = [&](Session& s) { s.set_body_count(n); };
  if (n == size) {
    out.reports.push_back(Report::done(Place::BodyCount));  // the count that runs: nothing to do
  } else if (!change(Place::BodyCount, resize, out)) {
    wanted_.bodies = size;
  }
  return out;
}

// A count typed in the panel ("250k"); one that is not a count keeps the field.
RunControl::Applied RunControl::set_bodies(const std::string& typed) {
  std::string why;
  if (const auto n = parse_body_count(typed, &why)) return set_bodies(static_cast<std::size_t>(*n));
  Applied out;
  out.reports.push_back(Report::error("body count: " + why, Place::BodyCount));
  return out;
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

RunControl::Applied RunControl::load(const std::string& path) {
  Applied out;
  if (job_under_way(Place::Load, out)) return out;
  if (!runner_.threaded()) {  // lockstep: each frame shows its own step, so the load is here
    loaded([&](Session& s) { return s.load(path); }, path, out);
    return out;
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
  if (!attempt(Place::Load, check, out, false)) return out;
  if (itself) {
    loaded([&](Session& s) { return s.load(path); }, path, out);
    return out;
  }
  job_ = std::make_unique<FileJob>(FileJob::Kind::Load, path,
                                   [path, options](const io::Progress& p) {
                                     io::LoadOptions o = options;
                                     o.progress = p;
                                     return io::load_snapshot(path, o);
                                   });
  return out;
}

RunControl::Applied RunControl::save(const std::string& path) {
  Applied out;
  if (job_under_way(Place::Save, out)) return out;
  if (!runner_.threaded()) {
    const auto save = [&] { runner_.exclusive([&](Session& s) { s.save(path); }); };
    if (attempt(Place::Save, save, out)) out.reports.push_back(Report::message("saved " + path));
    return out;
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
  if (!attempt(Place::Save, take, out, false)) return out;
  if (written) {
    out.reports.push_back(Report::done(Place::Save));
    out.reports.push_back(Report::message("saved " + path));
    return out;
  }
  job_ = std::make_unique<FileJob>(FileJob::Kind::Save, path, [path, state](const io::Progress& p) {
    io::save_snapshot(path, *state, p);
    return io::Snapshot{};
  });
  return out;
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
  wanted_.params = loaded.params;
  wanted_.bodies = loaded.bodies;
  std::string text = "loaded " + path;
  for (const std::string& note : loaded.notes) text += "\n" + note;
  out.reports.push_back(Report::message(text));
}

// The designer's draft run at the current count. A draft that cannot run is refused with
// check_encounter's message and the run goes on.
RunControl::Applied RunControl::start_encounter(const Encounter& e, std::size_t bodies) {
  Applied out;
  if (change(Place::Encounter, [&](Session& s) { s.set_encounter(e, bodies); }, out)) {
    if (bodies) wanted_.bodies = bodies;
    out.reports.push_back(Report::message("started the encounter " + e.name));
  }
  return out;
}

std::optional<Encounter> RunControl::running_encounter() {
  return runner_.exclusive([&](Session& s) -> std::optional<Encounter> {
    if (const Encounter* e = s.encounter()) return *e;
    return std::nullopt;
  });
}

// Going back: the thread restores a keyframe and replays to the step (the time controls pause).
RunControl::Applied RunControl::seek(std::uint64_t step) {
  Applied out;
  out.reports.push_back(runner_.seek(step)
                            ? Report::done(Place::Timeline)
                            : Report::error("no keyframe reaches back to that step",
                                            Place::Timeline));
  out.moved = true;
  return out;
}

RunControl::Applied RunControl::step_back(int steps) {
  Applied out;
  const std::uint64_t at = runner_.status().steps, back = std::uint64_t(steps);
  out.reports.push_back(at >= back && runner_.seek(at - back)
                            ? Report::done(Place::Timeline)
                            : Report::error("no keyframe reaches back further", Place::Timeline));
  out.moved = true;
  return out;
}

RunControl::Applied RunControl::resume() {
  Applied out;
  const RunnerStatus st = runner_.status();
  if (!st.runaway && st.error.empty()) return out;
  runner_.resume();
  out.resumed = true;
  out.reports.push_back(
      Report::message(fmt::format("went back to step {} and continued", st.steps)));
  return out;
}

void RunControl::advance(const Grant& g, float frame_ms, std::optional<std::uint64_t> limit) {
  if (g.moved) return;  // this frame shows where it went
  if (g.paused) {
    runner_.hold();
    if (g.steps > 0) runner_.grant(double(g.steps), limit);
    return;
  }
  const float frame_s = std::max(frame_ms, 0.0f) * 1e-3f;
  runner_.grant(steps_granted(g.speed, frame_s, wanted_.params.dt), limit);
}

}  // namespace galaxy::app
