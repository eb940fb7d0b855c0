// SPDX-License-Identifier: MIT
// The CPU backend: the six stages in the order the GPU runs them (cpu/bounding_box.cpp, sort.cpp,
// tree_build.cpp, summarize.cpp, force.cpp, integrate.cpp), each timed.
#include "cpu/cpu_simulation.hpp"

#include <chrono>
#include <stdexcept>
#include <string>

#include "cpu/direct.hpp"
#include "cpu/integrate.hpp"
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
  tree_current_ = false;
  runaway_.reset();
  vertex_values_.clear();  // they were the old bodies'
  compute_forces();
  if (params_.alpha > 0 && solver_ == Solver::BarnesHut)
    compute_forces();  // the relative criterion needs accelerations
}

void CpuSimulation::restore_forces(const HostBodies& b) {
  if (b.size() != bodies_.size()) throw std::invalid_argument("restore_forces: body count differs");
  bodies_.ax = b.ax, bodies_.ay = b.ay, bodies_.az = b.az, bodies_.pot = b.pot;
}

void CpuSimulation::set_params(const SimParams& p) {
  check_params(p);
  params_ = p;
}

void CpuSimulation::set_solver(Solver s) {
  solver_ = s;
  if (!bodies_.empty()) compute_forces();
}

void CpuSimulation::compute_forces() {
  const auto n = static_cast<std::uint64_t>(bodies_.size());
  timings_.ms = {};
  if (solver_ == Solver::Direct) {  // no tree stages run for a direct sum
    const auto t0 = Clock::now();
    direct_forces_cpu(bodies_, params_.softening);
    timings_[Stage::Force] = ms_since(t0);
    counts_ = {n * (n > 0 ? n - 1 : 0), 0, 0};
    return;
  }
  const CpuOctree::BuildTimes bt = tree_.build(bodies_, params_.leaf_size, params_.group_size);
  timings_[Stage::BoundingBox] = bt.bounding_box;
  timings_[Stage::Sort] = bt.sort;
  timings_[Stage::TreeBuild] = bt.tree_build;
  timings_[Stage::Summarize] = bt.summarize;
  const auto t0 = Clock::now();
  pass_params_ = params_;
  pass_had_accel_ = have_accel_;
  counts_ = tree_forces(tree_, bodies_, walk_params(params_, have_accel_), walk_accel_);
  have_accel_ = true;
  tree_current_ = true;
  timings_[Stage::Force] = ms_since(t0);
}

void CpuSimulation::step() {
  if (runaway_) return;  // stopped: the state is the last good one until clear_runaway()
  const auto t_step = Clock::now();
  const float dt = params_.dt;
  good_ = bodies_;  // a copy per step: cheap next to the force pass
  const float integrate_ms = leapfrog(bodies_, dt, [&] { compute_forces(); });
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
  std::size_t bytes() const override { return bodies.size() * kBytesPerBody; }
  // The arrays a HostBodies holds: 11 floats and two tag bytes.
  static constexpr std::size_t kBytesPerBody = 11 * sizeof(float) + 2;
};
}  // namespace

std::unique_ptr<Keyframe> CpuSimulation::capture(std::unique_ptr<Keyframe> spare) const {
  std::unique_ptr<CpuKeyframe> k;
  if (spare && spare->owner == this) k.reset(static_cast<CpuKeyframe*>(spare.release()));
  if (!k) k = std::make_unique<CpuKeyframe>();
  k->bodies = bodies_;  // the spare's vectors keep their room
  k->have_accel = have_accel_;
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
  time_ = c.time, steps_ = c.steps;
  runaway_.reset();
  tree_current_ = false;
}

WalkTrace CpuSimulation::trace_walk(std::size_t index) {
  require_tree("trace_walk");
  if (!tree_current_) {
    throw std::logic_error("trace_walk: no force pass since going back in time; step once");
  }
  if (index >= bodies_.size()) {
    throw std::out_of_range("trace_walk: no body " + std::to_string(index) + " among " +
                            std::to_string(bodies_.size()));
  }
  // The tree, the parameters and each body's alpha |a| of the last force pass; a step's closing
  // kick changes only velocities, so the positions are those the tree was built on.
  const WalkParams w = walk_params(pass_params_, pass_had_accel_);
  WalkTrace t = trace(tree_, bodies_, static_cast<int>(index), w, walk_accel_[index]);
  t.theta = pass_params_.theta;
  t.alpha = w.relative ? w.alpha : 0.0f;
  return t;
}

std::vector<TraceBox> CpuSimulation::tree_cells(int max_depth) const {
  require_tree("tree_cells");
  return galaxy::tree_cells(tree_, max_depth);
}

Diagnostics CpuSimulation::diagnostics() const { return compute_diagnostics(bodies_); }

}  // namespace galaxy
