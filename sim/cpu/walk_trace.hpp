// SPDX-License-Identifier: MIT
// What the CPU walks (force.cpp's group walk, force_reference.cpp's per-body walk) tell the
// overlay: the cells accepted and opened and the bodies summed, as a WalkTrace.
#pragma once

#include <vector>

#include "bodies.hpp"
#include "cpu/octree.hpp"
#include "simulation.hpp"

namespace galaxy {

inline TraceBox node_box(const CpuNode& n) {
  return {{n.box_lo[0], n.box_lo[1], n.box_lo[2]}, {n.box_hi[0], n.box_hi[1], n.box_hi[2]}, n.depth};
}

// Records a walk for the overlay, capped at kMaxTraceEntries a list.
struct TraceVisitor {
  const CpuOctree& tree;
  const HostBodies& b;
  WalkTrace t;
  template <typename T>
  void add(std::vector<T>& list, T v) {
    if (list.size() < kMaxTraceEntries) {
      list.push_back(v);
    } else {
      t.truncated = true;
    }
  }
  void point(int i, float, float, float) {
    const CpuNode& n = tree.nodes()[i];
    add(t.direct, {n.comx, n.comy, n.comz});
  }
  void cell(int i, float, float, float) { add(t.accepted, node_box(tree.nodes()[i])); }
  void open(const CpuNode& n) { add(t.opened, node_box(n)); }
  void open(int i) { open(tree.nodes()[i]); }
  void body(int j, float, float, float) { add(t.direct, {b.x[j], b.y[j], b.z[j]}); }
};


}  // namespace galaxy
