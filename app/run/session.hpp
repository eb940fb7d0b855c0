// SPDX-License-Identifier: MIT
// What a run of the program holds: the simulation, and what re-creates its bodies (the scenario,
// its seed) at another count. It starts from a RunSpec (run/run_spec.hpp), which any front end
// builds; the wanted parameters live with the front end (RunControl's RunWanted); the session only
// runs what it is told and says what is running.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "io/snapshot.hpp"
#include "run/run_spec.hpp"
#include "scenarios/encounter.hpp"
#include "simulation.hpp"
#include "units.hpp"

namespace galaxy::app {

// What a snapshot load brought: the parameters now running (a .gxy file's own, else the ones
// that ran before), the body count, and what the load said besides loading (warnings about the
// file's values, which of its parameters the command line overrode).
struct Loaded {
  SimParams params;
  std::size_t bodies = 0;
  std::vector<std::string> notes;
};

// What runs: read from the status the simulation's thread publishes (RunnerStatus::running), so
// nothing parks the thread to learn it.
struct Running {
  std::size_t bodies = 0;
  Backend backend = Backend::Cpu;
  Solver solver = Solver::BarnesHut;
  SimParams params;
  std::string name;      // the backend's description
  std::string scenario;  // what body-count changes and resets re-create
  std::string source;    // what made the bodies: the scenario, or "snapshot PATH"
  Units units;           // what a unit length and mass of the run are (none: G = 1 units)
};

// What hears the read of the snapshot at `path` a run starts from, made when the read begins (a
// progress line's clock then starts with the read, not with the backend's start-up).
using ReadProgress = std::function<io::Progress(const std::string& path)>;

class Session {
 public:
  // Reads `spec` once: the backend, solver, parameters, scenario, seed, the CPU threads and the
  // start (the scenario or encounter at its count, or the snapshot, whose read `loading` makes
  // the progress of). Throws what the preflight, the encounter file or the snapshot refuses.
  explicit Session(const RunSpec& spec, const ReadProgress& loading = {});
  // What the start said besides starting: the snapshot's warnings, and which of its parameters
  // the spec's given ones overrode (the front end shows them).
  const std::vector<std::string>& start_notes() const { return start_notes_; }
  Simulation& simulation() { return *sim_; }
  const Simulation& simulation() const { return *sim_; }
  Running running() const;
  // The scenario that body-count changes and resets re-create.
  const std::string& scenario() const { return scenario_; }
  // What made the current bodies: the scenario's name, "encounter PATH", "snapshot PATH", or
  // "given bodies".
  const std::string& source() const { return source_; }
  // What a unit length and mass of the current bodies are: the scenario's, or a loaded .gxy
  // file's (none from Tipsy, CSV or a version 1 .gxy).
  const Units& units() const { return units_; }
  // Re-creates the scenario with `n` bodies. On failure (bad count, out of memory) throws and
  // keeps the current run.
  void set_body_count(std::size_t n);
  // Switches to scenario `name` at the current body count; throws and keeps the run on failure.
  void set_scenario(const std::string& name);
  // Runs encounter `e` (the panel's designer) at `bodies` (0: the current count); what resets
  // re-create from now on. Throws and keeps the run for what check_encounter refuses or memory
  // lacks.
  void set_encounter(const Encounter& e, std::size_t bodies = 0);
  // The encounter that runs (a preset's, a file's or the designer's), if any.
  const Encounter* encounter() const;
  // Moves the current bodies to a simulation on `backend` (time restarts at 0); throws and keeps
  // the run on failure (no device, out of memory).
  void set_backend(Backend backend);
  // Edits of the running run at its current time (the timeline keeps them: Runner::edit).
  // add_galaxy gives the bodies of `g` (scenarios/drop.hpp) the lowest galaxy tag not in use and
  // adds them; remove_galaxy_of takes out the galaxy that body `index` (reset()'s order) belongs
  // to. Both return the galaxy's tag; both throw and keep the run where the bodies do not fit in
  // memory (the preflight's message), every tag is taken, there is no such body, or no body would
  // be left.
  int add_galaxy(HostBodies g);
  int remove_galaxy_of(std::size_t index);
  // Snapshots, format by extension (io::save_snapshot, io::load_snapshot); a failed load keeps
  // the current run. A .gxy load also restores the time, the step count, the parameters and the
  // units; a .gxy or HDF5 save keeps the units. Loads read with the spec's units and particle
  // types. `progress` hears the bytes (io/progress.hpp).
  void save(const std::string& path, const io::Progress& progress = {}) const;
  Loaded load(const std::string& path, const io::Progress& progress = {});
  // How loads read (the spec's units and particle types), with `progress`: for a load on another
  // thread.
  io::LoadOptions load_options(const io::Progress& progress = {}) const;
  // The parts of a load, for one that reads on another thread while this run goes on:
  // the memory preflight from the file's header (nothing read for a CSV file, whose count is
  // known only from its rows), which throws the preflight's refusal, and the switch to the
  // snapshot read, which throws and keeps the run as load() does.
  void check_load(const std::string& path) const;
  // Whether the run reads `path` itself (a .gxy over MPI ranks, each rank its block: the load
  // is then the simulation's, with the thread parked, not a worker's).
  bool reads_itself(const std::string& path) const;
  Loaded adopt(io::Snapshot s, const std::string& path) { return adopt(std::move(s), path, nullptr); }
  // The state a save writes (the bodies downloaded, the time, steps, parameters, units).
  io::Snapshot snapshot() const;

 private:
  // `given`: at start-up, the spec's given parameters win over the file's, with a note; null for
  // a load later on.
  Loaded adopt(io::Snapshot s, const std::string& path, const RunSpec* given);
  // The snapshot at `path`, or of a .gxy the run reads itself its header alone (unread_bodies).
  io::Snapshot read(const std::string& path, const io::Progress& progress) const;

  // The bodies of the scenario, or of the encounter file where one runs, at `n` bodies.
  HostBodies make_bodies(std::size_t n) const;
  // The run goes on with `b` from its current time and step (forces computed afresh).
  void replace_bodies(const HostBodies& b);
  // After make_bodies(): the source and the units are the scenario's or the encounter's.
  void made_by_generator();
  // The memory preflight for n bodies on backend b, with what this run adds to them (the vertex
  // buffers when rendering, the octupole array at order 3); throws its refusal.
  void require_room(Backend b, std::size_t n) const;

  std::string scenario_;
  std::optional<Encounter> encounter_;  // the spec's encounter file: what resets re-create instead
  std::string encounter_path_;
  Units units_;
  io::LoadOptions load_options_;  // the spec's units and particle types
  std::uint64_t seed_;
  bool rendering_;  // the memory preflight counts the vertex buffers too
  std::unique_ptr<Simulation> sim_;
  std::string source_;
  std::vector<std::string> start_notes_;
};

}  // namespace galaxy::app
