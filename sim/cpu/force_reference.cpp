// SPDX-License-Identifier: MIT
// The per-body walk, kept as the tests' reference for the group walk (force.cpp): each body walks
// the tree alone with physics::accept at its own alpha |a|, summed in scalar float.
#include <cmath>

#include "cpu/octree.hpp"
#include "cpu/parallel.hpp"
#include "cpu/walk_trace.hpp"
#include "physics.hpp"

namespace galaxy {

namespace {

// The per-body walk (trace_single): body `self` alone, its own leaf's other bodies summed.
template <typename Visitor>
void walk_single(const CpuOctree& tree, const HostBodies& b, int self, const WalkParams& w,
                 float alpha_accel, Visitor& v) {
  const auto& nodes = tree.nodes();
  const auto& order = tree.order();
  const float px = b.x[self], py = b.y[self], pz = b.z[self];
  const auto count = static_cast<std::int32_t>(nodes.size());
  std::int32_t i = 0;
  while (i < count) {
    const CpuNode& node = nodes[static_cast<std::size_t>(i)];
    const float dx = node.comx - px, dy = node.comy - py, dz = node.comz - pz;
    const float d2 = dx * dx + dy * dy + dz * dz;
    const float r = physics::open_radius(node.open_size, node.open_offset, w.inv_theta);
    const float extent = physics::cell_extent(node.open_size, node.open_offset);
    if (physics::accept(d2, r * r, node.mass, extent, w.order, w.relative, alpha_accel,
                        w.reach2)) {
      if (node.body_end - node.body_begin == 1) {
        v.point(i, dx, dy, dz);
      } else {
        v.cell(i, dx, dy, dz);
      }
      i = node.skip;
    } else if (node.leaf()) {
      v.open(node);
      for (int k = node.body_begin; k < node.body_end; ++k) {
        const int j = order[k];
        if (j != self) v.body(j, b.x[j] - px, b.y[j] - py, b.z[j] - pz);
      }
      i = node.skip;
    } else {
      v.open(node);
      i = i + 1;
    }
  }
}

// Sums the per-body walk in scalar float (tree_forces_single, the tests' reference).
struct ScalarForceVisitor {
  const CpuOctree& tree;
  const HostBodies& b;
  const WalkParams& w;
  physics::Accum<float> acc;
  void point(int i, float dx, float dy, float dz) {
    physics::interact(acc, dx, dy, dz, tree.nodes()[i].mass, w.eps2);
  }
  void cell(int i, float dx, float dy, float dz) {
    const CpuNode& n = tree.nodes()[i];
    if (w.order == physics::Order::Octupole) {
      physics::interact_octupole(acc, dx, dy, dz, n.mass, n.quad, n.oct, w.eps2);
    } else if (w.order == physics::Order::Quadrupole) {
      physics::interact_quadrupole(acc, dx, dy, dz, n.mass, n.quad, w.eps2);
    } else {
      physics::interact(acc, dx, dy, dz, n.mass, w.eps2);
    }
  }
  void open(const CpuNode&) {}
  void body(int j, float dx, float dy, float dz) { physics::interact(acc, dx, dy, dz, b.m[j], w.eps2); }
};

}  // namespace

void tree_forces_single(const CpuOctree& tree, HostBodies& b, const WalkParams& w) {
  const HostBodies in = b;  // the relative test reads the last accelerations
  cpu::parallel_for(b.size(), 256, [&](std::size_t begin, std::size_t end, int) {
    for (std::size_t i = begin; i < end; ++i) {
      const int self = static_cast<int>(i);
      const float a = w.relative ? w.alpha * std::sqrt(in.ax[i] * in.ax[i] + in.ay[i] * in.ay[i] +
                                                       in.az[i] * in.az[i])
                                 : 0.0f;
      ScalarForceVisitor v{tree, in, w, {}};
      walk_single(tree, in, self, w, a, v);
      b.ax[i] = v.acc.ax, b.ay[i] = v.acc.ay, b.az[i] = v.acc.az, b.pot[i] = v.acc.pot;
    }
  });
}

WalkTrace trace_single(const CpuOctree& tree, const HostBodies& b, int self, const WalkParams& w,
                       float alpha_accel) {
  TraceVisitor v{tree, b, {}};
  v.t.body = {b.x[self], b.y[self], b.z[self]};
  v.t.group = {v.t.body, v.t.body, 0};
  walk_single(tree, b, self, w, alpha_accel, v);
  return std::move(v.t);
}

}  // namespace galaxy
