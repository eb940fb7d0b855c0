// SPDX-License-Identifier: MIT
// Stage 5 on the CPU: the GPU's group walk (cuda/force.cu). Each group of neighbouring bodies
// (CpuOctree::groups) walks the tree once, with the stackless pre-order walk and skip pointers,
// deciding with physics::accept for the group's box at the group's smallest alpha |a|; the walk
// fills an interaction list of cells and one of bodies, and the SIMD kernels (kernels.hpp)
// evaluate both for all the group's bodies at once. Coordinates in the lists and the targets are
// relative to the group's centre, as on the GPU. One walk routine (walk.hpp) serves the force
// pass, the overlay's trace and the cost map, over the local tree or, for a run over several MPI
// ranks, the local essential trees the other ranks sent (remote_forces, let.hpp).
#include <algorithm>
#include <cmath>
#include <limits>

#include "cpu/group_expansion.hpp"
#include "cpu/kernels.hpp"
#include "cpu/let.hpp"
#include "cpu/octree.hpp"
#include "cpu/parallel.hpp"
#include "cpu/walk.hpp"
#include "cpu/walk_trace.hpp"
#include "threads.hpp"

namespace galaxy {

namespace cpu {

GroupBox group_box(const CpuOctree& tree, const HostBodies& b, const CpuOctree::Group& g) {
  const auto& order = tree.order();
  GroupBox box;
  float lo[3] = {std::numeric_limits<float>::max(), std::numeric_limits<float>::max(),
                 std::numeric_limits<float>::max()};
  float hi[3] = {std::numeric_limits<float>::lowest(), std::numeric_limits<float>::lowest(),
                 std::numeric_limits<float>::lowest()};
  for (int k = g.begin; k < g.end; ++k) {
    const int j = order[k];
    lo[0] = std::min(lo[0], b.x[j]), hi[0] = std::max(hi[0], b.x[j]);
    lo[1] = std::min(lo[1], b.y[j]), hi[1] = std::max(hi[1], b.y[j]);
    lo[2] = std::min(lo[2], b.z[j]), hi[2] = std::max(hi[2], b.z[j]);
  }
  box.cx = 0.5f * (lo[0] + hi[0]), box.cy = 0.5f * (lo[1] + hi[1]), box.cz = 0.5f * (lo[2] + hi[2]);
  box.bx = hi[0] - box.cx, box.by = hi[1] - box.cy, box.bz = hi[2] - box.cz;
  for (int k = g.begin; k < g.end; ++k) {
    const int j = order[k];
    box.bx = std::max(box.bx, std::fabs(b.x[j] - box.cx));
    box.by = std::max(box.by, std::fabs(b.y[j] - box.cy));
    box.bz = std::max(box.bz, std::fabs(b.z[j] - box.cz));
  }
  std::copy(lo, lo + 3, box.lo);
  std::copy(hi, hi + 3, box.hi);
  return box;
}

float group_alpha_accel(const CpuOctree& tree, const HostBodies& b, const CpuOctree::Group& g,
                        const WalkParams& w) {
  if (!w.relative) return 0.0f;
  const auto& order = tree.order();
  float amin2 = 3e38f;
  for (int k = g.begin; k < g.end; ++k) {
    const int j = order[k];
    amin2 = std::min(amin2, b.ax[j] * b.ax[j] + b.ay[j] * b.ay[j] + b.az[j] * b.az[j]);
  }
  return w.alpha * std::sqrt(amin2);
}

float record_group_alpha(const CpuOctree& tree, const HostBodies& b, const CpuOctree::Group& g,
                         const WalkParams& w, std::vector<float>& alpha_accel) {
  const float a = group_alpha_accel(tree, b, g, w);
  const auto& order = tree.order();
  for (int k = g.begin; k < g.end; ++k) alpha_accel[static_cast<std::size_t>(order[k])] = a;
  return a;
}

std::vector<WalkNode> walk_nodes(const CpuOctree& tree, const WalkParams& w) {
  const auto& nodes = tree.nodes();
  std::vector<WalkNode> out(nodes.size());
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    const CpuNode& n = nodes[i];
    const float r = physics::open_radius(n.open_size, n.open_offset, w.inv_theta);
    const NodeKind kind = n.body_end == n.body_begin ? kEmpty : n.leaf() ? kLeaf : kInternal;
    out[i] = {n.comx, n.comy, n.comz, n.mass, r * r,
              physics::cell_extent(n.open_size, n.open_offset), n.body_begin, n.body_end,
              n.skip, kind};
  }
  return out;
}

SourceTree local_source(const CpuOctree& tree, const std::vector<WalkNode>& nodes,
                        const HostBodies& b) {
  return {nodes.data(),         static_cast<std::int32_t>(nodes.size()),
          tree.nodes().data(),  nullptr,
          tree.order().data(),  b.x.data(),
          b.y.data(),           b.z.data(),
          b.m.data()};
}

}  // namespace cpu

