// SPDX-License-Identifier: MIT
// Galaxies dropped into the running run and taken out of it, and undo: the frame loop starts
// them and collects what came of them, never waiting. A dropped galaxy is made on a worker
// thread (a 200,000-body disk takes a good part of a second on one core), then added by the
// simulation's thread before its next step (Runner::edit), which the timeline keeps as it keeps
// a parameter change: the future after it is forgotten, the past stays, undo takes it back.
#pragma once

#include <cstdint>
#include <deque>
#include <future>
#include <optional>
#include <string>
#include <vector>

#include "run/report.hpp"
#include "run/runner.hpp"
#include "scenarios/drop.hpp"

namespace galaxy::app {

class BodyEdits {
 public:
  // Drops are made from seeds `seed` + 1, + 2, ...: a run's drops differ, and repeat in a rerun.
  BodyEdits(Runner& runner, std::uint64_t seed) : runner_(runner), seed_(seed) {}
  ~BodyEdits();
  BodyEdits(const BodyEdits&) = delete;
  BodyEdits& operator=(const BodyEdits&) = delete;

  // Starts making the galaxy of `d`; refused (the report says why) while another is being made.
  std::optional<Report> drop(const DropSpec& d);
  // Takes out the galaxy that body `index` (reset()'s order) belongs to.
  void remove_galaxy_of(std::size_t index);
  void undo();

  // Whether a drop is being made or an edit waits for the thread.
  bool busy() const { return making_.valid() || !pending_.empty(); }
  struct Outcome {
    bool edited = false;  // the bodies changed: results asked before are stale
    std::vector<Report> reports;
  };
  // Once a frame: hands a made galaxy to the thread and says what the finished edits did.
  Outcome poll();
  // Waits for everything under way (a headless run's end, the tests).
  Outcome finish();

 private:
  struct Pending {
    std::string what;  // "added a disk galaxy of 20,000 bodies"
    std::future<std::optional<std::string>> result;
  };
  void collect(Outcome& out, bool wait);

  Runner& runner_;
  std::uint64_t seed_;
  std::future<HostBodies> making_;
  std::string making_what_;
  std::deque<Pending> pending_;
};

}  // namespace galaxy::app
