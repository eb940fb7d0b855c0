// SPDX-License-Identifier: MIT
// The hydrodynamics' first stage on the CPU (cpu/hydro.hpp): the gas bodies' octree, CpuOctree's
// four stages over the gas alone, and each node's largest smoothing length, so that a neighbour
// walk can skip a cell that neither reaches a body's sphere nor is reached by it.
#include <algorithm>

#include "cpu/hydro.hpp"
#include "cpu/parallel.hpp"

namespace galaxy {

void GasTree::build(const HostBodies& b) {
  gas.clear();
  for (std::size_t i = 0; i < b.size(); ++i) {
    if (b.is_gas(i)) gas.push_back(static_cast<std::int32_t>(i));
  }
  positions = HostBodies{};
  positions.resize(gas.size());
  positions.add_gas_arrays();
  for (std::size_t k = 0; k < gas.size(); ++k) {
    const auto i = static_cast<std::size_t>(gas[k]);
    positions.x[k] = b.x[i], positions.y[k] = b.y[i], positions.z[k] = b.z[i];
    positions.m[k] = b.m[i];
  }
  if (gas.empty()) {
    tree = CpuOctree{};
    h_max.clear();
    return;
  }
  // Leaves of 8 gas bodies: a neighbour sphere holds 64, so a walk visits few leaves.
  tree.build(positions, 8, 64);
  refresh_h(b);
}

// Each node's largest h, children before parents: the pre-order array walked backwards.
void GasTree::refresh_h(const HostBodies& b) {
  for (std::size_t k = 0; k < gas.size(); ++k) positions.h[k] = b.h[static_cast<std::size_t>(gas[k])];
  const auto& nodes = tree.nodes();
  const auto& order = tree.order();
  h_max.assign(nodes.size(), 0.0f);
  for (std::size_t n = nodes.size(); n-- > 0;) {
    const CpuNode& node = nodes[n];
    float m = 0;
    for (int s = node.body_begin; s < node.body_end; ++s) {
      m = std::max(m, positions.h[static_cast<std::size_t>(order[static_cast<std::size_t>(s)])]);
    }
    h_max[n] = m;
  }
}

}  // namespace galaxy
