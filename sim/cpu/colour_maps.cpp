// SPDX-License-Identifier: MIT
// The CPU backend's colour maps (issue 14): the cost of each body's walk, and values drawn in
// place of the speed. The error map is Simulation::body_errors (the accuracy meter's direct sum).
#include <stdexcept>
#include <string>

#include "cpu/cpu_simulation.hpp"

namespace galaxy {

std::vector<float> CpuSimulation::body_costs() {
  if (solver_ == Solver::Direct) {
    const std::size_t n = bodies_.size();
    return std::vector<float>(n, n > 0 ? static_cast<float>(n - 1) : 0.0f);
  }
  if (walk_accel_.size() != bodies_.size()) return std::vector<float>(bodies_.size(), 0.0f);
  // The tree, parameters and alpha |a| of the last pass, as trace_walk() replays them.
  return walk_costs(tree_, bodies_, walk_params(pass_params_, pass_had_accel_), walk_accel_);
}

void CpuSimulation::set_vertex_values(std::vector<float> by_reset_index) {
  if (by_reset_index.size() != bodies_.size()) {
    throw std::invalid_argument("vertex values: " + std::to_string(by_reset_index.size()) +
                                " values for " + std::to_string(bodies_.size()) + " bodies");
  }
  vertex_values_ = std::move(by_reset_index);
}

// The bodies stay in reset()'s order here (the tree sorts an index, not the bodies).
void CpuSimulation::write_vertices_host(float* xyzs, std::uint8_t* tags) const {
  Simulation::write_vertices_host(xyzs, tags);
  if (vertex_values_.size() != bodies_.size()) return;
  for (std::size_t i = 0; i < vertex_values_.size(); ++i) xyzs[4 * i + 3] = vertex_values_[i];
}

}  // namespace galaxy