namespace {

using namespace cpu;

// A list of structure-of-arrays columns that grow together.
template <int kFields>
struct Columns {
  std::vector<float> f[kFields];
  std::size_t n = 0;
  void clear() { n = 0; }
  void set(std::size_t at, std::initializer_list<float> values) {
    int k = 0;
    for (float v : values) f[k++][at] = v;
  }
  void add(std::initializer_list<float> values) {
    if (n == f[0].size()) {
      for (auto& c : f) c.resize(std::max<std::size_t>(256, 2 * n));
    }
    set(n++, values);
  }
};

// Builds the two interaction lists, and the expansion, in the thread's scratch.
struct ListVisitor {
  const SourceTree& src;
  const WalkParams& w;
  Columns<4>& points;  // x, y, z, m
  Columns<21>& cells;  // x, y, z, m, xx, yy, zz, xy, xz, yz, trace (, xxx ... zzz at order 3)
  cpu::GroupExpansion& far;
  void point(int node, float dx, float dy, float dz) {
    points.add({dx, dy, dz, src.nodes[node].mass});
  }
  void cell(int node, float dx, float dy, float dz) {
    const float mass = src.nodes[node].mass;
    if (w.order == physics::Order::Octupole) {
      const physics::Quadrupole& q = src.quad(node);
      const physics::Octupole& o = src.oct(node);
      cells.add({dx, dy, dz, mass, q.xx, q.yy, q.zz, q.xy, q.xz, q.yz, q.trace, o.xxx, o.xxy,
                 o.xxz, o.xyy, o.xyz, o.xzz, o.yyy, o.yyz, o.yzz, o.zzz});
    } else if (w.order == physics::Order::Quadrupole) {
      const physics::Quadrupole& q = src.quad(node);
      if (far.take(src.nodes[node], q, dx, dy, dz, w.eps2)) return;
      cells.add({dx, dy, dz, mass, q.xx, q.yy, q.zz, q.xy, q.xz, q.yz, q.trace});
    } else {
      points.add({dx, dy, dz, mass});
    }
  }
  void open(int) {}
  void body(int j, float dx, float dy, float dz) { points.add({dx, dy, dz, src.m[j]}); }
};

// A thread's scratch: the lists and the group's targets, kept from group to group.
struct Scratch {
  Columns<4> points;
  Columns<21> cells;
  cpu::GroupExpansion far;
  std::vector<float> tx, ty, tz, ax, ay, az, pot;
};

// Counts the list entries (the cost map), summing nothing.
struct CountVisitor {
  std::uint64_t count = 0;
  void point(int, float, float, float) { ++count; }
  void cell(int, float, float, float) { ++count; }
  void open(int) {}
  void body(int, float, float, float) { ++count; }
};

// Collects the lists' contents (group_lists, for tests).
struct ListsVisitor {
  GroupLists& out;
  void point(int i, float, float, float) { out.accepted.push_back(i); }
  void cell(int i, float, float, float) { out.accepted.push_back(i); }
  void open(int) {}
  void body(int j, float, float, float) { out.bodies.push_back(j); }
};

// The octupole cells' terms (physics::interact_octupole) for the group's bodies, one body at a
// time in scalar code: the SIMD kernels (kernels.hpp) cover the monopole and quadrupole orders.
void add_octupole_forces(const cpu::TargetsSoA<float>& t, const Columns<21>& cells, float eps2) {
  const auto& c = cells.f;
  for (std::size_t i = 0; i < t.n; ++i) {
    physics::Accum<float> a;
    for (std::size_t k = 0; k < cells.n; ++k) {
      const physics::Quadrupole q{c[4][k], c[5][k], c[6][k], c[7][k], c[8][k], c[9][k], c[10][k]};
      const physics::Octupole o{c[11][k], c[12][k], c[13][k], c[14][k], c[15][k],
                                c[16][k], c[17][k], c[18][k], c[19][k], c[20][k]};
      physics::interact_octupole(a, c[0][k] - t.x[i], c[1][k] - t.y[i], c[2][k] - t.z[i], c[3][k],
                                 q, o, eps2);
    }
    t.ax[i] += a.ax, t.ay[i] += a.ay, t.az[i] += a.az, t.pot[i] += a.pot;
  }
}

// Evaluates the group's lists for its bodies and writes their accelerations and potentials, or
// adds them (`add`: the lists of other ranks' trees, which hold none of the group's bodies).
void evaluate_group(const CpuOctree& tree, HostBodies& b, const CpuOctree::Group& g,
                    const GroupBox& box, const WalkParams& w, Scratch& s, bool add = false) {
  const auto& order = tree.order();
  const std::size_t members = static_cast<std::size_t>(g.end - g.begin);
  const std::size_t padded = cpu::pad_targets(members);
  for (auto* v : {&s.tx, &s.ty, &s.tz, &s.ax, &s.ay, &s.az, &s.pot}) {
    if (v->size() < padded) v->resize(padded);
  }
  for (std::size_t k = 0; k < padded; ++k) {
    // Padding lanes stand on the group's first body and are thrown away.
    const int j = order[g.begin + (k < members ? k : 0)];
    s.tx[k] = b.x[j] - box.cx, s.ty[k] = b.y[j] - box.cy, s.tz[k] = b.z[j] - box.cz;
    s.ax[k] = s.ay[k] = s.az[k] = s.pot[k] = 0.0f;
  }
  const cpu::TargetsSoA<float> t{s.tx.data(), s.ty.data(), s.tz.data(), s.ax.data(),
                                 s.ay.data(), s.az.data(), s.pot.data(), members};
  const auto& p = s.points.f;
  cpu::add_point_forces(t, {p[0].data(), p[1].data(), p[2].data(), p[3].data(), s.points.n},
                        w.eps2);
  if (s.cells.n > 0 && w.order == physics::Order::Octupole) {
    add_octupole_forces(t, s.cells, w.eps2);
  } else if (s.cells.n > 0) {
    const auto& c = s.cells.f;
    cpu::add_quadrupole_forces(t,
                               {c[0].data(), c[1].data(), c[2].data(), c[3].data(), c[4].data(),
                                c[5].data(), c[6].data(), c[7].data(), c[8].data(), c[9].data(),
                                c[10].data(), s.cells.n},
                               w.eps2);
  }
  if (s.far.cells > 0) s.far.add_to(t);
  if (add) {
    for (std::size_t k = 0; k < members; ++k) {
      const int j = order[g.begin + k];
      b.ax[j] += s.ax[k], b.ay[j] += s.ay[k], b.az[j] += s.az[k], b.pot[j] += s.pot[k];
    }
    return;
  }
  // Each body met itself in its leaf: no force (zero offset) but a softened self-potential
  // -m / eps, which is taken back out. With eps = 0 the kernels skip the pair itself.
  const float inv_eps = w.eps2 > 0.0f ? 1.0f / std::sqrt(w.eps2) : 0.0f;
  for (std::size_t k = 0; k < members; ++k) {
    const int j = order[g.begin + k];
    b.ax[j] = s.ax[k], b.ay[j] = s.ay[k], b.az[j] = s.az[k];
    b.pot[j] = s.pot[k] + b.m[j] * inv_eps;
  }
}

// Adds a group's list lengths to the thread's counts and, where asked, to its bodies' costs.
void count_group(const CpuOctree& tree, const CpuOctree::Group& g, const Scratch& s,
                 InteractionCounts& c, std::vector<float>* cost) {
  const auto members = static_cast<std::uint64_t>(g.end - g.begin);
  c.body_body += s.points.n * members;
  c.body_cell += (s.cells.n + s.far.cells) * members;
  if (!cost) return;
  const auto entries = static_cast<float>(s.points.n + s.cells.n + s.far.cells);
  for (int k = g.begin; k < g.end; ++k) (*cost)[static_cast<std::size_t>(tree.order()[k])] += entries;
}

InteractionCounts sum_counts(const std::vector<InteractionCounts>& counts, std::size_t groups) {
  InteractionCounts total;
  for (const InteractionCounts& c : counts) {
    total.body_body += c.body_body;
    total.body_cell += c.body_cell;
  }
  total.groups = groups;
  return total;
}

int group_of_body(const CpuOctree& tree, int self) {
  const auto& order = tree.order();
  const auto it = std::find(order.begin(), order.end(), self);
  return tree.group_of_slot(static_cast<int>(it - order.begin()));
}

}  // namespace

