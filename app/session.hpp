// SPDX-License-Identifier: MIT
// What a run of the program holds: the simulation made from the options, and the scenario that
// created its bodies (so that a body-count change re-creates it at the new N).
#pragma once

#include <memory>
#include <string>
#include <vector>

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
  // Switches to scenario `name` at the current body count; throws and keeps the run on failure.
  void set_scenario(const std::string& name);
  // Moves the current bodies to a simulation on `backend` (time restarts at 0); throws and keeps
  // the run on failure (no device, out of memory).
  void set_backend(Backend backend);
  // Snapshots, format by extension (io::save_snapshot, io::load_snapshot); a failed load keeps
  // the current run. A .gxy load also restores the time, the step count and θ, dt, softening.
  void save(const std::string& path) const;
  void load(const std::string& path);
  // What the last load said besides loading: warnings about the file's values, and which of its
  // parameters the command line overrode. The program prints them; the panel shows them.
  const std::vector<std::string>& load_notes() const { return load_notes_; }

 private:
  // `overrides`: the command line's --theta, --dt, --softening win over the file's, with a note.
  void load_snapshot(const std::string& path, bool overrides);
  bool rendering() const { return !wants_energy_table(options_); }

  Options options_;
  std::unique_ptr<Simulation> sim_;
  std::vector<std::string> load_notes_;
};

// The backend the options ask for, or cuda where a device is present, else cpu.
Backend choose_backend(const Options& o);
std::size_t default_body_count(Backend b);

}  // namespace galaxy::app
