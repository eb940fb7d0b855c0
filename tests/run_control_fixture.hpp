// SPDX-License-Identifier: MIT
// A lockstep run and its RunControl, for the tests of the features that act on the run (time
// controls, snapshots, the encounter designer) without an App or a window: a CPU collision of
// `bodies` bodies, keyframes kept, each grant stepped at once.
#pragma once

#include <memory>

#include "cli/run_spec_options.hpp"
#include "run/run_control.hpp"
#include "run/runner.hpp"

namespace galaxy::test_support {

struct LockstepRun {
  explicit LockstepRun(std::size_t bodies) : runner(session(bodies), false, std::size_t(1) << 30) {
    runner.exclusive([&](app::Session& s) { runner.republish(s, true); });
  }
  static std::unique_ptr<app::Session> session(std::size_t bodies) {
    app::Options o;
    o.backend = Backend::Cpu;
    o.scenario = "collision";
    o.bodies = bodies;
    return std::make_unique<app::Session>(app::run_spec(o));
  }

  app::Runner runner;
  app::RunControl control{runner,
                          [this](app::Session& s, bool changed) { runner.republish(s, changed); }};
};

}  // namespace galaxy::test_support
