// SPDX-License-Identifier: MIT
// The run behind a Python galaxy.Simulation: an app::Run in lockstep (each call done before it
// returns, on the caller's thread), built from the keyword arguments as the command line builds
// its RunSpec, with the parameters checked as the command line checks them.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "run/run.hpp"

namespace galaxy::python {

// What a Simulation is made from (galaxy/__init__.py passes its keywords through).
struct RunArgs {
  std::string scenario{app::kDefaultScenario};
  std::optional<std::size_t> bodies;
  std::optional<std::string> backend;  // "cpu" or "cuda"; unset: cuda where a device is present
  std::string solver = "barnes-hut";
  std::uint64_t seed = app::kDefaultSeed;
  std::string encounter, snapshot;     // a .toml encounter file, or a snapshot to start from
  std::optional<std::string> units;    // a loaded file's units where it states none (--units)
  std::vector<std::pair<std::string, double>> params;  // by the table's name or option
  std::optional<int> threads;
  bool keyframes = true;  // kept for undo and going back (off: as `galaxy bench` steps)
};

// One galaxy dropped in at the current step (Session::add_galaxy through Run::add_galaxy).
struct GalaxyArgs {
  std::string model = "disk";
  std::size_t bodies = 20000;
  double mass = 1.0, scale = 1.0;
  std::array<double, 3> position{}, velocity{}, spin{0, 0, 1};
  std::uint64_t seed = 1;
};

class PyRun {
 public:
  explicit PyRun(const RunArgs& args);

  // The parameters: `name` is the table's ("leaf size") or its option ("--leaf-size").
  double param(const std::string& name) const;
  // Checked as check_params checks a run's (std::invalid_argument "theta must be > 0, got -1");
  // a refused value changes nothing.
  void set_param(const std::string& name, double value);
  const SimParams& params() const { return params_; }

  // One step, throwing what made it fail or run away (the state is then the last good one).
  void step_once();
  std::uint64_t steps() const;
  double time() const;
  std::size_t size() { return simulation().size(); }
  std::string backend() { return std::string(to_string(simulation().backend())); }
  std::string name() { return simulation().name(); }
  Units units() const { return run_->status().running.units; }

  Diagnostics diagnostics() { return run_->diagnostics(); }
  HostBodies download() { return simulation().download(); }
  // After the caller wrote the host arrays in place: the accelerations of the new positions.
  void touch();

  void add_galaxy(const GalaxyArgs& g);
  void undo();
  void save(const std::string& path);
  void load(const std::string& path);

  // The simulation itself, between lockstep steps (nothing else runs then).
  Simulation& simulation();
  const RunArgs& args() const { return args_; }

 private:
  void refresh_params();
  static void wait_edit(std::future<std::optional<std::string>> f);

  RunArgs args_;
  std::unique_ptr<app::Run> run_;
  SimParams params_;
};

}  // namespace galaxy::python