WalkParams walk_params(const SimParams& p, bool have_accel) {
  WalkParams w;
  w.inv_theta = 1.0f / p.theta;
  w.eps2 = p.softening * p.softening;
  w.order = physics::order_of(p.multipole);
  w.relative = have_accel && p.alpha > 0.0f;
  w.alpha = p.alpha;
  w.reach2 = p.alpha_reach * p.alpha_reach;
  return w;
}

WalkTrace trace(const CpuOctree& tree, const HostBodies& b, int self, const WalkParams& w,
                float alpha_accel) {
  const CpuOctree::Group& g = tree.groups()[static_cast<std::size_t>(group_of_body(tree, self))];
  const GroupBox box = group_box(tree, b, g);
  TraceVisitor v{tree, b, {}};
  v.t.body = {b.x[self], b.y[self], b.z[self]};
  v.t.group = {{box.lo[0], box.lo[1], box.lo[2]}, {box.hi[0], box.hi[1], box.hi[2]}, 0};
  v.t.group_bodies = static_cast<std::size_t>(g.end - g.begin);
  const std::vector<WalkNode> wn = walk_nodes(tree, w);
  walk_group(local_source(tree, wn, b), g, box, w, alpha_accel, v);
  return std::move(v.t);
}

GroupLists group_lists(const CpuOctree& tree, const HostBodies& b, int group, const WalkParams& w) {
  const CpuOctree::Group& g = tree.groups()[static_cast<std::size_t>(group)];
  GroupLists out;
  out.alpha_accel = group_alpha_accel(tree, b, g, w);
  ListsVisitor v{out};
  const std::vector<WalkNode> wn = walk_nodes(tree, w);
  walk_group(local_source(tree, wn, b), g, group_box(tree, b, g), w, out.alpha_accel, v);
  return out;
}

