// SPDX-License-Identifier: MIT
// The panel's changes applied to the run. Settings holds the wanted values; each change sends them
// to the simulation's thread once (Runner::post), or, where the run changes wholesale, runs with
// the thread parked (Runner::exclusive). A change that fails keeps the current run, reports where
// it belongs (Place), and puts that control's Settings field back to what runs.
#pragma once

#include <functional>
#include <vector>

#include "run/report.hpp"
#include "run/runner.hpp"
#include "settings.hpp"

namespace galaxy::app {

class RunControl {
 public:
  // `republish` runs inside Runner::exclusive after the session changed: new vertex buffers where
  // the count changed, and the state published (`changed`: the run changed wholesale).
  using Republish = std::function<void(Session&, bool changed)>;
  RunControl(Runner& runner, Settings& settings, Republish republish)
      : runner_(runner), settings_(settings), republish_(std::move(republish)) {}

  struct Applied {
    bool changed = false;  // the bodies changed wholesale (backend, scenario, count, reset, load)
    bool moved = false;    // the thread went to another step (a seek, a step back)
    bool resumed = false;  // went on after a runaway or a failed step
    std::vector<Report> reports;  // in the order the actions ran
  };
  // Parameters, solver, backend, scenario, body count, reset, load, save, the encounter
  // designer's start, save and load, resume and going back.
  Applied apply(const Changes& c);
  // The steps this frame grants the thread (the speed, or a single step when paused); `frame_ms`
  // the last frame's length, `limit` --steps.
  void advance(const Changes& c, float frame_ms, std::optional<std::uint64_t> limit);

 private:
  bool attempt(Place where, const std::function<void()>& action, Applied& out);
  void apply_params(Applied& out);
  void apply_solver(Applied& out);
  bool change(Place where, const std::function<void(Session&)>& action, Applied& out);
  void apply_bodies(const Changes& c, Applied& out);
  void apply_load(Applied& out);
  void apply_encounter(const Changes& c, Applied& out);
  void apply_time(const Changes& c, Applied& out);
  void resume(Applied& out);

  Runner& runner_;
  Settings& settings_;
  Republish republish_;
};

}  // namespace galaxy::app
