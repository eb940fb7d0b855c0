// SPDX-License-Identifier: MIT
// Stage 5 on the CPU: each body walks the tree on its own (seed 002's stackless pre-order walk
// with skip pointers), deciding with physics::accept at every node. One walk routine serves the
// force pass and the overlay's trace: it tells a visitor what it does.
#include <cmath>

#include "cpu/octree.hpp"

namespace galaxy {

namespace {

// The walk of body `self`: accepted cells and single bodies go to v.cell / v.body, opened nodes to
// v.open, the bodies of opened leaves (but `self`) to v.body.
template <typename Visitor>
void walk_nodes(const CpuOctree& tree, const HostBodies& b, int self, const WalkParams& w,
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
    // A body never accepts a cell that holds it (physics::open_radius), so `self` is not here.
    if (physics::accept(d2, r * r, node.mass, extent, w.multipole, w.relative, alpha_accel)) {
      if (node.body_end - node.body_begin == 1) {
        v.point(node, dx, dy, dz);
      } else {
        v.cell(node, dx, dy, dz);
      }
      i = node.skip;
    } else if (node.leaf()) {
      v.open(node);
      for (int k = node.body_begin; k < node.body_end; ++k) {
        if (order[k] != self) v.body(order[k], px, py, pz);
      }
      i = node.skip;
    } else {
      v.open(node);
      i = i + 1;  // descend to the first child, which follows in pre-order
    }
  }
}

struct WalkCounts {
  std::uint64_t body_body = 0, body_cell = 0;
};

// Sums the interactions in float, as the kernels do.
struct ForceVisitor {
  const HostBodies& b;
  const WalkParams& w;
  physics::Accum<float> acc;
  WalkCounts counts;
  void point(const CpuNode& n, float dx, float dy, float dz) {
    ++counts.body_body;
    physics::interact(acc, dx, dy, dz, n.mass, w.eps2);
  }
  void cell(const CpuNode& n, float dx, float dy, float dz) {
    ++counts.body_cell;
    if (w.multipole >= 2) {
      physics::interact_quadrupole(acc, dx, dy, dz, n.mass, n.quad, w.eps2);
    } else {
      physics::interact(acc, dx, dy, dz, n.mass, w.eps2);
    }
  }
  void open(const CpuNode&) {}
  void body(int j, float px, float py, float pz) {
    ++counts.body_body;
    physics::interact(acc, b.x[j] - px, b.y[j] - py, b.z[j] - pz, b.m[j], w.eps2);
  }
};

TraceBox node_box(const CpuNode& n) {
  return {{n.box_lo[0], n.box_lo[1], n.box_lo[2]}, {n.box_hi[0], n.box_hi[1], n.box_hi[2]}, n.depth};
}

// Records the walk for the overlay, capped at kMaxTraceEntries a list.
struct TraceVisitor {
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
  void point(const CpuNode& n, float, float, float) { add(t.direct, {n.comx, n.comy, n.comz}); }
  void cell(const CpuNode& n, float, float, float) { add(t.accepted, node_box(n)); }
  void open(const CpuNode& n) { add(t.opened, node_box(n)); }
  void body(int j, float, float, float) { add(t.direct, {b.x[j], b.y[j], b.z[j]}); }
};

// Counts what the force pass evaluates (the cost map), summing nothing.
struct CountVisitor {
  std::uint64_t count = 0;
  void point(const CpuNode&, float, float, float) { ++count; }
  void cell(const CpuNode&, float, float, float) { ++count; }
  void open(const CpuNode&) {}
  void body(int, float, float, float) { ++count; }
};

// alpha |a| of body `self` for the relative test (0 when it is off).
float walk_alpha_accel(const HostBodies& b, int self, const WalkParams& w) {
  if (!w.relative) return 0.0f;
  return w.alpha * std::sqrt(b.ax[self] * b.ax[self] + b.ay[self] * b.ay[self] +
                             b.az[self] * b.az[self]);
}

}  // namespace

WalkParams walk_params(const SimParams& p, bool have_accel) {
  WalkParams w;
  w.inv_theta = 1.0f / p.theta;
  w.eps2 = p.softening * p.softening;
  w.multipole = p.multipole;
  w.relative = have_accel && p.alpha > 0.0f;
  w.alpha = p.alpha;
  return w;
}

WalkTrace trace(const CpuOctree& tree, const HostBodies& b, int self, const WalkParams& w,
                float alpha_accel) {
  TraceVisitor v{b, {}};
  v.t.body = {b.x[self], b.y[self], b.z[self]};
  v.t.group = {v.t.body, v.t.body, 0};
  walk_nodes(tree, b, self, w, alpha_accel, v);
  return std::move(v.t);
}

InteractionCounts tree_forces(const CpuOctree& tree, HostBodies& b, const WalkParams& w,
                              std::vector<float>& alpha_accel) {
  const int n = static_cast<int>(b.size());
  alpha_accel.resize(b.size());
  std::uint64_t bb = 0, bc = 0;
  // A walk reads the others' positions and masses and its own body's last acceleration (the
  // relative test) before it writes that body's new one: in place is safe.
#pragma omp parallel for schedule(dynamic, 256) reduction(+ : bb, bc)
  for (int i = 0; i < n; ++i) {
    alpha_accel[i] = walk_alpha_accel(b, i, w);
    ForceVisitor v{b, w, {}, {}};
    walk_nodes(tree, b, i, w, alpha_accel[i], v);
    const physics::Accum<float>& a = v.acc;
    const WalkCounts& c = v.counts;
    b.ax[i] = a.ax, b.ay[i] = a.ay, b.az[i] = a.az, b.pot[i] = a.pot;
    bb += c.body_body;
    bc += c.body_cell;
  }
  return {bb, bc, 0};
}

std::vector<float> walk_costs(const CpuOctree& tree, const HostBodies& b, const WalkParams& w,
                              const std::vector<float>& alpha_accel) {
  const int n = static_cast<int>(b.size());
  std::vector<float> cost(b.size());
#pragma omp parallel for schedule(dynamic, 256)
  for (int i = 0; i < n; ++i) {
    CountVisitor v;
    walk_nodes(tree, b, i, w, alpha_accel[i], v);
    cost[i] = static_cast<float>(v.count);
  }
  return cost;
}

std::vector<TraceBox> tree_cells(const CpuOctree& tree, int max_depth) {
  std::vector<TraceBox> boxes;
  for (const CpuNode& n : tree.nodes()) {
    if (n.depth <= max_depth) boxes.push_back(node_box(n));
  }
  return boxes;
}

}  // namespace galaxy
