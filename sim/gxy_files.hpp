// SPDX-License-Identifier: MIT
// A face of a Simulation (simulation.hpp): a run that writes and reads its own .gxy (over several
// MPI ranks: each rank its share, in parallel). Simulation::gxy_files() is null for the others,
// which the app saves from download() and loads through reset().
#pragma once

#include <string>

#include "units.hpp"

namespace galaxy {

class GxyFiles {
 public:
  virtual ~GxyFiles() = default;
  // Writes the run atomically to `path`, or throws std::runtime_error naming the file and the
  // problem (the run goes on, an older file stays).
  virtual void save_gxy(const std::string& path, const Units& units) = 0;
  // Takes the bodies of the .gxy at `path` (checked as io::load_gxy checks it) in place of the
  // run's own, with the file's accelerations where `file_forces` (the file's parameters run on:
  // as Simulation::restore_forces), else computed as reset() computes them; the clock is zero. It
  // throws std::runtime_error naming the file and the problem, keeping the run.
  virtual void load_gxy(const std::string& path, bool file_forces) = 0;
};

}  // namespace galaxy
