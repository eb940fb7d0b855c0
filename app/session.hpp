// SPDX-License-Identifier: MIT
// What a run of the program holds: the simulation made from the options, and the scenario that
// created its bodies (so that a body-count change re-creates it at the new N).
#pragma once

#include <memory>

#include "options.hpp"
#include "simulation.hpp"

namespace galaxy::app {

class Session {
 public:
  explicit Session(const Options& o);
  Simulation& simulation() { return *sim_; }
  const Options& options() const { return options_; }
  // Re-creates the scenario with `n` bodies. On failure (bad count, out of memory) throws and
  // keeps the current run.
  void set_body_count(std::size_t n);
  HostBodies make_bodies(std::size_t n) const;

 private:
  Options options_;
  std::unique_ptr<Simulation> sim_;
};

// The backend the options ask for, or cuda where a device is present, else cpu.
Backend choose_backend(const Options& o);
std::size_t default_body_count(Backend b);

}  // namespace galaxy::app
