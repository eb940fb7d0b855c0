// SPDX-License-Identifier: MIT
#include "cpu/gravity.hpp"

#include <chrono>
#include <stdexcept>
#include <string>

#include "cpu/direct.hpp"
#include "wall_clock.hpp"

namespace galaxy {

void CpuGravity::accelerations(HostBodies& b, const ForcePass& p) {
  using Clock = std::chrono::steady_clock;
  const auto n = static_cast<std::uint64_t>(b.size());
  if (!enabled_) {  // a hydrodynamics test without self-gravity: the first term writes zeros
    for (auto* v : {&b.ax, &b.ay, &b.az, &b.pot}) v->assign(b.size(), 0.0f);
    p.counts = {};
    return;
  }
  if (p.solver == Solver::Direct) {  // no tree stages run for a direct sum
    const auto t0 = Clock::now();
    direct_forces_cpu(b, p.params.softening);
    p.timings[Stage::Force] = ms_since(t0);
    p.counts = {n * (n > 0 ? n - 1 : 0), 0, 0};
    return;
  }
  const CpuOctree::BuildTimes bt = tree_.build(b, p.params.leaf_size, p.params.group_size);
  p.timings[Stage::BoundingBox] = bt.bounding_box;
  p.timings[Stage::Sort] = bt.sort;
  p.timings[Stage::TreeBuild] = bt.tree_build;
  p.timings[Stage::Summarize] = bt.summarize;
  const auto t0 = Clock::now();
  pass_params_ = p.params;
  pass_had_accel_ = p.have_accel;
  p.counts = tree_forces(tree_, b, walk_params(p.params, p.have_accel), walk_accel_);
  tree_current_ = true;
  p.timings[Stage::Force] = ms_since(t0);
}

WalkTrace CpuGravity::trace_walk(const HostBodies& b, std::size_t index) const {
  if (!tree_current_) {
    throw std::logic_error("trace_walk: no force pass since going back in time; step once");
  }
  if (index >= b.size()) {
    throw std::out_of_range("trace_walk: no body " + std::to_string(index) + " among " +
                            std::to_string(b.size()));
  }
  // The tree, the parameters and each body's alpha |a| of the last force pass; a step's closing
  // kick changes only velocities, so the positions are those the tree was built on.
  const WalkParams w = walk_params(pass_params_, pass_had_accel_);
  WalkTrace t = trace(tree_, b, static_cast<int>(index), w, walk_accel_[index]);
  t.theta = pass_params_.theta;
  t.alpha = w.relative ? w.alpha : 0.0f;
  return t;
}

std::vector<float> CpuGravity::walk_costs(const HostBodies& b) const {
  if (walk_accel_.size() != b.size()) return std::vector<float>(b.size(), 0.0f);
  return galaxy::walk_costs(tree_, b, walk_params(pass_params_, pass_had_accel_), walk_accel_);
}

}  // namespace galaxy
