// SPDX-License-Identifier: MIT
// One run, driven the same way by every front end: the headless energy table, `galaxy bench`, a
// script, and the window (which reaches the runner's finer controls through runner()). It
// starts from a RunSpec and keeps its Runner; the calls below go through the runner's rules (a
// parameter before the next step, an edit the timeline keeps, a save with the thread parked),
// so a run stepped here goes back in time, takes drops and saves exactly as in the window.
// A lockstep run (RunSpec::threaded false) does each call before it returns; a threaded one
// steps on its own thread, and step() only lets it run.
#pragma once

#include <cstdint>
#include <future>
#include <optional>
#include <string>

#include "accuracy.hpp"
#include "run/run_spec.hpp"
#include "run/runner.hpp"

namespace galaxy::app {

class Run {
 public:
  // Makes the run `spec` describes (Session's refusals are thrown); `loading` hears the read of
  // its snapshot. Nothing steps before start().
  explicit Run(const RunSpec& spec, const ReadProgress& loading = {});

  // Publishes the first state (status() holds it, the timeline its first keyframe) and starts
  // the thread of a threaded run.
  void start();
  // What the start said besides starting (Session::start_notes).
  const std::vector<std::string>& start_notes() const { return start_notes_; }

  // Checked here (check_params throws what it refuses), set before the next step.
  void set_params(const SimParams& p);
  // Edits at the current step (Session::add_galaxy, remove_galaxy_of), and undo: the future holds
  // what went wrong, or nothing when the edit went through and the run goes on from it.
  std::future<std::optional<std::string>> add_galaxy(HostBodies g);
  std::future<std::optional<std::string>> remove_galaxy_of(std::size_t index);
  std::future<std::optional<std::string>> undo();

  // `n` more steps: a lockstep run takes them before it returns (fewer where it runs away) and
  // throws what made a step fail; a threaded one takes them on its thread.
  void step(std::uint64_t n = 1);
  void pause();  // a threaded run stops after the step in flight
  // Goes to step `step` over the keyframes; false when none reaches back that far.
  bool seek(std::uint64_t step);

  // Snapshots, format by extension (Session::save, Session::load), with the thread parked; a
  // load starts the run over from the file (what Session::load brought is returned).
  void save(const std::string& path, const io::Progress& progress = {});
  Loaded load(const std::string& path, const io::Progress& progress = {});

  // What runs and where it stands, as of the newest published step.
  RunnerStatus status() const { return runner_.status(); }
  // The energy and virial ratio of the current state, and the force error of `samples` bodies
  // against the float64 direct sum: asked of the thread, between steps.
  Diagnostics diagnostics();
  ErrorStats accuracy(std::size_t samples, std::uint64_t seed);

  // The runner behind the run, for a front end's finer controls (the window's vertex slots).
  Runner& runner() { return runner_; }

 private:
  Runner runner_;
  std::vector<std::string> start_notes_;
};

}  // namespace galaxy::app
