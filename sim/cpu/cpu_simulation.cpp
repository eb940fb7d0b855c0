// SPDX-License-Identifier: MIT
// The CPU backend: the leapfrog (cpu/leapfrog.cpp) around the force terms (cpu/force_terms.hpp),
// gravity's stages in the order the GPU runs them (cpu/bounding_box.cpp, sort.cpp, tree_build.cpp,
// summarize.cpp, force.cpp), each timed.
#include "cpu/cpu_simulation.hpp"

#include <algorithm>
#include <chrono>
#include <stdexcept>
#include <string>

#include "cpu/leapfrog.hpp"
#include "cpu/runaways.hpp"
#include "diagnostics.hpp"
#include "wall_clock.hpp"

namespace galaxy {

namespace {
using Clock = std::chrono::steady_clock;
}  // namespace

std::string CpuSimulation::name() const {
  return std::string("cpu/") + std::string(to_string(solver_));
}

void CpuSimulation::reset(const HostBodies& bodies) {
  validate(bodies);
  HostBodies copy = bodies;
  copy.resize(bodies.size());  // make sure the optional arrays have the right length
  bodies_ = std::move(copy);
  time_ = 0;
  steps_ = 0;
  timings_ = {};
  have_accel_ = false;
  gravity_.forget_tree();
  runaway_.reset();
  vertex_values_.clear();  // they were the old bodies'
  compute_forces();
  if (params_.alpha > 0 && solver_ == Solver::BarnesHut)
    compute_forces();  // the relative criterion needs accelerations
}

void CpuSimulation::restore_forces(const HostBodies& b) {
  if (b.size() != bodies_.size()) throw std::invalid_argument("restore_forces: body count differs");
  bodies_.ax = b.ax, bodies_.ay = b.ay, bodies_.az = b.az, bodies_.pot = b.pot;
  if (b.has_gas() && bodies_.has_gas()) bodies_.dudt = b.dudt, bodies_.h = b.h, bodies_.rho = b.rho;
}

void CpuSimulation::set_params(const SimParams& p) {
  check_params(p);
  params_ = p;
}

void CpuSimulation::set_solver(Solver s) {
  solver_ = s;
  if (!bodies_.empty()) compute_forces();
}

void CpuSimulation::force_pass(float dt) {
  timings_.ms = {};
  terms_.accelerations(bodies_, ForcePass{params_, solver_, have_accel_, timings_, counts_, dt});
  if (solver_ == Solver::BarnesHut) have_accel_ = true;  // the direct sum decides nothing by them
}

void CpuSimulation::step() {
  if (runaway_) return;  // stopped: the state is the last good one until clear_runaway()
  const auto t_step = Clock::now();
  const float dt = std::min(params_.dt, hydro_.courant_dt());  // the Courant step: infinite
  good_ = bodies_;  // a copy per step: cheap next to the force pass
  float integrate_ms = 0;
  try {
    integrate_ms = leapfrog_step(bodies_, dt, [&] { force_pass(dt); }, hydro_.params().u_floor);
  } catch (...) {  // a gas body's h that did not converge: the run stays at the step's start
    bodies_ = std::move(good_);
    good_ = HostBodies{};
    throw;
  }
  Runaway r;
  find_runaways(bodies_, r);
  if (r.count > 0) {
    r.step = steps_ + 1;
    r.good_step = steps_;
    r.good_time = time_;
    bodies_ = std::move(good_);
    good_ = HostBodies{};
    runaway_ = std::move(r);
    return;
  }
  timings_[Stage::Integrate] = integrate_ms;
  timings_.total_ms = ms_since(t_step);
  timings_.valid = true;
  time_ += dt;
  last_dt_ = dt;
  ++steps_;
}

void CpuSimulation::require_tree(const char* what) const {
  if (solver_ != Solver::BarnesHut) {
    throw std::logic_error(std::string(what) + ": the direct solver builds no tree");
  }
}

namespace {
struct CpuKeyframe final : Keyframe {
  HostBodies bodies;
  bool have_accel = false;
  float courant_dt = 0;  // the next step's Courant limit (a replay takes the same steps)
  std::size_t bytes() const override {
    return bodies.size() * (kBytesPerBody + (bodies.has_gas() ? kGasBytesPerBody : 0));
  }
  // The arrays a HostBodies holds: 11 floats and two tag bytes, and with gas four floats more.
  static constexpr std::size_t kBytesPerBody = 11 * sizeof(float) + 2;
  static constexpr std::size_t kGasBytesPerBody = 4 * sizeof(float);
};
}  // namespace

std::unique_ptr<Keyframe> CpuSimulation::capture(std::unique_ptr<Keyframe> spare) const {
  std::unique_ptr<CpuKeyframe> k;
  if (spare && spare->owner == this) k.reset(static_cast<CpuKeyframe*>(spare.release()));
  if (!k) k = std::make_unique<CpuKeyframe>();
  k->bodies = bodies_;  // the spare's vectors keep their room
  k->have_accel = have_accel_;
  k->courant_dt = hydro_.courant_dt();
  k->steps = steps_, k->time = time_, k->body_count = bodies_.size(), k->owner = this;
  return k;
}

// A keyframe of another body count (from before or after bodies were added or taken out: the
// timeline's edits) brings its own arrays; a shown field belonged to the other bodies.
void CpuSimulation::restore(const Keyframe& k) {
  if (k.owner != this) throw std::invalid_argument("restore: the keyframe belongs to another run");
  const auto& c = static_cast<const CpuKeyframe&>(k);
  if (c.bodies.size() != bodies_.size()) vertex_values_.clear();
  bodies_ = c.bodies;
  have_accel_ = c.have_accel;
  hydro_.restore_courant_dt(c.courant_dt);
  time_ = c.time, steps_ = c.steps;
  runaway_.reset();
  gravity_.forget_tree();
}

WalkTrace CpuSimulation::trace_walk(std::size_t index) {
  require_tree("trace_walk");
  return gravity_.trace_walk(bodies_, index);
}

std::vector<TraceBox> CpuSimulation::tree_cells(int max_depth) const {
  require_tree("tree_cells");
  return gravity_.cells(max_depth);
}

Diagnostics CpuSimulation::diagnostics() const { return compute_diagnostics(bodies_); }

}  // namespace galaxy
