// SPDX-License-Identifier: MIT
// What the features ask of the run, applied through typed requests. It owns the wanted values
// (RunWanted: a request writes what is asked there); each change sends them to the
// simulation's thread once (Runner::post), or, where the run changes wholesale, runs with the
// thread parked (Runner::exclusive). A change that fails keeps the current run, reports where it
// belongs (Place), and puts that control's wanted value back to what runs. With a threaded
// runner, Load and Save read and write the file on a worker (FileJob) while the run goes on and
// the window draws; the loaded bodies replace the run when the read is complete and checked.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "run/file_job.hpp"
#include "run/report.hpp"
#include "run/runner.hpp"
#include "run/speed.hpp"
#include "run/run_wanted.hpp"
#include "scenarios/encounter.hpp"

namespace galaxy::app {

class RunControl {
 public:
  // `republish` runs inside Runner::exclusive after the session changed: new vertex buffers where
  // the count changed, and the state published (`changed`: the run changed wholesale).
  using Republish = std::function<void(Session&, bool changed)>;
  // The wanted values start as what runs: asked of the session itself, since the runner's
  // status holds nothing before its first publication (the window makes this before it starts).
  RunControl(Runner& runner, Republish republish)
      : runner_(runner),
        wanted_(RunWanted::of(runner.exclusive([](Session& s) { return s.running(); }))),
        republish_(std::move(republish)) {}

  // What the Simulation section's controls show: what was asked, or what runs where the run
  // refused it.
  const RunWanted& wanted() const { return wanted_; }

  struct Applied {
    bool changed = false;  // the bodies changed wholesale (backend, scenario, count, reset, load)
    bool moved = false;    // the thread went to another step (a seek, a step back)
    bool resumed = false;  // went on after a runaway or a failed step
    std::vector<Report> reports;  // in the order the actions ran
    Applied& operator+=(Applied o);  // `o` ran after these: flags or'ed, its reports after
  };
  // The outcome of a load or save that finished on its worker since the last call.
  Applied collect();

  // What the features that act on the run ask of it (features/run_settings, time_controls,
  // snapshots, encounter_designer): typed requests, each saying what it did.
  Applied set_params(const SimParams& p);          // checked, then from the next step
  Applied switch_solver(Solver s);
  Applied switch_backend(Backend b);               // the bodies move across
  Applied switch_scenario(const std::string& name);  // made again at the current count
  Applied set_bodies(std::size_t n);               // the scenario made again at `n`
  Applied set_bodies(const std::string& typed);    // a count as typed ("250k"), read here
  Applied reset();                                 // the scenario again at the count
  Applied load(const std::string& path);           // the run from a snapshot file
  Applied save(const std::string& path);           // the step shown, to `path` as it is
  // `e` from its start at `bodies` (0: the current count).
  Applied start_encounter(const Encounter& e, std::size_t bodies = 0);
  std::optional<Encounter> running_encounter();    // the encounter that runs, if one does
  Applied seek(std::uint64_t step);                // to that step (a keyframe and a replay)
  Applied step_back(int steps);                    // that many steps back
  Applied resume();  // after a runaway or a failed step: on from the last good state
  // Bodies were added or taken out (the drop tool's edits): the wanted count is what runs now, so
  // the count field shows it and a count asked later starts from it.
  void edited();

  // The load or save under way on its worker, if any.
  const FileJob* file_job() const { return job_.get(); }
  // What the time controls grant a frame: paused (then `steps` single steps) or at `speed`;
  // `moved`: the frame went to another step (a seek), so it shows that one and grants none.
  struct Grant {
    bool paused = false;
    Speed speed;
    int steps = 0;
    bool moved = false;
  };
  // The steps this frame grants the thread; `frame_ms` the last frame's length, `limit` --steps.
  void advance(const Grant& g, float frame_ms, std::optional<std::uint64_t> limit);

 private:
  // `say_done`: a success ends an older error (Report::done); false where the action only
  // starts something whose outcome comes later.
  bool attempt(Place where, const std::function<void()>& action, Applied& out,
               bool say_done = true);
  bool change(Place where, const std::function<void(Session&)>& action, Applied& out);
  bool job_under_way(Place where, Applied& out);
  void collect_job(Applied& out);
  void loaded(const std::function<Loaded(Session&)>& adopt, const std::string& path,
              Applied& out);

  Runner& runner_;
  RunWanted wanted_;
  Republish republish_;
  std::unique_ptr<FileJob> job_;  // last: its worker is waited for first
};

}  // namespace galaxy::app
