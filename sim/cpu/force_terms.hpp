// SPDX-License-Identifier: MIT
// The forces the host's integrator asks for between its parts (cpu/leapfrog.hpp), as a list of
// terms in REBOUND's shape (its gravity, then its additional forces): today one, gravity (the tree
// walk or the direct sum: cpu/gravity.hpp; over MPI ranks mpi/rank_state.cpp's), then, in a run
// with gas, hydrodynamics (cpu/hydro.hpp). Every term first prepares from the bodies as the pass
// finds them (their accelerations still the last pass's), then the first term writes every
// body's acceleration and potential and each later one adds its own to them, in the list's order
// (so the sums are the same every step). A term times its own stages into the pass's timings.
#pragma once

#include <cstddef>
#include <memory>
#include <string_view>
#include <utility>
#include <vector>

#include "bodies.hpp"
#include "simulation.hpp"

namespace galaxy {

// What a pass gives its terms and what they report into.
struct ForcePass {
  const SimParams& params;
  Solver solver;
  bool have_accel;  // the bodies hold the last pass's accelerations (the relative criterion)
  StageTimings& timings;
  InteractionCounts& counts;  // gravity's pair and cell interactions
  float dt = 0;  // the step's dt (the positions drifted by it, the velocities kicked by half); 0
                 // for a pass outside a step (a new run, a changed solver)
};

class ForceTerm {
 public:
  virtual ~ForceTerm() = default;
  virtual std::string_view name() const = 0;
  // Reads what it needs of `b` before any term of the pass writes (the last pass's accelerations).
  virtual void prepare(const HostBodies& /*b*/, const ForcePass& /*p*/) {}
  // Writes (the first term) or adds (any later one) the accelerations and potentials of `b`.
  virtual void accelerations(HostBodies& b, const ForcePass& p) = 0;
};

class ForceTerms {
 public:
  // Appends `t` (the first one added writes: see above); returns it.
  ForceTerm& add(std::unique_ptr<ForceTerm> t) {
    terms_.push_back(std::move(t));
    return *terms_.back();
  }
  // The accelerations of all terms at the bodies' positions, in the list's order.
  void accelerations(HostBodies& b, const ForcePass& p) {
    for (const std::unique_ptr<ForceTerm>& t : terms_) t->prepare(b, p);
    for (const std::unique_ptr<ForceTerm>& t : terms_) t->accelerations(b, p);
  }
  std::size_t size() const { return terms_.size(); }
  const ForceTerm& operator[](std::size_t i) const { return *terms_[i]; }

 private:
  std::vector<std::unique_ptr<ForceTerm>> terms_;
};

}  // namespace galaxy