InteractionCounts tree_forces(const CpuOctree& tree, HostBodies& b, const WalkParams& w,
                              std::vector<float>& alpha_accel, std::vector<float>* cost) {
  alpha_accel.resize(b.size());
  if (cost) cost->assign(b.size(), 0.0f);
  const auto& groups = tree.groups();
  std::vector<InteractionCounts> counts(static_cast<std::size_t>(cpu_threads()));
  const std::vector<WalkNode> wn = walk_nodes(tree, w);
  const SourceTree src = local_source(tree, wn, b);
  // A group reads the others' positions and masses and its own bodies' last accelerations (the
  // relative test) before it writes their new ones: in place is safe.
  cpu::parallel_tasks(static_cast<int>(groups.size()), [&](int gi, int thread) {
    static thread_local Scratch s;
    const CpuOctree::Group& g = groups[static_cast<std::size_t>(gi)];
    const GroupBox box = group_box(tree, b, g);
    const float a = record_group_alpha(tree, b, g, w, alpha_accel);
    s.points.clear();
    s.cells.clear();
    s.far.clear(box, a, w, b.size());
    ListVisitor v{src, w, s.points, s.cells, s.far};
    walk_group(src, g, box, w, a, v);
    evaluate_group(tree, b, g, box, w, s);
    count_group(tree, g, s, counts[static_cast<std::size_t>(thread)], cost);
  });
  return sum_counts(counts, groups.size());
}

InteractionCounts cpu::remote_forces(const CpuOctree& tree, HostBodies& b, const WalkParams& w,
                                const std::vector<float>& alpha_accel,
                                const std::vector<SourceTree>& sources, std::vector<float>* cost) {
  const auto& groups = tree.groups();
  std::vector<InteractionCounts> counts(static_cast<std::size_t>(cpu_threads()));
  const CpuOctree::Group none{};  // another rank's tree holds none of the group's bodies
  cpu::parallel_tasks(static_cast<int>(groups.size()), [&](int gi, int thread) {
    static thread_local Scratch s;
    const CpuOctree::Group& g = groups[static_cast<std::size_t>(gi)];
    if (g.end == g.begin) return;
    const GroupBox box = group_box(tree, b, g);
    const float a = alpha_accel[static_cast<std::size_t>(tree.order()[g.begin])];
    s.points.clear();
    s.cells.clear();
    s.far.clear(box, a, w, b.size());
    for (const SourceTree& src : sources) {
      ListVisitor v{src, w, s.points, s.cells, s.far};
      walk_group(src, none, box, w, a, v);
    }
    if (s.points.n + s.cells.n + s.far.cells == 0) return;
    evaluate_group(tree, b, g, box, w, s, /*add=*/true);
    count_group(tree, g, s, counts[static_cast<std::size_t>(thread)], cost);
  });
  return sum_counts(counts, 0);
}

std::vector<float> walk_costs(const CpuOctree& tree, const HostBodies& b, const WalkParams& w,
                              const std::vector<float>& alpha_accel) {
  std::vector<float> cost(b.size());
  const std::vector<WalkNode> wn = walk_nodes(tree, w);
  const SourceTree src = local_source(tree, wn, b);
  const auto& groups = tree.groups();
  const auto& order = tree.order();
  cpu::parallel_tasks(static_cast<int>(groups.size()), [&](int gi, int) {
    const CpuOctree::Group& g = groups[static_cast<std::size_t>(gi)];
    if (g.end == g.begin) return;
    CountVisitor v;
    walk_group(src, g, group_box(tree, b, g), w,
               alpha_accel[static_cast<std::size_t>(order[g.begin])], v);
    for (int k = g.begin; k < g.end; ++k) cost[static_cast<std::size_t>(order[k])] = float(v.count);
  });
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
