// SPDX-License-Identifier: MIT
// Gravity, the host's first force term (cpu/force_terms.hpp): Barnes-Hut on CpuOctree, or the
// direct sum in double (cpu/direct.hpp). It keeps the last pass's tree and what that pass
// decided with, which the overlays replay (CpuSimulation::trace_walk, tree_cells).
#pragma once

#include <cstddef>
#include <string_view>
#include <vector>

#include "cpu/force_terms.hpp"
#include "cpu/octree.hpp"

namespace galaxy {

class CpuGravity final : public ForceTerm {
 public:
  std::string_view name() const override { return "gravity"; }
  // Writes the accelerations and potentials; the tree's stages and the walk (Stage::Force) or
  // the direct sum (Stage::Force alone) into p.timings, their interactions into p.counts.
  void accelerations(HostBodies& b, const ForcePass& p) override;
  // The last Barnes-Hut pass's walk of body `index` of `b` (the bodies it ran on, since moved
  // by a closing kick at most), recorded instead of summed.
  WalkTrace trace_walk(const HostBodies& b, std::size_t index) const;
  // Each body's walk cost in the last Barnes-Hut pass (its tree, parameters and alpha |a|, as
  // trace_walk replays them); zeros where no pass walked bodies of this count.
  std::vector<float> walk_costs(const HostBodies& b) const;
  std::vector<TraceBox> cells(int max_depth) const { return tree_cells(tree_, max_depth); }
  // The bodies are no longer those of the last pass's tree (a new run, going back in time).
  void forget_tree() { tree_current_ = false; }
  // Off: the pass writes zero accelerations and potentials (the hydrodynamics' shock tubes, which
  // have no self-gravity); on by default.
  void set_enabled(bool on) {
    enabled_ = on;
    tree_current_ = false;
  }
  bool tree_current() const { return tree_current_; }

 private:
  CpuOctree tree_;  // the last Barnes-Hut pass's, which the overlay's trace walks
  // What that pass decided with: its parameters and every body's alpha |a| (the accelerations
  // it read are overwritten).
  SimParams pass_params_;
  bool pass_had_accel_ = false;
  std::vector<float> walk_accel_;
  bool tree_current_ = false;  // tree_ belongs to the bodies
  bool enabled_ = true;
};

}  // namespace galaxy
